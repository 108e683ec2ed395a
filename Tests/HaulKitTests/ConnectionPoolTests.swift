import AsyncHTTPClient
import Foundation
import HaulCore
@testable import HaulKit
import HaulTestSupport
import NIOConcurrencyHelpers
import NIOCore
import XCTest

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `ConnectionPool`, the one pool every request leases its connection from: keep-alive for the direct client
/// against the project's test server and a raw socket, the per-host limit and its waiters, and the limit a host's
/// lesson sets, through the whole transport.
final class ConnectionPoolTests: XCTestCase {
    private var content: [UInt8] { directContent }

    // MARK: Keep-alive

    private static func key(_ url: String) -> PoolKey {
        HTTPTransport.connectionKey(for: URL(string: url)!, proxy: nil)
    }

    private static func send(_ url: String, pool: ConnectionPool) async throws -> DirectHTTPRequest {
        let target = try XCTUnwrap(DirectHTTPRequest.target(for: URL(string: url)!, fields: [("User-Agent", "haul-test")]))
        return DirectHTTPRequest.send(target, lease: try await pool.lease(key(url)), connectTimeout: 2, stallTimeout: 5)
    }

    private static func body(of url: String, pool: ConnectionPool) async throws -> [UInt8] {
        try await send(url, pool: pool).response().body.collect(upTo: 8 << 20)
    }

    /// A socket pair: the first end for the pool, the second the "server" (closed by the caller).
    private static func pair() throws -> (Int32, Int32) {
        var pair: [Int32] = [-1, -1]
        XCTAssertEqual(socketpair(AF_UNIX, streamSocket, 0, &pair), 0)
        return (pair[0], pair[1])
    }

    /// Whether `peer`'s other end was closed (it reads the end of the stream).
    private static func isClosed(_ peer: Int32) -> Bool {
        var byte: UInt8 = 0
        return recv(peer, &byte, 1, Int32(MSG_DONTWAIT)) == 0
    }

    func testACompleteResponseLeavesItsConnectionForTheNextRequest() async throws {
        try await withTestServer { server in
            server.serve("/a", FileResource(content: content))
            server.route("/c") { _ in
                var response = TestResponse(status: 200, body: Array(directContent.prefix(100_000)))
                response.chunked = true
                return response
            }
            server.route("/empty") { _ in TestResponse(status: 204) }
            let pool = ConnectionPool()
            for path in ["/a", "/c", "/empty", "/a"] {
                let body = try await Self.body(of: server.url(path), pool: pool)
                XCTAssertEqual(body.count, ["/a": content.count, "/c": 100_000, "/empty": 0][path], path)
                XCTAssertEqual(pool.idleCount(Self.key(server.baseURL)), 1, "after \(path)")
            }
            XCTAssertEqual(server.connectionsAccepted, 1, "four requests, one connection")
            pool.closeAll()
            await eventually { server.openConnections == 0 }
            XCTAssertEqual(server.openConnections, 0, "closeAll closes the idle connection")
        }
    }

    func testAConnectionIsKeptOnlyAfterABodyThatEndedWhereItsFramingSaid() async throws {
        let ok = Array("HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\nbody".utf8)
        let cases: [(String, [UInt8])] = [
            ("the server says close", Array("HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 4\r\n\r\nbody".utf8)),
            ("HTTP/1.0 without keep-alive", Array("HTTP/1.0 200 OK\r\nContent-Length: 4\r\n\r\nbody".utf8)),
            ("bytes beyond the length", Array("HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\nbodyEXTRA".utf8)),
            ("a body read to the close", Array("HTTP/1.1 200 OK\r\n\r\nbody".utf8)),
        ]
        for (name, reply) in cases {
            // A body read to the close ends only when the server closes; the others' servers wait for the client.
            let server = try RawServer(script: [[reply]], holdsOpen: name != "a body read to the close")
            let pool = ConnectionPool()
            let body = try await Self.body(of: server.url, pool: pool)
            XCTAssertEqual(String(decoding: body, as: UTF8.self), "body", name)
            XCTAssertEqual(pool.idleCount(Self.key(server.url)), 0, name)
            pool.closeAll()
        }
        // The control: the same exchange, framed and kept alive, is kept.
        let server = try RawServer(script: [[ok]], holdsOpen: true)
        let pool = ConnectionPool()
        _ = try await Self.body(of: server.url, pool: pool)
        XCTAssertEqual(pool.idleCount(Self.key(server.url)), 1)
        pool.closeAll()
    }

    func testAReaderThatStopsEarlyDoesNotLeaveItsConnection() async throws {
        try await withTestServer { server in
            server.serve("/a", FileResource(content: content))
            let pool = ConnectionPool()
            let response = try await Self.send(server.url("/a"), pool: pool).response()
            var iterator = response.body.makeAsyncIterator()
            _ = try await iterator.next()
            _ = consume iterator
            _ = consume response
            await eventually { server.openConnections == 0 }
            XCTAssertEqual(server.openConnections, 0, "a body left unread closes its connection")
            XCTAssertEqual(pool.idleCount(Self.key(server.baseURL)), 0)
        }
    }

    /// A server may close a kept connection just as the next request leaves (its keep-alive timeout): the request
    /// goes again, once, on a new connection, as a GET may (RFC 9110 §9.2.2).
    func testAKeptConnectionClosedBeforeItsAnswerIsReplacedOnce() async throws {
        let a = Array("HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\na".utf8)
        let b = Array("HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\nb".utf8)
        // Connection 1 answers one request and closes at the second without a byte; connection 2 answers.
        let server = try RawServer(script: [[a, nil], [b]], holdsOpen: true)
        let pool = ConnectionPool()
        let first = try await Self.body(of: server.url, pool: pool)
        XCTAssertEqual(first, Array("a".utf8))
        XCTAssertEqual(pool.idleCount(Self.key(server.url)), 1)
        let second = try await Self.body(of: server.url, pool: pool)
        XCTAssertEqual(second, Array("b".utf8))
        XCTAssertEqual(server.connectionsAccepted, 2)
        XCTAssertEqual(server.requestsRead, 3, "the second request went on the kept connection first")
        pool.closeAll()
    }

    /// A new connection that closes before answering is an error, not a retry: only a kept one may have gone stale.
    func testANewConnectionClosedBeforeItsAnswerFails() async throws {
        let server = try RawServer(script: [[nil], [Array("HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\nb".utf8)]], holdsOpen: true)
        let failure = await DirectHTTPRequestTests.headFailure(of: try await Self.send(server.url, pool: ConnectionPool()))
        let error = try XCTUnwrap(failure as? HaulError, "a connection closed before its answer was retried")
        XCTAssertTrue(error.message.contains("closed the connection early"), error.message)
        XCTAssertEqual(server.connectionsAccepted, 1)
    }

    /// A kept socket the server closed while it was idle is not sent on: the request connects anew and succeeds.
    func testAKeptConnectionTheServerClosedWhileIdleIsNotSentOn() async throws {
        let server = try RawServer(script: [[Array("HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\nb".utf8)]], holdsOpen: true)
        let pool = ConnectionPool()
        let (kept, peer) = try Self.pair()
        try await pool.lease(Self.key(server.url)).finish(keeping: kept)
        close(peer)
        XCTAssertEqual(pool.idleCount(Self.key(server.url)), 1)
        let body = try await Self.body(of: server.url, pool: pool)
        XCTAssertEqual(body, Array("b".utf8))
        XCTAssertEqual(server.requestsRead, 1, "nothing was sent on the closed one")
        pool.closeAll()
    }

    func testTheMostRecentlyKeptSocketIsLeasedFirstAndOnlyForItsKey() async throws {
        let pool = ConnectionPool()
        let (older, olderPeer) = try Self.pair(), (newer, newerPeer) = try Self.pair()
        defer { close(olderPeer); close(newerPeer) }
        let a = Self.key("http://a:1/"), b = Self.key("http://b:1/")
        let first = try await pool.lease(a), second = try await pool.lease(a)
        first.finish(keeping: older)
        second.finish(keeping: newer)
        XCTAssertNil(try XCTUnwrap(pool.leaseNow(b)).socket, "another origin gets no socket of a's")
        let again = try await pool.lease(a)
        XCTAssertEqual(again.socket, newer)
        XCTAssertEqual(pool.leaseNow(a)?.socket, older)
        XCTAssertNil(try XCTUnwrap(pool.leaseNow(a)).socket, "none left: the holder connects")
        again.finish(keeping: newer)
        XCTAssertEqual(pool.idleCount(a), 1)
        pool.closeAll()
        XCTAssertTrue(Self.isClosed(newerPeer), "closeAll closed the kept one")
    }

    /// Connections leased, opening and idle to one host never exceed its limit: one more request waits for one to
    /// be given back, first come first served, and a lowered limit closes idle ones.
    func testAHostAtItsLimitMakesTheNextRequestWait() async throws {
        let pool = ConnectionPool(defaultLimit: 2)
        let a = Self.key("http://h:1/x"), viaOtherScheme = PoolKey(scheme: "https", host: "h", port: 1)
        let first = try await pool.lease(a)
        let second = try XCTUnwrap(pool.leaseNow(viaOtherScheme), "the limit is per host, whatever the route")
        XCTAssertNil(pool.leaseNow(a), "a third connection to the host would pass its limit")
        XCTAssertNotNil(pool.leaseNow(Self.key("http://other:1/")), "another host is not held up")
        let granted = NIOLockedValueBox<[String]>([])
        let third = Task {
            let lease = try await pool.lease(a)
            granted.withLockedValue { $0.append("third") }
            return lease
        }
        await eventually { pool.waitingCount == 1 }
        let fourth = Task {
            let lease = try await pool.lease(a)
            granted.withLockedValue { $0.append("fourth") }
            return lease
        }
        await eventually { pool.waitingCount == 2 }
        XCTAssertEqual(pool.waitingCount, 2, "both in line")
        XCTAssertEqual(granted.withLockedValue { $0 }, [], "both wait")
        XCTAssertEqual(pool.connectionCount(forHost: "h:1"), 2)
        first.finish()
        let thirdLease = try await third.value
        XCTAssertEqual(granted.withLockedValue { $0 }, ["third"], "the first to ask is the first served")
        second.finish()
        _ = try await fourth.value
        XCTAssertEqual(pool.connectionCount(forHost: "h:1"), 2)
        // A waiter whose task is cancelled leaves the line and gets nothing.
        let fifth = Task { try await pool.lease(a) }
        await eventually { pool.waitingCount == 1 }
        fifth.cancel()
        let refused = await Self.failure(of: fifth)
        XCTAssertTrue(refused is CancellationError, "a cancelled waiter got a connection: \(String(describing: refused))")
        // Lowered to one: the host keeps the two leased until they come back, then only one.
        let (kept, peer) = try Self.pair()
        defer { close(peer) }
        pool.setLimit(1, forHost: "h:1")
        thirdLease.finish(keeping: kept)
        XCTAssertTrue(Self.isClosed(peer), "a kept socket over the lowered limit is closed")
        XCTAssertEqual(pool.connectionCount(forHost: "h:1"), 1)
        pool.setLimit(nil, forHost: "h:1")
        XCTAssertNotNil(pool.leaseNow(a), "back to the default")
    }

    func testAClosedPoolFailsItsWaitersAndKeepsNothing() async throws {
        let pool = ConnectionPool(defaultLimit: 1)
        let a = Self.key("http://h:1/")
        let held = try await pool.lease(a)
        let waiter = Task { try await pool.lease(a) }
        await eventually { pool.waitingCount == 1 }
        pool.closeAll()
        let failed = await Self.failure(of: waiter)
        XCTAssertEqual((failed as? HaulError)?.kind, .cancelled, "a waiter of a closed pool got a connection: \(String(describing: failed))")
        let (late, peer) = try Self.pair()
        defer { close(peer) }
        held.finish(keeping: late)
        XCTAssertEqual(pool.idleCount(a), 0, "a closed pool keeps nothing")
        XCTAssertTrue(Self.isClosed(peer), "and closes what it is given")
    }

    /// The idle lifetime runs on the clock the pool is given (the client's, `HaulConfiguration.clock`): moved past
    /// it, an idle connection is closed at the next lease, and not a moment before. The old pool read
    /// `ContinuousClock`, and this test slept past a 50 ms lifetime.
    func testConnectionsIdleForTooLongAreClosedAndNotLeased() async throws {
        let clock = ManualClock()
        let pool = ConnectionPool(idleLifetime: .seconds(30), clock: EngineClock(clock).monotonic)
        let (old, oldPeer) = try Self.pair(), (fresh, freshPeer) = try Self.pair()
        defer { close(oldPeer); close(freshPeer) }
        try await pool.lease(Self.key("http://a:1/")).finish(keeping: old)
        clock.advance(by: .seconds(29))
        pool.leaseNow(Self.key("http://c:1/"))?.finish()
        XCTAssertFalse(Self.isClosed(oldPeer), "29 s idle of 30: kept")
        XCTAssertEqual(pool.idleCount(Self.key("http://a:1/")), 1)
        clock.advance(by: .seconds(1))
        try await pool.lease(Self.key("http://b:1/")).finish(keeping: fresh)
        XCTAssertTrue(Self.isClosed(oldPeer), "a connection idle for longer than its lifetime was closed, whatever its host")
        XCTAssertNil(try XCTUnwrap(pool.leaseNow(Self.key("http://a:1/"))).socket)
        XCTAssertEqual(pool.idleCount(Self.key("http://b:1/")), 1)
        pool.closeAll()
    }

    /// Through the whole transport: a host limited to two (a lesson, `limitConnections`) never sees a third request
    /// in flight, whichever client carries them (AsyncHTTPClient for segments, the direct client for a download's
    /// only connection); the others wait their turn and none is refused. The control, the same six requests
    /// without the limit, is refused by the same server.
    func testAHostsLimitHoldsAcrossBothCarriers() async throws {
        try await withTestServer { server in
            server.serve("/f", FileResource(content: Array(content.prefix(128 << 10))), bytesPerSecond: 1 << 20)
            server.limitRequestsPerClient(ClientRequestLimit(requests: 2, status: 503))
            let url = URL(string: server.url("/f"))!
            let host = try XCTUnwrap(HostKey(url: url))
            func sixAtOnce(limited: Bool) async throws -> [Int] {
                let transport = HTTPTransport(configuration: HaulConfiguration(timeouts: .init(connect: .seconds(2), stall: .seconds(5))))
                if limited { transport.limitConnections(toHost: host, to: 2) }
                let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                    for role in [ConnectionRole.segment, .only, .segment, .only, .segment, .only] {
                        group.addTask {
                            let opened = try await transport.open(url, plan: .wholeFile, role: role, extraHeaders: [])
                            _ = try await opened.body.collect(upTo: 1 << 20)
                            return opened.head.status
                        }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                await transport.shutdown()
                return statuses
            }
            let limited = try await sixAtOnce(limited: true)
            XCTAssertEqual(limited, Array(repeating: 200, count: 6))
            XCTAssertEqual(server.refusedRequests, 0)
            XCTAssertEqual(server.maxRequestsInFlight, 2)
            server.clearRequests()
            let unlimited = try await sixAtOnce(limited: false)
            XCTAssertTrue(unlimited.contains(503), "the control: without the pool's limit the server refuses (\(unlimited))")
        }
    }

    /// A request sent early that no `open` takes gives way to the engine's own when its host is at its limit: with a
    /// limit of one, a download whose first request differs from the guess still gets its connection (it would wait
    /// until the transport shut down otherwise).
    func testAnUntakenEarlyRequestGivesWayWhenItsHostIsFull() async throws {
        try await withTestServer { server in
            server.serve("/f", FileResource(content: content))
            let url = URL(string: server.url("/f"))!
            let transport = HTTPTransport(configuration: HaulConfiguration(timeouts: .init(connect: .seconds(2), stall: .seconds(5))))
            transport.sendEarly(url, plan: .wholeFile, role: .only, extraHeaders: [])
            let host = try XCTUnwrap(HostKey(url: url))
            transport.limitConnections(toHost: host, to: 1)
            XCTAssertEqual(transport.pool.connectionCount(forHost: host.description), 1, "the guess holds the host's one connection")
            let status = try await withThrowingTaskGroup(of: Int?.self) { group in
                group.addTask {
                    // Another header field than the guess: not the request sent early.
                    let opened = try await transport.open(
                        url, plan: .wholeFile, role: .only, extraHeaders: [HeaderField(name: "X-Other", value: "1")]
                    )
                    _ = try await opened.body.collect(upTo: 1 << 20)
                    return opened.head.status
                }
                group.addTask {
                    try await deadline(.seconds(10))
                    return nil
                }
                defer { group.cancelAll() }
                return try await group.next()!
            }
            XCTAssertEqual(status, 200, "the request waited behind the untaken guess")
            await transport.shutdown()
        }
    }

    /// Fields this path must not put on the wire as they are, and URLs it does not take, go to AsyncHTTPClient.
    func testWhatItCannotSendSafelyIsLeftToThePool() throws {
        let url = URL(string: "http://127.0.0.1:8080/f")!
        XCTAssertNotNil(DirectHTTPRequest.target(for: url, fields: [("X", "fine value")]))
        XCTAssertNil(DirectHTTPRequest.target(for: url, fields: [("X", "a\r\nInjected: 1")]))
        XCTAssertNil(DirectHTTPRequest.target(for: url, fields: [("Bad Name", "v")]))
        XCTAssertNil(DirectHTTPRequest.target(for: URL(string: "https://127.0.0.1/f")!, fields: []))
        let ipv6 = try XCTUnwrap(DirectHTTPRequest.target(for: URL(string: "http://[::1]:8080/f")!, fields: []))
        XCTAssertEqual(ipv6.host, "::1", "the socket layer takes the address without brackets")
        XCTAssertEqual(String(decoding: ipv6.request, as: UTF8.self), "GET /f HTTP/1.1\r\nHost: [::1]:8080\r\n\r\n")
        let defaultPort = DirectHTTPRequest.target(for: URL(string: "http://example.org")!, fields: [])
        XCTAssertEqual(defaultPort.map { String(decoding: $0.request, as: UTF8.self) }, "GET / HTTP/1.1\r\nHost: example.org\r\n\r\n")
        let ownHost = DirectHTTPRequest.target(for: url, fields: [("Host", "other")])
        XCTAssertEqual(ownHost.map { String(decoding: $0.request, as: UTF8.self) }, "GET /f HTTP/1.1\r\nHost: other\r\n\r\n")
    }

    /// Through an HTTP proxy: the request goes to the proxy in absolute form with the origin's `Host` and the proxy's
    /// Basic credentials, and its connections are pooled apart from a server's at the same address.
    func testThroughAProxyTheRequestIsInAbsoluteFormWithTheProxysCredentials() throws {
        let proxy = try ProxyEndpoint(parsing: "http://me:p%40ss@127.0.0.1:3128")
        let url = URL(string: "http://example.org:8080/dir/f?x=1")!
        let target = try XCTUnwrap(DirectHTTPRequest.target(for: url, fields: [("User-Agent", "t")], through: proxy))
        XCTAssertEqual("\(target.host):\(target.port)", "127.0.0.1:3128", "connects to the proxy")
        let credentials = Data("me:p@ss".utf8).base64EncodedString()
        XCTAssertEqual(
            String(decoding: target.request, as: UTF8.self),
            "GET http://example.org:8080/dir/f?x=1 HTTP/1.1\r\nHost: example.org:8080\r\nUser-Agent: t\r\n"
                + "Proxy-Authorization: Basic \(credentials)\r\n\r\n"
        )
        XCTAssertNotEqual(
            HTTPTransport.connectionKey(for: url, proxy: proxy), HTTPTransport.connectionKey(for: url, proxy: nil),
            "a proxy's connections are pooled apart"
        )
        let ipv6 = DirectHTTPRequest.target(for: URL(string: "http://[::1]/f")!, fields: [], through: proxy)
        XCTAssertEqual(ipv6.map { String(decoding: $0.request, as: UTF8.self) }, "GET http://[::1]/f HTTP/1.1\r\nHost: [::1]\r\nProxy-Authorization: Basic \(credentials)\r\n\r\n")
        XCTAssertNil(DirectHTTPRequest.target(for: URL(string: "https://example.org/f")!, fields: [], through: proxy), "https goes through a tunnel")
        XCTAssertNil(DirectHTTPRequest.target(for: url, fields: [], through: try ProxyEndpoint(parsing: "socks5://127.0.0.1:1080")))
    }

    /// The error `task` ended with; nil when it succeeded.
    private static func failure<Success>(of task: Task<Success, Error>) async -> Error? {
        do {
            _ = try await task.value
            return nil
        } catch {
            return error
        }
    }
}
