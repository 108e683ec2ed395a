import Foundation
import XCTest

@testable import HaulArchive

/// Zip bombs: overlapping entries, huge ratios, many entries, huge totals, sizes that lie.
final class ZipBombTests: XCTestCase {
    func testOverlappingEntriesAreRefused() throws {
        // The first entry's data is declared to run over the whole second entry, header included.
        let builder = ZipBuilder([
            ZipBuilder.Entry.file("a.bin", "first").with { $0.overlapsNext = true },
            .file("b.bin", "second"),
        ])
        let error = try assertRefused(builder, code: .overlappingEntries)
        XCTAssertTrue(error?.message.contains("a.bin") ?? false, error?.message ?? "")
    }

    func testCompressionRatioCapIsEnforcedBeforeWriting() throws {
        // 16 MiB of zeros deflate to about 16 KiB: a ratio over 1000.
        let zeros = [UInt8](repeating: 0, count: 16 << 20)
        let builder = ZipBuilder([
            .file("first.txt", "written before the bomb?"), .file("zeros.bin", zeros, deflate: true),
        ])
        let error = try assertRefused(builder, code: .compressionRatioLimit)
        XCTAssertTrue(error?.message.contains("zeros.bin") ?? false, error?.message ?? "")

        // The same archive passes with a higher cap, and the bytes are right.
        let directory = try TestDirectory(self)
        let archive = try builder.write(to: directory.path("zeros.zip"))
        let limits = ExtractionLimits(maxCompressionRatio: 2_000)
        try ZipExtractor.extract(archive: archive, to: directory.path("out"), limits: limits)
        XCTAssertEqual(try Data(contentsOf: directory.path("out/zeros.bin")), Data(zeros))
    }

    func testRatioCapSkipsSmallEntries() throws {
        let directory = try TestDirectory(self)
        let small = [UInt8](repeating: 0, count: 512 << 10)  // a ratio near 1000, but under the 1 MiB grace size
        let archive = try ZipBuilder([.file("small.bin", small, deflate: true)]).write(to: directory.path("a.zip"))
        let limits = ExtractionLimits(maxCompressionRatio: 2)
        XCTAssertNoThrow(try ZipExtractor.extract(archive: archive, to: directory.path("out"), limits: limits))
    }

    func testLyingDeclaredSizeTripsTheRatioCap() throws {
        // Ten stored bytes claiming to expand to 1 TiB.
        let liar = ZipBuilder.Entry.file("liar.bin", "0123456789", deflate: true).with {
            $0.uncompressedSize = 1 << 40
            $0.zip64 = true
        }
        try assertRefused(
            ZipBuilder([liar]), code: .compressionRatioLimit, limits: .init(maxTotalUncompressedBytes: .max))
    }

    func testTotalSizeCapIsEnforcedOnDeclaredSizes() throws {
        let builder = ZipBuilder((0..<5).map { .file("part\($0).bin", [UInt8](repeating: UInt8($0), count: 1000)) })
        let error = try assertRefused(builder, code: .totalSizeLimit, limits: .init(maxTotalUncompressedBytes: 4_500))
        XCTAssertTrue(error?.message.contains("4500") ?? false, error?.message ?? "")
    }

    func testEntryInflatingPastItsDeclaredSizeIsStoppedAtThatSize() throws {
        // Declares 1,000 bytes, inflates to 100,000: the actual bytes are checked as they are written.
        let content = [UInt8](repeating: 7, count: 100_000)
        let liar = ZipBuilder.Entry.file("liar.bin", content, deflate: true).with { $0.uncompressedSize = 1_000 }
        let error = try assertRefused(ZipBuilder([liar]), code: .sizeMismatch, beforeWriting: false)
        XCTAssertTrue(error?.message.contains("1000") ?? false, error?.message ?? "")
    }

    func testEntryInflatingShortOfItsDeclaredSizeIsRefused() throws {
        let liar = ZipBuilder.Entry.file("short.bin", "tiny", deflate: true).with { $0.uncompressedSize = 10 }
        try assertRefused(ZipBuilder([liar]), code: .sizeMismatch, beforeWriting: false)
    }

    func testEntryCountCapIsEnforcedFromTheEndRecord() throws {
        let builder = ZipBuilder((0..<10).map { .file("f\($0)", "x") })
        let error = try assertRefused(builder, code: .entryCountLimit, limits: .init(maxEntryCount: 9))
        XCTAssertTrue(error?.message.contains("10 entries") ?? false, error?.message ?? "")
        // A lying end record that declares fewer entries than the directory holds is caught too.
        var lying = builder
        lying.declaredEntryCount = 5
        try assertRefused(lying, code: .corruptArchive, limits: .init(maxEntryCount: 9))
        // And one that declares millions is refused before anything is read.
        lying.declaredEntryCount = 5_000_000
        lying.zip64End = true
        try assertRefused(lying, code: .entryCountLimit)
    }
}
