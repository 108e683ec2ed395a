import Foundation
import HaulTestSupport
import XCTest

/// `TestServer.limitRequestsPerClient`: at most N requests in flight per client address, the rest refused at once
/// with the configured status, without reaching their route.
final class ClientRequestLimitTests: XCTestCase {
    /// A route whose responses send 10 bytes of 1000 and then stall: each stays in flight until its connection
    /// closes, so what is in flight does not depend on timing. Counts the requests that reached it.
    private func serveStalling(_ server: TestServer) -> Tally {
        let reached = Tally(slots: 1)
        server.route("/held") { _ in
            reached.add(1, at: 0)
            var response = TestResponse(status: 200, body: deterministicBytes(count: 1000))
            response.stallAfterBodyBytes = 10
            return response
        }
        return reached
    }

    func testOfNPlusOneSimultaneousRequestsExactlyOneIsRefusedWith429AndRetryAfter() async throws {
        try await withServer { server in
            let reached = serveStalling(server)
            server.limitRequestsPerClient(ClientRequestLimit(requests: 3, status: 429, retryAfter: 2))
            let connections = try (0..<4).map { _ in try RawConnection(port: server.port) }
            for connection in connections { try connection.sendRequest("GET", "/held") }
            let heads = try connections.map { try $0.readHead() }
            XCTAssertEqual(heads.map(\.status).sorted(), [200, 200, 200, 429])
            let refused = try XCTUnwrap(heads.first { $0.status == 429 })
            XCTAssertEqual(refused.header("Retry-After"), "2")
            XCTAssertEqual(server.refusedRequests, 1)
            XCTAssertEqual(reached.counts, [3], "the refused request never reached its route")
            XCTAssertEqual(server.requests(for: "/held").count, 4, "but it is in the request log")
            XCTAssertEqual(server.requestsInFlight, 3)
            XCTAssertEqual(server.maxRequestsInFlight, 3)
        }
    }

    func testAPlaceIsGivenBackWhenItsConnectionClosesAndTheRefusedConnectionStaysUsable() async throws {
        try await withServer { server in
            _ = serveStalling(server)
            server.serve("/small", FileResource(content: Array("small".utf8)))
            server.limitRequestsPerClient(ClientRequestLimit(requests: 1))
            var holder: RawConnection? = try RawConnection(port: server.port)
            try holder?.sendRequest("GET", "/held")
            XCTAssertEqual(try holder?.readHead().status, 200)

            let other = try RawConnection(port: server.port)
            try other.sendRequest("GET", "/small")
            let refused = try other.readResponse()
            XCTAssertEqual(refused.status, 503, "nginx's limit_conn status by default")
            XCTAssertNil(refused.header("Retry-After"))
            XCTAssertTrue(refused.text.contains("at most 1"), refused.text)

            holder = nil  // closes the socket: the stalled request is no longer in flight
            await eventually { server.requestsInFlight == 0 }
            XCTAssertEqual(server.requestsInFlight, 0)
            try other.sendRequest("GET", "/small")
            let served = try other.readResponse()
            XCTAssertEqual(served.status, 200, "the same keep-alive connection, now within the limit")
            XCTAssertEqual(served.text, "small")
        }
    }

    func testACompleteResponseEndsItsRequestSoOneConnectionAskingInTurnIsNeverRefused() async throws {
        try await withServer { server in
            server.serve("/f", FileResource(content: deterministicBytes(count: 200_000)))
            server.limitRequestsPerClient(ClientRequestLimit(requests: 1, status: 429))
            let connection = try RawConnection(port: server.port)
            for _ in 0..<5 {
                try connection.sendRequest("GET", "/f")
                XCTAssertEqual(try connection.readResponse().status, 200)
            }
            XCTAssertEqual(server.refusedRequests, 0)
            XCTAssertEqual(server.maxRequestsInFlight, 1)
        }
    }

    func testWithoutALimitNothingIsRefusedAndTheMostInFlightIsCounted() async throws {
        try await withServer { server in
            _ = serveStalling(server)
            let connections = try (0..<5).map { _ in try RawConnection(port: server.port) }
            for connection in connections { try connection.sendRequest("GET", "/held") }
            XCTAssertEqual(try connections.map { try $0.readHead().status }, Array(repeating: 200, count: 5))
            XCTAssertEqual(server.maxRequestsInFlight, 5)
            XCTAssertEqual(server.refusedRequests, 0)

            server.limitRequestsPerClient(ClientRequestLimit(requests: 5, status: 503, retryAfter: 30))
            let sixth = try RawConnection(port: server.port)
            try sixth.sendRequest("GET", "/held")
            let refused = try sixth.readHead()
            XCTAssertEqual(refused.status, 503, "a limit set while serving counts the requests already in flight")
            XCTAssertEqual(refused.header("Retry-After"), "30")
        }
    }
}
