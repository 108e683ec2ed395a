import Foundation
import HaulTestSupport
import XCTest

/// Two `haul` processes on one download (issue 60, point 7): `haul resume ID` from a second terminal never takes a
/// download over from the process that holds it (`HolderRule`); that process keeps its bar and its exit code.
final class TwoProcessesTests: XCTestCase {
    /// Running in the first process: `haul resume 1` elsewhere says where it goes on and exits 0; the first
    /// process finishes it with 0 (before: the second process tried to run it too and exited 10).
    func testAResumeElsewhereLeavesARunningDownloadInItsProcess() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                let download = ThrottledDownload(server, in: dir, size: 3 << 20, seed: 601)
                let (content, state) = (download.content, download.state)
                let first = try HaulProcess(download.line, in: dir.url)
                XCTAssertTrue(download.waitUntilUnderWay())
                let second = try HaulProcess.run(["resume", "1", "--state-dir", state.path], in: dir.url)
                XCTAssertEqual(second.status, 0, second.stderr)
                XCTAssertTrue(
                    second.stdout.contains("1 is downloading in haul process \(first.process.processIdentifier)"),
                    second.stdout + second.stderr
                )
                let result = first.finish()
                XCTAssertEqual(result.status, 0, result.stderr)
                XCTAssertEqual(FileManager.default.contents(atPath: dir.file("f.bin").path), Data(content))
            }
        }
    }

    /// Paused from elsewhere while the first process's bar waits for **space**: `haul resume 1` from the second
    /// terminal resumes it in the first process, which finishes it and exits 0 (before: the second process took it
    /// over with a bar of its own, and the first one exited 10, "another haul process is downloading it").
    func testPauseAndResumeElsewhereResumeInTheProcessThatWaits() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                let download = ThrottledDownload(server, in: dir, size: 3 << 20, seed: 602)
                let (content, state) = (download.content, download.state)
                let session = try TerminalSession(download.line, in: dir.url)
                defer { session.hangUp() }
                XCTAssertTrue(download.waitUntilUnderWay())
                let pause = try HaulProcess.run(["pause", "1", "--state-dir", state.path], in: dir.url)
                XCTAssertEqual(pause.status, 0, pause.stderr)
                XCTAssertTrue(session.waitFor("space: resume, q: quit"), TerminalSession.visible(session.output))
                let resume = try HaulProcess.run(["resume", "1", "--state-dir", state.path], in: dir.url, timeout: 20)
                XCTAssertEqual(resume.status, 0, resume.stderr)
                XCTAssertTrue(resume.stdout.contains("resumed 1 in haul process \(session.pid)"), resume.stdout + resume.stderr)
                let result = session.finish()
                XCTAssertEqual(result.status, 0, TerminalSession.visible(result.output))
                XCTAssertFalse(TerminalSession.visible(result.output).contains("another haul process"))
                XCTAssertEqual(FileManager.default.contents(atPath: dir.file("f.bin").path), Data(content))
            }
        }
    }

    /// The other way round: the first terminal runs `haul resume 1` (the download queued by `haul add`), the second
    /// pauses and resumes it: it goes on in the first, which exits 0.
    func testADownloadRunByHaulResumeStaysThereToo() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                let download = ThrottledDownload(server, in: dir, size: 3 << 20, seed: 603)
                let (content, state) = (download.content, download.state)
                let add = try HaulProcess.run(["add", "--state-dir", state.path, "-x", "1", server.url("/f.bin")], in: dir.url)
                XCTAssertEqual(add.status, 0, add.stderr)
                let session = try TerminalSession(["resume", "1", "--state-dir", state.path], in: dir.url)
                defer { session.hangUp() }
                XCTAssertTrue(download.waitUntilUnderWay())
                let again = try HaulProcess.run(["resume", "1", "--state-dir", state.path], in: dir.url, timeout: 20)
                XCTAssertEqual(again.status, 0, again.stderr)
                XCTAssertTrue(again.stdout.contains("1 is downloading in haul process \(session.pid)"), again.stdout + again.stderr)
                XCTAssertEqual(try HaulProcess.run(["pause", "1", "--state-dir", state.path], in: dir.url).status, 0)
                XCTAssertTrue(session.waitFor("space: resume, q: quit"), TerminalSession.visible(session.output))
                let resume = try HaulProcess.run(["resume", "1", "--state-dir", state.path], in: dir.url, timeout: 20)
                XCTAssertEqual(resume.status, 0, resume.stderr)
                XCTAssertTrue(resume.stdout.contains("resumed 1 in haul process \(session.pid)"), resume.stdout + resume.stderr)
                let result = session.finish()
                XCTAssertEqual(result.status, 0, TerminalSession.visible(result.output))
                XCTAssertEqual(FileManager.default.contents(atPath: dir.file("f.bin").path), Data(content))
            }
        }
    }
}
