import AsyncHTTPClient
import Foundation
import HaulCore
@testable import HaulKit
import HaulTestSupport
import NIOCore
import XCTest

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The client against a hostile server (issue 33, points 4, 8, 9, 10, 11), over real sockets. The cases on
/// ``TestServer`` run over http and over https (`withEachScheme`; issue 61: the hostile modes over both), with the
/// same outcome: its modes are the same handlers behind NIOSSL.
final class HostileServerTests: XCTestCase {
    /// Sends a GET of `url` by the direct client; an https URL over TLS trusting ``TestCertificates``.
    private static func send(_ url: String, connectTimeout: Double = 2, stallTimeout: Double = 5) throws -> DirectHTTPRequest {
        let target = try XCTUnwrap(DirectHTTPRequest.target(
            for: URL(string: url)!, fields: [("User-Agent", "haul-test")], tls: testTLSSettings(for: url)))
        return DirectHTTPRequest.send(target, lease: nil, connectTimeout: connectTimeout, stallTimeout: stallTimeout)
    }

    /// Runs `body` against a ``TestServer`` over http, then against one over https, and the harness's trust for
    /// it (`nil` for http, the test authority for https).
    private func withEachScheme(_ body: (TestServer, String?) async throws -> Void) async throws {
        for tls in [false, true] {
            try await withTestServer(tls: tls) { server in try await body(server, tls ? testAuthorityFile.path : nil) }
        }
    }

    // MARK: Point 8: interim responses

    /// Two million `100 Continue` (48 MiB) before the final head: refused once 80 KiB of heads are read, at once,
    /// not read to the end (the old reader kept every byte: 1 GiB of them held 1.07 GB).
    func testAFloodOf100ContinueEndsAtTheHeadBound() async throws {
        try await withEachScheme { server, _ in
            server.route("/flood") { _ in
                var response = TestResponse(status: 200, body: Array("body".utf8))
                response.interimResponses = 2_000_000
                return response
            }
            let started = ContinuousClock.now
            do {
                let response = try await Self.send(server.url("/flood")).response()
                XCTFail("a head after 48 MiB of interim responses was accepted: \(response.head.status)")
            } catch let error as HaulError {
                XCTAssertEqual(error.kind, .protocolViolation, error.message)
                XCTAssertTrue(error.message.contains("with any 1xx responses before it, is larger than 80 KiB"), error.message)
            }
            XCTAssertLessThan(ContinuousClock.now - started, .seconds(5))
        }
    }

    /// A server that keeps sending interim responses slowly, below the size bound, is ended by the head's deadline
    /// (the connect and stall timeouts together): bytes that keep coming do not hold the request open.
    func testInterimResponsesThatKeepComingEndAtTheHeadDeadline() async throws {
        let listener = socket(AF_INET, Self.streamSocket, 0)
        XCTAssertGreaterThanOrEqual(listener, 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, size) == 0 && getsockname(listener, $0, &size) == 0 }
        }
        XCTAssertTrue(bound && listen(listener, 1) == 0)
        let port = UInt16(bigEndian: address.sin_port)
        // One `100 Continue` every 20 ms until the client goes: 1.2 KB/s, 80 KiB would take a minute.
        Thread {
            let connection = accept(listener, nil, nil)
            close(listener)
            guard connection >= 0 else { return }
            var request = [UInt8](repeating: 0, count: 4096)
            _ = recv(connection, &request, request.count, 0)
            let interim = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)
            while interim.withUnsafeBytes({ systemSend(connection, $0.baseAddress, $0.count, Self.sendFlags) }) > 0 {
                FixtureDelay.block(.milliseconds(20))
            }
            close(connection)
        }.start()
        let started = ContinuousClock.now
        do {
            _ = try await Self.send("http://127.0.0.1:\(port)/slow", connectTimeout: 0.2, stallTimeout: 0.3).response()
            XCTFail("an endless trickle of interim responses gave a head")
        } catch let error as HaulError {
            XCTAssertEqual(error.kind, .network, error.message)
            XCTAssertTrue(error.message.contains("did not answer in time"), error.message)
        }
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(3), "the 0.5 s deadline held")
    }

    #if canImport(Glibc)
    private static let streamSocket = Int32(SOCK_STREAM.rawValue)
    private static let sendFlags = Int32(MSG_NOSIGNAL)
    #else
    private static let streamSocket = SOCK_STREAM
    private static let sendFlags: Int32 = 0
    #endif

    /// https and SOCKS requests go through AsyncHTTPClient: its parser bounds each head alone and drops interim ones
    /// as they come, so memory stays bounded, and its deadline (the connect and stall timeouts together) ends a
    /// stream of them that never stops. The test server speaks plain http, which the transport sends direct, so the
    /// request goes to the transport's AsyncHTTPClient client as `open` sends it there, with its settings and its
    /// deadline, and the failure is said as `open` says it.
    func testAnEndlessFloodThroughAsyncHTTPClientEndsAtTheDeadlineWithBoundedMemory() async throws {
        try await withTestServer { server in
            server.route("/flood") { _ in
                var response = TestResponse(status: 200, body: Array("body".utf8))
                response.interimResponses = .max
                return response
            }
            let transport = HTTPTransport(configuration: HaulConfiguration(timeouts: .init(connect: .seconds(1), stall: .seconds(1))))
            let before = Self.residentBytes()
            let started = ContinuousClock.now
            do {
                let url = URL(string: server.url("/flood"))!
                let request = transport.builder.head(for: url, plan: .wholeFile, extraHeaders: [], sendsCredentials: true)
                let client = try transport.client(for: HTTPTransport.ClientKey(proxy: nil, versions: .http1Only))
                do {
                    let response = try await client.execute(HTTPTransport.clientRequest(request), timeout: transport.requestTimeout)
                    XCTFail("an endless stream of interim responses gave a head: \(response.status)")
                } catch {
                    throw HTTPTransport.networkError(error, url: url, proxy: nil)
                }
            } catch let error as HaulError {
                XCTAssertEqual(error.kind, .network, error.message)
                XCTAssertTrue(error.message.contains("did not answer in time"), error.message)
            }
            XCTAssertLessThan(ContinuousClock.now - started, .seconds(6))
            if let before, let after = Self.residentBytes() {
                XCTAssertLessThan(after - before, 64 << 20, "resident memory grew by \(after - before) bytes")
            }
            await transport.shutdown()
        }
    }

    /// The process's resident memory (Linux: /proc/self/statm), or nil where it cannot be read.
    private static func residentBytes() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    func testAFewInterimResponsesAreStillSkipped() async throws {
        try await withEachScheme { server, _ in
            server.route("/some") { _ in
                var response = TestResponse(status: 200, body: Array("body".utf8))
                response.interimResponses = 1000  // 25 KB: within the bound
                return response
            }
            let response = try await Self.send(server.url("/some")).response()
            XCTAssertEqual(response.head.status, 200)
            let body = try await response.body.collect(upTo: 1024)
            XCTAssertEqual(String(decoding: body, as: UTF8.self), "body")
        }
    }

    // MARK: Point 9: one-byte chunks

    /// A body of one-byte chunks reaches the stream a read at a time, not a chunk at a time (a thread hand-off each).
    func testOneByteChunksReachTheStreamAReadAtATime() async throws {
        let content = deterministicBytes(count: 256 << 10, seed: 9)
        try await withEachScheme { server, _ in
            server.route("/bytes") { _ in
                var response = TestResponse(status: 200, body: content)
                response.chunked = true
                response.chunkSize = 1
                return response
            }
            let response = try await Self.send(server.url("/bytes")).response()
            var received: [UInt8] = []
            var slices = 0
            for try await slice in response.body {
                slices += 1
                received += slice.bytes.array
            }
            XCTAssertTrue(received == content, "the bytes differ")
            // 1.5 MiB on the wire, read 64 KiB at a time: a few dozen slices (the old decoder: 262,144).
            XCTAssertLessThan(slices, 1000, "\(slices) slices for \(content.count) one-byte chunks")
        }
    }

    // MARK: Point 11: malformed framing is a protocol violation

    func testMalformedFramingIsAProtocolViolation() async throws {
        try await withEachScheme { server, _ in
            server.route("/badchunk") { _ in
                TestResponse(status: 200, headers: [("Transfer-Encoding", "chunked")], body: Array("5\r\nhello\r\nzz\r\n".utf8))
            }
            server.route("/badstatus") { _ in
                var response = TestResponse(status: 200, body: Array("x".utf8))
                response.rawHead = "HTTP/1.1 OK 200\r\nContent-Length: 1\r\n\r\n"
                return response
            }
            let body = try await Self.send(server.url("/badchunk")).response().body
            do {
                _ = try await body.collect(upTo: 1024)
                XCTFail("a bad chunk size was accepted")
            } catch let error as HaulError {
                XCTAssertEqual(error.kind, .protocolViolation, error.message)
                XCTAssertTrue(error.message.contains("chunk"), error.message)
            }
            do {
                _ = try await Self.send(server.url("/badstatus")).response()
                XCTFail("a malformed status line was accepted")
            } catch let error as HaulError {
                XCTAssertEqual(error.kind, .protocolViolation, error.message)
            }
        }
    }

    /// Through the engine: a broken chunk fails at once with one request, not after retries as a network error.
    func testTheEngineDoesNotRetryABrokenProtocol() async throws {
        try await withEachScheme { server, trust in
            try await withTemporaryDirectory { dir in
                server.route("/f") { _ in
                    TestResponse(status: 200, headers: [("Transfer-Encoding", "chunked")], body: Array("5\r\nhello\r\nzz\r\n".utf8))
                }
                try await withHarness(dir, retries: 5, trusting: trust) { harness in
                    let (outcome, _) = try await harness.run(harness.request(server.url("/f")))
                    guard case .failed(let error) = outcome else { return XCTFail("\(outcome)") }
                    XCTAssertEqual(error.kind, .protocolViolation, error.message)
                    XCTAssertEqual(server.requests(for: "/f").count, 1, "a broken protocol was retried")
                }
            }
        }
    }

    /// Point 11: the probe of a split download is its first attempt; with no retries allowed it is the only one.
    func testAFailedProbeIsTheOnlyRequestWithoutRetries() async throws {
        try await withEachScheme { server, trust in
            try await withTemporaryDirectory { dir in
                server.route("/f") { _ in
                    var response = TestResponse(status: 200, body: [1])
                    response.rawHead = ""
                    response.closeAfterBodyBytes = 0  // closed before any answer
                    return response
                }
                try await withHarness(dir, retries: 0, trusting: trust) { harness in
                    let (outcome, _) = try await harness.run(harness.request(server.url("/f"), connections: 4))
                    guard case .failed(let error) = outcome else { return XCTFail("\(outcome)") }
                    XCTAssertEqual(error.kind, .network, error.message)
                    XCTAssertEqual(server.requests(for: "/f").count, 1, "retries 0 sent more than one request")
                }
            }
        }
    }

    // MARK: Point 10: a lying Content-Length

    /// 4 GiB announced, 10 bytes sent: the `.part` holds a bounded reservation, not 4 GiB, and the error says what
    /// happened.
    func testALyingLengthReservesABoundedStepAndIsSaidAsSuch() async throws {
        try await withEachScheme { server, trust in
            try await withTemporaryDirectory { dir in
                server.route("/f") { _ in
                    var response = TestResponse(status: 200, headers: [("ETag", "\"v1\"")], body: Array(repeating: 7, count: 10))
                    response.declaredLength = 4 << 30
                    response.closeAfterBodyBytes = 10
                    return response
                }
                try await withHarness(dir, retries: 0, trusting: trust) { harness in
                    let (outcome, _) = try await harness.run(harness.request(server.url("/f")))
                    guard case .failed(let error) = outcome else { return XCTFail("\(outcome)") }
                    XCTAssertEqual(error.kind, .network, error.message)
                    XCTAssertEqual(error.message, "127.0.0.1 announced 4294967296 bytes and closed the connection after 10")
                    var info = stat()
                    XCTAssertEqual(lstat(harness.path("file.bin.part"), &info), 0, "the 10 bytes are kept for a resume")
                    let allocated = Int64(info.st_blocks) * 512
                    // A step (64 MiB) at most while it ran; given back when it failed.
                    XCTAssertLessThanOrEqual(allocated, 1 << 20, "allocated \(allocated) bytes")
                    XCTAssertEqual(info.st_size, 10, "the bytes that came")

                    // Split over connections (the probe's answer is worth splitting): each segment's reserved
                    // part past its bytes is given back too.
                    let (split, _) = try await harness.run(harness.request(server.url("/f"), to: "split.bin", connections: 4))
                    guard case .failed = split else { return XCTFail("\(split)") }
                    if lstat(harness.path("split.bin.part"), &info) == 0 {
                        XCTAssertLessThanOrEqual(Int64(info.st_blocks) * 512, 1 << 20, "allocated \(Int64(info.st_blocks) * 512) bytes")
                    }
                }
            }
        }
    }

    func testLengthsNoFileHoldsHaveTheirOwnErrors() async throws {
        try await withEachScheme { server, trust in
            try await withTemporaryDirectory { dir in
                for (path, length) in [("/max", Int64.max), ("/huge", Int64(1) << 61)] {
                    server.route(path) { _ in
                        TestResponse(status: 200, headers: [("Content-Length", "\(length)"), ("ETag", "\"v1\"")], body: [1, 2, 3])
                    }
                }
                try await withHarness(dir, retries: 2, trusting: trust) { harness in
                    let (past, _) = try await harness.run(harness.request(server.url("/max"), to: "max.bin"))
                    guard case .failed(let pastError) = past else { return XCTFail("\(past)") }
                    XCTAssertEqual(pastError.kind, .protocolViolation, pastError.message)
                    XCTAssertTrue(pastError.message.hasPrefix("the server announces 9223372036854775807 bytes, more than any file holds"), pastError.message)
                    XCTAssertFalse(pastError.message.contains("make room"), pastError.message)

                    let (huge, _) = try await harness.run(harness.request(server.url("/huge"), to: "huge.bin"))
                    guard case .failed(let hugeError) = huge else { return XCTFail("\(huge)") }
                    XCTAssertEqual(hugeError.kind, .io, hugeError.message)
                    XCTAssertTrue(hugeError.message.contains("more than the whole file system holds"), hugeError.message)
                    XCTAssertFalse(hugeError.message.contains("make room"), hugeError.message)
                    XCTAssertEqual(server.requests(for: "/max").count + server.requests(for: "/huge").count, 2, "retried")
                }
            }
        }
    }
}

#if canImport(Glibc)
private let systemSend = Glibc.send
#else
private let systemSend = Darwin.send
#endif
