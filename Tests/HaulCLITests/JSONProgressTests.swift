import Foundation
import HaulTestSupport
import XCTest

/// `--progress json` for a download over several connections: each progress line describes every connection.
final class JSONProgressTests: XCTestCase {
    private let content = deterministicBytes(count: 8 << 20, seed: 23)

    func testProgressLinesDescribeEachConnection() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                let file = FileResource(content: content)
                server.serve("/f.bin", file, bytesPerSecond: 1 << 20)  // 2 MiB per connection: about 2 s
                let result = try HaulProcess.run(
                    ["--progress", "json", "-x", "4", "--min-split-size", "1M", "--state-dir", dir.file("s").path, server.url("/f.bin")],
                    in: dir.url
                )
                XCTAssertEqual(result.status, 0, result.stderr)
                XCTAssertTrue(contents(dir.file("f.bin")) == content)
                let progress = try result.stdout.split(separator: "\n").map {
                    try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
                }.filter { $0["type"] as? String == "progress" }
                let detailed = progress.compactMap { $0["perConnection"] as? [[String: Any]] }
                XCTAssertEqual(detailed.count, progress.count, "every progress line has the list, empty or not")
                let busy = detailed.filter { $0.count > 1 }
                XCTAssertFalse(busy.isEmpty, "some line shows several connections: \(result.stdout)")
                for (line, entries) in zip(progress, detailed) where !entries.isEmpty {
                    XCTAssertEqual(line["connections"] as? Int, entries.count, "the count matches the list")
                }
                for entry in busy.joined() {
                    let id = try XCTUnwrap(entry["id"] as? Int)
                    let start = try XCTUnwrap(entry["start"] as? Int)
                    let next = try XCTUnwrap(entry["next"] as? Int)
                    let end = try XCTUnwrap(entry["end"] as? Int)
                    let speed = try XCTUnwrap(entry["speed"] as? Int)
                    XCTAssertGreaterThanOrEqual(id, 1)
                    XCTAssertTrue(0 <= start && start <= next && next <= end && end <= content.count, "\(entry)")
                    XCTAssertGreaterThanOrEqual(speed, 0)
                }
                let starts = busy.last!.map { $0["start"] as? Int ?? -1 }
                XCTAssertEqual(starts, starts.sorted(), "connections in file order")
                // Issue 56: what came over the wire and what the file kept; the last object has the run's totals.
                let last = try XCTUnwrap(progress.last)
                let kept = try XCTUnwrap(last["kept"] as? Int, "\(last)")
                let received = try XCTUnwrap(last["received"] as? Int, "\(last)")
                XCTAssertEqual(kept, content.count)
                XCTAssertGreaterThanOrEqual(received, kept)
            }
        }
    }

    /// Stopped with Ctrl-C, the last progress object tells the bytes that were kept, not a count from before.
    func testLastProgressAfterAnInterruptIsTheCountKept() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                let file = FileResource(content: content)
                server.serve("/f.bin", file, bytesPerSecond: 1 << 20)
                let state = dir.file("s")
                let part = dir.file("f.bin.part").path
                let running = try HaulProcess(["--progress", "json", "-x", "2", "--state-dir", state.path, server.url("/f.bin")], in: dir.url)
                XCTAssertTrue(waitUntil(timeout: 20) { (durableBytes(stateDirectory: state, partPath: part) ?? 0) > 0 })
                running.signal(SIGINT)
                let result = running.finish()
                XCTAssertEqual(result.status, 130, result.stderr)
                let kept = try XCTUnwrap(durableBytes(stateDirectory: state, partPath: part))
                let objects = try result.stdout.split(separator: "\n").map {
                    try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
                }
                let last = try XCTUnwrap(objects.last { $0["type"] as? String == "progress" })
                XCTAssertEqual(last["bytes"] as? Int, Int(kept), "\(result.stdout)")
            }
        }
    }
}
