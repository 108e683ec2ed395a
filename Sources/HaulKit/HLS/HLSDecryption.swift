import Crypto
import Foundation
import HaulCore
import _CryptoExtras

/// AES-128-CBC with PKCS#7 padding, the whole-segment encryption of `EXT-X-KEY METHOD=AES-128` (RFC 8216 §5.2),
/// decrypted as the segment's body arrives by swift-crypto's `AES._CBC` (BoringSSL on Linux, CommonCrypto on Apple
/// platforms): never a hand-written cipher. The blocks, the IV each run chains from and the padding are
/// `HLSCipherBlocks`' (HaulCore); this runs the cipher on the whole blocks it hands out, `noPadding`, so the cipher
/// holds a chunk, never the segment's ciphertext.
struct HLSSegmentDecryptor: BodyTransform {
    /// Why a segment does not decrypt, with the ciphertext's length.
    struct Failure: Error {
        var reason: HLSCipherBlocks.Failure
        var ciphertextBytes: Int64
    }

    private let key: SymmetricKey
    private var blocks: HLSCipherBlocks
    /// A failure of the cipher itself (none is expected on whole blocks with a 16-byte key), thrown by `finish`.
    private var cipherFailed = false

    /// Decrypts a segment with `key` (16 bytes) from `iv` (16 bytes).
    init(key: [UInt8], iv: [UInt8]) {
        self.key = SymmetricKey(data: key)
        blocks = HLSCipherBlocks(iv: iv)
    }

    mutating func take(_ bytes: UnsafeRawBufferPointer, into output: inout [UInt8]) {
        guard !cipherFailed, let run = blocks.take(bytes) else { return }
        if let plain = decrypt(run) { output += plain } else { cipherFailed = true }
    }

    mutating func finish(into output: inout [UInt8]) throws {
        do {
            guard !cipherFailed else { throw HLSCipherBlocks.Failure.badPadding }
            let last = try blocks.finish()
            guard let plain = decrypt(last) else { throw HLSCipherBlocks.Failure.badPadding }
            output += try HLSCipherBlocks.stripPadding(plain)
        } catch let reason as HLSCipherBlocks.Failure {
            throw Failure(reason: reason, ciphertextBytes: blocks.received)
        }
    }

    /// One run's plaintext, padding kept.
    private func decrypt(_ run: HLSCipherBlocks.Run) -> [UInt8]? {
        guard let iv = try? AES._CBC.IV(ivBytes: run.iv),
            let plain = try? AES._CBC.decrypt(run.ciphertext, using: key, iv: iv, noPadding: true)
        else { return nil }
        return Array(plain)
    }
}
