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

/// `DirectConnectionPool`: keep-alive for the direct client, against the project's test server and a raw socket.
final class DirectConnectionPoolTests: XCTestCase {
    private var content: [UInt8] { directContent }

    // MARK: Keep-alive

    private static func send(_ url: String, pool: DirectConnectionPool) throws -> DirectHTTPRequest {
        let target = try XCTUnwrap(DirectHTTPRequest.target(for: URL(string: url)!, fields: [("User-Agent", "haul-test")]))
        return DirectHTTPRequest.send(target, pool: pool, connectTimeout: 2, stallTimeout: 5)
    }

    private static func body(of url: String, pool: DirectConnectionPool) async throws -> [UInt8] {
        try await send(url, pool: pool).response().body.collect(upTo: 8 << 20)
    }

    private static func server(of url: String) -> String {
        let parsed = URL(string: url)!
        return "\(parsed.host!):\(parsed.port!)"
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
            let pool = DirectConnectionPool()
            for path in ["/a", "/c", "/empty", "/a"] {
                let body = try await Self.body(of: server.url(path), pool: pool)
                XCTAssertEqual(body.count, ["/a": content.count, "/c": 100_000, "/empty": 0][path], path)
                XCTAssertEqual(pool.idleCount(Self.server(of: server.baseURL)), 1, "after \(path)")
            }
            XCTAssertEqual(server.connectionsAccepted, 1, "four requests, one connection")
            pool.closeAll()
            for _ in 0..<200 where server.openConnections > 0 { try await Task.sleep(nanoseconds: 10_000_000) }
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
            let pool = DirectConnectionPool()
            let body = try await Self.body(of: server.url, pool: pool)
            XCTAssertEqual(String(decoding: body, as: UTF8.self), "body", name)
            XCTAssertEqual(pool.idleCount(Self.server(of: server.url)), 0, name)
            pool.closeAll()
        }
        // The control: the same exchange, framed and kept alive, is kept.
        let server = try RawServer(script: [[ok]], holdsOpen: true)
        let pool = DirectConnectionPool()
        _ = try await Self.body(of: server.url, pool: pool)
        XCTAssertEqual(pool.idleCount(Self.server(of: server.url)), 1)
        pool.closeAll()
    }

    func testAReaderThatStopsEarlyDoesNotLeaveItsConnection() async throws {
        try await withTestServer { server in
            server.serve("/a", FileResource(content: content))
            let pool = DirectConnectionPool()
            let response = try await Self.send(server.url("/a"), pool: pool).response()
            var iterator = response.body.makeAsyncIterator()
            _ = try await iterator.next()
            _ = consume iterator
            _ = consume response
            for _ in 0..<200 where server.openConnections > 0 { try await Task.sleep(nanoseconds: 10_000_000) }
            XCTAssertEqual(server.openConnections, 0, "a body left unread closes its connection")
            XCTAssertEqual(pool.idleCount(Self.server(of: server.baseURL)), 0)
        }
    }

    /// A server may close a kept connection just as the next request leaves (its keep-alive timeout): the request
    /// goes again, once, on a new connection, as a GET may (RFC 9110 §9.2.2).
    func testAKeptConnectionClosedBeforeItsAnswerIsReplacedOnce() async throws {
        let a = Array("HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\na".utf8)
        let b = Array("HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\nb".utf8)
        // Connection 1 answers one request and closes at the second without a byte; connection 2 answers.
        let server = try RawServer(script: [[a, nil], [b]], holdsOpen: true)
        let pool = DirectConnectionPool()
        let first = try await Self.body(of: server.url, pool: pool)
        XCTAssertEqual(first, Array("a".utf8))
        XCTAssertEqual(pool.idleCount(Self.server(of: server.url)), 1)
        let second = try await Self.body(of: server.url, pool: pool)
        XCTAssertEqual(second, Array("b".utf8))
        XCTAssertEqual(server.connectionsAccepted, 2)
        XCTAssertEqual(server.requestsRead, 3, "the second request went on the kept connection first")
        pool.closeAll()
    }

    /// A new connection that closes before answering is an error, not a retry: only a kept one may have gone stale.
    func testANewConnectionClosedBeforeItsAnswerFails() async throws {
        let server = try RawServer(script: [[nil], [Array("HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\nb".utf8)]], holdsOpen: true)
        let failure = await DirectHTTPRequestTests.headFailure(of: try Self.send(server.url, pool: DirectConnectionPool()))
        let error = try XCTUnwrap(failure as? HaulError, "a connection closed before its answer was retried")
        XCTAssertTrue(error.message.contains("closed the connection early"), error.message)
        XCTAssertEqual(server.connectionsAccepted, 1)
    }

    func testAnIdleConnectionTheServerClosedIsNotTaken() throws {
        var pair: [Int32] = [-1, -1]
        XCTAssertEqual(socketpair(AF_UNIX, streamSocket, 0, &pair), 0)
        var quiet: [Int32] = [-1, -1]
        XCTAssertEqual(socketpair(AF_UNIX, streamSocket, 0, &quiet), 0)
        defer { close(quiet[1]) }
        let pool = DirectConnectionPool()
        pool.give(quiet[0], to: "h:1")
        pool.give(pair[0], to: "h:1")
        close(pair[1])  // the peer of the most recently kept one closes
        XCTAssertEqual(pool.take("h:1"), quiet[0], "the closed one was dropped, the quiet one taken")
        XCTAssertNil(pool.take("h:1"))
        XCTAssertNil(pool.take("other:1"))
        close(quiet[0])
    }

    func testThePoolKeepsAtMostItsLimitPerServerAndNothingOnceClosed() throws {
        let pool = DirectConnectionPool()
        var peers: [Int32] = []
        for _ in 0..<(DirectConnectionPool.idlePerServer + 2) {
            var pair: [Int32] = [-1, -1]
            XCTAssertEqual(socketpair(AF_UNIX, streamSocket, 0, &pair), 0)
            peers.append(pair[1])
            pool.give(pair[0], to: "h:1")
        }
        defer { for peer in peers { close(peer) } }
        XCTAssertEqual(pool.idleCount("h:1"), DirectConnectionPool.idlePerServer)
        // The ones over the limit were closed: their peers read the end of the stream.
        var byte: UInt8 = 0
        XCTAssertEqual(recv(peers.last!, &byte, 1, Int32(MSG_DONTWAIT)), 0)
        pool.closeAll()
        XCTAssertEqual(recv(peers.first!, &byte, 1, Int32(MSG_DONTWAIT)), 0, "closeAll closed the kept ones")
        var late: [Int32] = [-1, -1]
        XCTAssertEqual(socketpair(AF_UNIX, streamSocket, 0, &late), 0)
        defer { close(late[1]) }
        pool.give(late[0], to: "h:1")
        XCTAssertEqual(pool.idleCount("h:1"), 0, "a closed pool keeps nothing")
        XCTAssertEqual(recv(late[1], &byte, 1, Int32(MSG_DONTWAIT)), 0, "and closes what it is given")
    }

    func testConnectionsIdleForTooLongAreClosedAndNotTaken() async throws {
        let pool = DirectConnectionPool(idleLifetime: .milliseconds(50))
        var old: [Int32] = [-1, -1], fresh: [Int32] = [-1, -1], late: [Int32] = [-1, -1]
        XCTAssertEqual(socketpair(AF_UNIX, streamSocket, 0, &old), 0)
        XCTAssertEqual(socketpair(AF_UNIX, streamSocket, 0, &fresh), 0)
        XCTAssertEqual(socketpair(AF_UNIX, streamSocket, 0, &late), 0)
        defer { for peer in [old[1], fresh[1], late[1]] { close(peer) } }
        pool.give(old[0], to: "a:1")
        pool.give(fresh[0], to: "b:1")
        try await Task.sleep(nanoseconds: 100_000_000)
        XCTAssertNil(pool.take("b:1"), "a connection idle for longer than its lifetime is not taken")
        var byte: UInt8 = 0
        XCTAssertEqual(recv(fresh[1], &byte, 1, Int32(MSG_DONTWAIT)), 0, "and is closed")
        // Giving one back closes the others that outlived their lifetime, whatever their server.
        pool.give(late[0], to: "c:1")
        XCTAssertEqual(recv(old[1], &byte, 1, Int32(MSG_DONTWAIT)), 0, "an old connection to another server was closed")
        XCTAssertEqual(pool.idleCount("a:1"), 0)
        XCTAssertEqual(pool.idleCount("c:1"), 1)
        pool.closeAll()
    }

    /// Fields this path must not put on the wire as they are, and URLs it does not take, go to AsyncHTTPClient.
    func testWhatItCannotSendSafelyIsLeftToThePool() {
        let url = URL(string: "http://127.0.0.1:8080/f")!
        XCTAssertNotNil(DirectHTTPRequest.target(for: url, fields: [("X", "fine value")]))
        XCTAssertNil(DirectHTTPRequest.target(for: url, fields: [("X", "a\r\nInjected: 1")]))
        XCTAssertNil(DirectHTTPRequest.target(for: url, fields: [("Bad Name", "v")]))
        XCTAssertNil(DirectHTTPRequest.target(for: URL(string: "https://127.0.0.1/f")!, fields: []))
        XCTAssertNil(DirectHTTPRequest.target(for: URL(string: "http://[::1]:8080/f")!, fields: []))
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
        XCTAssertEqual(target.server, "proxy 127.0.0.1:3128")
        XCTAssertEqual(DirectHTTPRequest.target(for: URL(string: "http://127.0.0.1:3128/")!, fields: [])?.server, "127.0.0.1:3128")
        let ipv6 = DirectHTTPRequest.target(for: URL(string: "http://[::1]/f")!, fields: [], through: proxy)
        XCTAssertEqual(ipv6.map { String(decoding: $0.request, as: UTF8.self) }, "GET http://[::1]/f HTTP/1.1\r\nHost: [::1]\r\nProxy-Authorization: Basic \(credentials)\r\n\r\n")
        XCTAssertNil(DirectHTTPRequest.target(for: URL(string: "https://example.org/f")!, fields: [], through: proxy), "https goes through a tunnel")
        XCTAssertNil(DirectHTTPRequest.target(for: url, fields: [], through: try ProxyEndpoint(parsing: "socks5://127.0.0.1:1080")))
    }
}
