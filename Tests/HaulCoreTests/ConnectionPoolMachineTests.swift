import XCTest

@testable import HaulCore

/// The pool's decisions as plain sequences of events and actions (no sockets), and a seeded random run that checks
/// its invariants after every event.
final class ConnectionPoolMachineTests: XCTestCase {
    private let a = PoolKey(scheme: "http", host: "A.example", port: 80)
    private let aViaProxy = PoolKey(scheme: "http", host: "a.example", port: 80, proxy: "squid:3128")
    private let b = PoolKey(scheme: "https", host: "b.example", port: 443)
    private func r(_ n: Int) -> PoolRequestID { PoolRequestID(n) }
    private func c(_ n: Int) -> PooledConnectionID { PooledConnectionID(n) }

    func testAFirstRequestOpensAndAReleasedConnectionIsReused() {
        var pool = ConnectionPoolMachine()
        XCTAssertEqual(pool.request(r(1), for: a), [.open(c(1), a)])
        XCTAssertEqual(pool.connectionOpened(c(1), at: 0), [.lease(c(1), to: r(1))])
        XCTAssertEqual(pool.released(c(1), reusable: true, at: 1), [])
        XCTAssertEqual(pool.request(r(2), for: a), [.lease(c(1), to: r(2))], "keep-alive: no new connection")
        XCTAssertEqual(pool.connectionCount(forHost: "a.example:80"), 1)
    }

    func testTheHostLimitHoldsAndWaitersAreServedInOrder() {
        var pool = ConnectionPoolMachine(settings: .init(defaultLimit: 2))
        XCTAssertEqual(pool.request(r(1), for: a), [.open(c(1), a)])
        XCTAssertEqual(pool.request(r(2), for: a), [.open(c(2), a)])
        XCTAssertEqual(pool.request(r(3), for: a), [], "at the limit: waits")
        XCTAssertEqual(pool.request(r(4), for: a), [])
        XCTAssertEqual(pool.connectionOpened(c(2), at: 0), [.lease(c(2), to: r(1))], "oldest waiter first")
        XCTAssertEqual(pool.connectionOpened(c(1), at: 0), [.lease(c(1), to: r(2))])
        XCTAssertEqual(pool.released(c(2), reusable: true, at: 1), [.lease(c(2), to: r(3))])
        XCTAssertEqual(pool.released(c(1), reusable: false, at: 1), [.open(c(3), a)], "a closed one's place is refilled")
        XCTAssertEqual(pool.waitingCount(forHost: "a.example:80"), 1)
    }

    func testRoutesToOneHostShareItsLimit() {
        var pool = ConnectionPoolMachine(settings: .init(defaultLimit: 1))
        XCTAssertEqual(pool.request(r(1), for: a), [.open(c(1), a)])
        _ = pool.connectionOpened(c(1), at: 0)
        XCTAssertEqual(pool.request(r(2), for: aViaProxy), [], "the same host through a proxy counts too")
        XCTAssertEqual(pool.released(c(1), reusable: true, at: 5), [.close(c(1)), .open(c(2), aViaProxy)],
            "an idle connection of one route gives way to a waiter of another")
        XCTAssertEqual(pool.request(r(3), for: b), [.open(c(3), b)], "another host has its own limit")
    }

    func testAFailedConnectFailsOneWaiterNotAll() {
        var pool = ConnectionPoolMachine(settings: .init(defaultLimit: 2))
        _ = pool.request(r(1), for: a)
        _ = pool.request(r(2), for: a)
        _ = pool.request(r(3), for: a)
        XCTAssertEqual(pool.connectionFailed(c(1), reason: "refused"), [.fail(r(1), reason: "refused"), .open(c(3), a)],
            "r1 fails; r3, which c1 would have served next, gets its own attempt")
        XCTAssertEqual(pool.waitingCount(forHost: "a.example:80"), 2)
        XCTAssertEqual(pool.connectionOpened(c(2), at: 0), [.lease(c(2), to: r(2))])
        XCTAssertEqual(pool.released(c(2), reusable: true, at: 0), [.lease(c(2), to: r(3))])
    }

    func testALoweredLimitClosesIdleAtOnceAndLeasedOnRelease() {
        var pool = ConnectionPoolMachine(settings: .init(defaultLimit: 4))
        for n in 1...4 { _ = pool.request(r(n), for: a) }
        for n in 1...4 { _ = pool.connectionOpened(c(n), at: 0) }
        XCTAssertEqual(pool.released(c(4), reusable: true, at: 1), [])
        XCTAssertEqual(pool.setLimit(2, forHost: "a.example:80"), [.close(c(4))])
        XCTAssertEqual(pool.released(c(3), reusable: true, at: 2), [.close(c(3))], "over the limit: not reused")
        XCTAssertEqual(pool.released(c(2), reusable: true, at: 2), [], "within it again: kept")
        XCTAssertEqual(pool.request(r(5), for: a), [.lease(c(2), to: r(5))])
        XCTAssertEqual(pool.request(r(6), for: a), [], "1 leased + 1 leased = 2: waits")
        XCTAssertEqual(pool.setLimit(3, forHost: "a.example:80"), [.open(c(5), a)], "raised: the waiter gets one")
    }

    func testIdleConnectionsCloseAfterTheirTimeAndTheMostRecentIsLeasedFirst() {
        var pool = ConnectionPoolMachine(settings: .init(defaultLimit: 4, idleSeconds: 60))
        for n in 1...2 { _ = pool.request(r(n), for: a) }
        for n in 1...2 { _ = pool.connectionOpened(c(n), at: 0) }
        _ = pool.released(c(1), reusable: true, at: 10)
        _ = pool.released(c(2), reusable: true, at: 20)
        XCTAssertEqual(pool.request(r(3), for: a), [.lease(c(2), to: r(3))])
        XCTAssertEqual(pool.closeIdle(at: 69), [])
        XCTAssertEqual(pool.closeIdle(at: 70), [.close(c(1))])
        XCTAssertEqual(pool.closed(c(2)), [], "closed by the server while leased: gone, nobody waiting")
        XCTAssertEqual(pool.connectionCount(forHost: "a.example:80"), 0)
    }

    func testACancelledWaiterIsNotServed() {
        var pool = ConnectionPoolMachine(settings: .init(defaultLimit: 1))
        _ = pool.request(r(1), for: a)
        _ = pool.connectionOpened(c(1), at: 0)
        _ = pool.request(r(2), for: a)
        _ = pool.cancel(r(2), for: a)
        XCTAssertEqual(pool.released(c(1), reusable: true, at: 1), [])
    }

    /// Random requests, opens, failures, releases, closes, cancels and limit changes over three hosts, seeded: after
    /// every event, no host has more connections than its limit unless the limit was lowered under it (and then
    /// nothing is opened to it), every lease goes to a request that asked, and nobody waits while its host has room.
    func testInvariantsHoldUnderRandomEvents() {
        for seed in 1...20 as ClosedRange<UInt64> {
            var random = SeededRandom(seed: seed)
            var pool = ConnectionPoolMachine(settings: .init(defaultLimit: 3))
            let keys = [a, aViaProxy, b, PoolKey(scheme: "http", host: "c", port: 8080)]
            var opening: [PooledConnectionID] = []
            var leased: [PooledConnectionID: PoolRequestID] = [:]
            var waiting: [PoolRequestID: PoolKey] = [:]
            var nextRequest = 0
            for _ in 0..<400 {
                var actions: [ConnectionPoolMachine.Action] = []
                switch Int.random(in: 0..<8, using: &random) {
                case 0...1:
                    nextRequest += 1
                    let key = keys.randomElement(using: &random)!
                    waiting[r(nextRequest)] = key
                    actions = pool.request(r(nextRequest), for: key)
                case 2 where !opening.isEmpty:
                    actions = pool.connectionOpened(opening.removeFirst(), at: Double(nextRequest))
                case 3 where !opening.isEmpty:
                    actions = pool.connectionFailed(opening.removeLast(), reason: "refused")
                case 4...5 where !leased.isEmpty:
                    let id = leased.keys.randomElement(using: &random)!
                    leased[id] = nil
                    actions = pool.released(id, reusable: Bool.random(using: &random), at: Double(nextRequest))
                case 6 where !waiting.isEmpty:
                    let (request, key) = waiting.randomElement(using: &random)!
                    waiting[request] = nil
                    actions = pool.cancel(request, for: key)
                case 7:
                    let key = keys.randomElement(using: &random)!
                    actions = pool.setLimit(Int.random(in: 1...4, using: &random), forHost: key.host)
                default:
                    continue
                }
                for action in actions {
                    switch action {
                    case .open(let id, _): opening.append(id)
                    case .lease(let id, let request):
                        XCTAssertNotNil(waiting.removeValue(forKey: request), "seed \(seed): \(request) leased twice or never asked")
                        opening.removeAll { $0 == id }
                        leased[id] = request
                    case .close(let id): XCTAssertNil(leased[id], "seed \(seed): closed a leased connection")
                    case .fail(let request, _): waiting[request] = nil
                    }
                }
                for host in Set(keys.map(\.host)) {
                    let opened = actions.contains { if case .open(_, let key) = $0 { return key.host == host } else { return false } }
                    if opened {
                        XCTAssertLessThanOrEqual(pool.connectionCount(forHost: host), pool.limit(forHost: host), "seed \(seed): \(host)")
                    }
                    if pool.waitingCount(forHost: host) > 0 {
                        let count = pool.connectionCount(forHost: host)
                        XCTAssertGreaterThanOrEqual(count, 1, "seed \(seed): \(host) has waiters and no connection")
                    }
                }
            }
        }
    }
}
