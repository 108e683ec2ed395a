import Foundation
import HaulCore
@testable import HaulKit
import HaulTestSupport
import NIOConcurrencyHelpers
import XCTest

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `ConnectionPool` under many concurrent requests, seeded: leases to three hosts over two routes each, held for a
/// moment, given back with a socket to keep or without, some requests cancelled while they wait, and one host's
/// limit lowered and raised halfway. What must hold: no host ever has more connections leased at once than its
/// limit, every request that was not cancelled gets a connection (nobody is stranded), and at the end nothing is
/// leased.
final class ConnectionPoolStressTests: XCTestCase {
    func testManyRequestsToFewHostsNeverPassALimitAndNoneIsStranded() async throws {
        for seed: UInt64 in [1, 2, 3] {
            try await run(seed: seed)
        }
    }

    private struct Step: Sendable {
        var host: Int
        var https: Bool
        var holdMicroseconds: UInt64
        var keepsSocket: Bool
        var cancelsAfterMicroseconds: UInt64?
    }

    private func run(seed: UInt64) async throws {
        let limit = 3
        let pool = ConnectionPool(defaultLimit: limit)
        var random = SeededGenerator(seed: seed)
        let steps = (0..<300).map { _ in
            Step(
                host: Int.random(in: 0..<3, using: &random), https: Bool.random(using: &random),
                holdMicroseconds: UInt64.random(in: 0...2000, using: &random), keepsSocket: Bool.random(using: &random),
                cancelsAfterMicroseconds: Int.random(in: 0..<10, using: &random) == 0
                    ? UInt64.random(in: 0...3000, using: &random) : nil
            )
        }
        // Leased right now, per host, as the holders count them; and the most ever seen.
        let leased = NIOLockedValueBox<(now: [Int: Int], most: [Int: Int])>(([:], [:]))
        let served = NIOLockedValueBox(0)
        let peers = NIOLockedValueBox<[Int32]>([])
        // A stranded waiter would wait for ever: after a minute the pool is closed, which fails every waiter with
        // an error that fails this test instead of hanging it.
        let watchdog = Task {
            try await deadline(.seconds(60))
            pool.closeAll()
        }
        defer { watchdog.cancel() }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, step) in steps.enumerated() {
                if index == 150 {
                    // Halfway: host 0 taught one; later raised back.
                    pool.setLimit(1, forHost: "h0:1")
                }
                let key = PoolKey(scheme: step.https ? "https" : "http", host: "h\(step.host)", port: 1)
                let request = Task {
                    let lease = try await pool.lease(key)
                    leased.withLockedValue { state in
                        state.now[step.host, default: 0] += 1
                        state.most[step.host] = max(state.most[step.host] ?? 0, state.now[step.host]!)
                    }
                    served.withLockedValue { $0 += 1 }
                    try? await Task.sleep(nanoseconds: step.holdMicroseconds * 1000)
                    leased.withLockedValue { $0.now[step.host]! -= 1 }
                    if step.keepsSocket, lease.socket == nil {
                        var pair: [Int32] = [-1, -1]
                        if socketpair(AF_UNIX, streamSocket, 0, &pair) == 0 {
                            peers.withLockedValue { $0.append(pair[1]) }
                            lease.finish(keeping: pair[0])
                            return
                        }
                    }
                    if let socket = lease.socket { lease.finish(keeping: step.keepsSocket ? socket : nil) } else { lease.finish() }
                }
                group.addTask {
                    if let delay = step.cancelsAfterMicroseconds {
                        try? await Task.sleep(nanoseconds: delay * 1000)
                        request.cancel()
                    }
                    do {
                        try await request.value
                    } catch is CancellationError {
                        XCTAssertNotNil(step.cancelsAfterMicroseconds, "seed \(seed): a request nobody cancelled was")
                    }
                }
                if index == 220 { pool.setLimit(nil, forHost: "h0:1") }
            }
            try await group.waitForAll()
        }
        let state = leased.withLockedValue { $0 }
        for host in 0..<3 {
            XCTAssertLessThanOrEqual(state.most[host] ?? 0, limit, "seed \(seed): host \(host) passed its limit")
            XCTAssertEqual(state.now[host] ?? 0, 0, "seed \(seed)")
            XCTAssertLessThanOrEqual(pool.connectionCount(forHost: "h\(host):1"), limit, "seed \(seed): idle ones too")
        }
        XCTAssertGreaterThan(served.withLockedValue { $0 }, 250, "seed \(seed): too few were served to prove anything")
        XCTAssertEqual(state.most.values.max(), limit, "seed \(seed): the limit was never reached: no waiting was tested")
        pool.closeAll()
        for peer in peers.withLockedValue({ $0 }) { close(peer) }
    }
}
