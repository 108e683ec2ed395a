import Foundation
import HaulDaemon
import HaulTestSupport
import XCTest

/// `haul daemon` and `haul add` as people run them: the built binary.
final class DaemonCommandTests: XCTestCase {
    func testANonLoopbackAddressWithoutASecretFileIsRefusedAtStart() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let daemon = try DaemonProcess([
            "daemon", "--rpc-listen-address", "0.0.0.0", "--rpc-listen-port", "0", "--state-dir", directory.file("state").path,
        ])
        XCTAssertEqual(daemon.waitForExit(30), 2, daemon.output)
        XCTAssertTrue(daemon.output.contains("--rpc-secret-file"), daemon.output)
    }

    func testHaulAddQueuesForTheRunningDaemonWhichPrintsItsPageAndStopsOnSIGTERM() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try await TestServer.start()
        let bytes = deterministicBytes(count: 200_000)
        server.serve("/added.bin", FileResource(content: bytes))
        let state = directory.file("state").path
        let downloads = directory.file("downloads").path
        let daemon = try DaemonProcess(["daemon", "--rpc-listen-port", "0", "--state-dir", state, "-d", downloads])
        defer { daemon.kill() }
        let port = try XCTUnwrap(daemon.waitForPort(), daemon.output)
        let secret = try String(contentsOfFile: state + "/rpc-secret", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        // Its output lands in journald and tee logs: the page's address and the secret file's path, never the secret.
        XCTAssertFalse(daemon.output.contains(secret), daemon.output)
        XCTAssertTrue(daemon.output.contains("secret in \(state)/rpc-secret"), daemon.output)
        XCTAssertTrue(daemon.output.contains("web page at http://127.0.0.1:\(port)/ "), daemon.output)
        XCTAssertTrue(daemon.output.contains("http://127.0.0.1:\(port)/#secret=$(cat \(state)/rpc-secret)"), daemon.output)

        let add = try DaemonProcess(["add", server.url("/added.bin"), "--state-dir", state, "-d", downloads])
        XCTAssertEqual(add.waitForExit(60), 0, add.output)
        let gid = try XCTUnwrap(add.output.split(separator: " ").first { $0.hasSuffix(")") && $0.count == 17 }.map { String($0.dropLast()) }, add.output)

        let request: JSONValue = ["jsonrpc": "2.0", "id": 1, "method": "aria2.tellStatus", "params": [.string("token:" + secret), .string(gid), ["status"]]]
        var status: JSONValue?
        try await eventually(within: .seconds(20)) {
            status = try RawClient.request(port: port, body: request.data).json?["result"]?["status"]
            return status == "complete"
        }
        XCTAssertEqual(status, "complete", daemon.output)
        XCTAssertEqual(FileManager.default.contents(atPath: downloads + "/added.bin").map { [UInt8]($0) }, bytes)

        XCTAssertEqual(daemon.terminate(within: 10), 0, daemon.output)
        XCTAssertTrue(daemon.output.contains("stopped"), daemon.output)
        try await server.shutdown()
    }

    func testHaulPauseFromAnotherTerminalReachesTheDaemonAndSIGTERMKeepsTheBytes() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try await TestServer.start()
        server.serve("/slow.bin", FileResource(content: deterministicBytes(count: 1_000_000)), bytesPerSecond: 50_000)
        let state = directory.file("state").path
        let downloads = directory.file("downloads").path
        let daemon = try DaemonProcess(["daemon", "--rpc-listen-port", "0", "--state-dir", state, "-d", downloads])
        defer { daemon.kill() }
        let port = try XCTUnwrap(daemon.waitForPort(), daemon.output)
        let secret = try String(contentsOfFile: state + "/rpc-secret", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        func call(_ method: String, _ params: [JSONValue]) throws -> JSONValue? {
            let request: JSONValue = ["jsonrpc": "2.0", "id": 1, "method": .string(method), "params": .array([.string("token:" + secret)] + params)]
            return try RawClient.request(port: port, body: request.data).json?["result"]
        }
        func waitFor(_ gid: JSONValue, _ status: JSONValue) async throws -> Bool {
            try await eventually { try call("aria2.tellStatus", [gid, ["status"]])?["status"] == status }
        }
        let gid = try XCTUnwrap(call("aria2.addUri", [[.string(server.url("/slow.bin"))], ["split": "1"]]))
        let waiting = try XCTUnwrap(call("aria2.addUri", [[.string(server.url("/slow.bin"))], ["split": "1", "out": "second.bin"]]))
        let started = try await waitFor(gid, "active")
        XCTAssertTrue(started)
        let id = try XCTUnwrap(GID(parsing: gid.stringValue ?? "")?.id)
        let pause = try DaemonProcess(["pause", String(id), "--state-dir", state])
        XCTAssertEqual(pause.waitForExit(30), 0, pause.output)
        let paused = try await waitFor(gid, "paused")
        XCTAssertTrue(paused, "the daemon follows a pause made by another process")
        let next = try await waitFor(waiting, "active")
        XCTAssertTrue(next)

        XCTAssertEqual(daemon.terminate(within: 10), 0, daemon.output)
        XCTAssertTrue(FileManager.default.fileExists(atPath: downloads + "/second.bin.part"), "the running download keeps its bytes")
        try await server.shutdown()
    }

    func testHaulAddRefusesBadInputWithUsageErrorsAndAddsPausedOnRequest() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let state = directory.file("state").path
        let bad = try DaemonProcess(["add", "ftp://example.org/x", "--state-dir", state])
        XCTAssertEqual(bad.waitForExit(30), 2, bad.output)
        XCTAssertTrue(bad.output.contains("is not an http or https URL"), bad.output)
        let two = try DaemonProcess(["add", "http://127.0.0.1:9/a", "http://127.0.0.1:9/b", "-o", "x", "--state-dir", state])
        XCTAssertEqual(two.waitForExit(30), 2, two.output)

        let paused = try DaemonProcess(["add", "http://127.0.0.1:9/a.iso", "--paused", "--state-dir", state, "-d", directory.file("d").path])
        XCTAssertEqual(paused.waitForExit(30), 0, paused.output)
        XCTAssertTrue(paused.output.contains("added paused 1 (gid 0000000000000001) "), paused.output)
        let list = try DaemonProcess(["list", "--state-dir", state])
        XCTAssertEqual(list.waitForExit(30), 0, list.output)
        XCTAssertTrue(list.output.contains("paused"), list.output)
    }

    /// `haul daemon --on-download-complete CMD`: the hook runs once with aria2's arguments when a download added
    /// over RPC completes, and not again for the stored download when the daemon restarts.
    func testHooksOfTheDaemonFireOnceAndNotAgainAfterARestart() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try await TestServer.start()
        server.serve("/hooked.bin", FileResource(content: deterministicBytes(count: 100_000)))
        let state = directory.file("state").path
        let downloads = directory.file("downloads").path
        let log = directory.file("hook.log").path
        let hook = directory.file("hook.sh").path
        try Data("#!/bin/sh\necho \"$HAUL_EVENT $1 $2 $3\" >> \"\(log)\"\n".utf8).write(to: URL(fileURLWithPath: hook))
        chmod(hook, 0o755)
        let arguments = ["daemon", "--rpc-listen-port", "0", "--state-dir", state, "-d", downloads, "--on-download-complete", hook]
        var daemon = try DaemonProcess(arguments)
        defer { daemon.kill() }
        var port = try XCTUnwrap(daemon.waitForPort(), daemon.output)
        let secret = try String(contentsOfFile: state + "/rpc-secret", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let add: JSONValue = ["jsonrpc": "2.0", "id": 1, "method": "aria2.addUri", "params": [.string("token:" + secret), [.string(server.url("/hooked.bin"))]]]
        let gid = try XCTUnwrap(RawClient.request(port: port, body: add.data).json?["result"]?.stringValue, daemon.output)
        var lines: [String] = []
        await eventually {
            lines = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
            return !lines.isEmpty
        }
        XCTAssertEqual(lines, ["complete \(gid) 1 \(downloads)/hooked.bin"], daemon.output)
        XCTAssertEqual(daemon.terminate(within: 10), 0, daemon.output)

        daemon = try DaemonProcess(arguments)
        port = try XCTUnwrap(daemon.waitForPort(), daemon.output)
        // Once the restarted daemon answers for the download, its queue is loaded; stopping waits for every hook
        // fired (`Daemon.stop` awaits the hook observer and runner), so one fired at start-up is in the log then.
        let status: JSONValue = ["jsonrpc": "2.0", "id": 2, "method": "aria2.tellStatus", "params": [.string("token:" + secret), .string(gid), ["status"]]]
        let loaded = try await eventually { try RawClient.request(port: port, body: status.data).json?["result"]?["status"] == "complete" }
        XCTAssertTrue(loaded, daemon.output)
        XCTAssertEqual(daemon.terminate(within: 10), 0, daemon.output)
        let after = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").count
        XCTAssertEqual(after, 1, "a completed download fires no hook again at start-up")
        try await server.shutdown()
    }

    /// `haul add` beside a daemon saves where the daemon saves (its `-d`, not the shell's directory), refuses a
    /// directory the daemon does not allow, and says when no daemon runs on the state directory (before: it saved
    /// into the working directory, or printed "queued 1" into a database no daemon reads, and said nothing).
    func testHaulAddFollowsTheDaemonOnItsStateDirectoryAndSaysWhenNoneRuns() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try await TestServer.start()
        let bytes = deterministicBytes(count: 100_000, seed: 71)
        server.serve("/beside.bin", FileResource(content: bytes))
        let state = directory.file("state").path
        let downloads = directory.file("downloads").path

        let lonely = try DaemonProcess(["add", server.url("/beside.bin"), "--state-dir", directory.file("other").path, "-d", directory.file("here").path])
        XCTAssertEqual(lonely.waitForExit(60), 0, lonely.output)
        XCTAssertTrue(lonely.output.contains("no haul daemon runs on \(directory.file("other").path)"), lonely.output)

        let daemon = try DaemonProcess(["daemon", "--rpc-listen-port", "0", "--state-dir", state, "-d", downloads])
        defer { daemon.kill() }
        let port = try XCTUnwrap(daemon.waitForPort(), daemon.output)
        let add = try DaemonProcess(["add", server.url("/beside.bin"), "--state-dir", state])
        XCTAssertEqual(add.waitForExit(60), 0, add.output)
        XCTAssertTrue(add.output.contains("the daemon on \(state)") && add.output.contains("port \(port)"), add.output)
        XCTAssertTrue(add.output.contains(downloads + "/beside.bin"), add.output)
        var arrived = false
        arrived = await eventually(within: .seconds(20)) {
            FileManager.default.contents(atPath: downloads + "/beside.bin").map { [UInt8]($0) } == bytes
        }
        XCTAssertTrue(arrived, daemon.output)

        let outside = try DaemonProcess(["add", server.url("/beside.bin"), "--state-dir", state, "-d", directory.file("elsewhere").path])
        XCTAssertEqual(outside.waitForExit(60), 2, outside.output)
        XCTAssertTrue(outside.output.contains("outside the directories the daemon"), outside.output)
        // An `-o` path is checked as a directory is, and its directory is made.
        let escaping = try DaemonProcess(["add", server.url("/beside.bin"), "--state-dir", state, "-o", "../elsewhere/x.bin"])
        XCTAssertEqual(escaping.waitForExit(60), 2, escaping.output)
        XCTAssertTrue(escaping.output.contains("outside the directories the daemon"), escaping.output)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.file("elsewhere").path), "nothing made outside")
        let nested = try DaemonProcess(["add", server.url("/beside.bin"), "--state-dir", state, "-o", "sub/nested.bin"])
        XCTAssertEqual(nested.waitForExit(60), 0, nested.output)
        arrived = false
        arrived = await eventually(within: .seconds(20)) {
            FileManager.default.contents(atPath: downloads + "/sub/nested.bin").map { [UInt8]($0) } == bytes
        }
        XCTAssertTrue(arrived, nested.output + daemon.output)
        XCTAssertEqual(daemon.terminate(within: 10), 0, daemon.output)

        // Stopped (or killed), it no longer counts as running.
        let after = try DaemonProcess(["add", server.url("/beside.bin"), "--state-dir", state, "-d", downloads, "--paused"])
        XCTAssertEqual(after.waitForExit(60), 0, after.output)
        XCTAssertTrue(after.output.contains("no haul daemon runs on"), after.output)
        try await server.shutdown()
    }

    /// `haul add` beside a daemon does what an RPC add without `dir` does: the daemon's `folder-rule` sends a file,
    /// its `dir` changed over RPC (the page's Settings) is followed at once and after a restart, and a `-d` or the
    /// command's own `--folder-rule` wins. Before: the note said the command line's `-d` for the daemon's whole life
    /// and carried no rules, so `haul add` saved where neither the daemon nor the page said.
    func testHaulAddFollowsTheDaemonsFolderRulesAndItsDirectoryAsChangedOverRPC() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try await TestServer.start()
        let bytes = deterministicBytes(count: 64_000, seed: 72)
        for name in ["disk.iso", "plain.bin", "kept.iso", "own.iso", "later.bin"] { server.serve("/" + name, FileResource(content: bytes)) }
        let state = directory.file("state").path
        let first = directory.file("first").path
        let second = directory.file("second").path
        func arrives(_ path: String) async throws -> Bool {
            await eventually(within: .seconds(20)) { FileManager.default.contents(atPath: path).map({ [UInt8]($0) }) == bytes }
        }
        func add(_ arguments: [String]) throws -> String {
            let add = try DaemonProcess(["add"] + arguments + ["--state-dir", state])
            XCTAssertEqual(add.waitForExit(60), 0, add.output)
            return add.output
        }
        let daemonArguments = [
            "daemon", "--rpc-listen-port", "0", "--state-dir", state, "-d", first, "--allow-dir", directory.url.path,
            "--folder-rule", "*.iso=images",
        ]
        var daemon = try DaemonProcess(daemonArguments)
        defer { daemon.kill() }
        var port = try XCTUnwrap(daemon.waitForPort(), daemon.output)

        _ = try add([server.url("/disk.iso")])
        let ruled = try await arrives(first + "/images/disk.iso")
        XCTAssertTrue(ruled, "the daemon's rule sends the file: " + daemon.output)
        _ = try add([server.url("/kept.iso"), "-d", first])
        let given = try await arrives(first + "/kept.iso")
        XCTAssertTrue(given, "a -d is never moved: " + daemon.output)
        _ = try add([server.url("/own.iso"), "--folder-rule", "*.iso=mine"])
        let own = try await arrives(first + "/mine/own.iso")
        XCTAssertTrue(own, "the command's own rules replace the daemon's: " + daemon.output)

        let secret = try String(contentsOfFile: state + "/rpc-secret", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let change: JSONValue = [
            "jsonrpc": "2.0", "id": 1, "method": "aria2.changeGlobalOption",
            "params": [.string("token:" + secret), ["dir": .string(second)]],
        ]
        XCTAssertEqual(try RawClient.request(port: port, body: change.data).json?["result"], "OK")
        let moved = try add([server.url("/plain.bin")])
        XCTAssertTrue(moved.contains(second + "/plain.bin"), moved)
        let followed = try await arrives(second + "/plain.bin")
        XCTAssertTrue(followed, "the changed dir is followed: " + daemon.output)

        // The changed `dir` is kept across a restart (global-options.json), and so is what the note says.
        XCTAssertEqual(daemon.terminate(within: 10), 0, daemon.output)
        daemon = try DaemonProcess(daemonArguments)
        port = try XCTUnwrap(daemon.waitForPort(), daemon.output)
        let restarted = try add([server.url("/later.bin")])
        XCTAssertTrue(restarted.contains(second + "/later.bin") && restarted.contains("port \(port)"), restarted)
        let after = try await arrives(second + "/later.bin")
        XCTAssertTrue(after, daemon.output)
        XCTAssertEqual(daemon.terminate(within: 10), 0, daemon.output)
        try await server.shutdown()
    }
}
