import Foundation
import HaulCore
import HaulTestSupport
import XCTest

@testable import HaulKit

/// `-x auto` and the per-host budget against the project's test server: a server that caps each connection gets
/// them all; one fast pipe shared by every connection keeps few (and teaches that more were no faster); a server
/// that answers 429 to a fifth request in flight teaches four, and the next download stays within them.
final class ChosenConnectionsTests: XCTestCase {
    private let mib: Int64 = 1 << 20

    private func chosen(_ harness: Harness, _ url: String, to name: String = "file.bin") -> DownloadRequest {
        var request = harness.request(url, to: name, connections: 16, minimumSplitSize: mib)
        request.autoConnections = true
        return request
    }

    func testEveryConnectionBringingItsShareKeepsTheCeiling() async throws {
        let content = deterministicBytes(count: 48 << 20, seed: 371)
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/f", FileResource(content: content), bytesPerSecond: 1 << 20)
                try await withHarness(dir) { harness in
                    let (outcome, _) = try await harness.run(chosen(harness, server.url("/f")))
                    assertCompleted(outcome, at: harness.path("file.bin"), equals: content)
                    XCTAssertGreaterThanOrEqual(server.maxRequestsInFlight, 12, "it never tried the ceiling")
                    XCTAssertEqual(try harness.client.learnedHostBudgetsBlocking(), [], "sixteen paid: nothing to learn")
                }
            }
        }
    }

    func testOneFastPipeKeepsFewConnectionsAndTeachesThatMoreWereNoFaster() async throws {
        let content = deterministicBytes(count: 32 << 20, seed: 372)
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/f", FileResource(content: content))
                server.shareBandwidth(bytesPerSecond: 8 << 20)
                try await withHarness(dir) { harness in
                    let (outcome, _) = try await harness.run(chosen(harness, server.url("/f")))
                    assertCompleted(outcome, at: harness.path("file.bin"), equals: content)
                    let lesson = try XCTUnwrap(try harness.client.learnedHostBudgetsBlocking().first, "nothing learned")
                    XCTAssertEqual(lesson.host, "127.0.0.1:\(server.port)")
                    XCTAssertEqual(lesson.lesson, .slower)
                    XCTAssertLessThan(lesson.limit, 16, "\(lesson)")

                    // A typed count is not held to a measurement.
                    server.clearRequests()
                    let typed = harness.request(server.url("/f"), to: "typed.bin", connections: 16, minimumSplitSize: mib)
                    let (again, _) = try await harness.run(typed)
                    assertCompleted(again, at: harness.path("typed.bin"), equals: content)
                    XCTAssertGreaterThan(server.maxRequestsInFlight, lesson.limit, "-x 16 was cut to what auto measured")
                }
            }
        }
    }

    func testA429ToAFifthRequestTeachesFourAndTheNextDownloadStaysWithinThem() async throws {
        let content = deterministicBytes(count: 16 << 20, seed: 373)
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/f", FileResource(content: content), bytesPerSecond: 4 << 20)
                server.limitRequestsPerClient(ClientRequestLimit(requests: 4, status: 429))
                try await withHarness(dir, retries: 5) { harness in
                    let typed = harness.request(server.url("/f"), connections: 8, minimumSplitSize: mib)
                    let (outcome, _) = try await harness.run(typed)
                    assertCompleted(outcome, at: harness.path("file.bin"), equals: content)
                    XCTAssertGreaterThan(server.refusedRequests, 0, "the server never refused: the test proves nothing")
                    let lesson = try XCTUnwrap(try harness.client.learnedHostBudgetsBlocking().first, "nothing learned")
                    XCTAssertEqual(lesson.lesson, .refused)
                    XCTAssertTrue((1...4).contains(lesson.limit), "\(lesson)")
                    XCTAssertTrue(lesson.reason.contains("429"), lesson.reason)
                    let pool = try XCTUnwrap(harness.client.transport as? HTTPTransport).pool
                    XCTAssertEqual(pool.limit(forHost: lesson.host), lesson.limit, "the one pool holds every download to it")

                    server.clearRequests()
                    let next = harness.request(server.url("/f"), to: "next.bin", connections: 8, minimumSplitSize: mib)
                    let (second, _) = try await harness.run(next)
                    assertCompleted(second, at: harness.path("next.bin"), equals: content)
                    XCTAssertEqual(server.refusedRequests, 0, "the next download asked for more than the host takes")
                    XCTAssertLessThanOrEqual(server.maxRequestsInFlight, lesson.limit)
                }
            }
        }
    }

    /// Two downloads to one host at once share its budget: the first holds what it chose up to 16, the second
    /// gets what is left (at least one), so the host never sees 32.
    func testTwoDownloadsToOneHostShareItsBudget() async throws {
        let content = deterministicBytes(count: 24 << 20, seed: 374)
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/a", FileResource(content: content), bytesPerSecond: 2 << 20)
                server.serve("/b", FileResource(content: content), bytesPerSecond: 2 << 20)
                try await withHarness(dir) { harness in
                    let (requestA, requestB) = (chosen(harness, server.url("/a"), to: "a.bin"), chosen(harness, server.url("/b"), to: "b.bin"))
                    async let a = harness.run(requestA)
                    async let b = harness.run(requestB)
                    let (first, second) = try await (a, b)
                    assertCompleted(first.0, at: harness.path("a.bin"), equals: content)
                    assertCompleted(second.0, at: harness.path("b.bin"), equals: content)
                    XCTAssertGreaterThan(server.maxRequestsInFlight, 4, "neither went past its first level")
                    XCTAssertLessThanOrEqual(server.maxRequestsInFlight, 17, "the two did not share the host's 16")
                }
            }
        }
    }

    /// A download to a host another download already holds whole gets a fair share at once, not the one connection
    /// left over, and the rest when the other ends (`HostShares`). Before: the second ran over one connection for
    /// its whole run, at a sixteenth of what a host that caps each connection gives.
    func testALaterDownloadGetsAShareAtOnceAndTheRestWhenTheFirstEnds() async throws {
        let first = deterministicBytes(count: 16 << 20, seed: 375)
        let second = deterministicBytes(count: 48 << 20, seed: 376)
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/a", FileResource(content: first), bytesPerSecond: 1 << 20)
                server.serve("/b", FileResource(content: second), bytesPerSecond: 1 << 20)
                try await withHarness(dir) { harness in
                    let (requestA, requestB) = (chosen(harness, server.url("/a"), to: "a.bin"), chosen(harness, server.url("/b"), to: "b.bin"))
                    async let a = harness.run(requestA)
                    // The first holds the whole budget (its ceiling is tried second) before the second starts.
                    await eventually(within: .seconds(20)) { server.requests(for: "/a").count >= 16 }
                    XCTAssertGreaterThanOrEqual(server.requests(for: "/a").count, 16, "the first never reached its ceiling")
                    let (outcomeB, updatesB) = try await harness.run(requestB)
                    let (outcomeA, _) = try await a
                    assertCompleted(outcomeA, at: harness.path("a.bin"), equals: first)
                    assertCompleted(outcomeB, at: harness.path("b.bin"), equals: second)
                    let counts = updatesB.compactMap { update -> Int? in
                        if case .progress(let progress) = update { return progress.activeConnections }
                        return nil
                    }
                    XCTAssertGreaterThan(counts.max() ?? 0, 8, "the second never grew past its share: \(Set(counts).sorted())")
                    XCTAssertGreaterThan(server.requests(for: "/b").count, 1, "the one connection left over")
                    XCTAssertLessThanOrEqual(server.maxRequestsInFlight, 17, "the two did not share the host's 16")
                }
            }
        }
    }
}
