import CHaulSystem
import Foundation
import HaulCore
import HaulTestSupport
import XCTest

@testable import HaulKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Issue 34, point 3: the host name's resolution is under the connect timeout and a cancel, like the connect
/// itself. `getaddrinfo` cannot be interrupted, so a name is resolved on a thread of its own and abandoned; the
/// test stands in for a slow resolver (an unreachable DNS server takes glibc 5 s a try) with the C layer's
/// `HAUL_TEST_RESOLVER_DELAY_MS`.
final class DirectHTTPResolveTests: XCTestCase {
    private func withSlowResolver<T>(milliseconds: Int, _ body: () async throws -> T) async rethrows -> T {
        setenv("HAUL_TEST_RESOLVER_DELAY_MS", String(milliseconds), 1)
        defer { unsetenv("HAUL_TEST_RESOLVER_DELAY_MS") }
        return try await body()
    }

    private func send(_ url: String, connectTimeout: Double) throws -> DirectHTTPRequest {
        let target = try XCTUnwrap(DirectHTTPRequest.target(for: URL(string: url)!, fields: [("User-Agent", "haul-test")]))
        return DirectHTTPRequest.send(target, lease: nil, connectTimeout: connectTimeout, stallTimeout: 30)
    }

    func testASlowResolutionEndsAtTheConnectTimeout() async throws {
        try await withTestServer { server in
            server.route("/f") { _ in TestResponse(status: 200, body: [1, 2, 3]) }
            try await withSlowResolver(milliseconds: 8000) {
                let started = ContinuousClock.now
                let request = try send("http://localhost:\(server.port)/f", connectTimeout: 0.3)
                let failure = await DirectHTTPRequestTests.headFailure(of: request)
                let error = try XCTUnwrap(failure as? HaulError, "answered: \(String(describing: failure))")
                XCTAssertEqual(error.message, "connecting to localhost timed out")
                XCTAssertLessThan(ContinuousClock.now - started, .seconds(4), "the resolver, not the timeout, decided")
            }
        }
    }

    func testCancelStopsASlowResolution() async throws {
        try await withSlowResolver(milliseconds: 8000) {
            let before = haul_test_delayed_resolutions()
            let request = try send("http://localhost:1/f", connectTimeout: 30)
            // The cancel comes while the name is being resolved: once the request reached the (slow) resolver.
            let resolving = await eventually { haul_test_delayed_resolutions() > before }
            XCTAssertTrue(resolving, "the request never reached the resolver")
            let started = ContinuousClock.now
            request.cancel()
            let failure = await DirectHTTPRequestTests.headFailure(of: request)
            XCTAssertTrue(failure is CancellationError, "not cancelled: \(String(describing: failure))")
            XCTAssertLessThan(ContinuousClock.now - started, .seconds(4), "the cancel waited for the resolver")
        }
    }

    func testANameResolvedOnItsThreadConnects() async throws {
        try await withTestServer { server in
            server.route("/f") { _ in TestResponse(status: 200, body: [1, 2, 3]) }
            try await withSlowResolver(milliseconds: 50) {
                let request = try send("http://localhost:\(server.port)/f", connectTimeout: 5)
                let response = try await request.response()
                XCTAssertEqual(response.head.status, 200)
                let bytes = try await response.body.collect(upTo: 100)
                XCTAssertEqual(bytes, [1, 2, 3])
            }
        }
    }
}
