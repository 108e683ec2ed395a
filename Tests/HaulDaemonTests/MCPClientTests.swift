import Crypto
import Foundation
import HaulTestSupport
import XCTest

/// The official Python MCP client (`mcp` from PyPI) drives Haul's tools over both transports: `/mcp` on `haul
/// daemon`, and `haul mcp` over stdio, alone (it runs a daemon for the session) and beside a running daemon (it
/// relays to that one). Each run: initialize, list the tools (each schema checked with `jsonschema`), call every
/// tool, a real download through add then wait with its bytes checked, a wait with a progress callback that hears
/// increasing `notifications/progress` before its result (an SSE answer, relayed line by line by `haul mcp`), and
/// the refusals (Scripts/mcp_scenario.py).
///
/// The client comes from the virtual environment `.ci/run` creates (`HAUL_TEST_PYTHON`); without it the test is
/// skipped locally and fails on CI.
final class MCPClientTests: XCTestCase {
    private struct Setup {
        let directory: TemporaryDirectory
        let server: TestServer
        let digest: String
        var downloads: String { directory.file("downloads").path }
        var state: String { directory.file("state").path }
    }

    private func python() throws -> String {
        let environment = ProcessInfo.processInfo.environment
        let path = environment["HAUL_TEST_PYTHON"].flatMap { $0.isEmpty ? nil : $0 }
            ?? Aria2pScenarioTests.packageDirectory.appendingPathComponent(".build-venv/bin/python").path
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: path)
        probe.arguments = ["-c", "import mcp, jsonschema"]
        probe.standardError = FileHandle.nullDevice
        if FileManager.default.isExecutableFile(atPath: path), (try? probe.run()) != nil {
            probe.waitUntilExit()
            if probe.terminationStatus == 0 { return path }
        }
        let message = "no python with mcp and jsonschema at \(path): run .ci/run, or pip install mcp jsonschema"
        if environment["CI"] == "true" { XCTFail(message) }
        throw XCTSkip(message)
    }

    private func makeSetup() async throws -> Setup {
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory.file("downloads").path, withIntermediateDirectories: true)
        let server = try await TestServer.start()
        let bytes = deterministicBytes(count: 250_000)
        server.serve("/small", FileResource(content: bytes))
        server.serve("/paced", FileResource(content: deterministicBytes(count: 600_000, seed: 3)), bytesPerSecond: 250_000)
        server.serve("/slow", FileResource(content: deterministicBytes(count: 4_000_000, seed: 9)), bytesPerSecond: 20_000)
        let digest = SHA256.hash(data: Data(bytes)).map { String(format: "%02x", $0) }.joined()
        return Setup(directory: directory, server: server, digest: digest)
    }

    private func runScenario(_ python: String, _ arguments: [String]) throws -> (Int32, String) {
        let script = Process()
        script.executableURL = URL(fileURLWithPath: python)
        script.arguments = [Aria2pScenarioTests.packageDirectory.appendingPathComponent("Tests/HaulDaemonTests/Scripts/mcp_scenario.py").path] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "HAUL_STATE_DIR")
        script.environment = environment
        let output = Pipe()
        script.standardOutput = output
        script.standardError = output
        try script.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        script.waitUntilExit()
        return (script.terminationStatus, text)
    }

    private var haulBinary: String {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        return [bundle, bundle.deletingLastPathComponent()].map { $0.appendingPathComponent("haul").path }
            .first { FileManager.default.isExecutableFile(atPath: $0) } ?? bundle.appendingPathComponent("haul").path
    }

    func testThePythonClientDrivesTheDaemonsMCPEndpoint() async throws {
        let python = try python()
        let setup = try await makeSetup()
        defer { setup.directory.remove() }
        let daemon = try DaemonProcess(["daemon", "--rpc-listen-port", "0", "--state-dir", setup.state, "-d", setup.downloads])
        defer { daemon.kill() }
        let port = try XCTUnwrap(daemon.waitForPort(), daemon.output)
        let secret = try String(contentsOfFile: setup.state + "/rpc-secret", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let (status, text) = try runScenario(python, [
            "http", "http://127.0.0.1:\(port)/mcp", secret, setup.server.baseURL, setup.downloads, setup.digest,
        ])
        XCTAssertEqual(status, 0, text + "\n--- daemon:\n" + daemon.output)
        XCTAssertTrue(text.contains("mcp scenario: ok"), text)
        XCTAssertTrue(text.contains("progress notifications: "), "the wait with a progress callback heard some")
        XCTAssertEqual(daemon.terminate(within: 10), 0, daemon.output)
        try await setup.server.shutdown()
    }

    /// No daemon runs: `haul mcp` runs one for the session, and stops it when the client closes its input.
    func testThePythonClientDrivesHaulMCPOverStdioAlone() async throws {
        let python = try python()
        let setup = try await makeSetup()
        defer { setup.directory.remove() }
        let (status, text) = try runScenario(python, [
            "stdio", haulBinary, setup.state, setup.server.baseURL, setup.downloads, setup.digest,
        ])
        XCTAssertEqual(status, 0, text)
        XCTAssertTrue(text.contains("mcp scenario: ok"), text)
        XCTAssertTrue(text.contains("progress notifications: "), "the wait with a progress callback heard some")
        XCTAssertTrue(text.contains("running one for this session"), text)
        try await setup.server.shutdown()
    }

    /// A daemon runs on the state directory: `haul mcp` relays to its `/mcp`, and the downloads are that daemon's.
    func testThePythonClientDrivesHaulMCPOverStdioBesideADaemon() async throws {
        let python = try python()
        let setup = try await makeSetup()
        defer { setup.directory.remove() }
        let daemon = try DaemonProcess(["daemon", "--rpc-listen-port", "0", "--state-dir", setup.state, "-d", setup.downloads])
        defer { daemon.kill() }
        let port = try XCTUnwrap(daemon.waitForPort(), daemon.output)
        let (status, text) = try runScenario(python, [
            "stdio", haulBinary, setup.state, setup.server.baseURL, setup.downloads, setup.digest,
        ])
        XCTAssertEqual(status, 0, text + "\n--- daemon:\n" + daemon.output)
        XCTAssertTrue(text.contains("mcp scenario: ok"), text)
        XCTAssertTrue(text.contains("progress notifications: "), "the wait with a progress callback heard some")
        XCTAssertTrue(text.contains("driving the daemon at 127.0.0.1:\(port)"), text)
        XCTAssertEqual(daemon.terminate(within: 10), 0, daemon.output)
        try await setup.server.shutdown()
    }
}
