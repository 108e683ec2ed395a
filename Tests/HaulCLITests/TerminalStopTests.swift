import Foundation
import HaulCore
import HaulTestSupport
import XCTest

/// The terminal views at the end of a run and when stopped: what they keep saying, and what they stop offering.
final class TerminalStopTests: XCTestCase {
    /// `q` on a single bar: the bar says `stopped, N kept` instead of freezing at `0 B/s ETA --`.
    func testAStoppedBarSaysWhatItKept() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                let download = ThrottledDownload(server, in: dir, size: 6 << 20, seed: 95)
                let (state, part) = (download.state, download.part)
                let session = try TerminalSession(download.line, in: dir.url)
                defer { session.hangUp() }
                XCTAssertTrue(download.waitUntilUnderWay())
                session.type("q")
                let result = session.finish()
                XCTAssertEqual(result.status, 130, TerminalSession.visible(result.output))
                let kept = try XCTUnwrap(durableBytes(stateDirectory: state, partPath: part))
                let last = try XCTUnwrap(TerminalSession.drawnLines(result.output).last { $0.hasPrefix("f.bin") })
                XCTAssertTrue(last.contains("stopped, \(ByteCount.format(kept)) kept"), last)
                XCTAssertFalse(last.contains("ETA --"), last)
                XCTAssertFalse(last.contains("space:"), "a stopped bar offers no keys: \(last)")
            }
        }
    }

    /// `haul pause ID` from another terminal: the bar says paused with the bytes kept and offers `space: resume`
    /// instead of `space: pause` (the keys follow the download's state, not the keys pressed here); it waits for a
    /// key rather than exiting (issue 35), and `q` then ends it with 130.
    func testAPauseFromElsewhereIsShownAndNoPauseKeyIsOffered() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                let download = ThrottledDownload(server, in: dir, size: 6 << 20, seed: 97)
                let state = download.state
                let session = try TerminalSession(download.line, in: dir.url)
                defer { session.hangUp() }
                XCTAssertTrue(download.waitUntilUnderWay())
                let pause = try HaulProcess.run(["pause", "1", "--state-dir", state.path], in: dir.url)
                XCTAssertEqual(pause.status, 0, pause.stderr)
                XCTAssertTrue(session.waitFor("space: resume, q: quit"), TerminalSession.visible(session.output))
                session.type("q")
                let result = session.finish()
                XCTAssertEqual(result.status, 130, TerminalSession.visible(result.output))
                let last = try XCTUnwrap(TerminalSession.drawnLines(result.output).last { $0.hasPrefix("f.bin") })
                XCTAssertTrue(last.contains("paused, "), last)
                XCTAssertFalse(last.contains("space: pause"), "a paused download still offers space: pause: \(last)")
            }
        }
    }

    /// Paused with a key, then removed from another terminal (`haul remove 1`): the bar stops waiting for a key that
    /// has nothing left to resume, says it was cancelled, and exits 130 (before: it kept saying `paused, ... kept`
    /// over a `.part` that was gone, and `q` then said the partial file was kept).
    func testAKeyPausedDownloadRemovedElsewhereEndsAsCancelled() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                let download = ThrottledDownload(server, in: dir, size: 6 << 20, seed: 98)
                let (state, part) = (download.state, download.part)
                let session = try TerminalSession(download.line, in: dir.url)
                defer { session.hangUp() }
                XCTAssertTrue(download.waitUntilUnderWay())
                session.type("p")
                XCTAssertTrue(session.waitFor("space: resume, q: quit"), TerminalSession.visible(session.output))
                let remove = try HaulProcess.run(["remove", "1", "--state-dir", state.path], in: dir.url)
                XCTAssertEqual(remove.status, 0, remove.stderr)
                let result = session.finish()
                XCTAssertEqual(result.status, 130, TerminalSession.visible(result.output))
                XCTAssertTrue(TerminalSession.visible(result.output).contains("f.bin: cancelled"), TerminalSession.visible(result.output))
                XCTAssertFalse(TerminalSession.visible(result.output).contains("partial files are kept"))
                XCTAssertFalse(FileManager.default.fileExists(atPath: part))
            }
        }
    }

    /// Removed from another terminal while it runs: the bar's last drawing says `cancelled` (before: it froze at
    /// `0 B/s ETA --` above the error line), and the run exits 130.
    func testARunningDownloadRemovedElsewhereSaysCancelledOnItsBar() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                let download = ThrottledDownload(server, in: dir, size: 6 << 20, seed: 99)
                let (state, part) = (download.state, download.part)
                let session = try TerminalSession(download.line, in: dir.url)
                defer { session.hangUp() }
                XCTAssertTrue(download.waitUntilUnderWay())
                let remove = try HaulProcess.run(["remove", "1", "--state-dir", state.path], in: dir.url)
                XCTAssertEqual(remove.status, 0, remove.stderr)
                let result = session.finish()
                let shown = TerminalSession.visible(result.output)
                XCTAssertEqual(result.status, 130, shown)
                let lines = TerminalSession.drawnLines(result.output)
                let bar = try XCTUnwrap(lines.last { $0.hasPrefix("f.bin") && !$0.hasPrefix("f.bin:") }, shown)
                XCTAssertTrue(bar.hasSuffix("cancelled"), "its last drawing: \(bar)")
                XCTAssertFalse(FileManager.default.fileExists(atPath: part))
            }
        }
    }

    /// The multi view: after `q` each stopped download leaves a line with the bytes kept; the final total line
    /// offers no keys and gives the run's average speed; the rows' bars line up.
    func testMultiViewStopsVisiblyAndEndsWithTheAverage() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                let names = ["a.bin", "bb.bin"]
                for (index, name) in names.enumerated() {
                    server.serve("/\(name)", FileResource(content: deterministicBytes(count: 8 << 20, seed: 96 + UInt64(index))), bytesPerSecond: (256 + 256 * index) << 10)
                }
                let state = dir.file("s")
                let session = try TerminalSession(
                    ["--state-dir", state.path, "-x", "1"] + names.map { server.url("/\($0)") }, in: dir.url, columns: 100
                )
                defer { session.hangUp() }
                XCTAssertTrue(waitUntil(timeout: 20) {
                    names.allSatisfy { (durableBytes(stateDirectory: state, partPath: dir.file("\($0).part").path) ?? 0) > 0 }
                })
                session.type("q")
                let result = session.finish()
                let lines = TerminalSession.drawnLines(result.output)
                XCTAssertEqual(result.status, 130, lines.joined(separator: "\n"))
                for name in names {
                    XCTAssertTrue(lines.contains { $0.hasPrefix("stopped  \(name)") && $0.hasSuffix("kept") }, "\(name) vanished: \(lines)")
                }
                let total = try XCTUnwrap(lines.last { $0.hasPrefix("total") })
                XCTAssertFalse(total.contains("space:"), "the keys outlive the run: \(total)")
                XCTAssertTrue(total.contains("avg "), "the final total gives the average, not 0 B/s: \(total)")

                let rows = lines.filter { line in names.contains { line.hasPrefix($0) } && line.contains("[") }
                let columns = Set(rows.compactMap { row in row.firstIndex(of: "]").map { row.distance(from: row.startIndex, to: $0) } })
                XCTAssertFalse(rows.isEmpty, "\(lines)")
                XCTAssertEqual(columns.count, 1, "bars of different widths: \(rows)")
            }
        }
    }
}
