import Crypto
import HaulCore
import XCTest
import _CryptoExtras

@testable import HaulKit

/// An AES-128 segment decrypted as its body arrives (`HLSSegmentDecryptor` over `HLSCipherBlocks`, docs/hls.md "The
/// download"): checked against swift-crypto's one-shot `AES._CBC`, which encrypts the segments here.
final class HLSSegmentDecryptorTests: XCTestCase {
    private let key = (0..<16).map { UInt8(truncatingIfNeeded: $0 &* 17 &+ 5) }
    private let iv = (0..<16).map { UInt8(255 - $0) }

    private func encrypted(_ plaintext: [UInt8]) throws -> [UInt8] {
        Array(try AES._CBC.encrypt(plaintext, using: SymmetricKey(data: key), iv: try AES._CBC.IV(ivBytes: iv)))
    }

    /// Decrypts `ciphertext` fed as `chunks` (their lengths, the rest in one last chunk).
    private func decrypt(_ ciphertext: [UInt8], in chunks: [Int], key: [UInt8]? = nil) throws -> [UInt8] {
        var decryptor = HLSSegmentDecryptor(key: key ?? self.key, iv: iv)
        var output: [UInt8] = []
        var rest = ciphertext[...]
        for length in chunks + [rest.count] {
            let chunk = Array(rest.prefix(length))
            rest = rest.dropFirst(length)
            chunk.withUnsafeBytes { decryptor.take($0, into: &output) }
        }
        try decryptor.finish(into: &output)
        return output
    }

    /// Split at every offset (and at every pair of offsets for a shorter one), the plaintext is the one-shot's,
    /// for lengths that pad with 1 to 16 bytes.
    func testEverySplitDecryptsToTheOneShotPlaintext() throws {
        for length in [0, 1, 15, 16, 17, 100] {
            let plaintext = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            let ciphertext = try encrypted(plaintext)
            XCTAssertEqual(try decrypt(ciphertext, in: []), plaintext, "one chunk, \(length) bytes")
            for split in 0...ciphertext.count {
                XCTAssertEqual(try decrypt(ciphertext, in: [split]), plaintext, "\(length) bytes split at \(split)")
            }
        }
        let plaintext = (0..<70).map { UInt8(truncatingIfNeeded: $0 &* 13) }
        let ciphertext = try encrypted(plaintext)
        for first in 0...ciphertext.count {
            for second in 0...(ciphertext.count - first) {
                XCTAssertEqual(try decrypt(ciphertext, in: [first, second]), plaintext, "split at \(first), +\(second)")
            }
        }
    }

    /// Streamed: fed 1,000 bytes at a time, a 64 KiB segment's plaintext comes out as it arrives, all but its last
    /// block before the body ends; the segment is never needed whole.
    func testPlaintextComesOutBeforeTheSegmentEnds() throws {
        let plaintext = (0..<(64 << 10)).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let ciphertext = try encrypted(plaintext)
        var decryptor = HLSSegmentDecryptor(key: key, iv: iv)
        var output: [UInt8] = []
        for start in stride(from: 0, to: ciphertext.count, by: 1000) {
            let fed = min(start + 1000, ciphertext.count)
            Array(ciphertext[start..<fed]).withUnsafeBytes { decryptor.take($0, into: &output) }
            XCTAssertGreaterThanOrEqual(output.count, fed - 16, "no more than one block held after \(fed) bytes")
            XCTAssertEqual(output, Array(plaintext.prefix(output.count)), "plaintext in order as it comes")
        }
        XCTAssertEqual(output.count, ciphertext.count - 16, "all but the final block before the end")
        try decryptor.finish(into: &output)
        XCTAssertEqual(output, plaintext)
    }

    /// A body that is not whole blocks, and a wrong key (its padding does not check), are refused at the end.
    func testALengthThatIsNotWholeBlocksOrAWrongKeyIsRefused() throws {
        let ciphertext = try encrypted(Array(repeating: 0x47, count: 188))
        XCTAssertThrowsError(try decrypt(Array(ciphertext.dropLast(5)), in: [50])) { error in
            XCTAssertEqual((error as? HLSSegmentDecryptor.Failure)?.reason, .notWholeBlocks(Int64(ciphertext.count - 5)))
        }
        XCTAssertThrowsError(try decrypt([], in: [])) { error in
            XCTAssertEqual((error as? HLSSegmentDecryptor.Failure)?.reason, .notWholeBlocks(0))
        }
        let wrong = key.map { $0 ^ 0x5A }
        XCTAssertThrowsError(try decrypt(ciphertext, in: [100], key: wrong)) { error in
            XCTAssertEqual((error as? HLSSegmentDecryptor.Failure)?.reason, .badPadding)
        }
    }
}
