internal import CNIOBoringSSL
import Foundation
import HaulCore

/// AES-128-CBC with PKCS#7 padding, the whole-segment encryption of `EXT-X-KEY METHOD=AES-128` (RFC 8216 §5.2),
/// decrypted as the segment's body arrives by BoringSSL's AES in CBC mode (`AES_cbc_encrypt`, the BoringSSL the TLS
/// transport already links, on every platform): never a hand-written cipher. The blocks, the IV each run chains from and the padding are
/// `HLSCipherBlocks`' (HaulCore); this runs the cipher on the whole blocks it hands out, `noPadding`, so the cipher
/// holds a chunk, never the segment's ciphertext.
struct HLSSegmentDecryptor: BodyTransform {
    /// Why a segment does not decrypt, with the ciphertext's length.
    struct Failure: Error {
        var reason: HLSCipherBlocks.Failure
        var ciphertextBytes: Int64
    }

    /// The key, expanded for decryption once per segment.
    private var key = AES_KEY()
    private var blocks: HLSCipherBlocks
    /// A failure of the cipher itself (none is expected on whole blocks with a 16-byte key), thrown by `finish`.
    private var cipherFailed = false

    /// Decrypts a segment with `key` (16 bytes) from `iv` (16 bytes).
    init(key: [UInt8], iv: [UInt8]) {
        blocks = HLSCipherBlocks(iv: iv)
        // A key of another length than 16 bytes cannot be expanded: every run then fails as the cipher's failure.
        cipherFailed = key.count != 16 || AES_set_decrypt_key(key, 128, &self.key) != 0
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
        let ciphertext = run.ciphertext
        guard run.iv.count == 16, ciphertext.count % 16 == 0 else { return nil }
        guard !ciphertext.isEmpty else { return [] }
        var iv = run.iv  // a copy: AES_cbc_encrypt moves it along
        var plain = [UInt8](repeating: 0, count: ciphertext.count)
        var key = self.key
        AES_cbc_encrypt(ciphertext, &plain, ciphertext.count, &key, &iv, AES_DECRYPT)
        return plain
    }
}
