import Foundation
import XCTest

@testable import HaulArchive

/// Symlinks may not point outside the destination, and nothing may be written through one.
final class ZipSymlinkTests: XCTestCase {
    func testSymlinkPointingOutsideIsRefused() throws {
        for target in ["../outside", "a/../../outside", "/etc", "sub/../.."] {
            let error = try assertRefused(
                ZipBuilder([.directory("sub/"), .symlink("link", to: target)]), code: .symlinkEscapes)
            XCTAssertTrue(error?.message.contains(target) ?? false, error?.message ?? "")
        }
    }

    func testSymlinkEscapingThroughAnotherSymlinkIsRefused() throws {
        // "up" points at the destination itself, so "up/../x" is outside, although it reads as "x".
        try assertRefused(
            ZipBuilder([.symlink("up", to: "."), .symlink("escape", to: "up/../x")]), code: .symlinkEscapes)
        // "d/up" is the destination; "d/up/.." from inside "d" climbs out.
        let nested = ZipBuilder([.directory("d/"), .symlink("d/up", to: ".."), .symlink("d/escape", to: "up/../..")])
        try assertRefused(nested, code: .symlinkEscapes)
    }

    func testSymlinkLoopIsRefused() throws {
        try assertRefused(ZipBuilder([.symlink("a", to: "b/x"), .symlink("b", to: "a/y")]), code: .symlinkEscapes)
    }

    func testSymlinkOutsideThenFileThroughItIsRefusedAndNothingIsWrittenOutside() throws {
        let directory = try TestDirectory(self)
        let outside = directory.path("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        let builder = ZipBuilder([.symlink("escape", to: outside.path), .file("escape/pwned.txt", "gotcha")])
        let archive = try builder.write(to: directory.path("hostile.zip"))
        try assertRefused(archive: archive, in: directory, code: .writeThroughSymlink)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: outside.path), [])
    }

    func testFileThroughContainedSymlinkIsRefused() throws {
        // Even a link that stays inside may not be written through: the file would land somewhere else.
        let builder = ZipBuilder([.directory("real/"), .symlink("alias", to: "real"), .file("alias/file.txt", "x")])
        try assertRefused(builder, code: .writeThroughSymlink)
    }

    func testContainedSymlinksAreExtracted() throws {
        let directory = try TestDirectory(self)
        let builder = ZipBuilder([
            .directory("dir/"), .file("dir/file.txt", "hello"), .symlink("link", to: "dir/file.txt"),
            .symlink("dir/self", to: "."), .symlink("dangling", to: "dir/missing"),
        ])
        let archive = try builder.write(to: directory.path("ok.zip"))
        let summary = try ZipExtractor.extract(archive: archive, to: directory.path("out"))
        XCTAssertEqual(summary.symlinkCount, 3)
        let manager = FileManager.default
        XCTAssertEqual(try manager.destinationOfSymbolicLink(atPath: directory.path("out/link").path), "dir/file.txt")
        XCTAssertEqual(try String(contentsOf: directory.path("out/link"), encoding: .utf8), "hello")
        XCTAssertEqual(
            try manager.destinationOfSymbolicLink(atPath: directory.path("out/dangling").path), "dir/missing")
    }

    func testStagingTreeNeverWritesThroughASymlink() throws {
        // Defence in depth below the plan: even if a symlink sits where a directory is expected, the file
        // creation walks with O_NOFOLLOW and fails instead of following it.
        let directory = try TestDirectory(self)
        let outside = directory.path("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        let root = directory.path("root")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("link").path, withDestinationPath: outside.path)
        let fd = open(root.path, O_RDONLY | O_DIRECTORY)
        defer { close(fd) }
        let tree = StagingTree(root: fd)
        let item = PlannedItem(entryIndex: 0, components: [Array("link".utf8), Array("x".utf8)], displayPath: "link/x")
        XCTAssertThrowsError(try tree.createFile(item) { _ in }) { error in
            XCTAssertEqual((error as? ZipError)?.code, .writeThroughSymlink)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: outside.path), [])
    }
}
