import Foundation
import HaulDaemon
import HaulKit
import HaulTestSupport
import XCTest

/// A daemon in this process on a free port, with its own state and download directories, and a test HTTP server.
final class DaemonFixture: @unchecked Sendable {
    let directory: TemporaryDirectory
    let server: TestServer
    var daemon: Daemon
    let secret: String
    var configuration: DaemonConfiguration

    var port: Int { daemon.port }
    var downloads: String { directory.file("downloads").path }

    static func start(_ adjust: (inout DaemonConfiguration) -> Void = { _ in }) async throws -> DaemonFixture {
        let directory = try TemporaryDirectory()
        var configuration = DaemonConfiguration(
            stateDirectory: directory.file("state").path, downloadDirectory: directory.file("downloads").path
        )
        configuration.port = 0
        configuration.unauthorizedDelay = .milliseconds(300)
        adjust(&configuration)
        let (daemon, secret) = try await Daemon.start(configuration)
        let server = try await TestServer.start()
        return DaemonFixture(directory: directory, server: server, daemon: daemon, secret: secret, configuration: configuration)
    }

    private init(directory: TemporaryDirectory, server: TestServer, daemon: Daemon, secret: String, configuration: DaemonConfiguration) {
        self.directory = directory
        self.server = server
        self.daemon = daemon
        self.secret = secret
        self.configuration = configuration
    }

    /// Stops the daemon and starts another on the same state (a restart).
    func restart() async throws {
        await daemon.stop()
        configuration.port = 0
        daemon = try await Daemon.start(configuration).0
    }

    func stop() async {
        await daemon.stop()
        try? await server.shutdown()
        directory.remove()
    }

    /// Calls `method` over HTTP POST with the secret; returns the whole answer object.
    func answer(_ method: String, _ params: [JSONValue] = [], token: String? = nil, headers: [String: String] = [:]) throws -> JSONValue {
        let request: JSONValue = [
            "jsonrpc": "2.0", "id": "t", "method": .string(method),
            "params": .array([.string("token:" + (token ?? secret))] + params),
        ]
        let response = try RawClient.request(port: port, headers: headers, body: request.data)
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
        for _ in 0..<400 {
            if try call("aria2.tellStatus", [gid, ["status"]])["status"]?.stringValue == status { return }
            try await Task.sleep(for: .milliseconds(25))
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
