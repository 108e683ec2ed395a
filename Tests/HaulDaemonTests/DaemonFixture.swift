import Foundation
import HaulDaemon
import HaulKit
import HaulTestSupport
import XCTest

/// A daemon in this process, with its own state and download directories, and a test HTTP server.
///
/// By default the daemon answers in memory (`DaemonTransport.inMemory`): `request`, `answer` and `call` go through
/// `Daemon.respond(to:)`, the same checks and router as the socket, with no socket. Tests of what only a socket has
/// (WebSocket, size limits while reading, timeouts, backpressure, connection caps) start it `.socket`, on a free port;
/// then the same helpers go over TCP.
final class DaemonFixture: @unchecked Sendable {
    let directory: TemporaryDirectory
    let server: TestServer
    var daemon: Daemon
    let secret: String
    var configuration: DaemonConfiguration

    var port: Int { daemon.port }
    var downloads: String { directory.file("downloads").path }

    /// The port an in-memory daemon stands for (its page's origin names it; nothing listens on it).
    static let inMemoryPort = 6800

    static func start(
        _ transport: DaemonTransport = .inMemory, _ adjust: (inout DaemonConfiguration) -> Void = { _ in }
    ) async throws -> DaemonFixture {
        let directory = try TemporaryDirectory()
        var configuration = DaemonConfiguration(
            stateDirectory: directory.file("state").path, downloadDirectory: directory.file("downloads").path
        )
        configuration.port = transport == .socket ? 0 : inMemoryPort
        configuration.unauthorizedDelay = .milliseconds(300)
        adjust(&configuration)
        let (daemon, secret) = try await Daemon.start(configuration, transport: transport)
        let server = try await TestServer.start()
        return DaemonFixture(
            directory: directory, server: server, daemon: daemon, secret: secret, configuration: configuration,
            transport: transport
        )
    }

    let transport: DaemonTransport

    private init(
        directory: TemporaryDirectory, server: TestServer, daemon: Daemon, secret: String,
        configuration: DaemonConfiguration, transport: DaemonTransport
    ) {
        self.directory = directory
        self.server = server
        self.daemon = daemon
        self.secret = secret
        self.configuration = configuration
        self.transport = transport
    }

    /// Stops the daemon and starts another on the same state (a restart).
    func restart() async throws {
        await daemon.stop()
        configuration.port = transport == .socket ? 0 : Self.inMemoryPort
        daemon = try await Daemon.start(configuration, transport: transport).0
    }

    func stop() async {
        await daemon.stop()
        try? await server.shutdown()
        directory.remove()
    }

    /// Sends one HTTP request as `RawClient.request` does (`Host` the daemon's, `Connection: close`): in memory
    /// through `Daemon.respond(to:)`, or over TCP when the daemon listens.
    ///
    /// Synchronous, as `RawClient`'s calls are, so that it can sit in an `XCTAssert`; it waits on a thread of the
    /// shared pool, so calls made from many tasks at once use `answering` instead.
    func request(
        method: String = "POST", path: String = "/jsonrpc", host: String? = nil, headers: [String: String] = [:],
        body: Data = Data(), contentType: String? = "application/json"
    ) throws -> RawClient.Response {
        if transport == .socket {
            return try RawClient.request(
                port: port, method: method, path: path, host: host, headers: headers, body: body, contentType: contentType
            )
        }
        let daemon = daemon
        let request = inMemory(method: method, path: path, host: host, headers: headers, body: body, contentType: contentType)
        // An answer streamed as it is made is read to its end, as a client reading the socket would.
        return Self.response(try Self.wait {
            var response = await daemon.respond(to: request)
            response.body = await response.collectedBody()
            response.chunks = nil
            return response
        })
    }

    /// `answer` that awaits the daemon instead of holding a thread: for calls made from many tasks at once.
    func answering(_ method: String, _ params: [JSONValue] = []) async throws -> JSONValue {
        let body = Self.call(method, params, token: secret).data
        let response: RawClient.Response
        if transport == .socket {
            response = try RawClient.request(port: port, body: body)
        } else {
            response = Self.response(await daemon.respond(to: inMemory(body: body)))
        }
        return try XCTUnwrap(response.json, "status \(response.status): \(String(decoding: response.body, as: UTF8.self))")
    }

    /// The request `RawClient.request` would send.
    private func inMemory(
        method: String = "POST", path: String = "/jsonrpc", host: String? = nil, headers: [String: String] = [:],
        body: Data, contentType: String? = "application/json"
    ) -> DaemonRequest {
        var fields: [(name: String, value: String)] = [("Host", host ?? "127.0.0.1:\(port)"), ("Connection", "close")]
        if !body.isEmpty || method == "POST" {
            fields.append(("Content-Length", String(body.count)))
            if let contentType { fields.append(("Content-Type", contentType)) }
        }
        fields += headers.map { (name: $0.key, value: $0.value) }
        return DaemonRequest(method: method, uri: path, headers: fields, body: body)
    }

    /// The answer as `RawClient.request` reads it (header names lowercase).
    private static func response(_ response: DaemonResponse) -> RawClient.Response {
        var headers = [String: String]()
        if let type = response.contentType { headers["content-type"] = type }
        headers["content-length"] = String(response.body.count)
        for (name, value) in response.headers { headers[name.lowercased()] = value }
        return RawClient.Response(status: response.status, headers: headers, body: response.body)
    }

    /// A JSON-RPC call of `method` with the secret `token`.
    private static func call(_ method: String, _ params: [JSONValue], token: String) -> JSONValue {
        ["jsonrpc": "2.0", "id": "t", "method": .string(method), "params": .array([.string("token:" + token)] + params)]
    }

    /// Runs `body` to its end from synchronous test code (the helpers are synchronous, as `RawClient`'s are).
    private static func wait<T: Sendable>(_ body: @escaping @Sendable () async -> T) throws -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        Task {
            box.value = await body()
            done.signal()
        }
        guard done.wait(timeout: .now() + 60) == .success, let value = box.value else { throw POSIXError(.ETIMEDOUT) }
        return value
    }

    /// Calls `method` over HTTP POST with the secret; returns the whole answer object.
    func answer(_ method: String, _ params: [JSONValue] = [], token: String? = nil, headers: [String: String] = [:]) throws -> JSONValue {
        let response = try request(headers: headers, body: Self.call(method, params, token: token ?? secret).data)
        return try XCTUnwrap(response.json, "status \(response.status): \(String(decoding: response.body, as: UTF8.self))")
    }

    /// The result of `method`; fails the test on an error answer.
    func call(_ method: String, _ params: [JSONValue] = [], file: StaticString = #filePath, line: UInt = #line) throws -> JSONValue {
        let whole = try answer(method, params)
        guard let result = whole["result"] else {
            XCTFail("\(method) failed: \(whole)", file: file, line: line)
            return .null
        }
        return result
    }

    /// The error message of a call that must fail.
    func error(_ method: String, _ params: [JSONValue] = [], file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let whole = try answer(method, params)
        guard let message = whole["error"]?["message"]?.stringValue else {
            XCTFail("\(method) should have failed: \(whole)", file: file, line: line)
            return ""
        }
        XCTAssertEqual(whole["error"]?["code"], 1, file: file, line: line)
        return message
    }

    /// Polls `tellStatus` until `status` (10 s at most).
    func wait(_ gid: JSONValue, for status: String, file: StaticString = #filePath, line: UInt = #line) async throws {
        if try await eventually(every: .milliseconds(25), { try call("aria2.tellStatus", [gid, ["status"]])["status"]?.stringValue == status }) {
            return
        }
        XCTFail("\(gid) never became \(status): \(try call("aria2.tellStatus", [gid]))", file: file, line: line)
    }

    /// Serves `bytes` at `path` (optionally slowly) and returns its URL.
    func serve(_ path: String, _ bytes: [UInt8], bytesPerSecond: Int? = nil, while throttle: Switch = Switch(on: true)) -> String {
        if let bytesPerSecond {
            server.serve(path, FileResource(content: bytes), bytesPerSecond: bytesPerSecond, while: throttle)
        } else {
            server.serve(path, FileResource(content: bytes))
        }
        return server.url(path)
    }
}

/// A value handed from a task to the thread waiting for it.
private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}
