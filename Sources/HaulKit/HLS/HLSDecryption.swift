import Crypto
import Foundation
import _CryptoExtras

/// AES-128-CBC with PKCS#7 padding, the whole-segment encryption of `EXT-X-KEY METHOD=AES-128` (RFC 8216
/// §5.2), by swift-crypto's `AES._CBC` (BoringSSL on Linux, CommonCrypto on Apple platforms): never a hand-written
/// cipher.
enum HLSDecryption {
    struct Failure: Error {}

    /// The plaintext of one segment.
    static func decrypt(_ ciphertext: [UInt8], key: [UInt8], iv: [UInt8]) throws -> [UInt8] {
        guard ciphertext.count % 16 == 0, !ciphertext.isEmpty else { throw Failure() }
        do {
            let plain = try AES._CBC.decrypt(ciphertext, using: SymmetricKey(data: key), iv: try AES._CBC.IV(ivBytes: iv))
            return Array(plain)
        } catch {
            throw Failure()
        }
    }
}
