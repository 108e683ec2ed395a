import Foundation
import HaulTestSupport
import XCTest

/// `-j`, `haul list|resume|pause|cancel|remove|clean`, run as a person would, across processes.
final class QueueCommandTests: XCTestCase {
    private let content = deterministicBytes(count: 2 << 20, seed: 21)

    private func list(_ state: String, in dir: URL) throws -> [[String: Any]] { try QueueScene.list(state, in: dir) }

    private func startRunning(_ url: String, state: String, in dir: URL) throws -> (HaulProcess, Int) {
        try QueueScene.startRunning(url, state: state, in: dir)
    }

    func testManyURLsRunConcurrentlyThenListAndClean() async throws {
        let flag = Switch(on: true)
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                let small = deterministicBytes(count: 128 << 10, seed: 22)
                for index in 0..<6 { server.serve("/f\(index).bin", FileResource(content: small), bytesPerSecond: 512 << 10, while: flag) }
                let state = dir.file("s").path
                let urls = (0..<6).map { server.url("/f\($0).bin") }
                let result = try HaulProcess.run(urls + ["-j", "3", "--state-dir", state, "-d", "out"], in: dir.url)
                XCTAssertEqual(result.status, 0, result.stderr)
                for index in 0..<6 { XCTAssertTrue(contents(dir.file("out/f\(index).bin")) == small) }
                let rows = try list(state, in: dir.url)
                XCTAssertEqual(rows.count, 6)
                XCTAssertEqual(Set(rows.compactMap { $0["state"] as? String }), ["completed"])
                XCTAssertEqual(rows.compactMap { $0["bytes"] as? Int }, Array(repeating: 128 << 10, count: 6))
                let table = try HaulProcess.run(["list", "--state-dir", state], in: dir.url)
                XCTAssertTrue(table.stdout.hasPrefix("ID  STATE"), table.stdout)
                XCTAssertTrue(table.stdout.contains("SPEED/ERROR  NAME\n"), "columns as wide as their content: \(table.stdout)")
                XCTAssertTrue(table.stdout.contains("f5.bin"), table.stdout)
                let clean = try HaulProcess.run(["clean", "--state-dir", state], in: dir.url)
                XCTAssertEqual(clean.stdout, "removed 6 completed downloads\n")
                XCTAssertEqual(try list(state, in: dir.url).count, 0)
            }
        }
    }

    /// A throttled `/big.bin` downloading in a background `haul`, which `haul list` shows moving.
    private struct RunningDownload {
        let server: TestServer
        let dir: TemporaryDirectory
        let state: String
        let process: HaulProcess
        let id: Int
        let throttle: Switch
    }

    private func withRunningDownload(_ body: (RunningDownload) async throws -> Void) async throws {
        let throttle = Switch(on: true)
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/big.bin", FileResource(content: content), bytesPerSecond: 256 << 10, while: throttle)
                let state = dir.file("s").path
                let (running, id) = try startRunning(server.url("/big.bin"), state: state, in: dir.url)
                try await body(RunningDownload(server: server, dir: dir, state: state, process: running, id: id, throttle: throttle))
            }
        }
    }

    func testPauseFromAnotherTerminalThenResumeById() async throws {
        try await withRunningDownload { scene in
            let (server, dir, state, running, id, flag) = (scene.server, scene.dir, scene.state, scene.process, scene.id, scene.throttle)
            let pause = try HaulProcess.run(["pause", String(id), "--state-dir", state], in: dir.url)
            XCTAssertEqual(pause.status, 0, pause.stderr)
            let stopped = running.finish(timeout: 20)
            XCTAssertEqual(stopped.status, 130, stopped.stderr)
            XCTAssertTrue(stopped.stderr.contains("paused"), stopped.stderr)
            XCTAssertEqual(try list(state, in: dir.url).first?["state"] as? String, "paused")
            XCTAssertTrue(FileManager.default.fileExists(atPath: dir.file("big.bin.part").path))

            flag.isOn = false
            server.clearRequests()
            let resumed = try HaulProcess.run(["resume", String(id), "--state-dir", state], in: dir.url)
            XCTAssertEqual(resumed.status, 0, resumed.stderr)
            XCTAssertTrue(contents(dir.file("big.bin")) == content)
            XCTAssertNotNil(server.requests(for: "/big.bin").first?.header("Range"), "resume must not start over")
        }
    }

    func testCancelFromAnotherTerminalDeletesThePartialFile() async throws {
        try await withRunningDownload { scene in
            let (dir, state, running, id) = (scene.dir, scene.state, scene.process, scene.id)
            let cancel = try HaulProcess.run(["cancel", String(id), "--state-dir", state], in: dir.url)
            XCTAssertEqual(cancel.status, 0, cancel.stderr)
            let stopped = running.finish(timeout: 20)
            XCTAssertEqual(stopped.status, 130, stopped.stderr)
            XCTAssertTrue(waitUntil(timeout: 5) { !FileManager.default.fileExists(atPath: dir.file("big.bin.part").path) })
            XCTAssertEqual(try list(state, in: dir.url).count, 0)
        }
    }

    /// After kill -9 the download shows as interrupted, and `haul resume` with no id finishes it.
    func testResumeWithoutIdsFinishesWhatAKilledProcessLeft() async throws {
        try await withRunningDownload { scene in
            let (dir, state, running, flag) = (scene.dir, scene.state, scene.process, scene.throttle)
            running.signal(SIGKILL)
            _ = running.finish()
            XCTAssertEqual(try list(state, in: dir.url).first?["state"] as? String, "interrupted")
            flag.isOn = false
            let resumed = try HaulProcess.run(["resume", "--state-dir", state, "-q"], in: dir.url)
            XCTAssertEqual(resumed.status, 0, resumed.stderr)
            XCTAssertTrue(contents(dir.file("big.bin")) == content)
            XCTAssertEqual(try list(state, in: dir.url).first?["state"] as? String, "completed")
        }
    }

    func testRemoveAndRefusedCommandsExplainThemselves() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/a.bin", FileResource(content: deterministicBytes(count: 1000)))
                server.serve("/b.bin", FileResource(content: deterministicBytes(count: 1000)))
                let state = dir.file("s").path
                let got = try HaulProcess.run([server.url("/a.bin"), server.url("/b.bin"), "--state-dir", state, "-q"], in: dir.url)
                XCTAssertEqual(got.status, 0, got.stderr)
                let ids = try list(state, in: dir.url).compactMap { $0["id"] as? Int }
                XCTAssertEqual(ids.count, 2)

                let pause = try HaulProcess.run(["pause", String(ids[0]), "--state-dir", state], in: dir.url)
                XCTAssertEqual(pause.status, 2)
                XCTAssertTrue(pause.stderr.contains("cannot pause a download that is completed"), pause.stderr)
                let unknown = try HaulProcess.run(["cancel", "999", "--state-dir", state], in: dir.url)
                XCTAssertEqual(unknown.status, 2)
                XCTAssertTrue(unknown.stderr.contains("no download with id 999"), unknown.stderr)

                XCTAssertEqual(try HaulProcess.run(["remove", String(ids[0]), "--state-dir", state], in: dir.url).status, 0)
                XCTAssertEqual(try HaulProcess.run(["remove", String(ids[1]), "--delete-file", "--state-dir", state], in: dir.url).status, 0)
                XCTAssertTrue(FileManager.default.fileExists(atPath: dir.file("a.bin").path), "remove keeps the file")
                XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file("b.bin").path), "--delete-file deletes it")
                XCTAssertEqual(try list(state, in: dir.url).count, 0)
            }
        }
    }

    /// `haul move` from another terminal changes what a running haul starts next.
    func testMoveFromAnotherTerminalReordersARunningQueue() async throws {
        let flag = Switch(on: true)
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                for name in ["a", "b", "c"] { server.serve("/\(name).bin", FileResource(content: content), bytesPerSecond: 1 << 20, while: flag) }
                let state = dir.file("s").path
                let urls = ["a", "b", "c"].map { server.url("/\($0).bin") }
                let running = try HaulProcess(urls + ["-j", "1", "-x", "1", "--state-dir", state, "--progress", "json"], in: dir.url)
                var idOfC = -1
                XCTAssertTrue(waitUntil(timeout: 20) {
                    guard let rows = try? self.list(state, in: dir.url), rows.count == 3,
                        rows.first(where: { $0["name"] as? String == "a.bin" })?["state"] as? String == "downloading"
                    else { return false }
                    idOfC = rows.first { $0["name"] as? String == "c.bin" }?["id"] as? Int ?? -1
                    return true
                })
                let move = try HaulProcess.run(["move", String(idOfC), "--top", "--state-dir", state], in: dir.url)
                XCTAssertEqual(move.status, 0, move.stderr)
                XCTAssertTrue(move.stdout.contains("number 1 in line"), move.stdout)
                let result = running.finish(timeout: 60)
                XCTAssertEqual(result.status, 0, result.stderr)
                var started: [String] = []
                for line in result.stdout.split(separator: "\n") {
                    guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                        object["type"] as? String == "state", object["state"] as? String == "downloading",
                        let name = object["name"] as? String, !started.contains(name) else { continue }
                    started.append(name)
                }
                XCTAssertEqual(started, ["a.bin", "c.bin", "b.bin"])
            }
        }
    }

    /// Processes that open a new state directory at the same moment (a download and `haul list` started
    /// together) must all succeed: opening and creating the tables happen under a lock.
    func testProcessesOpeningANewStateDirectoryTogetherAllSucceed() throws {
        try withTemporaryDirectorySync { dir in
            for round in 0..<12 {
                let state = dir.file("state\(round)").path
                let processes = try (0..<12).map { _ in try HaulProcess(["list", "--json", "--state-dir", state], in: dir.url) }
                for process in processes {
                    let result = process.finish()
                    XCTAssertEqual(result.status, 0, "round \(round): \(result.stderr)")
                }
            }
        }
    }

    func testBadQueueOptionsAreUsageErrors() throws {
        try withTemporaryDirectorySync { dir in
            for arguments in [["-j", "0"], ["--limit-rate", "fast"], ["--max-overall-rate", "0"], ["--max-connections", "0"]] {
                let result = try HaulProcess.run(["http://127.0.0.1:9/x"] + arguments, in: dir.url)
                XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            }
        }
    }
}
