import Foundation
import XCTest
import ZIPFoundation

@testable import HaulArchive

/// Archives from and for other tools: Info-ZIP (zip64 fixtures), ZIPFoundation.
final class ZipInteropTests: XCTestCase {
    func testInfoZIPZip64FixtureExtracts() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/zip") else { throw XCTSkip("no /usr/bin/zip") }
        let directory = try TestDirectory(self)
        try directory.write("src/dir/text.txt", Array(String(repeating: "zip64 text\n", count: 10_000).utf8))
        try directory.write("src/dir/random.bin", randomBytes(70_000, seed: 3), mode: 0o600)
        try directory.write("src/empty.txt", [])
        try FileManager.default.createSymbolicLink(
            atPath: directory.path("src/dir/link").path, withDestinationPath: "text.txt")
        // -fz forces zip64 records for every entry and the end of the archive; -y stores symlinks as links.
        let zip = try runProgram(
            "/usr/bin/zip", ["-q", "-r", "-y", "-fz", "../fixture.zip", "."], in: directory.path("src"))
        XCTAssertEqual(zip.status, 0, zip.output)
        let archive = directory.path("fixture.zip")
        let file = try ArchiveFile(path: archive.path)
        XCTAssertTrue(try ArchiveLayout.read(from: file).isZip64, "the fixture should use zip64 end records")

        try ZipExtractor.extract(archive: archive, to: directory.path("out"))
        let original = try TreeSnapshot(directory.path("src"))
        let copy = try TreeSnapshot(directory.path("out"))
        XCTAssertEqual(copy.items.keys.sorted(), original.items.keys.sorted())
        for (path, item) in original.items {
            XCTAssertEqual(copy.items[path]?.content, item.content, path)
            XCTAssertEqual(copy.items[path]?.linkTarget, item.linkTarget, path)
            if item.kind == "file" { XCTAssertEqual(copy.items[path]?.permissions, item.permissions, path) }
        }
    }

    func testZIPFoundationArchiveExtracts() throws {
        let directory = try TestDirectory(self)
        let content = randomBytes(100_000, seed: 4) + Array(String(repeating: "abc", count: 50_000).utf8)
        let url = directory.path("zf.zip")
        let archive = try Archive(url: url, accessMode: .create)
        try archive.addEntry(with: "dir/", type: .directory, uncompressedSize: Int64(0), provider: { _, _ in Data() })
        try archive.addEntry(
            with: "dir/file.bin", type: .file, uncompressedSize: Int64(content.count), compressionMethod: .deflate,
            provider: { position, size in Data(content[Int(position)..<Int(position) + size]) })
        try ZipExtractor.extract(archive: url, to: directory.path("out"))
        XCTAssertEqual(try Data(contentsOf: directory.path("out/dir/file.bin")), Data(content))
    }

    func testZipCreatorArchiveReadsInZIPFoundation() throws {
        let directory = try TestDirectory(self)
        let content = randomBytes(50_000, seed: 5) + Array(String(repeating: "xyz", count: 50_000).utf8)
        let input = try directory.write("src/file.bin", content)
        let url = directory.path("a.zip")
        try ZipCreator.create(archive: url, from: [input.deletingLastPathComponent()])
        let archive = try Archive(url: url, accessMode: .read)
        guard let entry = archive["src/file.bin"] else { return XCTFail("entry missing") }
        var read = Data()
        _ = try archive.extract(entry) { read.append($0) }
        XCTAssertEqual(read, Data(content))
    }
}
