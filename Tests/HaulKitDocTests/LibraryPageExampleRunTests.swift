import Foundation
import HaulKit
import HaulTestSupport
import XCTest

/// docs/library.md's examples (`ReadmeExamples`, the page's blocks word for word) are run, not only compiled, against
/// a local server: an example that throws when followed (the first one paused a download after it had completed)
/// fails here. `url` is a file served slowly enough that the example's commands meet it running; the checksum
/// example's file is "test", whose sha256 the page quotes.
final class LibraryPageExampleRunTests: XCTestCase {
    /// 256 KiB at 256 KiB/s: about a second, so the pause right after `download` meets a running download.
    private static let file = deterministicBytes(count: 256 << 10, seed: 7)

    private func withServedFolder(_ body: (TestServer, TemporaryDirectory) async throws -> Void) async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/big.iso", FileResource(content: Self.file), bytesPerSecond: 256 << 10)
                server.serve("/test", FileResource(content: Array("test".utf8)))
                try await body(server, dir)
            }
        }
    }

    func testTheFirstExampleRuns() async throws {
        try await withServedFolder { server, dir in
            // `HaulConfiguration()`'s default state directory, inside the test's folder.
            let previous = ProcessInfo.processInfo.environment["XDG_STATE_HOME"]
            setenv("XDG_STATE_HOME", dir.file("xdg").path, 1)
            defer { if let previous { setenv("XDG_STATE_HOME", previous, 1) } else { unsetenv("XDG_STATE_HOME") } }
            let folder = dir.file("downloads")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
            try await ReadmeExamples.clientAndTask(url: URL(string: server.url("/big.iso"))!, folder: folder)
            XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("big.iso")), Data(Self.file))
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("other.iso").path), "cancelled")
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("other.iso.part").path))
        }
    }

    func testTheErrorExampleRuns() async throws {
        try await withServedFolder { server, dir in
            let haul = try HaulClient(configuration: HaulConfiguration(stateDirectory: dir.file("state")))
            let task = try await haul.download(DownloadRequest(url: URL(string: server.url("/test"))!, destination: dir.file("t")))
            guard case .completed = try await task.outcome() else { return XCTFail("not completed") }
            try await ReadmeExamples.errors(task: task)   // the refused pause is caught and printed, not thrown
            try await haul.shutdown()
        }
    }

    func testTheChecksumExampleRuns() async throws {
        try await withServedFolder { server, dir in
            let haul = try HaulClient(configuration: HaulConfiguration(stateDirectory: dir.file("state")))
            let folder = dir.file("downloads")
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("page"), withIntermediateDirectories: true)
            try Data("<p>hi</p>".utf8).write(to: folder.appendingPathComponent("page/index.html"))
            try ZipCreator.create(archive: folder.appendingPathComponent("site.zip"), from: [folder.appendingPathComponent("page")])
            try await ReadmeExamples.checksumAndRestart(haul: haul, url: URL(string: server.url("/test"))!, folder: folder)
            XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("big.iso"), encoding: .utf8), "test")
            XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("site/page/index.html").path))
            try await haul.shutdown()
        }
    }

    func testTheManagerExampleRuns() async throws {
        try await withServedFolder { server, dir in
            let haul = try HaulClient(configuration: HaulConfiguration(stateDirectory: dir.file("state")))
            let folder = dir.file("downloads")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
            try await ReadmeExamples.manager(haul: haul, url: URL(string: server.url("/big.iso"))!, folder: folder)
            let left = try await haul.storedDownloads()
            XCTAssertTrue(left.isEmpty, "the example cancels what it added")
            try await haul.shutdown()
        }
    }
}
