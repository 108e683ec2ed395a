import Foundation
import HaulTestSupport
import XCTest

/// `haul list --json` says what crossed the wire for each download and what its file kept (issue 56, point 2), under
/// the names `--progress json` gives a run's counts: `received` and `kept`.
final class ListWireBytesTests: XCTestCase {
    private let content = deterministicBytes(count: 8 << 20, seed: 156)

    func testAFinishedSplitDownloadListsTheBytesReceivedAndKept() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/f.bin", FileResource(content: content), bytesPerSecond: 2 << 20)
                let state = ["--state-dir", dir.file("s").path]
                let run = try HaulProcess.run(
                    state + ["--progress", "json", "-x", "4", "--min-split-size", "1M", server.url("/f.bin")], in: dir.url
                )
                XCTAssertEqual(run.status, 0, run.stderr)
                XCTAssertTrue(contents(dir.file("f.bin")) == content)
                let progress = try run.stdout.split(separator: "\n").map {
                    try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
                }.filter { $0["type"] as? String == "progress" }
                XCTAssertTrue(progress.contains { ($0["connections"] as? Int ?? 0) > 1 }, "a split download: \(run.stdout)")
                let runReceived = try XCTUnwrap(progress.last?["received"] as? Int, "\(run.stdout)")

                for format in ["--json", "--json-lines"] {
                    let list = try HaulProcess.run(["list", format] + state, in: dir.url)
                    XCTAssertEqual(list.status, 0, list.stderr)
                    let text = format == "--json" ? list.stdout : "[" + list.stdout.split(separator: "\n").joined(separator: ",") + "]"
                    let rows = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]], list.stdout)
                    XCTAssertEqual(rows.count, 1, list.stdout)
                    let row = try XCTUnwrap(rows.first)
                    XCTAssertEqual(row["state"] as? String, "completed")
                    let kept = try XCTUnwrap(row["kept"] as? Int, "\(format): \(row)")
                    let received = try XCTUnwrap(row["received"] as? Int, "\(format): \(row)")
                    XCTAssertEqual(kept, content.count, "\(format): one run kept the whole file")
                    XCTAssertGreaterThanOrEqual(received, kept, "\(format): \(row)")
                    // What the run counted when it completed: no more than its last progress line says.
                    XCTAssertLessThanOrEqual(received, runReceived, "\(format): \(row)")
                }
            }
        }
    }

    /// A run stopped by Ctrl-C stores its counts too, and the run that completes adds its own: the counts are the
    /// download's, over its runs.
    func testEachRunAddsItsCounts() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/f.bin", FileResource(content: content), bytesPerSecond: 1 << 20)
                let state = dir.file("s")
                let arguments = ["-x", "2", "--state-dir", state.path, server.url("/f.bin")]
                let running = try HaulProcess(arguments, in: dir.url)
                let part = dir.file("f.bin.part").path
                XCTAssertTrue(waitUntil(timeout: 20) { (durableBytes(stateDirectory: state, partPath: part) ?? 0) > 0 })
                running.signal(SIGINT)
                XCTAssertEqual(running.finish().status, 130)
                let stopped = try listed(state)
                XCTAssertGreaterThan(stopped.kept, 0, "the stopped run's counts are stored")
                XCTAssertGreaterThanOrEqual(stopped.received, stopped.kept)

                server.serve("/f.bin", FileResource(content: content))
                let rest = try HaulProcess.run(arguments, in: dir.url)
                XCTAssertEqual(rest.status, 0, rest.stderr)
                XCTAssertTrue(contents(dir.file("f.bin")) == content)
                let done = try listed(state)
                // The second run kept at least what the first had not made durable.
                XCTAssertGreaterThanOrEqual(done.kept, content.count, "both runs' kept bytes: \(done)")
                XCTAssertGreaterThan(done.received, stopped.received)
                XCTAssertGreaterThanOrEqual(done.received, done.kept)
            }
        }
    }

    /// The one download's `received` and `kept` in `haul list --json`.
    private func listed(_ state: URL) throws -> (received: Int, kept: Int) {
        let list = try HaulProcess.run(["list", "--json", "--state-dir", state.path], in: state.deletingLastPathComponent())
        XCTAssertEqual(list.status, 0, list.stderr)
        let rows = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]], list.stdout)
        let row = try XCTUnwrap(rows.first, list.stdout)
        return (try XCTUnwrap(row["received"] as? Int, "\(row)"), try XCTUnwrap(row["kept"] as? Int, "\(row)"))
    }
}
