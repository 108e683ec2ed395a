import Foundation
import HaulKit

/// The RPC secret and its check.
///
/// aria2 puts the secret in the first parameter as `token:SECRET`. The comparison runs in constant time: both
/// sides are hashed (SHA-256, so lengths do not leak either) and every byte of the digests is compared.
package struct SecretToken: Sendable {
    private let digest: [UInt8]

    package init(_ secret: String) {
        digest = Self.digest(of: secret)
    }

    /// Whether `candidate` (the secret without `token:`) is the secret.
    package func matches(_ candidate: String) -> Bool {
        let other = Self.digest(of: candidate)
        var difference: UInt8 = 0
        for index in 0..<digest.count { difference |= digest[index] ^ other[index] }
        return difference == 0
    }

    /// The SHA-256 digest of `text`'s UTF-8 as its 64 hex digits: the same length whatever the text's.
    private static func digest(of text: String) -> [UInt8] {
        var hasher = ChecksumHasher(.sha256)
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { hasher.update($0) }
        return Array(hasher.finalize().utf8)
    }

    /// A new random secret: 32 bytes from the system's generator, as 64 hex digits.
    package static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }
}
