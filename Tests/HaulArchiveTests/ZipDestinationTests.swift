import Foundation
import XCTest

@testable import HaulArchive

/// Extracting into a destination that already exists: empty directories are replaced whole, others are merged
/// into after a collision check, and nothing is overwritten unless asked.
final class ZipDestinationTests: XCTestCase {
    private func archive(in directory: TestDirectory) throws -> URL {
        try ZipBuilder([.directory("sub/"), .file("sub/new.txt", "new"), .file("top.txt", "top")])
            .write(to: directory.path("a.zip"))
    }

    func testEmptyDirectoryIsReplacedKeepingItsMode() throws {
        let directory = try TestDirectory(self)
        let destination = directory.path("out")
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: false)
        try FileManager.default.setAttributes([.posixPermissions: 0o711], ofItemAtPath: destination.path)
        let summary = try ZipExtractor.extract(archive: archive(in: directory), to: destination)
        XCTAssertFalse(summary.mergedIntoExistingDirectory)
        XCTAssertEqual(try String(contentsOf: destination.appendingPathComponent("top.txt"), encoding: .utf8), "top")
        let mode = try FileManager.default.attributesOfItem(atPath: destination.path)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o711)
        XCTAssertEqual(try directory.listing(), ["a.zip", "out"])
    }

    func testNonEmptyDirectoryIsMergedInto() throws {
        let directory = try TestDirectory(self)
        try directory.write("out/sub/mine.txt", Array("mine".utf8))
        let summary = try ZipExtractor.extract(archive: archive(in: directory), to: directory.path("out"))
        XCTAssertTrue(summary.mergedIntoExistingDirectory)
        XCTAssertEqual(
            try FileManager.default.subpathsOfDirectory(atPath: directory.path("out").path).sorted(),
            ["sub", "sub/mine.txt", "sub/new.txt", "top.txt"])
        XCTAssertEqual(try directory.listing(), ["a.zip", "out"])
    }

    func testExistingFileIsNotOverwrittenUnlessAsked() throws {
        let directory = try TestDirectory(self)
        let existing = try directory.write("out/sub/new.txt", Array("precious".utf8))
        let archive = try archive(in: directory)
        XCTAssertThrowsError(try ZipExtractor.extract(archive: archive, to: directory.path("out"))) { error in
            XCTAssertEqual((error as? ZipError)?.code, .destinationExists)
            XCTAssertTrue((error as? ZipError)?.message.contains("sub/new.txt") ?? false, "\(error)")
        }
        XCTAssertEqual(try Data(contentsOf: existing), Data("precious".utf8))
        XCTAssertEqual(
            try FileManager.default.subpathsOfDirectory(atPath: directory.path("out").path).sorted(),
            ["sub", "sub/new.txt"])

        try ZipExtractor.extract(archive: archive, to: directory.path("out"), overwrite: true)
        XCTAssertEqual(try Data(contentsOf: existing), Data("new".utf8))
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: directory.path("out").path).sorted(),
            ["sub", "top.txt"])
    }

    func testExistingSymlinkInTheDestinationIsNotWrittenThrough() throws {
        let directory = try TestDirectory(self)
        let elsewhere = directory.path("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: directory.path("out"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: directory.path("out/sub").path, withDestinationPath: elsewhere.path)
        XCTAssertThrowsError(
            try ZipExtractor.extract(archive: archive(in: directory), to: directory.path("out"), overwrite: true)
        ) { error in
            XCTAssertEqual((error as? ZipError)?.code, .writeThroughSymlink)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path), [])
    }

    func testDirectoryIsNeverReplacedByAFile() throws {
        let directory = try TestDirectory(self)
        try directory.write("out/top.txt/inside", Array("x".utf8))
        XCTAssertThrowsError(
            try ZipExtractor.extract(archive: archive(in: directory), to: directory.path("out"), overwrite: true)
        ) { error in
            XCTAssertEqual((error as? ZipError)?.code, .destinationExists)
        }
    }

    func testDestinationThatIsAFileIsRefused() throws {
        let directory = try TestDirectory(self)
        try directory.write("out", Array("a file".utf8))
        XCTAssertThrowsError(try ZipExtractor.extract(archive: archive(in: directory), to: directory.path("out"))) {
            error in
            XCTAssertEqual((error as? ZipError)?.code, .destinationExists)
        }
    }

    func testMissingParentsAreCreated() throws {
        let directory = try TestDirectory(self)
        try ZipExtractor.extract(archive: archive(in: directory), to: directory.path("a/b/c"))
        XCTAssertEqual(try String(contentsOf: directory.path("a/b/c/sub/new.txt"), encoding: .utf8), "new")
    }
}
