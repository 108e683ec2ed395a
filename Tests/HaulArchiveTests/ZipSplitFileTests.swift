import Foundation
import XCTest

@testable import HaulArchive

/// Large stored entries, which the writers copy in pieces (``SplitFile``) and whose CRC-32 is combined from the
/// pieces' CRCs.
final class ZipSplitFileTests: XCTestCase {
    func testCombinedCRCEqualsTheCRCOfTheWhole() {
        let bytes = quickBytes(100_000, seed: 3)
        let whole = bytes.withUnsafeBytes { crc32Update(0, $0) }
        for cut in [0, 1, 4096, 65_537, 99_999, 100_000] {
            let first = bytes[..<cut].withUnsafeBytes { crc32Update(0, $0) }
            let second = bytes[cut...].withUnsafeBytes { crc32Update(0, $0) }
            XCTAssertEqual(crc32Combine(first, second, secondLength: UInt64(100_000 - cut)), whole, "cut at \(cut)")
        }
    }

    func testOnlyStoredEntriesLongerThanOnePieceAreSplit() {
        func entry(method: UInt16, size: UInt64, stored: UInt64? = nil) -> CentralDirectoryEntry {
            CentralDirectoryEntry(
                index: 0, name: Array("f".utf8), versionMadeBy: 0x031E, flags: 0, method: method,
                dosTime: DosDateTime(date: 0x21, time: 0), crc32: 0, compressedSize: stored ?? size,
                uncompressedSize: size, localHeaderOffset: 0, externalAttributes: 0)
        }
        let piece = SplitFile.pieceSize
        XCTAssertFalse(SplitFile.isWorthSplitting(entry(method: ZipFormat.methodStored, size: piece)))
        XCTAssertTrue(SplitFile.isWorthSplitting(entry(method: ZipFormat.methodStored, size: piece + 1)))
        XCTAssertFalse(SplitFile.isWorthSplitting(entry(method: ZipFormat.methodDeflated, size: 3 * piece)))
        XCTAssertFalse(
            SplitFile.isWorthSplitting(entry(method: ZipFormat.methodStored, size: 3 * piece, stored: piece)))
    }

    func testLargeStoredEntriesExtractIntact() throws {
        let directory = try TestDirectory(self)
        let piece = Int(SplitFile.pieceSize)
        let big = quickBytes(2 * piece + 12_345, seed: 1)  // three pieces, the last one short
        let edge = quickBytes(piece + 1, seed: 2)  // two pieces, the last one byte
        let entries: [ZipBuilder.Entry] = [
            .file("before.txt", "small file first"),
            .file("data/big.bin", big, mode: 0o640).with {
                $0.crc32 = zlibCRC($0.content)
                $0.unixTime = 1_700_000_000
            },
            .file("data/edge.bin", edge).with { $0.crc32 = zlibCRC($0.content) },
            .file("after.txt", "small file last", deflate: true),
        ]
        let archive = try ZipBuilder(entries).write(to: directory.path("a.zip"))
        let last = LockedValue<ExtractionProgress?>(nil)
        let summary = try ZipExtractor.extract(archive: archive, to: directory.path("out")) { progress in
            last.set(progress)
        }
        XCTAssertEqual(summary.fileCount, 4)
        XCTAssertEqual(summary.bytesWritten, UInt64(big.count + edge.count + 31))
        XCTAssertEqual(last.get()?.entriesCompleted, 4)  // the implicit directory `data` is not an entry
        XCTAssertEqual(last.get()?.bytesWritten, summary.bytesWritten)
        XCTAssertEqual(try Data(contentsOf: directory.path("out/data/big.bin")), Data(big))
        XCTAssertEqual(try Data(contentsOf: directory.path("out/data/edge.bin")), Data(edge))
        XCTAssertEqual(try String(contentsOf: directory.path("out/after.txt"), encoding: .utf8), "small file last")
        let attributes = try FileManager.default.attributesOfItem(atPath: directory.path("out/data/big.bin").path)
        XCTAssertEqual(attributes[.posixPermissions] as? Int, 0o640)
        XCTAssertEqual((attributes[.modificationDate] as? Date)?.timeIntervalSince1970, 1_700_000_000)
        XCTAssertEqual(try directory.listing(), ["a.zip", "out"])
    }

    func testCorruptionInOnePieceFailsTheCRCCheck() throws {
        let piece = Int(SplitFile.pieceSize)
        let content = quickBytes(2 * piece + 100, seed: 4)
        for position in [10, piece + 7, 2 * piece + 99] {
            var damaged = ZipBuilder.Entry.file("big.bin", content).with { $0.crc32 = zlibCRC($0.content) }
            damaged.data[position] ^= 0x01
            let error = try assertRefused(
                ZipBuilder([.file("ok.txt", "fine"), damaged]), code: .crcMismatch, beforeWriting: false)
            XCTAssertTrue(error?.message.contains("big.bin") ?? false, error?.message ?? "")
        }
    }

    func testTheSizeCapRefusesALargeStoredEntry() throws {
        let piece = Int(SplitFile.pieceSize)
        let content = quickBytes(piece + 5, seed: 5)
        let big = ZipBuilder.Entry.file("big.bin", content).with { $0.crc32 = zlibCRC($0.content) }
        let limits = ExtractionLimits(maxTotalUncompressedBytes: UInt64(piece))
        try assertRefused(ZipBuilder([big]), code: .totalSizeLimit, limits: limits)
    }

    /// Pseudo-random bytes, eight at a time: tests here need tens of megabytes.
    private func quickBytes(_ count: Int, seed: UInt64) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var state = seed | 1
        bytes.withUnsafeMutableBytes { raw in
            var offset = 0
            while offset < count {
                state ^= state << 13
                state ^= state >> 7
                state ^= state << 17
                withUnsafeBytes(of: state.littleEndian) { word in
                    let n = min(8, count - offset)
                    raw.baseAddress!.advanced(by: offset).copyMemory(from: word.baseAddress!, byteCount: n)
                }
                offset += 8
            }
        }
        return bytes
    }

    /// The CRC-32 in one zlib call: the table-driven one in ``ZipBuilder`` is too slow for tens of megabytes.
    private func zlibCRC(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBytes { crc32Update(0, $0) }
    }
}

/// A value shared with a progress callback.
private final class LockedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func set(_ newValue: Value) { lock.withLock { value = newValue } }
    func get() -> Value { lock.withLock { value } }
}
