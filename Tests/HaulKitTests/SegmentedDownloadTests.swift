import Foundation
import HaulCore
@testable import HaulKit
import HaulTestSupport
import XCTest

/// One file over several connections, against a server that misbehaves on purpose.
final class SegmentedDownloadTests: XCTestCase {
    private let content = deterministicBytes(count: 8 << 20, seed: 17)
    private let mib: Int64 = 1 << 20

    private func ranged(_ server: TestServer, _ path: String) -> [TestRequest] {
        server.requests(for: path).filter { $0.header("Range") != nil }
    }

    private func ranged(_ server: ScriptedServer, _ path: String) -> [TestRequest] {
        server.requests(for: path).filter { $0.header("Range") != nil }
    }

    func testSplitsAcrossConnectionsIntoOneFile() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/f", FileResource(content: content), bytesPerSecond: 4 << 20)
                try await withHarness(dir) { harness in
                    let request = harness.request(server.url("/f"), connections: 4, minimumSplitSize: mib)
                    let (outcome, updates) = try await harness.run(request)
                    assertCompleted(outcome, at: harness.path("file.bin"), equals: content)
                    let requests = server.requests(for: "/f")
                    XCTAssertNil(requests.first?.header("Range"), "the first GET streams from byte 0 at once")
                    let ranges = ranged(server, "/f")
                    XCTAssertGreaterThanOrEqual(ranges.count, 3)
                    for request in ranges {
                        XCTAssertEqual(request.header("If-Range"), "\"v1\"", "every range is guarded by the validator")
                        XCTAssertEqual(request.header("Accept-Encoding"), "identity")
                        XCTAssertFalse(request.header("Range")!.contains(","), "one range per request")
                    }
                    XCTAssertGreaterThanOrEqual(server.maxOpenConnections, 3)
                    let connections = updates.compactMap { if case .progress(let p) = $0 { return p.activeConnections } else { return nil } }
                    XCTAssertGreaterThan(connections.max() ?? 0, 1, "progress reports several active connections")
                    let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.url.path).sorted()
                    XCTAssertEqual(leftovers, ["file.bin", "state"], "one file, no per-segment pieces")
                }
            }
        }
    }

    func testSmallFileUsesOneConnectionAndOneRequest() async throws {
        try await withScriptedServer { server in
            try await withTemporaryDirectory { dir in
                let small = deterministicBytes(count: 1 << 20)
                server.serve("/f", FileResource(content: small))
                try await withHarness(dir, server: server) { harness in
                    let (outcome, _) = try await harness.run(harness.request(server.url("/f"), connections: 8, minimumSplitSize: mib))
                    assertCompleted(outcome, at: harness.path("file.bin"), equals: small)
                    XCTAssertEqual(server.requests(for: "/f").count, 1, "no extra round trip when splitting is not worth it")
                }
            }
        }
    }

    func testServerRefusingRangesGetsOneConnection() async throws {
        try await withScriptedServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/f", FileResource(content: content, acceptRanges: "none"))
                try await withHarness(dir, server: server) { harness in
                    let (outcome, _) = try await harness.run(harness.request(server.url("/f"), connections: 8, minimumSplitSize: mib))
                    assertCompleted(outcome, at: harness.path("file.bin"), equals: content)
                    XCTAssertEqual(server.requests(for: "/f").count, 1)
                }
            }
        }
    }

    // A liar: advertises ranges, answers every range with the whole file (docs/http-rules.md rule 5: never merged).
    func testLiarAdvertisingRangesFallsBackToOneConnection() async throws {
        try await withScriptedServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/f", FileResource(content: content, honorsRanges: false), bytesPerSecond: 8 << 20)
                try await withHarness(dir, server: server) { harness in
                    let (outcome, updates) = try await harness.run(harness.request(server.url("/f"), connections: 4, minimumSplitSize: mib))
                    assertCompleted(outcome, at: harness.path("file.bin"), equals: content)
                    XCTAssertTrue(notices(updates).contains { $0.contains("one connection") }, "\(notices(updates))")
                }
            }
        }
    }

    func testWrongPartialResponsesFallBackToOneConnection() async throws {
        try await withScriptedServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/f", FileResource(content: content, rangeFault: .wrongTotal(5)), bytesPerSecond: 8 << 20)
                try await withHarness(dir, server: server) { harness in
                    let (outcome, _) = try await harness.run(harness.request(server.url("/f"), connections: 4, minimumSplitSize: mib))
                    assertCompleted(outcome, at: harness.path("file.bin"), equals: content)
                }
            }
        }
    }

    // Rule 7: when the file changes mid-download, every partial byte goes and the new version is fetched whole.
    func testValidatorChangeMidDownloadRestartsCleanly() async throws {
        let newer = deterministicBytes(count: (8 << 20) + 12345, seed: 77)
        for honoursIfRange in [true, false] {
            try await withScriptedServer { server in
                try await withTemporaryDirectory { dir in
                    let old = FileResource(content: content, etag: "\"v1\"")
                    let new = FileResource(content: newer, etag: "\"v2\"", honorsIfRange: honoursIfRange)
                    server.route("/f") { request in
                        // The first two requests see v1; from then on the server has v2.
                        var response = request.index < 2 ? old.response(for: request) : new.response(for: request)
                        response.bytesPerSecond = 4 << 20
                        return response
                    }
                    try await withHarness(dir, server: server) { harness in
                        let (outcome, updates) = try await harness.run(harness.request(server.url("/f"), connections: 4, minimumSplitSize: mib))
                        assertCompleted(outcome, at: harness.path("file.bin"), equals: newer)
                        XCTAssertTrue(restarts(updates).contains(RestartReason.versionChanged.description), "If-Range honoured: \(honoursIfRange)")
                    }
                }
            }
        }
    }

    func testDroppedConnectionsAreResumed() async throws {
        try await withScriptedServer { server in
            try await withTemporaryDirectory { dir in
                let file = FileResource(content: content)
                server.route("/f") { request in
                    var response = file.response(for: request)
                    response.bytesPerSecond = 4 << 20
                    if request.header("Range") != nil, request.index < 4 { response.closeAfterBodyBytes = 300_000 }
                    return response
                }
                try await withHarness(dir, server: server) { harness in
                    let (outcome, updates) = try await harness.run(harness.request(server.url("/f"), connections: 4, minimumSplitSize: mib))
                    assertCompleted(outcome, at: harness.path("file.bin"), equals: content)
                    XCTAssertTrue(updates.contains { if case .retrying = $0 { return true } else { return false } })
                }
            }
        }
    }

    // 429/503 to a range: that connection gives up its range, and fewer connections are used from then on.
    func testTooManyConnectionsLowersTheCap() async throws {
        try await withScriptedServer { server in
            try await withTemporaryDirectory { dir in
                let file = FileResource(content: content)
                server.route("/f") { request in
                    // The first three ranged requests are refused as "too many connections"; later ones are served.
                    let rangedBefore = server.requests(for: "/f").dropLast().filter { $0.header("Range") != nil }.count
                    if request.header("Range") != nil, rangedBefore < 3 {
                        return .text(503, "too many connections", headers: [("Retry-After", "0")])
                    }
                    var response = file.response(for: request)
                    response.bytesPerSecond = 4 << 20
                    return response
                }
                try await withHarness(dir, server: server, retries: 10) { harness in
                    let (outcome, _) = try await harness.run(harness.request(server.url("/f"), connections: 8, minimumSplitSize: mib))
                    assertCompleted(outcome, at: harness.path("file.bin"), equals: content)
                    XCTAssertEqual(server.requests(for: "/f").filter { $0.header("Range") != nil }.prefix(3).count, 3)
                    XCTAssertGreaterThan(server.requests(for: "/f").count, 4, "refused ranges were fetched again")
                }
            }
        }
    }

    // One connection 50x slower than the others is taken over; without that it would need about 100 s.
    func testOneVerySlowConnectionCannotHoldTheFileHostage() async throws {
        let big = deterministicBytes(count: 16 << 20, seed: 5)
        try await withScriptedServer { server in
            try await withTemporaryDirectory { dir in
                let file = FileResource(content: big)
                let slowStart = "bytes=\(4 << 20)-"
                server.route("/f") { request in
                    var response = file.response(for: request)
                    let isFirstSlowRange = request.header("Range")?.hasPrefix(slowStart) == true
                        && !server.requests(for: "/f").dropLast().contains { $0.header("Range")?.hasPrefix(slowStart) == true }
                    response.bytesPerSecond = isFirstSlowRange ? 20 << 10 : 1 << 20
                    return response
                }
                try await withHarness(dir, server: server) { harness in
                    let started = Date()
                    let (outcome, updates) = try await harness.run(harness.request(server.url("/f"), connections: 4, minimumSplitSize: mib))
                    assertCompleted(outcome, at: harness.path("file.bin"), equals: big)
                    XCTAssertLessThan(Date().timeIntervalSince(started), 40, "the slow connection's range was taken over")
                    _ = updates
                }
            }
        }
    }

    // The slow-first case: the first GET (from byte 0) is 64x slower than the ranges. The connections that finish
    // their own segments take over its range long before the 2 s speed judgement could, and progress shows it:
    // the segment from byte 0 passes to a connection that started elsewhere (a finisher keeps its number).
    func testASlowFirstConnectionIsTakenOverByOneThatFinished() async throws {
        let big = deterministicBytes(count: 16 << 20, seed: 9)
        try await withScriptedServer { server in
            try await withTemporaryDirectory { dir in
                let file = FileResource(content: big)
                server.route("/f") { request in
                    var response = file.response(for: request)
                    // From byte 0: the whole-file probe and the range its connection asks for again (issue 56).
                    let fromZero = request.header("Range").map { $0.hasPrefix("bytes=0-") } ?? true
                    response.bytesPerSecond = fromZero ? 64 << 10 : 3 << 20
                    return response
                }
                try await withHarness(dir, server: server) { harness in
                    let (outcome, updates) = try await harness.run(harness.request(server.url("/f"), connections: 4, minimumSplitSize: mib))
                    assertCompleted(outcome, at: harness.path("file.bin"), equals: big)
                    let details = updates.compactMap { if case .progress(let p) = $0 { return p.connections } else { return nil } }
                    XCTAssertTrue(details.contains { $0.count == 4 }, "four connections reported")
                    for detail in details {
                        XCTAssertEqual(Set(detail.map(\.id)).count, detail.count, "one entry per connection")
                        XCTAssertTrue(detail.allSatisfy { $0.start <= $0.next && $0.next <= $0.end && $0.end <= Int64(big.count) })
                        XCTAssertEqual(detail.map(\.start), detail.map(\.start).sorted(), "file order")
                    }
                    XCTAssertTrue(details.joined().contains { $0.speed > 0 }, "speeds are measured")
                    let firstOwners = Set(details.joined().filter { $0.start == 0 }.map(\.id))
                    XCTAssertTrue(firstOwners.contains(1))
                    XCTAssertTrue(firstOwners.contains { (2...4).contains($0) }, "a finished connection took over byte 0's range: \(firstOwners)")
                }
            }
        }
    }

    func testPauseAndResumeKeepEverySegment() async throws {
        try await withScriptedServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/f", FileResource(content: content), bytesPerSecond: 2 << 20)
                try await withHarness(dir, server: server) { harness in
                    let task = try await harness.client.download(harness.request(server.url("/f"), connections: 4, minimumSplitSize: mib))
                    try await waitUntilReceived(task, moreThan: mib)  // under way on its segments, far from done
                    try await task.pause()
                    let segments = try harness.client.store.segments(of: task.id.rawValue)
                    XCTAssertGreaterThan(segments.count, 1)
                    let durable = segments.reduce(0) { $0 + ($1.next - $1.start) }
                    XCTAssertGreaterThan(durable, 0)
                    server.clearRequests()
                    try await task.resume()
                    let finished = try await task.outcome()
                    assertCompleted(finished, at: harness.path("file.bin"), equals: content)
                    let resumedStarts = Set(ranged(server, "/f").compactMap { $0.header("Range") })
                    for segment in segments where segment.next < segment.end! {
                        XCTAssertTrue(
                            resumedStarts.contains { $0.hasPrefix("bytes=\(segment.next)-") },
                            "segment \(segment.start) resumed at its durable offset \(segment.next): \(resumedStarts)"
                        )
                    }
                    XCTAssertNil(server.requests(for: "/f").first { $0.header("Range") == nil }, "nothing fetched from 0 again")
                }
            }
        }
    }
}
