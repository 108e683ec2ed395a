import Foundation
import XCTest

@testable import HaulArchive

/// Archives made by ZipCreator extract to the same bytes, permissions, times and symlinks.
final class ZipRoundTripTests: XCTestCase {
    /// A tree with text, incompressible and compressible files, an empty file and directory, a symlink,
    /// odd permissions, a non-ASCII name, and chunk-crossing sizes.
    private func makeSourceTree(in directory: TestDirectory) throws -> URL {
        let root = directory.path("src/project")
        try directory.write("src/project/readme.txt", Array(String(repeating: "Haul moves bytes.\n", count: 5000).utf8))
        try directory.write("src/project/bin/tool", randomBytes(300_000, seed: 1), mode: 0o755)
        try directory.write("src/project/data.bin", randomBytes(2_600_000, seed: 2), mode: 0o600)
        try directory.write("src/project/zeros.bin", [UInt8](repeating: 0, count: 1 << 20), mode: 0o640)
        try directory.write("src/project/naïve-файл.txt", Array("unicode".utf8))
        try directory.write("src/project/empty-file", [])
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("empty-dir"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("link").path, withDestinationPath: "readme.txt")
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o700], ofItemAtPath: root.appendingPathComponent("empty-dir").path)
        try FileManager.default.setAttributes([.posixPermissions: 0o750], ofItemAtPath: root.path)
        for (offset, relative) in [
            "readme.txt", "bin/tool", "data.bin", "zeros.bin", "naïve-файл.txt", "empty-file", "link", "bin",
            "empty-dir", "",
        ].enumerated() {
            setModificationTime(
                root.appendingPathComponent(relative), seconds: 1_600_000_000 + offset * 3_600, nanoseconds: 500_000_000
            )
        }
        return root
    }

    func testRoundTripKeepsBytesPermissionsTimesAndSymlinks() throws {
        for compression in [ZipCompression.deflate, .store, .deflate(level: 1)] {
            let directory = try TestDirectory(self)
            let root = try makeSourceTree(in: directory)
            let single = try directory.write("src/single.txt", Array("alone".utf8), mode: 0o444)
            setModificationTime(single, seconds: 1_500_000_000)
            let archive = directory.path("out/archive.zip")
            let created = try ZipCreator.create(archive: archive, from: [root, single], compression: compression)
            XCTAssertEqual(created.fileCount, 7)
            XCTAssertEqual(created.directoryCount, 3)
            XCTAssertEqual(created.symlinkCount, 1)

            let extracted = try ZipExtractor.extract(archive: archive, to: directory.path("extracted"))
            XCTAssertEqual(extracted.fileCount, 7)
            XCTAssertEqual(extracted.bytesWritten, created.uncompressedBytes)
            let original = try TreeSnapshot(directory.path("src"))
            let copy = try TreeSnapshot(directory.path("extracted"))
            XCTAssertEqual(copy, original, "\(compression)\n--- original\n\(original)\n--- copy\n\(copy)")
        }
    }

    func testArchivesAreReadableByInfoZIP() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/unzip") else { throw XCTSkip("no unzip") }
        let directory = try TestDirectory(self)
        let root = try makeSourceTree(in: directory)
        let archive = directory.path("archive.zip")
        try ZipCreator.create(archive: archive, from: [root])
        let test = try runProgram("/usr/bin/unzip", ["-t", archive.path])
        XCTAssertEqual(test.status, 0, test.output)
        XCTAssertTrue(test.output.contains("No errors detected"), test.output)
    }

    func testIncompressibleFilesAreStored() throws {
        let directory = try TestDirectory(self)
        let random = try directory.write("random.bin", randomBytes(200_000, seed: 9))
        let archive = directory.path("a.zip")
        try ZipCreator.create(archive: archive, from: [random], compression: .deflate)
        let file = try ArchiveFile(path: archive.path)
        let entries = try CentralDirectoryParser.entries(in: file, layout: ArchiveLayout.read(from: file))
        XCTAssertEqual(entries.map(\.method), [ZipFormat.methodStored])
        XCTAssertEqual(entries.first?.compressedSize, 200_000)
    }

    func testCreationRefusesToReplaceAnArchiveUnlessAsked() throws {
        let directory = try TestDirectory(self)
        let input = try directory.write("in.txt", Array("new".utf8))
        let archive = try directory.write("a.zip", Array("old archive".utf8))
        XCTAssertThrowsError(try ZipCreator.create(archive: archive, from: [input])) { error in
            XCTAssertEqual((error as? ZipError)?.code, .destinationExists)
        }
        XCTAssertEqual(try Data(contentsOf: archive), Data("old archive".utf8))
        try ZipCreator.create(archive: archive, from: [input], overwrite: true)
        try ZipExtractor.extract(archive: archive, to: directory.path("out"))
        XCTAssertEqual(try Data(contentsOf: directory.path("out/in.txt")), Data("new".utf8))
        XCTAssertEqual(try directory.listing(), ["a.zip", "in.txt", "out"])
    }

    func testCreationFailureLeavesNoFile() throws {
        let directory = try TestDirectory(self)
        try directory.write("src/ok.txt", Array("fine".utf8))
        XCTAssertEqual(mkfifo(directory.path("src/pipe").path, 0o644), 0)
        XCTAssertThrowsError(try ZipCreator.create(archive: directory.path("a.zip"), from: [directory.path("src")])) {
            error in
            XCTAssertEqual((error as? ZipError)?.code, .unsupportedFeature)
        }
        XCTAssertEqual(try directory.listing(), ["src"])
    }

    func testCreationRefusesDuplicateAndUnsafeNames() throws {
        let directory = try TestDirectory(self)
        let first = try directory.write("one/same.txt", Array("1".utf8))
        let second = try directory.write("two/same.txt", Array("2".utf8))
        XCTAssertThrowsError(try ZipCreator.create(archive: directory.path("a.zip"), from: [first, second])) { error in
            XCTAssertEqual((error as? ZipError)?.code, .duplicateEntry)
        }
        let backslash = try directory.write("back\\slash.txt", Array("x".utf8))
        XCTAssertThrowsError(try ZipCreator.create(archive: directory.path("b.zip"), from: [backslash])) { error in
            XCTAssertEqual((error as? ZipError)?.code, .unsafeEntryPath)
        }
    }

    func testCreatingInsideTheInputSkipsTheArchiveItself() throws {
        let directory = try TestDirectory(self)
        try directory.write("src/file.txt", Array("x".utf8))
        let archive = directory.path("src/self.zip")
        try ZipCreator.create(archive: archive, from: [directory.path("src")])
        try ZipCreator.create(archive: archive, from: [directory.path("src")], overwrite: true)
        try ZipExtractor.extract(archive: archive, to: directory.path("out"))
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: directory.path("out/src").path), ["file.txt"])
    }
}
