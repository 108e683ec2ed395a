import Foundation
@testable import HaulDaemon
import XCTest

/// `/mcp` over a real socket meets the daemon's one security pipeline (`RequestChecks`, `MCPEndpoint`) and the
/// server's bounds (`ServerLimits`), as `/jsonrpc` does (issue 54; docs/agents.md).
final class MCPSecurityTests: XCTestCase {
    private let list = Data(#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#.utf8)
    private let accept = "application/json, text/event-stream"

    private func mcp(
        _ fixture: DaemonFixture, bearer: String?, host: String? = nil, origin: String? = nil, method: String = "POST", body: Data? = nil
    ) throws -> RawClient.Response {
        var headers = ["Accept": accept]
        if let bearer { headers["Authorization"] = "Bearer \(bearer)" }
        if let origin { headers["Origin"] = origin }
        return try fixture.request(method: method, path: "/mcp", host: host, headers: headers, body: body ?? (method == "POST" ? list : Data()))
    }

    func testTheSecretIsTheBearerTokenAndEveryRefusalHasItsStatus() async throws {
        let fixture = try await DaemonFixture.start(.socket)
        let missing = try mcp(fixture, bearer: nil)
        XCTAssertEqual(missing.status, 401)
        XCTAssertEqual(missing.headers["www-authenticate"], "Bearer")
        XCTAssertTrue(String(decoding: missing.body, as: UTF8.self).contains("Authorization: Bearer"))
        let started = ContinuousClock.now
        XCTAssertEqual(try mcp(fixture, bearer: "guess").status, 401)
        XCTAssertGreaterThanOrEqual(ContinuousClock.now - started, .milliseconds(250), "a wrong token waits as on /jsonrpc")
        // The secret in aria2's place (a token: parameter) is no bearer.
        let rpcStyle = Data(#"{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"token":"x"}}"#.utf8)
        XCTAssertEqual(try mcp(fixture, bearer: nil, body: rpcStyle).status, 401)

        XCTAssertEqual(try mcp(fixture, bearer: fixture.secret, host: "rebind.evil.example:\(fixture.port)").status, 421)
        XCTAssertEqual(try mcp(fixture, bearer: fixture.secret, origin: "http://evil.example").status, 403)
        XCTAssertEqual(try mcp(fixture, bearer: nil, origin: "http://evil.example").status, 403, "the Origin is checked before the secret")
        XCTAssertEqual(try mcp(fixture, bearer: fixture.secret, method: "GET").status, 405, "no SSE stream")
        XCTAssertEqual(try mcp(fixture, bearer: fixture.secret, method: "DELETE").status, 405)

        let right = try mcp(fixture, bearer: fixture.secret)
        XCTAssertEqual(right.status, 200)
        XCTAssertEqual(right.headers["content-type"], "application/json")
        XCTAssertEqual(right.json?["result"]?["tools"]?.arrayValue?.count, AgentToolCatalog.tools.count)
        // The daemon's own page may call it (same origin), with the secret.
        XCTAssertEqual(try mcp(fixture, bearer: fixture.secret, origin: "http://127.0.0.1:\(fixture.port)").status, 200)
        await fixture.stop()
    }

    /// One guess per request, as on `/jsonrpc`: a batch of calls carries one bearer, compared once, and a second
    /// `Authorization` header is not a second guess.
    func testOneGuessPerRequestWhateverItCarries() async throws {
        let fixture = try await DaemonFixture.start(.socket)
        let call = #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"global_stats","arguments":{}}}"#
        let batch = Data(("[" + Array(repeating: call, count: 50).joined(separator: ",") + "]").utf8)
        let started = ContinuousClock.now
        let refused = try mcp(fixture, bearer: "guess", body: batch)
        XCTAssertEqual(refused.status, 401)
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(5), "one wait, not one per call")
        let twice = try RawClient.request(
            port: fixture.port, path: "/mcp",
            headers: ["Accept": accept, "Authorization": "Bearer guess\r\nAuthorization: Bearer \(fixture.secret)"], body: list
        )
        XCTAssertEqual(twice.status, 401, "the first Authorization is the request's one guess")
        await fixture.stop()
    }

    func testDirectoriesAndSchemesAreTheRPCsOverMCP() async throws {
        let fixture = try await DaemonFixture.start(.socket)
        func add(_ arguments: String) throws -> JSONValue? {
            let body = #"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"add_downloads","arguments":\#(arguments)}}"#
            return try mcp(fixture, bearer: fixture.secret, body: Data(body.utf8)).json?["result"]
        }
        let outside = try XCTUnwrap(add(#"{"urls":["http://127.0.0.1:1/x"],"directory":"/etc"}"#))
        XCTAssertEqual(outside["isError"], true)
        XCTAssertTrue(outside["content"]?.arrayValue?.first?["text"]?.stringValue?.contains("outside the allowed directories") == true, "\(outside)")
        let file = try XCTUnwrap(add(#"{"urls":["file:///etc/passwd"]}"#))
        XCTAssertEqual(file["isError"], true)
        XCTAssertEqual(file["content"]?.arrayValue?.first?["text"], "'file:///etc/passwd' is not an http or https URL")
        XCTAssertEqual(try fixture.call("aria2.tellWaiting", [0, 10]), [], "nothing was added")
        await fixture.stop()
    }

    /// The hostile-client pass of the RPC, on `/mcp`: bodies past the bound, deep JSON, answers never read, idle
    /// sockets at the cap.
    func testHostileClientsMeetTheServersBounds() async throws {
        let fixture = try await DaemonFixture.start(.socket) {
            $0.limits = ServerLimits(maxBodyBytes: 64 << 10, maxConnections: 4, maxUnreadAnswerBytes: 32 << 10)
        }
        let large = Data(#"{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"pad":""#.utf8) + Data(repeating: 0x61, count: 70 << 10) + Data("\"}}".utf8)
        XCTAssertEqual(try mcp(fixture, bearer: fixture.secret, body: large).status, 413)
        let deep = Data((String(repeating: "[", count: 200) + String(repeating: "]", count: 200)).utf8)
        let refused = try mcp(fixture, bearer: fixture.secret, body: deep)
        XCTAssertEqual(refused.status, 400)
        XCTAssertEqual(refused.json?["error"]?["code"], -32700)

        // Pipelined tools/list whose answers are never read: the daemon stops reading.
        do {
            let client = try RawClient(port: fixture.port, receiveBuffer: 4096, sendBuffer: 16384, sendTimeout: .seconds(2))
            let head = "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:\(fixture.port)\r\nContent-Type: application/json\r\nAccept: \(accept)\r\n"
                + "Authorization: Bearer \(fixture.secret)\r\nContent-Length: \(list.count)\r\n\r\n"
            var sent = 0
            while sent < 100_000, client.transmit(Data(head.utf8) + list) { sent += 1 }
            XCTAssertLessThan(sent, 100_000, "the daemon stopped reading, so the client's sends blocked")
            XCTAssertGreaterThan(fixture.daemon.server!.load.counts.readsPaused, 0)
            XCTAssertEqual(fixture.daemon.server!.load.counts.closedForUnreadAnswers, 0, "paused, not closed")
        }

        // Idle sockets filling the cap lock no agent out: the longest idle makes room.
        var idle: [RawClient] = []
        for _ in 0..<4 { idle.append(try RawClient(port: fixture.port)) }
        let answer = try mcp(fixture, bearer: fixture.secret)
        XCTAssertEqual(answer.status, 200)
        XCTAssertGreaterThanOrEqual(fixture.daemon.server!.load.counts.closedToAdmit, 1)
        await fixture.stop()
    }
}
