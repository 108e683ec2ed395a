import Foundation
import HaulCore
@testable import HaulKit
import HaulTestSupport
import NIOConcurrencyHelpers
import XCTest

/// A connection that trickles (a server sending a few hundred bytes a second, which never trips the stall timeout)
/// is dropped by the lowest-speed rule and the download resumes at the byte held, on one connection or several.
///
/// On a clock the test moves (`ClockedRun`): the trickle's seconds pass as fast as the engine can take them. The
/// other connections' bytes come with that clock too (fast, but paced), or, for the single connection's resume,
/// once time stands still: no window of the rule can pass over a connection that is not throttled.
final class LowestSpeedTests: XCTestCase {
    private let mib: Int64 = 1 << 20
    /// 2 KB/s over 2 s: the throttled responses below (300 B/s) are under it.
    private let rule = LowestSpeed(bytesPerSecond: 2000, seconds: 2)
    /// Bytes per scripted chunk: a trickle of 300 B/s delivers one every third of a second.
    private let chunk = 100

    /// Serves `content` with the `throttled` requests (by their index on the path) at 300 B/s, and the `fast` ones
    /// at 50 MB/s: bytes that come with time too, so that a fast connection is done long before the first tick.
    private func serveTrickling(_ server: ScriptedServer, _ content: [UInt8], throttled: Set<Int>, fast: Set<Int> = []) {
        let file = FileResource(content: content)
        server.route("/f") { request in
            var response = file.response(for: request)
            if throttled.contains(request.index) { response.bytesPerSecond = 300 }
            if fast.contains(request.index) { response.bytesPerSecond = 50_000_000 }
            return response
        }
    }

    private func rangeStart(_ request: TestRequest) -> Int64? {
        guard let range = request.header("Range"), range.hasPrefix("bytes=") else { return nil }
        return Int64(range.dropFirst(6).prefix { $0.isNumber })
    }

    func testATricklingSingleConnectionIsDroppedAndResumed() async throws {
        let content = deterministicBytes(count: 64 << 10, seed: 151)
        let clock = ManualClock()
        try await withScriptedServer { server in
            serveTrickling(server, content, throttled: [0])
            try await withTemporaryDirectory { dir in
                try await withHarness(dir, server: server, stallTimeout: 30, lowestSpeed: rule, clock: clock, chunkSize: chunk) { harness in
                    let run = try await ClockedRun.start(harness.request(server.url("/f"), connections: 1), on: harness, clock: clock)
                    // The trickle until the rule drops it, then the backoff; then time stands still.
                    await run.moveTime { server.requests(for: "/f").count > 1 }
                    assertCompleted(try await run.task.outcome(), at: harness.path("file.bin"), equals: content)
                    let requests = server.requests(for: "/f")
                    XCTAssertEqual(requests.count, 2, "one trickling response, then one resumed")
                    XCTAssertGreaterThan(requests.last.flatMap(rangeStart) ?? 0, 0, "resumed at the bytes held, not from 0")
                    let reasons = run.updates.compactMap { if case .retrying(_, _, let reason) = $0 { return reason } else { return nil } }
                    XCTAssertEqual(reasons.count, 1, "\(reasons)")
                    XCTAssertTrue(reasons.first?.contains("below the lowest speed of") ?? false, "\(reasons)")
                    XCTAssertGreaterThanOrEqual(clock.seconds, rule.spanSeconds, "dropped only after a whole window of the rule")
                }
            }
        }
    }

    /// Two connections on 2 MiB: the first finishes within milliseconds (of the test's clock: before the first tick
    /// measures it); the second holds the only remaining segment (too small to split) and trickles. With nobody left
    /// to compare it with, only the lowest-speed rule can replace it.
    func testATricklingConnectionHoldingTheLastSegmentIsReplaced() async throws {
        let content = deterministicBytes(count: 2 << 20, seed: 152)
        let clock = ManualClock()
        try await withScriptedServer { server in
            // The first request for the second half trickles; every other one is fast (the probe, the first half
            // asked again as a range once the probe's head came (issue 56), and the fresh connection).
            let file = FileResource(content: content)
            let trickled = NIOLockedValueBox(false)
            server.route("/f") { request in
                var response = file.response(for: request)
                let secondHalf = request.header("Range").map { $0.hasPrefix("bytes=\(1 << 20)-") } ?? false
                let first = secondHalf && trickled.withLockedValue { done in defer { done = true }; return !done }
                response.bytesPerSecond = first ? 300 : 50_000_000
                return response
            }
            try await withTemporaryDirectory { dir in
                try await withHarness(dir, server: server, stallTimeout: 30, lowestSpeed: rule, clock: clock, chunkSize: 2 * chunk) { harness in
                    let request = harness.request(server.url("/f"), connections: 2, minimumSplitSize: mib)
                    let run = try await ClockedRun.start(request, on: harness, clock: clock)
                    assertCompleted(try await run.outcome(moves: 50_000), at: harness.path("file.bin"), equals: content)
                    let starts = server.requests(for: "/f").compactMap(rangeStart)
                    XCTAssertTrue(starts.contains(mib), "the second connection asked for the second half: \(starts)")
                    XCTAssertTrue(starts.dropFirst().contains { $0 > mib && $0 < 2 * mib }, "a fresh connection resumed the trickling range where it stopped: \(starts)")
                    XCTAssertGreaterThanOrEqual(clock.seconds, rule.spanSeconds, "replaced only after a whole window of the rule")
                }
            }
        }
    }

    /// A bandwidth limit of the client's own suspends the rule: a download held to 1 KB/s is not dropped.
    func testADownloadHeldBackByItsOwnLimitIsNotDropped() async throws {
        let content = deterministicBytes(count: 6 << 10, seed: 153)
        let clock = ManualClock()
        try await withScriptedServer { server in
            serveTrickling(server, content, throttled: [])
            try await withTemporaryDirectory { dir in
                try await withHarness(dir, server: server, stallTimeout: 30, lowestSpeed: rule, clock: clock, chunkSize: chunk) { harness in
                    var request = harness.request(server.url("/f"), connections: 1)
                    request.maxBytesPerSecond = 1000
                    let run = try await ClockedRun.start(request, on: harness, clock: clock)
                    assertCompleted(try await run.outcome(), at: harness.path("file.bin"), equals: content)
                    XCTAssertEqual(server.requests(for: "/f").count, 1, "never dropped")
                    XCTAssertEqual(run.retryDelays, [])
                    XCTAssertGreaterThan(clock.seconds, 4, "6 KiB at 1 KB/s took its seconds, on the test's clock")
                }
            }
        }
    }
}
