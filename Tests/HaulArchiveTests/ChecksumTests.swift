import Foundation
import XCTest

@testable import HaulArchive

final class ChecksumTests: XCTestCase {
    private let abcSHA256 = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"

    func testParsesBothSeparatorsAndNormalisesCase() throws {
        let equals = try Checksum(parsing: "sha256=\(abcSHA256)")
        let colon = try Checksum(parsing: "  SHA256:\(abcSHA256.uppercased())\n")
        XCTAssertEqual(equals, colon)
        XCTAssertEqual(colon.algorithm, .sha256)
        XCTAssertEqual(colon.hex, abcSHA256)
        XCTAssertEqual(colon.description, "sha256=\(abcSHA256)")
        XCTAssertEqual(try Checksum(parsing: "md5:900150983cd24fb0d6963f7d28e17f72").algorithm, .md5)
        XCTAssertEqual(try Checksum(parsing: "SHA-256 = \(abcSHA256)"), equals)
    }

    func testRejectsUnknownAlgorithm() {
        XCTAssertThrowsError(try Checksum(parsing: "crc32=352441c2")) { error in
            let error = error as? ChecksumError
            XCTAssertEqual(error?.code, .unknownAlgorithm)
            XCTAssertTrue(error?.message.contains("'crc32'") ?? false)
            XCTAssertTrue(error?.message.contains("sha256") ?? false)
        }
    }

    func testRejectsWrongDigestLengthPerAlgorithm() {
        let cases: [(String, Int)] = [("md5", 32), ("sha1", 40), ("sha256", 64), ("sha512", 128)]
        for (name, length) in cases {
            XCTAssertNoThrow(try Checksum(parsing: "\(name)=" + String(repeating: "a", count: length)))
            for wrong in [length - 1, length + 1, length / 2] {
                XCTAssertThrowsError(try Checksum(parsing: "\(name)=" + String(repeating: "a", count: wrong))) {
                    error in
                    let error = error as? ChecksumError
                    XCTAssertEqual(error?.code, .invalidDigest)
                    XCTAssertEqual(error?.message, "\(name) checksum must be \(length) hex digits, got \(wrong)")
                }
            }
        }
    }

    func testRejectsNonHexAndMalformedText() {
        XCTAssertThrowsError(try Checksum(parsing: "sha1=" + String(repeating: "g", count: 40))) { error in
            XCTAssertEqual((error as? ChecksumError)?.code, .invalidDigest)
            XCTAssertTrue((error as? ChecksumError)?.message.contains("'g'") ?? false)
        }
        for text in ["", abcSHA256, "sha256"] {
            XCTAssertThrowsError(try Checksum(parsing: text)) { error in
                XCTAssertEqual((error as? ChecksumError)?.code, .malformed, text)
            }
        }
    }

    func testKnownVectors() {
        let vectors: [(Checksum.Algorithm, String)] = [
            (.md5, "900150983cd24fb0d6963f7d28e17f72"),
            (.sha1, "a9993e364706816aba3e25717850c26c9cd0d89d"),
            (.sha256, abcSHA256),
            (
                .sha512,
                "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd"
                    + "454d4423643ce80e2a9ac94fa54ca49f"
            ),
        ]
        for (algorithm, expected) in vectors {
            var hasher = ChecksumHasher(algorithm)
            Array("abc".utf8).withUnsafeBytes { hasher.update($0) }
            XCTAssertEqual(hasher.finalize(), expected, algorithm.rawValue)
        }
    }

    /// `finalize()` finishes a copy of the digest's state: the hasher goes on afterwards, for every algorithm.
    func testAHasherGoesOnAfterFinalize() {
        for algorithm in [Checksum.Algorithm.md5, .sha1, .sha256, .sha512] {
            var hasher = ChecksumHasher(algorithm)
            Array("a".utf8).withUnsafeBytes { hasher.update($0) }
            var fresh = ChecksumHasher(algorithm)
            Array("a".utf8).withUnsafeBytes { fresh.update($0) }
            XCTAssertEqual(hasher.finalize(), fresh.finalize(), algorithm.rawValue)
            Array("bc".utf8).withUnsafeBytes { hasher.update($0) }
            var whole = ChecksumHasher(algorithm)
            Array("abc".utf8).withUnsafeBytes { whole.update($0) }
            XCTAssertEqual(hasher.finalize(), whole.finalize(), algorithm.rawValue)
        }
    }

    func testIncrementalUpdatesMatchOneShot() {
        let bytes = randomBytes(100_000, seed: 7)
        var whole = ChecksumHasher(.sha256)
        bytes.withUnsafeBytes { whole.update($0) }
        var pieces = ChecksumHasher(.sha256)
        for start in stride(from: 0, to: bytes.count, by: 7_777) {
            bytes[start..<min(start + 7_777, bytes.count)].withUnsafeBytes { pieces.update($0) }
        }
        XCTAssertEqual(pieces.finalize(), whole.finalize())
    }

    func testChecksumOfFileAcrossChunks() throws {
        // The SHA-256 test vector of one million 'a', tripled past the 1 MiB read size, checked against the hasher.
        let directory = try TestDirectory(self)
        let million = try directory.write("a.txt", [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
        XCTAssertEqual(
            try Checksum.hexDigest(ofFileAt: million, algorithm: .sha256),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        let big = randomBytes(3_000_001, seed: 8)
        let file = try directory.write("big.bin", big)
        var hasher = ChecksumHasher(.sha512)
        big.withUnsafeBytes { hasher.update($0) }
        XCTAssertEqual(try Checksum.hexDigest(ofFileAt: file, algorithm: .sha512), hasher.finalize())
    }

    func testMismatchShowsBothDigests() throws {
        let directory = try TestDirectory(self)
        let file = try directory.write("abd.txt", Array("abd".utf8))
        let expected = try Checksum(parsing: "sha256=\(abcSHA256)")
        let actual = try Checksum.hexDigest(ofFileAt: file, algorithm: .sha256)
        XCTAssertThrowsError(try expected.verifyFile(at: file)) { error in
            let error = error as? ChecksumError
            XCTAssertEqual(error?.code, .mismatch)
            XCTAssertEqual(error?.expected, expected)
            XCTAssertEqual(error?.actual, actual)
            XCTAssertEqual(error?.message, "sha256 mismatch for \(file.path): expected \(abcSHA256), got \(actual)")
        }
        try directory.write("abc.txt", Array("abc".utf8))
        XCTAssertNoThrow(try expected.verifyFile(at: directory.path("abc.txt")))
    }

    func testMissingFileIsAnIOError() {
        XCTAssertThrowsError(try Checksum.hexDigest(ofFileAt: URL(fileURLWithPath: "/nonexistent/haul"), algorithm: .md5)) { error in
            XCTAssertEqual((error as? ChecksumError)?.code, .io)
            XCTAssertTrue((error as? ChecksumError)?.message.contains("/nonexistent/haul") ?? false)
        }
    }

    func testZlibCRC32KnownVector() {
        XCTAssertEqual(Array("123456789".utf8).withUnsafeBytes { crc32Update(0, $0) }, 0xCBF4_3926)
        XCTAssertEqual(ZipBuilder.crc32(Array("123456789".utf8)), 0xCBF4_3926)
    }
}
