import Foundation
import XCTest

@testable import HaulArchive

/// Entry names that would land outside the destination, or nowhere, are refused before anything is written.
final class ZipEntryPathTests: XCTestCase {
    private func archive(named name: [UInt8]) -> ZipBuilder {
        ZipBuilder([
            .file("fine.txt", "harmless"),
            ZipBuilder.Entry.file("x", "payload").with { $0.name = name },
        ])
    }

    func testDotDotComponentIsRefused() throws {
        for name in ["../evil.txt", "a/../../evil.txt", "a/b/../../../evil.txt", ".."] {
            let error = try assertRefused(archive(named: Array(name.utf8)), code: .unsafeEntryPath)
            XCTAssertTrue(error?.message.contains("'..'") ?? false, error?.message ?? "")
        }
    }

    func testAbsoluteNameIsRefused() throws {
        let error = try assertRefused(archive(named: Array("/tmp/evil.txt".utf8)), code: .unsafeEntryPath)
        XCTAssertTrue(error?.message.contains("absolute") ?? false, error?.message ?? "")
    }

    func testBackslashIsRefused() throws {
        for name in ["..\\evil.txt", "dir\\file.txt"] {
            let error = try assertRefused(archive(named: Array(name.utf8)), code: .unsafeEntryPath)
            XCTAssertTrue(error?.message.contains("backslash") ?? false, error?.message ?? "")
        }
    }

    func testNULByteIsRefused() throws {
        let error = try assertRefused(
            archive(named: Array("evil.txt".utf8) + [0] + Array(".png".utf8)), code: .unsafeEntryPath)
        XCTAssertTrue(error?.message.contains("NUL") ?? false, error?.message ?? "")
    }

    func testEmptyNamesAreRefused() throws {
        for name in ["", "./", "././"] {
            try assertRefused(archive(named: Array(name.utf8)), code: .unsafeEntryPath)
        }
    }

    func testDotAndEmptyComponentsAreDropped() throws {
        XCTAssertEqual(
            try EntryPath.components(of: Array("./a//b/./c/".utf8)).map { String(decoding: $0, as: UTF8.self) },
            ["a", "b", "c"])
    }

    func testDuplicateNamesAreRefused() throws {
        try assertRefused(ZipBuilder([.file("a.txt", "one"), .file("a.txt", "two")]), code: .duplicateEntry)
        try assertRefused(ZipBuilder([.file("a.txt", "one"), .file("./a.txt", "two")]), code: .duplicateEntry)
        try assertRefused(ZipBuilder([.directory("d/"), .directory("d/")]), code: .duplicateEntry)
        try assertRefused(ZipBuilder([.file("d", "file"), .directory("d/")]), code: .duplicateEntry)
    }

    func testFileUsedAsDirectoryIsRefused() throws {
        try assertRefused(
            ZipBuilder([.file("a", "file"), .file("a/b.txt", "inside a file?")]), code: .conflictingEntries)
    }

    func testLocalHeaderNameMustMatchCentralDirectory() throws {
        // Both central records point at the first local header, which names only the first.
        let builder = ZipBuilder([
            .file("a.txt", "content"),
            ZipBuilder.Entry.file("b.txt", "content").with { $0.reusesLocalHeaderOf = 0 },
        ])
        try assertRefused(builder, code: .corruptArchive)
    }
}
