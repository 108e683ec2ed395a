import Foundation
import HaulTestSupport
import XCTest

/// The daemon beside a `haul` process that holds a download (issue 60, point 7): its `aria2.unpause` follows the
/// same rule as `haul resume ID` (`HolderRule`): the download resumes in the process that holds it.
final class DaemonBesideHolderTests: XCTestCase {
    /// Paused from elsewhere while the bar waits for **space**, unpaused over RPC: the `haul` process resumes it and
    /// exits 0 (before: the daemon took it over, and the `haul` process exited 10).
    func testAnUnpauseOverRPCResumesInTheHaulProcessThatHoldsIt() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                let content = deterministicBytes(count: 3 << 20, seed: 604)
                server.serve("/f.bin", FileResource(content: content), bytesPerSecond: 512 << 10)
                let state = dir.file("s")
                let part = dir.file("f.bin.part").path
                let daemon = try HaulProcess(["daemon", "--rpc-listen-port", "0", "--state-dir", state.path, "-d", dir.url.path], in: dir.url)
                defer {
                    daemon.signal(SIGKILL)
                    _ = daemon.finish(timeout: 10)
                }
                var port = 0
                XCTAssertTrue(waitUntil(timeout: 30) {
                    let note = FileManager.default.contents(atPath: state.appendingPathComponent("daemon.json").path)
                    let object = note.flatMap { try? JSONSerialization.jsonObject(with: $0) } as? [String: Any]
                    port = object?["port"] as? Int ?? 0
                    return port > 0
                })
                let secret = try String(contentsOf: state.appendingPathComponent("rpc-secret"), encoding: .utf8)
                    .trimmingCharacters(in: .whitespacesAndNewlines)
                let rpc = RPC(port: port, secret: secret)

                let session = try TerminalSession(["--state-dir", state.path, "-x", "1", server.url("/f.bin")], in: dir.url)
                defer { session.hangUp() }
                XCTAssertTrue(waitUntil(timeout: 20) { (durableBytes(stateDirectory: state, partPath: part) ?? 0) > 0 })
                XCTAssertEqual(try HaulProcess.run(["pause", "1", "--state-dir", state.path], in: dir.url).status, 0)
                XCTAssertTrue(session.waitFor("space: resume, q: quit"), TerminalSession.visible(session.output))
                XCTAssertTrue(waitUntil(timeout: 20) { rpc.status("0000000000000001") == "paused" })
                let answer = rpc.call("aria2.unpause", "\"0000000000000001\"")
                XCTAssertEqual(rpc.result(answer) as? String, "0000000000000001", answer)
                let result = session.finish()
                XCTAssertEqual(result.status, 0, TerminalSession.visible(result.output))
                XCTAssertEqual(FileManager.default.contents(atPath: dir.file("f.bin").path), Data(content))
                XCTAssertTrue(waitUntil(timeout: 20) { rpc.status("0000000000000001") == "complete" })
            }
        }
    }

    /// JSON-RPC calls through curl (the daemon's own client types are not this target's).
    private struct RPC {
        let port: Int
        let secret: String

        func call(_ method: String, _ params: String) -> String {
            let body = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"\(method)\",\"params\":[\"token:\(secret)\",\(params)]}"
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["curl", "-s", "--noproxy", "*", "-H", "Content-Type: application/json", "-d", body, "http://127.0.0.1:\(port)/jsonrpc"]
            let output = Pipe()
            process.standardOutput = output
            guard (try? process.run()) != nil else { return "" }
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: data, as: UTF8.self)
        }

        func result(_ answer: String) -> Any? {
            ((try? JSONSerialization.jsonObject(with: Data(answer.utf8))) as? [String: Any])?["result"]
        }

        func status(_ gid: String) -> String? {
            (result(call("aria2.tellStatus", "\"\(gid)\",[\"status\"]")) as? [String: Any])?["status"] as? String
        }
    }
}
