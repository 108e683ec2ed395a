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

let directContent = deterministicBytes(count: 1 << 20, seed: 77)

/// `DirectHTTPRequest`: the head start's GET over a socket of its own, against the project's test server (framing,
/// faults; the fault cases over http and https alike, `TestServer.start(tls:)`) and a raw socket (bytes no
/// well-behaved server sends).
final class DirectHTTPRequestTests: XCTestCase {
    private var content: [UInt8] { directContent }

    private static func send(
        _ url: String, fields: [(name: String, value: String)] = [("User-Agent", "haul-test")],
        connectTimeout: Double = 2, stallTimeout: Double = 5
    ) throws -> DirectHTTPRequest {
        let target = try XCTUnwrap(DirectHTTPRequest.target(for: URL(string: url)!, fields: fields, tls: testTLSSettings(for: url)))
        return DirectHTTPRequest.send(target, lease: nil, connectTimeout: connectTimeout, stallTimeout: stallTimeout)
    }

    /// What waiting for `request`'s head threw; `nil` when a head came.
    static func headFailure(of request: DirectHTTPRequest) async -> (any Error)? {
        do {
            _ = try await request.response()
            return nil
        } catch {
            return error
        }
    }

    private static func failure(of body: ResponseBody) async -> HaulError? {
        do {
            _ = try await body.collect(upTo: 64 << 20)
            return nil
        } catch {
            return error as? HaulError
        }
    }

    func testTheRequestIsSentAsAsyncHTTPClientWouldAndTheBodyArrivesWhole() async throws {
        try await withTestServer { server in
            server.serve("/a%20b", FileResource(content: content))
            let response = try await Self.send(server.url("/a%20b?x=1&y=%2F"), fields: [("User-Agent", "haul-test"), ("X-Id", "7")]).response()
            XCTAssertEqual(response.head.status, 200)
            XCTAssertEqual(response.head.minorVersion, 1)
            let body = try await response.body.collect(upTo: 8 << 20)
            XCTAssertEqual(body, content)
            let seen = try XCTUnwrap(server.requests().first)
            XCTAssertEqual(seen.method, "GET")
            XCTAssertEqual(seen.uri, "/a%20b?x=1&y=%2F", "path and query as encoded in the URL")
            XCTAssertEqual(seen.header("Host"), URL(string: server.baseURL).map { "\($0.host!):\($0.port!)" })
            XCTAssertEqual(seen.header("User-Agent"), "haul-test")
            XCTAssertEqual(seen.header("X-Id"), "7")
        }
    }

    /// An IPv6 literal host (`http://[::1]:port/`) goes direct like any other: the socket gets the address without
    /// brackets, the `Host` field has them. Skipped where the machine has no IPv6 loopback.
    func testAnIPv6LiteralHostIsFetchedDirect() async throws {
        let server: TestServer
        do {
            server = try await TestServer.start(host: "::1")
        } catch {
            throw XCTSkip("no IPv6 loopback here: \(error)")
        }
        server.serve("/a", FileResource(content: content))
        do {
            let response = try await Self.send(server.url("/a")).response()
            let body = try await response.body.collect(upTo: 8 << 20)
            XCTAssertEqual(body, content)
            XCTAssertEqual(server.requests(for: "/a").first?.headers.first { $0.name.lowercased() == "host" }?.value,
                           "[::1]:\(URL(string: server.baseURL)!.port!)")
        } catch {
            try? await server.shutdown()
            throw error
        }
        try await server.shutdown()
    }

    func testAChunkedBodyArrivesWhole() async throws {
        try await withTestServer { server in
            server.route("/c") { _ in
                var response = TestResponse(status: 200, body: directContent)
                response.chunked = true
                return response
            }
            let response = try await Self.send(server.url("/c")).response()
            XCTAssertEqual(response.head["Transfer-Encoding"], "chunked")
            let body = try await response.body.collect(upTo: 8 << 20)
            XCTAssertEqual(body, content)
        }
    }

    /// How reading the body of `directContent`, shaped by `shape` on the wire, fails: over http, then over https.
    private static func bodyFailures(
        stallTimeout: Double = 5, _ shape: @escaping @Sendable (inout TestResponse) -> Void
    ) async throws -> [(scheme: String, failure: HaulError?)] {
        var failures: [(scheme: String, failure: HaulError?)] = []
        for tls in [false, true] {
            failures.append((tls ? "https" : "http", try await bodyFailure(tls: tls, stallTimeout: stallTimeout, shape)))
        }
        return failures
    }

    private static func bodyFailure(
        tls: Bool, stallTimeout: Double, _ shape: @escaping @Sendable (inout TestResponse) -> Void
    ) async throws -> HaulError? {
        try await withTestServer(tls: tls) { server in
            server.route("/shaped") { _ in
                var response = TestResponse(status: 200, body: directContent)
                shape(&response)
                return response
            }
            let response = try await send(server.url("/shaped"), stallTimeout: stallTimeout).response()
            return await failure(of: response.body)
        }
    }

    // Rule 10: a body that stops before its Content-Length is incomplete.
    func testABodyThatEndsBeforeItsLengthFails() async throws {
        for (scheme, failure) in try await Self.bodyFailures({ $0.closeAfterBodyBytes = 1000 }) {
            XCTAssertEqual(failure?.kind, .network, scheme)
            XCTAssertTrue(failure?.message.contains("closed the connection early") == true, "\(scheme): \(String(describing: failure))")
        }
    }

    // Rule 10: a chunked body without its final chunk is incomplete.
    func testAChunkedBodyWithoutItsLastChunkFails() async throws {
        let failures = try await Self.bodyFailures {
            $0.chunked = true
            $0.closeAfterBodyBytes = 5000
        }
        for (scheme, failure) in failures {
            XCTAssertEqual(failure?.kind, .network, scheme)
            XCTAssertTrue(failure?.message.contains("closed the connection early") == true, "\(scheme): \(String(describing: failure))")
        }
    }

    func testABodyThatStallsFailsAfterTheStallTimeout() async throws {
        for (scheme, failure) in try await Self.bodyFailures(stallTimeout: 0.3, { $0.stallAfterBodyBytes = 2000 }) {
            XCTAssertEqual(failure?.kind, .network, scheme)
            XCTAssertTrue(failure?.message.contains("stall timeout") == true, "\(scheme): \(String(describing: failure))")
        }
    }

    func testAHeadThatDoesNotComeFailsAfterTheStallTimeout() async throws {
        for tls in [false, true] { try await withTestServer(tls: tls) { server in
            server.route("/slow") { _ in
                var response = TestResponse(status: 200, body: [1])
                response.headDelay = .seconds(3)
                return response
            }
            // Over TLS the handshake runs under the connect timeout: room for it on a loaded machine.
            let request = try Self.send(server.url("/slow"), connectTimeout: tls ? 2 : 0.2, stallTimeout: 0.3)
            let failure = await Self.headFailure(of: request)
            let error = try XCTUnwrap(failure as? HaulError, "a head that never came was accepted")
            XCTAssertEqual(error.kind, .network)
            XCTAssertTrue(error.message.contains("stall timeout") || error.message.contains("did not answer in time"), error.message)
        } }
    }

    func testARefusedConnectionIsSaidAsSuch() async throws {
        let port = try RawServer.unusedPort()
        let request = try Self.send("http://127.0.0.1:\(port)/f")
        let failure = await Self.headFailure(of: request)
        let error = try XCTUnwrap(failure as? HaulError, "connected to a closed port")
        XCTAssertEqual(error.kind, .network)
        XCTAssertTrue(error.isUnreachable)
        XCTAssertEqual(error.message, "127.0.0.1:\(port): connection refused")
    }

    // Issue 33, point 11: bytes that are not HTTP/1.1 are not retried as a network failure (README: exit code 5).
    func testAMalformedHeadIsAProtocolViolation() async throws {
        let server = try RawServer(reply: Array("HTTP/1.1 OK 200\r\nContent-Length: 1\r\n\r\nx".utf8))
        let failure = await Self.headFailure(of: try Self.send(server.url))
        let error = try XCTUnwrap(failure as? HaulError, "a malformed status line was accepted")
        XCTAssertEqual(error.kind, .protocolViolation)
        XCTAssertTrue(error.message.contains("malformed response"), error.message)
    }

    // Rule 12: a length that cannot be trusted is an error.
    func testLengthsThatDisagreeAreNotGuessed() async throws {
        let server = try RawServer(reply: Array("HTTP/1.1 200 OK\r\nContent-Length: 3\r\nContent-Length: 5\r\n\r\nabcde".utf8))
        let failure = await Self.headFailure(of: try Self.send(server.url))
        let error = try XCTUnwrap(failure as? HaulError, "two lengths were accepted")
        XCTAssertTrue(error.message.contains("Content-Length"), error.message)
    }

    func testInterimResponsesAreSkippedAndABodyWithoutLengthRunsToTheClose() async throws {
        let wire = "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </x>\r\n\r\nHTTP/1.0 200 OK\r\nX: y\r\n\r\nall of it"
        let server = try RawServer(reply: Array(wire.utf8))
        let response = try await Self.send(server.url).response()
        XCTAssertEqual(response.head.status, 200)
        XCTAssertEqual(response.head.minorVersion, 0)
        XCTAssertEqual(response.head.headers, [HeaderField(name: "X", value: "y")])
        let body = try await response.body.collect(upTo: 1024)
        XCTAssertEqual(String(decoding: body, as: UTF8.self), "all of it")
    }

    func testBytesBeyondTheLengthAreNotPartOfTheBody() async throws {
        let server = try RawServer(reply: Array("HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\nbodyEXTRA".utf8))
        let response = try await Self.send(server.url).response()
        let body = try await response.body.collect(upTo: 1024)
        XCTAssertEqual(String(decoding: body, as: UTF8.self), "body")
    }

    func testAReaderThatStopsClosesTheConnection() async throws {
        try await withTestServer { server in
            server.route("/slow") { _ in
                var response = TestResponse(status: 200, body: directContent)
                response.bytesPerSecond = 64 << 10
                return response
            }
            let response = try await Self.send(server.url("/slow")).response()
            var iterator = response.body.makeAsyncIterator()
            let first = try await iterator.next()
            XCTAssertNotNil(first)
            XCTAssertEqual(server.openConnections, 1)
            _ = consume iterator
            _ = consume response
            await eventually { server.openConnections == 0 }
            XCTAssertEqual(server.openConnections, 0, "the connection was closed when its body was dropped")
        }
    }

    /// `/slow` answers with its head only after 10 s: a request to it waits for the head.
    private static func serveSlowHead(_ server: TestServer) {
        server.route("/slow") { _ in
            var response = TestResponse(status: 200, body: [1])
            response.headDelay = .seconds(10)
            return response
        }
    }

    func testCancelStopsAWaitForTheHead() async throws {
        try await withTestServer { server in
            Self.serveSlowHead(server)
            let request = try Self.send(server.url("/slow"))
            await eventually { !server.requests().isEmpty }
            let started = ContinuousClock.now
            request.cancel()
            let error = await Self.headFailure(of: request)
            XCTAssertTrue(error is CancellationError, "a cancelled request answered, or failed otherwise: \(String(describing: error))")
            XCTAssertLessThan(ContinuousClock.now - started, .seconds(5), "the wait ended at the cancel, not at the head")
        }
    }

    /// A cancel that comes between the head's arrival and the body's stream finds no demand to end: the thread must
    /// then not stream (it would wait for a reader forever, holding its connection). One that comes after ends it.
    func testACancelBeforeTheBodyStreamsIsNotMissed() async throws {
        try await withTestServer { server in
            Self.serveSlowHead(server)
            let early = try Self.send(server.url("/slow"))
            let late = try Self.send(server.url("/slow"))
            let installed = DirectHTTPRequest.Demand(request: late)
            XCTAssertTrue(late.install(installed), "not cancelled: the demand is the one a cancel ends")
            early.cancel()
            late.cancel()
            XCTAssertFalse(early.install(DirectHTTPRequest.Demand(request: early)), "cancelled before: nothing may stream")
            XCTAssertFalse(installed.awaitMore(), "cancelled after: the thread's wait for a reader ends")
        }
    }
}
