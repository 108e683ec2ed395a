import Crypto
import Foundation
import HaulTestSupport
import XCTest

/// `--on-download-*` hooks and `--on-download-webhook`, run by the built `haul` against the test server, with small
/// shell scripts as hooks.
final class HookCommandTests: XCTestCase {
    private let content = deterministicBytes(count: 200_000, seed: 5)
    private var digest: String { SHA256.hash(data: content).map { String(format: "%02x", $0) }.joined() }

    /// A hook that writes its arguments and HAUL_* variables to `<event>.<n>.txt` beside itself, then exits `status`.
    private func recordingHook(in dir: TemporaryDirectory, name: String = "hook.sh", status: Int = 0) throws -> String {
        let script = """
            #!/bin/sh
            out="$(dirname "$0")/$HAUL_EVENT.$$.txt"
            { echo "args=$*"; env | grep '^HAUL_' | sort; } > "$out"
            exit \(status)

            """
        let path = dir.file(name).path
        try Data(script.utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o755)
        return path
    }

    /// The records the hooks wrote, by event: one text per call.
    private func calls(in dir: TemporaryDirectory) throws -> [String: [String]] {
        var calls: [String: [String]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: dir.url.path) where name.hasSuffix(".txt") {
            let event = String(name.prefix { $0 != "." })
            calls[event, default: []].append(try String(contentsOf: dir.file(name), encoding: .utf8))
        }
        return calls
    }

    func testStartAndCompleteHooksGetAria2ArgumentsAndTheFacts() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/f.bin", FileResource(content: content))
                let hook = try recordingHook(in: dir)
                let result = try HaulProcess.run(
                    ["--on-download-start", hook, "--on-download-complete", hook, "--on-download-error", hook,
                     "--checksum", "sha256=\(digest)", "--state-dir", dir.file("s").path, server.url("/f.bin")],
                    in: dir.url)
                XCTAssertEqual(result.status, 0, result.stderr)
                let calls = try calls(in: dir)
                XCTAssertEqual(calls["start"]?.count, 1, "\(calls)")
                XCTAssertEqual(calls["error"], nil)
                let complete = try XCTUnwrap(calls["complete"]?.first, "\(calls)")
                XCTAssertEqual(calls["complete"]?.count, 1)
                let path = dir.file("f.bin").path
                XCTAssertTrue(complete.contains("args=0000000000000001 1 \(path)\n"), complete)
                XCTAssertTrue(complete.contains("HAUL_URL=\(server.url("/f.bin"))\n"), complete)
                XCTAssertTrue(complete.contains("HAUL_SIZE=\(content.count)\n"), complete)
                XCTAssertTrue(complete.contains("HAUL_CHECKSUM=sha256=\(digest)\n"), complete)
                XCTAssertFalse(complete.contains("HAUL_ERROR"), complete)
            }
        }
    }

    func testErrorHookGetsTheErrorAndExitCodeAndAFailingHookFailsNothing() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/f.bin", FileResource(content: content))
                let hook = try recordingHook(in: dir, status: 3)
                let failed = try HaulProcess.run(
                    ["--on-download-error", hook, "--state-dir", dir.file("s").path, server.url("/missing.bin")], in: dir.url)
                XCTAssertEqual(failed.status, 4, "the download's own exit code: \(failed.stderr)")
                let error = try XCTUnwrap(calls(in: dir)["error"]?.first)
                XCTAssertTrue(error.contains("HAUL_ERROR=") && error.contains("404"), error)
                XCTAssertTrue(error.contains("HAUL_EXIT_CODE=4\n"), error)
                XCTAssertTrue(failed.stderr.contains("exited with status 3"), "a failing hook is logged: \(failed.stderr)")

                let ok = try HaulProcess.run(
                    ["--on-download-complete", hook, "--state-dir", dir.file("s").path, server.url("/f.bin")], in: dir.url)
                XCTAssertEqual(ok.status, 0, "a hook that exits 3 does not fail its download: \(ok.stderr)")
                XCTAssertTrue(ok.stderr.contains("--on-download-complete \(hook) exited with status 3"), ok.stderr)
                XCTAssertTrue(contents(dir.file("f.bin")) == content)
            }
        }
    }

    func testStopStandsInForCompleteAndAMissingProgramIsLogged() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/f.bin", FileResource(content: content))
                let hook = try recordingHook(in: dir)
                let result = try HaulProcess.run(
                    ["--on-download-stop", hook, "--on-download-start", dir.file("absent.sh").path,
                     "--state-dir", dir.file("s").path, server.url("/f.bin")], in: dir.url)
                XCTAssertEqual(result.status, 0, result.stderr)
                XCTAssertEqual(try calls(in: dir)["stop"]?.count, 1)
                XCTAssertTrue(result.stderr.contains("absent.sh: no such program"), result.stderr)
            }
        }
    }

    func testAHookThatHangsIsStoppedAtItsTimeout() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/f.bin", FileResource(content: content))
                let path = dir.file("hang.sh").path
                try Data("#!/bin/sh\nexec sleep 30\n".utf8).write(to: URL(fileURLWithPath: path))
                chmod(path, 0o755)
                let started = Date()
                let result = try HaulProcess.run(
                    ["--on-download-complete", path, "--hook-timeout", "1", "--state-dir", dir.file("s").path, server.url("/f.bin")],
                    in: dir.url)
                XCTAssertEqual(result.status, 0, result.stderr)
                XCTAssertTrue(result.stderr.contains("was stopped after 1 s"), result.stderr)
                XCTAssertLessThan(Date().timeIntervalSince(started), 20, "haul did not wait for the 30 s sleep")
                XCTAssertTrue(contents(dir.file("f.bin")) == content)
            }
        }
    }

    func testWebhookIsPostedAsJSONAndRetried() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/f.bin", FileResource(content: content))
                // The receiver is down for the first POST of each event, then accepts.
                let seen = LockedCounter()
                server.route("/hook") { request in
                    seen.increment(String(decoding: request.body, as: UTF8.self).contains("\"event\":\"start\"") ? "start" : "other") == 1
                        ? .text(503, "busy") : .text(204, "")
                }
                let result = try HaulProcess.run(
                    ["--on-download-webhook", server.url("/hook"), "--state-dir", dir.file("s").path, server.url("/f.bin")], in: dir.url)
                XCTAssertEqual(result.status, 0, result.stderr)
                let posts = server.requests(for: "/hook")
                XCTAssertTrue(posts.allSatisfy { $0.method == "POST" && $0.header("Content-Type") == "application/json" })
                let bodies = posts.map { String(decoding: $0.body, as: UTF8.self) }
                XCTAssertEqual(bodies.filter { $0.contains("\"event\":\"start\"") }.count, 2, "\(bodies)")
                XCTAssertEqual(bodies.filter { $0.contains("\"event\":\"complete\"") }.count, 2, "\(bodies)")
                let complete = try XCTUnwrap(bodies.last { $0.contains("\"event\":\"complete\"") })
                let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(complete.utf8)) as? [String: Any])
                XCTAssertEqual(json["gid"] as? String, "0000000000000001")
                XCTAssertEqual(json["path"] as? String, dir.file("f.bin").path)
                XCTAssertEqual(json["size"] as? Int, content.count)
                XCTAssertEqual(json["url"] as? String, server.url("/f.bin"))
            }
        }
    }

    /// The web hook's POST goes through the transport the downloads use (issue 61, point 4): an https receiver
    /// whose certificate only `--cacert` makes trusted gets every POST, and with `--proxy` the POST reaches the
    /// proxy (a `CONNECT` tunnel to the receiver). Through a client of its own, it skipped both.
    func testWebhookTrustsCacertAndGoesThroughTheProxy() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/f.bin", FileResource(content: content))
                let certificates = try TestCertificates.write(to: dir.url)
                guard let receiver = try NginxServer.serving(
                    [:], in: dir, extraLocations: "location = /hook { return 204; }", tls: certificates, logsRequests: true)
                else { throw XCTSkip("nginx is not installed") }
                defer { receiver.stop() }
                let trusted = try HaulProcess.run(
                    ["--cacert", certificates.authority, "--on-download-webhook", receiver.url("/hook"),
                     "--state-dir", dir.file("s").path, "-o", "a.bin", server.url("/f.bin")], in: dir.url)
                XCTAssertEqual(trusted.status, 0, trusted.stderr)
                XCTAssertFalse(trusted.stderr.contains("web hook"), "no failed POST: \(trusted.stderr)")
                // nginx writes its log line as it answers: wait for it, not for a time.
                func posts(_ count: Int) async throws -> [Int] {
                    var hooks: [NginxServer.LoggedRequest] = []
                    await eventually {
                        hooks = receiver.loggedRequests().filter { $0.path == "/hook" }
                        return hooks.count >= count
                    }
                    return hooks.map(\.status)
                }
                let trustedPosts = try await posts(2)
                XCTAssertEqual(trustedPosts, [204, 204], "start and complete, one POST each")
                // `--insecure` (warned about) trusts the receiver without its authority, as it does a download.
                let insecure = try HaulProcess.run(
                    ["--insecure", "--on-download-webhook", receiver.url("/hook"),
                     "--state-dir", dir.file("s").path, "-o", "i.bin", server.url("/f.bin")], in: dir.url)
                XCTAssertEqual(insecure.status, 0, insecure.stderr)
                XCTAssertFalse(insecure.stderr.contains("web hook"), "no failed POST: \(insecure.stderr)")
                let allPosts = try await posts(4)
                XCTAssertEqual(allPosts, [204, 204, 204, 204], "the insecure run's two POSTs arrived too")

                server.route("/hook") { _ in .text(204, "") }
                let proxy = try TestProxy()
                defer { proxy.shutdown() }
                let proxied = try HaulProcess.run(
                    ["--proxy", proxy.url(), "--on-download-webhook", server.url("/hook"),
                     "--state-dir", dir.file("s").path, "-o", "b.bin", server.url("/f.bin")], in: dir.url)
                XCTAssertEqual(proxied.status, 0, proxied.stderr)
                let port = try XCTUnwrap(URL(string: server.url("/hook"))?.port)
                let tunnels = proxy.requests.filter { $0.method == "CONNECT" && $0.target == "127.0.0.1:\(port)" }
                XCTAssertFalse(tunnels.isEmpty, "the POST went to the proxy: \(proxy.requests.map { "\($0.method) \($0.target)" })")
                XCTAssertFalse(server.requests(for: "/hook").isEmpty, "and reached its receiver through it")
            }
        }
    }

    func testBadHookOptionsAreUsageErrors() throws {
        try withTemporaryDirectorySync { dir in
            for arguments in [["--on-download-webhook", "ftp://x/"], ["--hook-timeout", "0"], ["--on-download-stop", ""]] {
                let result = try HaulProcess.run(arguments + ["http://127.0.0.1:9/x"], in: dir.url)
                XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            }
        }
    }
}

/// Counts calls per key across the test server's threads.
private final class LockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [String: Int] = [:]

    /// Adds one to `key` and returns its new count.
    func increment(_ key: String) -> Int {
        lock.lock()
        defer { lock.unlock() }
        counts[key, default: 0] += 1
        return counts[key]!
    }
}

/// `haul resume` with hooks: a restored download fires nothing for the state it was stored in.
final class HookResumeTests: XCTestCase {
    func testRestoredDownloadsFireNothingForTheirStoredState() async throws {
        let content = deterministicBytes(count: 2 << 20, seed: 6)
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                let throttle = Switch(on: true)
                server.serve("/done.bin", FileResource(content: Array(content.prefix(1000))))
                server.serve("/big.bin", FileResource(content: content), bytesPerSecond: 256 << 10, while: throttle)
                let state = dir.file("s").path
                XCTAssertEqual(try HaulProcess.run([server.url("/done.bin"), "--state-dir", state, "-q"], in: dir.url).status, 0)
                let running = try HaulProcess([server.url("/big.bin"), "-x", "1", "--state-dir", state, "-q"], in: dir.url)
                XCTAssertTrue(waitUntil(timeout: 20) { FileManager.default.fileExists(atPath: dir.file("big.bin.part").path) })
                XCTAssertEqual(try HaulProcess.run(["pause", "2", "--state-dir", state], in: dir.url).status, 0)
                XCTAssertEqual(running.finish(timeout: 20).status, 130)
                throttle.isOn = false

                let script = "#!/bin/sh\ntouch \"$(dirname \"$0\")/$HAUL_EVENT-$1.txt\"\n"
                let hook = dir.file("hook.sh").path
                try Data(script.utf8).write(to: URL(fileURLWithPath: hook))
                chmod(hook, 0o755)
                let resumed = try HaulProcess.run(
                    ["resume", "1", "2", "--state-dir", state, "-q", "--on-download-complete", hook, "--on-download-pause", hook],
                    in: dir.url)
                XCTAssertEqual(resumed.status, 0, resumed.stderr)
                let fired = try FileManager.default.contentsOfDirectory(atPath: dir.url.path).filter { $0.hasSuffix(".txt") }.sorted()
                XCTAssertEqual(fired, ["complete-0000000000000002.txt"], "the download completed earlier and the paused one's pause fire nothing")
            }
        }
    }
}
