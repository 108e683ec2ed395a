import Foundation
import HaulDaemon
import XCTest

/// Replays a browser client's recorded request bodies against the running daemon, as that client sends them: over
/// HTTP POST (with its `Origin` and `Content-Type`, or none) or over one WebSocket. In a body, `{{NAME}}` is replaced
/// by `values[NAME]` (the secret, URLs, GIDs, directories), so that the fixtures read as the clients' JSON.
final class ReplayClient {
    let fixture: DaemonFixture
    let origin: String?
    let contentType: String?
    var values: [String: String]
    private var socket: RawClient?
    /// Messages read while waiting for another (a notification can come before the answer of the call that caused it).
    private var pending: [JSONValue] = []

    init(_ fixture: DaemonFixture, origin: String?, contentType: String? = "application/json", values: [String: String] = [:]) {
        self.fixture = fixture
        self.origin = origin
        self.contentType = contentType
        self.values = values.merging(["TOKEN": fixture.secret, "DIR": fixture.downloads]) { mine, _ in mine }
    }

    func body(_ template: String) -> String {
        values.reduce(template) { $0.replacingOccurrences(of: "{{\($1.key)}}", with: $1.value) }
    }

    /// POSTs one recorded body; returns the whole answer (a JSON-RPC answer, or an array for a batch).
    func post(_ template: String, file: StaticString = #filePath, line: UInt = #line) throws -> JSONValue {
        let response = try fixture.request(
            headers: origin.map { ["Origin": $0] } ?? [:], body: Data(body(template).utf8),
            contentType: contentType
        )
        XCTAssertEqual(response.status, 200, String(decoding: response.body, as: UTF8.self), file: file, line: line)
        if let origin { XCTAssertEqual(response.headers["access-control-allow-origin"], origin, file: file, line: line) }
        return try XCTUnwrap(response.json, file: file, line: line)
    }

    /// The result of a recorded call over POST; fails the test on an error answer.
    func result(_ template: String, file: StaticString = #filePath, line: UInt = #line) throws -> JSONValue {
        let answer = try post(template, file: file, line: line)
        XCTAssertNil(answer["error"], "\(body(template)) -> \(answer)", file: file, line: line)
        return answer["result"] ?? .null
    }

    /// Opens the client's WebSocket (101 expected).
    func openSocket(file: StaticString = #filePath, line: UInt = #line) throws {
        let client = try RawClient(port: fixture.port)
        XCTAssertEqual(client.upgrade(port: fixture.port, origin: origin), 101, file: file, line: line)
        socket = client
    }

    /// Sends a recorded body over the WebSocket and returns the answer with the same id.
    func send(_ template: String, file: StaticString = #filePath, line: UInt = #line) throws -> JSONValue {
        let socket = try XCTUnwrap(socket, "openSocket first", file: file, line: line)
        let text = body(template)
        let id = try XCTUnwrap(JSONValue.parse(Data(text.utf8))?["id"], file: file, line: line)
        socket.sendText(text)
        let answer = socket.readJSON { message in
            if message["id"] == id && message["method"] == nil { return true }
            self.pending.append(message)
            return false
        }
        return try XCTUnwrap(answer, "no answer to \(text)", file: file, line: line)
    }

    /// Reads WebSocket messages until a notification `method` for `gid` arrives.
    func notification(_ method: String, gid: JSONValue, file: StaticString = #filePath, line: UInt = #line) throws -> JSONValue {
        let socket = try XCTUnwrap(socket, file: file, line: line)
        let matches: (JSONValue) -> Bool = { $0["method"] == .string(method) && $0["params"] == [["gid": gid]] }
        if let index = pending.firstIndex(where: matches) { return pending.remove(at: index) }
        return try XCTUnwrap(socket.readJSON(until: matches), "no \(method) for \(gid)", file: file, line: line)
    }
}
