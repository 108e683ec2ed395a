import Foundation
import HaulTestSupport
import XCTest

/// The built `haul daemon`, driven by the Python client aria2p, unmodified: add, wait for completion, pause, unpause,
/// a queue with max-concurrent-downloads=1, remove, stats, notifications, multicall (Scripts/aria2p_scenario.py).
///
/// aria2p comes from a virtual environment `.ci/run` creates (`.build-venv/`); `HAUL_ARIA2P_PYTHON` names its
/// python. Without it the test is skipped locally and fails on CI (`CI=true`), where a skip would hide a gap.
final class Aria2pScenarioTests: XCTestCase {
    static var packageDirectory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    static func python() throws -> String {
        let environment = ProcessInfo.processInfo.environment
        let path = environment["HAUL_ARIA2P_PYTHON"].flatMap { $0.isEmpty ? nil : $0 }
            ?? packageDirectory.appendingPathComponent(".build-venv/bin/python").path
        if FileManager.default.isExecutableFile(atPath: path) { return path }
        let message = "no python with aria2p at \(path): run .ci/run, or python3 -m venv .build-venv && .build-venv/bin/pip install aria2p"
        if environment["CI"] == "true" {
            XCTFail(message)
            throw XCTSkip(message)
        }
        throw XCTSkip(message)
    }

    func testAria2pDrivesHaulDaemon() async throws {
        let python = try Self.python()
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try await TestServer.start()
        server.serve("/small", FileResource(content: deterministicBytes(count: 100_000)))
        for index in 0..<3 {
            server.serve("/slow\(index)", FileResource(content: deterministicBytes(count: 2_000_000, seed: UInt64(index))), bytesPerSecond: 20_000)
        }
        let downloads = directory.file("downloads").path
        let daemon = try DaemonProcess(["daemon", "--rpc-listen-port", "0", "--state-dir", directory.file("state").path, "-d", downloads])
        defer { daemon.kill() }
        let port = try XCTUnwrap(daemon.waitForPort(), daemon.output)
        let secret = try String(contentsOfFile: directory.file("state/rpc-secret").path, encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)

        let script = Process()
        script.executableURL = URL(fileURLWithPath: python)
        script.arguments = [
            Self.packageDirectory.appendingPathComponent("Tests/HaulDaemonTests/Scripts/aria2p_scenario.py").path,
            String(port), secret, server.baseURL, downloads,
        ]
        let output = Pipe()
        script.standardOutput = output
        script.standardError = output
        try script.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        script.waitUntilExit()
        XCTAssertEqual(script.terminationStatus, 0, text + "\n--- daemon:\n" + daemon.output)
        XCTAssertTrue(text.contains("aria2p scenario: ok"), text)

        // SIGTERM: stops and exits 0 within a few seconds.
        XCTAssertEqual(daemon.terminate(within: 10), 0, daemon.output)
        try await server.shutdown()
    }
}
