import Foundation
import HaulCore
@testable import HaulKit
import HaulTestSupport
import XCTest

/// A connection that trickles (a server sending a few hundred bytes a second, which never trips the stall timeout)
/// is dropped by the lowest-speed rule and the download resumes at the byte held, on one connection or several.
final class LowestSpeedTests: XCTestCase {
    private let mib: Int64 = 1 << 20
    /// 2 KB/s over 2 s: the throttled responses below (300 B/s) are under it, loopback is far above.
    private let rule = LowestSpeed(bytesPerSecond: 2000, seconds: 2)

    /// Serves `content` with the `throttled` requests (by their index on the path) at 300 B/s.
    private func serveTrickling(_ server: TestServer, _ content: [UInt8], throttled: Set<Int>) {
        let file = FileResource(content: content)
        server.route("/f") { request in
            var response = file.response(for: request)
            if throttled.contains(request.index) { response.bytesPerSecond = 300 }
            return response
        }
    }

    /// Runs `request` to its end, or pauses it after `deadline` seconds (so that a broken rule fails the test
    /// instead of waiting an hour for the trickle).
    private func run(_ harness: Harness, _ request: DownloadRequest, deadline: Double = 40) async throws -> (DownloadOutcome, [DownloadUpdate]) {
        let task = try harness.client.prepare(request)
        let updates = task.updates
        let collector = Task { () -> [DownloadUpdate] in
            var seen: [DownloadUpdate] = []
            do { for try await update in updates { seen.append(update) } } catch {}  // a failure ends it: seen is all
            return seen
        }
        let watchdog = Task {
            try await Task.sleep(nanoseconds: UInt64(deadline * 1_000_000_000))
            try? await task.pause()
        }
        try await task.start()
        let outcome = await task.outcome()
        watchdog.cancel()
        if case .completed = outcome {} else { collector.cancel() }
        return (outcome, await collector.value)
    }

    private func rangeStart(_ request: TestRequest) -> Int64? {
        guard let range = request.header("Range"), range.hasPrefix("bytes=") else { return nil }
        return Int64(range.dropFirst(6).prefix { $0.isNumber })
    }

    func testATricklingSingleConnectionIsDroppedAndResumed() async throws {
        let content = deterministicBytes(count: 64 << 10, seed: 151)
        try await withTestServer { server in
            serveTrickling(server, content, throttled: [0])
            try await withTemporaryDirectory { dir in
                try await withHarness(dir, stallTimeout: 30, lowestSpeed: rule) { harness in
                    let (outcome, updates) = try await run(harness, harness.request(server.url("/f"), connections: 1))
                    assertCompleted(outcome, at: harness.path("file.bin"), equals: content)
                    let requests = server.requests(for: "/f")
                    XCTAssertEqual(requests.count, 2, "one trickling response, then one resumed")
                    XCTAssertGreaterThan(requests.last.flatMap(rangeStart) ?? 0, 0, "resumed at the bytes held, not from 0")
                    let reasons = updates.compactMap { if case .retrying(_, _, let reason) = $0 { return reason } else { return nil } }
                    XCTAssertEqual(reasons.count, 1, "\(reasons)")
                    XCTAssertTrue(reasons.first?.contains("below the lowest speed of") ?? false, "\(reasons)")
                }
            }
        }
    }

    /// Two connections on 2 MiB: the first finishes at once; the second holds the only remaining segment (too small
    /// to split) and trickles. With nobody left to compare it with, only the lowest-speed rule can replace it.
    func testATricklingConnectionHoldingTheLastSegmentIsReplaced() async throws {
        let content = deterministicBytes(count: 2 << 20, seed: 152)
        try await withTestServer { server in
            serveTrickling(server, content, throttled: [1])
            try await withTemporaryDirectory { dir in
                try await withHarness(dir, stallTimeout: 30, lowestSpeed: rule) { harness in
                    let request = harness.request(server.url("/f"), connections: 2, minimumSplitSize: mib)
                    let (outcome, _) = try await run(harness, request)
                    assertCompleted(outcome, at: harness.path("file.bin"), equals: content)
                    let starts = server.requests(for: "/f").compactMap(rangeStart)
                    XCTAssertEqual(starts.first, mib, "the second connection asked for the second half")
                    XCTAssertTrue(starts.dropFirst().contains { $0 > mib && $0 < 2 * mib }, "a fresh connection resumed the trickling range where it stopped: \(starts)")
                }
            }
        }
    }

    /// A bandwidth limit of the client's own suspends the rule: a download held to 1 KB/s is not dropped.
    func testADownloadHeldBackByItsOwnLimitIsNotDropped() async throws {
        let content = deterministicBytes(count: 6 << 10, seed: 153)
        try await withTestServer { server in
            serveTrickling(server, content, throttled: [])
            try await withTemporaryDirectory { dir in
                try await withHarness(dir, stallTimeout: 30, lowestSpeed: rule) { harness in
                    var request = harness.request(server.url("/f"), connections: 1)
                    request.maxBytesPerSecond = 1000
                    let (outcome, updates) = try await run(harness, request)
                    assertCompleted(outcome, at: harness.path("file.bin"), equals: content)
                    XCTAssertEqual(server.requests(for: "/f").count, 1, "never dropped")
                    XCTAssertFalse(updates.contains { if case .retrying = $0 { return true } else { return false } })
                }
            }
        }
    }
}
