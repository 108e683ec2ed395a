import Crypto
import Foundation

/// The RPC secret and its check.
///
/// aria2 puts the secret in the first parameter as `token:SECRET`. The comparison runs in constant time: both
/// sides are hashed (SHA-256, so lengths do not leak either) and every byte of the digests is compared.
package struct SecretToken: Sendable {
    private let digest: [UInt8]

    package init(_ secret: String) {
        digest = Array(SHA256.hash(data: Data(secret.utf8)))
    }

    /// Whether `candidate` (the secret without `token:`) is the secret.
    package func matches(_ candidate: String) -> Bool {
        let other = Array(SHA256.hash(data: Data(candidate.utf8)))
        var difference: UInt8 = 0
        for index in 0..<digest.count { difference |= digest[index] ^ other[index] }
        return difference == 0
    }

    /// A new random secret: 32 bytes from the system's generator, as 64 hex digits.
    package static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }
}
