import Foundation
import XCTest

@testable import HaulArchive

/// More than 65,535 entries need zip64 end records, both ways.
final class ZipManyEntriesTests: XCTestCase {
    static let count = 70_000

    func testExtractsMoreThan65535Entries() throws {
        let directory = try TestDirectory(self)
        let entries: [ZipBuilder.Entry] = (0..<Self.count).map { index in
            .file("d\(index / 1000)/f\(index)", "\(index)")
        }
        let archive = try ZipBuilder(entries).write(to: directory.path("many.zip"))
        let file = try ArchiveFile(path: archive.path)
        XCTAssertEqual(try ArchiveLayout.read(from: file).entryCount, UInt64(Self.count))

        let summary = try ZipExtractor.extract(archive: archive, to: directory.path("out"))
        XCTAssertEqual(summary.fileCount, Self.count)
        XCTAssertEqual(summary.directoryCount, 70)
        XCTAssertEqual(try String(contentsOf: directory.path("out/d69/f69999"), encoding: .utf8), "69999")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path("out/d42").path).count, 1000)
    }

    func testCreatesMoreThan65535Entries() throws {
        // Creating 70,000 files costs this machine's file system half a minute, so every entry is the same small
        // file listed under another name; everything after the listing is the real creation path.
        let directory = try TestDirectory(self)
        let source = try directory.write("source.txt", Array("same content".utf8))
        var info = stat()
        XCTAssertEqual(lstat(source.path, &info), 0)
        let items = (0..<Self.count).map { index in
            SourceItem(
                kind: .file, archiveName: Array("d\(index / 1000)/f\(index)".utf8), path: Array(source.path.utf8),
                mode: info.st_mode, size: UInt64(info.st_size), modificationTime: FileTime(modificationOf: info))
        }
        let archive = directory.path("many.zip")
        let summary = try ZipCreator.create(
            archive: archive, items: items, compression: .deflate, overwrite: false, progress: nil)
        XCTAssertEqual(summary.fileCount, Self.count)

        let file = try ArchiveFile(path: archive.path)
        let layout = try ArchiveLayout.read(from: file)
        XCTAssertTrue(layout.isZip64)
        XCTAssertEqual(layout.entryCount, UInt64(Self.count))
        let entries = try CentralDirectoryParser.entries(in: file, layout: layout)
        XCTAssertEqual(entries.last?.displayName, "d69/f69999")
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/unzip") {
            let test = try runProgram("/usr/bin/unzip", ["-tq", archive.path])
            XCTAssertEqual(test.status, 0, String(test.output.prefix(2000)))
            XCTAssertTrue(test.output.contains("No errors detected"), String(test.output.prefix(2000)))
        }
    }
}
