import Foundation
import HaulKit
import HaulTestSupport
import XCTest

/// The DocC article's examples (`GettingStartedExamples`, the article's blocks word for word) are run, not only
/// compiled, against a local server, as `LibraryPageExampleRunTests` runs docs/library.md's. `/big.iso` is served
/// slowly enough that a pause right after `download` meets it running; `/test` holds "test", whose sha256 the
/// article quotes.
final class ArticleExampleRunTests: XCTestCase {
    /// 256 KiB at 256 KiB/s: about a second.
    private static let file = deterministicBytes(count: 256 << 10, seed: 11)

    private func withServedFolder(_ body: (TestServer, URL, HaulClient) async throws -> Void) async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/big.iso", FileResource(content: Self.file), bytesPerSecond: 256 << 10)
                server.serve("/test", FileResource(content: Array("test".utf8)))
                let folder = dir.file("downloads")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
                // `HaulClient()`'s default state directory, inside the test's folder.
                let previous = ProcessInfo.processInfo.environment["XDG_STATE_HOME"]
                setenv("XDG_STATE_HOME", dir.file("xdg").path, 1)
                defer { if let previous { setenv("XDG_STATE_HOME", previous, 1) } else { unsetenv("XDG_STATE_HOME") } }
                let haul = try HaulClient(configuration: HaulConfiguration(stateDirectory: dir.file("state")))
                do {
                    try await body(server, folder, haul)
                } catch {
                    try? await haul.shutdown()
                    throw error
                }
                try await haul.shutdown()
            }
        }
    }

    private func url(_ server: TestServer, _ path: String) -> URL { URL(string: server.url(path))! }

    func testDownloadWithProgressRuns() async throws {
        try await withServedFolder { server, folder, _ in
            try await GettingStartedExamples.downloadWithProgress(url: url(server, "/big.iso"), folder: folder)
            XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("big.iso")), Data(Self.file))
        }
    }

    func testRetryPauseAndRestartRun() async throws {
        try await withServedFolder { server, folder, haul in
            let first = DownloadRequest(url: url(server, "/big.iso"), destination: folder.appendingPathComponent("one.iso"))
            try await GettingStartedExamples.retryAFailedDownload(haul: haul, request: first)
            XCTAssertEqual(try Data(contentsOf: first.destination), Data(Self.file))

            let second = DownloadRequest(url: url(server, "/big.iso"), destination: folder.appendingPathComponent("two.iso"))
            try await GettingStartedExamples.pauseAndResume(haul: haul, request: second)
            XCTAssertEqual(try Data(contentsOf: second.destination), Data(Self.file))

            // Stopped halfway by one client, finished by the example's own (`HaulClient()`, the default directory).
            let third = DownloadRequest(url: url(server, "/big.iso"), destination: folder.appendingPathComponent("three.iso"))
            let earlier = try HaulClient()
            let task = try await earlier.download(third)
            try await waitForBytes(task)
            try await task.pause()
            try await earlier.shutdown()
            try await GettingStartedExamples.resumeAfterRestart(request: third)
            XCTAssertEqual(try Data(contentsOf: third.destination), Data(Self.file))
            let ranged = server.requests(for: "/big.iso").filter { $0.headers.contains { $0.name.lowercased() == "range" } }
            XCTAssertFalse(ranged.isEmpty, "the restarted download resumed with a Range request")
        }
    }

    func testQueueFetchChecksumAndUnzipRun() async throws {
        try await withServedFolder { server, folder, haul in
            try await GettingStartedExamples.runAQueue(haul: haul, url: url(server, "/test"), folder: folder)
            XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("a.iso"), encoding: .utf8), "test")

            try await GettingStartedExamples.fetchIntoMemory(haul: haul, url: url(server, "/test"))
            XCTAssertEqual(server.requests(for: "/test").count, 2, "the queue's download, then the fetch")

            let request = DownloadRequest(url: url(server, "/test"), destination: folder.appendingPathComponent("checked"))
            try await GettingStartedExamples.verifyAChecksum(haul: haul, request: request)
            XCTAssertEqual(try String(contentsOf: request.destination, encoding: .utf8), "test")

            let page = folder.appendingPathComponent("page")
            try FileManager.default.createDirectory(at: page, withIntermediateDirectories: false)
            try Data("<p>hi</p>".utf8).write(to: page.appendingPathComponent("index.html"))
            try ZipCreator.create(archive: folder.appendingPathComponent("site.zip"), from: [page])
            try GettingStartedExamples.unzip(folder: folder)
            XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("site/page/index.html").path))
        }
    }

    /// Reads `task`'s updates until bytes have arrived.
    private func waitForBytes(_ task: DownloadTask) async throws {
        for try await update in task.updates {
            if case .progress(let progress) = update, progress.bytesDone > 0 { return }
        }
    }
}
