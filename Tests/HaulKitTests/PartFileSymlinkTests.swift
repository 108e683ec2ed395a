import Foundation
@testable import HaulKit
import HaulTestSupport
import XCTest

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A `.part` or a destination that is a symbolic link, or not a regular file, is never written through (issue 33,
/// point 4): whoever can put a link in the download directory must not reach a file elsewhere.
final class PartFileSymlinkTests: XCTestCase {
    /// A `.part` that is a symbolic link is never written through: the download fails with a clear error, the
    /// file it points to is left as it was, and a dangling link creates nothing.
    func testAPartFileThatIsASymbolicLinkIsNeverFollowed() async throws {
        let content = deterministicBytes(count: 100_000, seed: 4)
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/x", FileResource(content: content))
                let elsewhere = dir.file("elsewhere")
                try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
                let victim = elsewhere.appendingPathComponent("victim").path
                try Data("precious".utf8).write(to: URL(fileURLWithPath: victim))
                let dangling = elsewhere.appendingPathComponent("created").path
                try await withHarness(dir) { harness in
                    XCTAssertEqual(symlink(victim, harness.path("x.part")), 0)
                    XCTAssertEqual(symlink(dangling, harness.path("y.part")), 0)
                    for (name, target) in [("x", victim), ("y", dangling)] {
                        let (outcome, _) = try await harness.run(harness.request(server.url("/x"), to: name))
                        guard case .failed(let error) = outcome else { return XCTFail("\(name): \(outcome)") }
                        XCTAssertEqual(error.kind, .fileExists, error.message)
                        XCTAssertEqual(error.message, "\(harness.path(name + ".part")) is a symbolic link; haul never writes through one: remove it and run again")
                        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: harness.path(name + ".part")), target, "the link is left as it was")
                        XCTAssertFalse(FileManager.default.fileExists(atPath: harness.path(name)))
                    }
                }
                XCTAssertTrue(contents(victim) == Array("precious".utf8), "the file the link points to was written")
                XCTAssertFalse(FileManager.default.fileExists(atPath: dangling), "a dangling link created a file outside")
            }
        }
    }

    /// `--overwrite` on a destination that is a symbolic link replaces the link with the file; what it pointed to
    /// is left as it was (the rename never follows a link).
    func testOverwritingASymbolicLinkReplacesTheLinkNotItsTarget() async throws {
        let content = deterministicBytes(count: 100_000, seed: 5)
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/x", FileResource(content: content))
                let victim = dir.file("victim").path
                try Data("precious".utf8).write(to: URL(fileURLWithPath: victim))
                try await withHarness(dir) { harness in
                    XCTAssertEqual(symlink(victim, harness.path("x")), 0)
                    let (outcome, _) = try await harness.run(harness.request(server.url("/x"), to: "x", overwrite: true))
                    assertCompleted(outcome, at: harness.path("x"), equals: content)
                    var info = stat()
                    XCTAssertEqual(lstat(harness.path("x"), &info), 0)
                    XCTAssertEqual(info.st_mode & S_IFMT, S_IFREG, "the link itself was replaced by the file")
                }
                XCTAssertTrue(contents(victim) == Array("precious".utf8), "written through the link")
            }
        }
    }

    func testAPartFileThatIsNotARegularFileIsRefused() async throws {
        try await withTemporaryDirectory { dir in
            let fifo = dir.file("f.part").path
            XCTAssertEqual(mkfifo(fifo, 0o600), 0)
            XCTAssertThrowsError(try PartFile(path: fifo)) {
                XCTAssertEqual(($0 as? HaulError)?.kind, .fileExists)
                XCTAssertEqual(($0 as? HaulError)?.message, "\(fifo) is not a regular file; haul writes only into one: remove it and run again")
            }
            XCTAssertFalse(PartFile.isLocked(fifo), "looking at a FIFO does not block")
        }
    }
}
