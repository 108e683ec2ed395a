import Foundation
import HaulTestSupport
import XCTest

/// `haul remove --delete-file` on a paused or failed download: its partial file goes, and nothing else does.
final class RemoveDeleteFileTests: XCTestCase {
    private let content = deterministicBytes(count: 2 << 20, seed: 77)

    private func rows(_ state: String, in dir: URL) throws -> [[String: Any]] { try QueueScene.list(state, in: dir) }

    private func startRunning(_ url: String, state: String, in dir: URL) throws -> (HaulProcess, Int) {
        try QueueScene.startRunning(url, state: state, in: dir)
    }

    /// Files a person keeps beside the download: they must survive its removal.
    private func neighbours(in dir: TemporaryDirectory) throws -> [URL] {
        let files = [dir.file("big.bin"), dir.file("big.bin.part.bak"), dir.file("other.part")]
        for file in files { try Data("mine".utf8).write(to: file) }
        return files
    }

    func testPausedDownloadLosesItsPartialFileOnly() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/big.bin", FileResource(content: content), bytesPerSecond: 256 << 10, while: Switch(on: true))
                let state = dir.file("s").path
                let (running, id) = try startRunning(server.url("/big.bin"), state: state, in: dir.url)
                XCTAssertEqual(try HaulProcess.run(["pause", String(id), "--state-dir", state], in: dir.url).status, 0)
                XCTAssertEqual(running.finish(timeout: 20).status, 130)
                XCTAssertEqual(try rows(state, in: dir.url).first?["state"] as? String, "paused")
                XCTAssertTrue(FileManager.default.fileExists(atPath: dir.file("big.bin.part").path))
                // The destination name taken meanwhile by a file of the user's: not the download's own file.
                let kept = try neighbours(in: dir)

                let removed = try HaulProcess.run(["remove", "--delete-file", String(id), "--state-dir", state], in: dir.url)
                XCTAssertEqual(removed.status, 0, removed.stderr)
                XCTAssertEqual(removed.stdout, "removed \(id)\n")
                XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file("big.bin.part").path))
                for file in kept { XCTAssertEqual(try? String(contentsOf: file, encoding: .utf8), "mine", file.path) }
                XCTAssertEqual(try rows(state, in: dir.url).count, 0)
            }
        }
    }

    func testFailedDownloadLosesItsPartialFileOnly() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/big.bin", FileResource(content: content), bytesPerSecond: 256 << 10, while: Switch(on: true))
                let state = dir.file("s").path
                let (running, id) = try startRunning(server.url("/big.bin"), state: state, in: dir.url)
                // Killed once some bytes are durable (the first checkpoint comes about a second after the first
                // bytes): a failed download with none would rightly leave no partial file.
                XCTAssertTrue(waitUntil {
                    (durableBytes(stateDirectory: dir.file("s"), partPath: dir.file("big.bin.part").path) ?? 0) > 0
                }, "no byte became durable")
                running.signal(SIGKILL)
                _ = running.finish()
                server.route("/big.bin") { _ in .text(410, "gone") }
                let failed = try HaulProcess.run(["resume", String(id), "--state-dir", state, "-q"], in: dir.url)
                XCTAssertEqual(failed.status, 4, failed.stderr)
                XCTAssertEqual(try rows(state, in: dir.url).first?["state"] as? String, "failed")
                XCTAssertTrue(FileManager.default.fileExists(atPath: dir.file("big.bin.part").path), "a failure keeps the partial file")
                let kept = try neighbours(in: dir)

                let removed = try HaulProcess.run(["remove", "--delete-file", String(id), "--state-dir", state], in: dir.url)
                XCTAssertEqual(removed.status, 0, removed.stderr)
                XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file("big.bin.part").path))
                for file in kept { XCTAssertEqual(try? String(contentsOf: file, encoding: .utf8), "mine", file.path) }
                XCTAssertEqual(try rows(state, in: dir.url).count, 0)
            }
        }
    }
}
