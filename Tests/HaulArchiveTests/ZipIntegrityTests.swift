import Foundation
import XCTest

@testable import HaulArchive

/// Damaged archives: wrong CRCs, truncation, corrupt data, unsupported features.
final class ZipIntegrityTests: XCTestCase {
    func testCRCMismatchIsRefused() throws {
        for deflate in [false, true] {
            let bad = ZipBuilder.Entry.file("bad.txt", "some content", deflate: deflate).with { $0.crc32 = 0xDEAD_BEEF }
            let error = try assertRefused(
                ZipBuilder([.file("good.txt", "fine"), bad]), code: .crcMismatch, beforeWriting: false)
            let message = error?.message ?? ""
            XCTAssertTrue(message.contains("0xdeadbeef") && message.contains("bad.txt"), message)
            XCTAssertTrue(message.contains(hex(ZipBuilder.crc32(Array("some content".utf8)))), message)
        }
    }

    func testTruncatedCentralDirectoryIsRefused() throws {
        var builder = ZipBuilder([.file("a.txt", "one"), .file("b.txt", "two"), .file("c.txt", "three")])
        builder.centralDirectoryBytesDropped = 30
        let error = try assertRefused(builder, code: .truncatedArchive)
        XCTAssertTrue(error?.message.contains("central directory is truncated") ?? false, error?.message ?? "")
    }

    func testTruncatedFileIsRefused() throws {
        let directory = try TestDirectory(self)
        let bytes = ZipBuilder([.file("a.txt", "one"), .file("b.txt", String(repeating: "two", count: 100))]).build()
        for cut in [bytes.count / 2, bytes.count - 10, 10] {
            let archive = directory.path("cut\(cut).zip")
            try Data(bytes[0..<cut]).write(to: archive)
            let error = try assertRefused(archive: archive, in: directory, code: .truncatedArchive)
            XCTAssertTrue(error?.message.contains("truncated") ?? false, error?.message ?? "")
        }
    }

    func testDeflateStreamLongerThanItsCompressedSizeIsRefused() throws {
        // A stored block header announcing 65,535 bytes with five present: ZIPFoundation 0.9.20 loops forever on
        // this; Haul stops at the declared compressed size.
        let endless = ZipBuilder.Entry(
            name: Array("endless.bin".utf8), content: [], data: [0x00, 0xFF, 0xFF, 0x00, 0x00], method: 8,
            externalAttributes: 0o100644 << 16, uncompressedSize: 100_000)
        try assertRefused(ZipBuilder([endless]), code: .truncatedArchive, beforeWriting: false)
    }

    func testCorruptDeflateDataIsRefused() throws {
        let garbage = ZipBuilder.Entry(
            name: Array("garbage.bin".utf8), content: [1, 2, 3], data: [0xFF, 0xFF, 0xFF, 0xFF], method: 8,
            externalAttributes: 0o100644 << 16)
        try assertRefused(ZipBuilder([garbage]), code: .corruptArchive, beforeWriting: false)
    }

    func testEmptyDeflatedEntriesExtract() throws {
        // A proper empty deflate stream (two bytes), and the zero-byte form some writers use instead.
        let directory = try TestDirectory(self)
        let proper = ZipBuilder.Entry.file("proper.txt", [], deflate: true)
        let bare = ZipBuilder.Entry(
            name: Array("bare.txt".utf8), content: [], data: [], method: 8, externalAttributes: 0o100644 << 16)
        XCTAssertEqual(proper.data.count, 2)
        let archive = try ZipBuilder([proper, bare]).write(to: directory.path("a.zip"))
        try ZipExtractor.extract(archive: archive, to: directory.path("out"))
        XCTAssertEqual(try Data(contentsOf: directory.path("out/proper.txt")), Data())
        XCTAssertEqual(try Data(contentsOf: directory.path("out/bare.txt")), Data())
    }

    func testNotAZipIsRefused() throws {
        let directory = try TestDirectory(self)
        let archive = directory.path("text.zip")
        try Data(String(repeating: "not a zip\n", count: 100).utf8).write(to: archive)
        try assertRefused(archive: archive, in: directory, code: .truncatedArchive)
    }

    func testUnsupportedEntriesAreRefused() throws {
        let encrypted = ZipBuilder.Entry.file("secret.txt", "x").with { $0.flags = 1 }
        try assertRefused(ZipBuilder([encrypted]), code: .unsupportedFeature)
        let bzip2 = ZipBuilder.Entry.file("b.bz2", "x").with { $0.method = 12 }
        try assertRefused(ZipBuilder([bzip2]), code: .unsupportedFeature)
        let fifo = ZipBuilder.Entry.file("fifo", "").with { $0.externalAttributes = (0o010644 as UInt32) << 16 }
        try assertRefused(ZipBuilder([fifo]), code: .unsupportedFeature)
    }

    func testFailingEntryMidArchiveLeavesNoDestinationAndNoStaging() throws {
        // Stand-in for a kill: the third of five entries fails after two were written. The destination must not
        // exist afterwards, and the staging directory must be gone.
        let directory = try TestDirectory(self)
        var entries: [ZipBuilder.Entry] = (0..<5).map {
            .file("dir/f\($0).txt", String(repeating: "\($0)", count: 1000))
        }
        entries[2].crc32 = 1
        let archive = try ZipBuilder(entries).write(to: directory.path("a.zip"))
        let seen = LockedCounter()
        XCTAssertThrowsError(
            try ZipExtractor.extract(archive: archive, to: directory.path("out")) { _ in seen.increment() }
        ) { error in
            XCTAssertEqual((error as? ZipError)?.code, .crcMismatch)
        }
        XCTAssertGreaterThan(seen.value, 2, "the failure should come after some entries were written")
        XCTAssertEqual(try directory.listing(), ["a.zip"])
    }

    func testStagingDirectoryIsTheOnlyThingVisibleDuringExtraction() throws {
        // What a kill at any moment would leave: while entries are written, the destination does not exist yet and
        // the only new name is the hidden, explicitly partial staging directory.
        let directory = try TestDirectory(self)
        let entries: [ZipBuilder.Entry] = (0..<4).map { .file("f\($0).bin", [UInt8](repeating: 1, count: 3 << 20)) }
        let archive = try ZipBuilder(entries).write(to: directory.path("a.zip"))
        let destination = directory.path("out")
        let snapshots = LockedList()
        let parent = directory.url.path
        try ZipExtractor.extract(archive: archive, to: destination) { _ in
            snapshots.append((try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? [])
        }
        XCTAssertGreaterThan(snapshots.values.count, 4)
        for listing in snapshots.values {
            XCTAssertFalse(listing.contains("out"), "destination visible mid-extraction: \(listing)")
            XCTAssertEqual(listing.filter { $0.hasPrefix(".out.haul-partial-") }.count, 1, "\(listing)")
        }
        XCTAssertEqual(try directory.listing(), ["a.zip", "out"])
    }
}

/// A list callable from a `@Sendable` closure.
final class LockedList: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [[String]] = []
    func append(_ item: [String]) { lock.withLock { items.append(item) } }
    var values: [[String]] { lock.withLock { items } }
}
