import Foundation
import HaulTestSupport
import XCTest

/// Routing, the request log, connections and redirects.
final class TestServerTests: XCTestCase {
    func testBaseURLAndUnknownPath() async throws {
        try await withServer { server in
            XCTAssertGreaterThan(server.port, 0)
            XCTAssertEqual(server.baseURL, "http://127.0.0.1:\(server.port)")
            XCTAssertEqual(server.url("/a"), "http://127.0.0.1:\(server.port)/a")
            let response = try fetch(server, "/missing")
            XCTAssertEqual(response.status, 404)
            XCTAssertTrue(response.text.contains("/missing"))
        }
    }

    func testRequestLogRecordsMethodPathQueryHeadersAndIndex() async throws {
        try await withServer { server in
            server.route("/a") { .text(200, "a\($0.index)") }
            XCTAssertEqual(try fetch(server, "/a?x=1", headers: [("X-Test", "one"), ("Range", "bytes=0-")]).text, "a0")
            XCTAssertEqual(try fetch(server, "/b").status, 404)
            XCTAssertEqual(try fetch(server, "/a", method: "HEAD").status, 200)

            let all = server.requests()
            XCTAssertEqual(all.map(\.path), ["/a", "/b", "/a"])
            let forA = server.requests(for: "/a")
            XCTAssertEqual(forA.map(\.index), [0, 1])
            XCTAssertEqual(forA.map(\.method), ["GET", "HEAD"])
            XCTAssertEqual(forA[0].uri, "/a?x=1")
            XCTAssertEqual(forA[0].header("x-test"), "one")
            XCTAssertEqual(forA[0].header("RANGE"), "bytes=0-")
            XCTAssertEqual(forA[0].header("Host"), "127.0.0.1")
            XCTAssertNil(forA[0].header("If-Range"))
            XCTAssertTrue(forA[0].headers.contains { $0.name == "X-Test" && $0.value == "one" })
            XCTAssertEqual(server.requests(for: "/b").map(\.index), [0])

            server.clearRequests()
            XCTAssertTrue(server.requests().isEmpty)
            XCTAssertEqual(try fetch(server, "/a").text, "a0")
        }
    }

    func testIndexScriptsRetryAfterThenFile() async throws {
        let content = deterministicBytes(count: 1_000)
        try await withServer { server in
            let file = FileResource(content: content)
            server.route("/f") { request in
                request.index == 0
                    ? .text(503, "busy", headers: [("Retry-After", "1")])
                    : file.response(for: request)
            }
            let first = try fetch(server, "/f")
            XCTAssertEqual(first.status, 503)
            XCTAssertEqual(first.header("Retry-After"), "1")
            XCTAssertEqual(first.text, "busy")
            let second = try fetch(server, "/f")
            XCTAssertEqual(second.status, 200)
            XCTAssertEqual(second.body, content)
        }
    }

    func testRouteCanBeReplacedAndRemovedWhileServing() async throws {
        try await withServer { server in
            server.route("/r") { _ in .text(200, "one") }
            XCTAssertEqual(try fetch(server, "/r").text, "one")
            server.route("/r") { _ in .text(200, "two") }
            XCTAssertEqual(try fetch(server, "/r").text, "two")
            server.removeRoute("/r")
            XCTAssertEqual(try fetch(server, "/r").status, 404)
        }
    }

    func testKeepAliveReusesConnection() async throws {
        try await withServer { server in
            server.route("/k") { .text(200, "n\($0.index)") }
            let connection = try RawConnection(port: server.port)
            for index in 0..<3 {
                try connection.sendRequest("GET", "/k")
                XCTAssertEqual(try connection.readResponse().text, "n\(index)")
            }
            let ids = Set(server.requests(for: "/k").map(\.connectionID))
            XCTAssertEqual(ids.count, 1)
            XCTAssertEqual(server.connectionsAccepted, 1)
        }
    }

    func testConnectionCloseRequestClosesAfterResponse() async throws {
        try await withServer { server in
            server.route("/k") { _ in .text(200, "bye") }
            let connection = try RawConnection(port: server.port)
            try connection.sendRequest("GET", "/k", headers: [("Connection", "close")])
            let response = try connection.readResponse()
            XCTAssertEqual(response.text, "bye")
            XCTAssertEqual(response.header("Connection"), "close")
            XCTAssertTrue(connection.waitForEOF(seconds: 2))
        }
    }

    func testPipelinedRequestsAnswerInOrder() async throws {
        try await withServer { server in
            server.route("/slow") { _ in
                var response = TestResponse.text(200, "slow")
                response.headDelay = .milliseconds(100)
                return response
            }
            server.route("/fast") { _ in .text(200, "fast") }
            let connection = try RawConnection(port: server.port)
            try connection.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\nGET /fast HTTP/1.1\r\nHost: x\r\n\r\n")
            XCTAssertEqual(try connection.readResponse().text, "slow")
            XCTAssertEqual(try connection.readResponse().text, "fast")
        }
    }

    func testManyConcurrentConnections() async throws {
        let content = deterministicBytes(count: 32 * 8_192, seed: 9)
        try await withServer { server in
            let file = FileResource(content: content)
            server.route("/f") { request in
                var response = file.response(for: request)
                response.bytesPerSecond = 16_384  // each body takes about 0.5 s
                return response
            }
            let started = Date()
            let connections = try (0..<32).map { index in
                let connection = try RawConnection(port: server.port)
                try connection.sendRequest(
                    "GET", "/f", headers: [("Range", "bytes=\(index * 8_192)-\(index * 8_192 + 8_191)")])
                return connection
            }
            for (index, connection) in connections.enumerated() {
                let response = try connection.readResponse()
                XCTAssertEqual(response.status, 206)
                XCTAssertEqual(response.body, Array(content[(index * 8_192)..<((index + 1) * 8_192)]))
            }
            let elapsed = Date().timeIntervalSince(started)
            XCTAssertLessThan(elapsed, 4, "32 bodies of 0.5 s each were served one after another")
            XCTAssertEqual(server.maxOpenConnections, 32)
            XCTAssertEqual(server.connectionsAccepted, 32)
        }
    }

    func testRedirectResponses() async throws {
        try await withServer { server in
            server.route("/old") { _ in .redirect(to: "/new") }
            server.route("/perm") { _ in .redirect(308, to: server.url("/new")) }
            let found = try fetch(server, "/old")
            XCTAssertEqual(found.status, 302)
            XCTAssertEqual(found.header("Location"), "/new")
            XCTAssertEqual(found.header("Content-Length"), "0")
            let permanent = try fetch(server, "/perm")
            XCTAssertEqual(permanent.status, 308)
            XCTAssertEqual(permanent.header("Location"), server.url("/new"))
        }
    }

    func testShutdownTwiceIsHarmless() async throws {
        let server = try await TestServer.start()
        let port = server.port
        try await server.shutdown()
        try await server.shutdown()
        XCTAssertThrowsError(try RawConnection(port: port))
    }

    func testWithTestServerShutsDownWhenBodyThrows() async throws {
        struct Boom: Error {}
        var port = 0
        do {
            try await withTestServer { server in
                port = server.port
                throw Boom()
            }
            XCTFail("the error should propagate")
        } catch is Boom {}
        XCTAssertGreaterThan(port, 0)
        XCTAssertThrowsError(try RawConnection(port: port))
    }

    func testTextResponse() async throws {
        try await withServer { server in
            server.route("/t") { _ in .text(500, "oops", headers: [("Retry-After", "2")]) }
            server.route("/j") { _ in .text(200, "{}", headers: [("Content-Type", "application/json")]) }
            let plain = try fetch(server, "/t")
            XCTAssertEqual(plain.status, 500)
            XCTAssertEqual(plain.text, "oops")
            XCTAssertEqual(plain.header("Content-Type"), "text/plain; charset=utf-8")
            XCTAssertEqual(plain.header("Retry-After"), "2")
            let json = try fetch(server, "/j")
            XCTAssertEqual(json.headers.filter { $0.name.lowercased() == "content-type" }.map(\.value), ["application/json"])
        }
    }
}
