import Foundation
import HaulDaemon
import HaulTestSupport
import XCTest

/// The refusals: secret, Host, Origin, directories, names, sizes.
final class DaemonSecurityTests: XCTestCase {
    func testAWrongOrMissingSecretIsUnauthorizedAfterADelay() async throws {
        let fixture = try await DaemonFixture.start()
        let started = ContinuousClock.now
        let wrong = try fixture.answer("aria2.tellActive", token: "guess")
        XCTAssertGreaterThanOrEqual(ContinuousClock.now - started, .milliseconds(250), "the answer waits")
        XCTAssertEqual(wrong["error"], ["code": 1, "message": "Unauthorized"])
        let missing: JSONValue = ["jsonrpc": "2.0", "id": 1, "method": "aria2.getGlobalStat", "params": []]
        XCTAssertEqual(try fixture.request(body: missing.data).json?["error"]?["message"], "Unauthorized")
        // Listing names needs no secret, as in aria2.
        let list: JSONValue = ["jsonrpc": "2.0", "id": 1, "method": "system.listNotifications"]
        XCTAssertEqual(try fixture.request(body: list.data).json?["result"]?.arrayValue?.count, 5)
        XCTAssertEqual(try fixture.call("aria2.tellActive"), [])
        await fixture.stop()
    }

    func testTheGeneratedSecretIsInAPrivateFileAndInNoAnswer() async throws {
        let fixture = try await DaemonFixture.start()
        let path = fixture.configuration.stateDirectory + "/rpc-secret"
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines), fixture.secret)
        for method in ["aria2.getGlobalOption", "aria2.getVersion", "aria2.getSessionInfo", "aria2.getGlobalStat"] {
            XCTAssertFalse(String(decoding: try fixture.call(method).data, as: UTF8.self).contains(fixture.secret), method)
        }
        // The same secret after a restart, so that connected front-ends keep working.
        try await fixture.restart()
        XCTAssertEqual(try fixture.call("aria2.tellActive"), [])
        await fixture.stop()
    }

    func testAForeignHostGets421() async throws {
        let fixture = try await DaemonFixture.start()
        let body: JSONValue = ["jsonrpc": "2.0", "id": 1, "method": "system.listMethods"]
        let refused = try fixture.request(host: "rebind.evil.example:\(fixture.port)", body: body.data)
        XCTAssertEqual(refused.status, 421)
        XCTAssertEqual(try fixture.request(method: "GET", path: "/", host: "evil.example").status, 421)
        XCTAssertEqual(try fixture.request(host: "localhost:\(fixture.port)", body: body.data).status, 200)
        await fixture.stop()
    }

    /// A WebSocket handshake meets the checks an HTTP request does (`RequestChecks`), and is refused with the same
    /// status instead of upgraded.
    func testWebSocketHandshakesGoThroughTheSameChecks() async throws {
        let fixture = try await DaemonFixture.start(.socket) {
            $0.allowedOrigins = ["http://ariang.example"]
            $0.extensionsWithSecret = false
        }
        XCTAssertEqual(try RawClient(port: fixture.port).upgrade(port: fixture.port, host: "evil.example"), 421)
        XCTAssertEqual(
            try RawClient(port: fixture.port).upgrade(port: fixture.port, origin: "http://evil.example", host: "evil.example"), 421,
            "the Host is checked first"
        )
        for origin in ["http://evil.example", "null", "file://", "chrome-extension://mpkodccbngfoacfalldjimigbofkhgjn"] {
            XCTAssertEqual(try RawClient(port: fixture.port).upgrade(port: fixture.port, origin: origin), 403, origin)
        }
        for origin in ["http://ariang.example", "http://127.0.0.1:\(fixture.port)"] {
            XCTAssertEqual(try RawClient(port: fixture.port).upgrade(port: fixture.port, origin: origin), 101, origin)
        }
        await fixture.stop()
    }

    func testForeignOriginsAreRefusedOnPostAndAllowedOnesGetCORS() async throws {
        let fixture = try await DaemonFixture.start { $0.allowedOrigins = ["http://ariang.example"] }
        let body: JSONValue = ["jsonrpc": "2.0", "id": 1, "method": "system.listMethods"]
        let refused = try fixture.request(headers: ["Origin": "http://evil.example"], body: body.data)
        XCTAssertEqual(refused.status, 403)
        XCTAssertTrue(refused.json?["error"]?["message"]?.stringValue?.contains("--rpc-allow-origin") == true)
        XCTAssertNil(refused.headers["access-control-allow-origin"])

        let own = try fixture.request(headers: ["Origin": "http://127.0.0.1:\(fixture.port)"], body: body.data)
        XCTAssertEqual(own.status, 200)
        let allowed = try fixture.request(headers: ["Origin": "http://ariang.example"], body: body.data)
        XCTAssertEqual(allowed.status, 200)
        XCTAssertEqual(allowed.headers["access-control-allow-origin"], "http://ariang.example")
        let preflight = try fixture.request(method: "OPTIONS", headers: ["Origin": "http://ariang.example"])
        XCTAssertEqual(preflight.status, 204)
        XCTAssertEqual(preflight.headers["access-control-allow-methods"], "POST, OPTIONS")

        // No JSONP and no GET calls.
        XCTAssertEqual(try fixture.request(method: "GET", path: "/jsonrpc?method=aria2.tellActive&jsoncallback=cb").status, 405)
        await fixture.stop()
    }

    func testThePageCarriesTheSecurityHeaders() async throws {
        let fixture = try await DaemonFixture.start()
        let page = try fixture.request(method: "GET", path: "/")
        XCTAssertEqual(page.status, 200)
        XCTAssertEqual(page.headers["content-security-policy"], "default-src 'self'; frame-ancestors 'none'; base-uri 'none'")
        XCTAssertEqual(page.headers["x-frame-options"], "DENY")
        XCTAssertEqual(page.headers["x-content-type-options"], "nosniff")
        XCTAssertEqual(page.headers["referrer-policy"], "no-referrer")
        XCTAssertEqual(try fixture.request(method: "GET", path: "/nothing").status, 404)
        await fixture.stop()
    }

    func testDirMustResolveInsideAnAllowedDirectoryAndOutMustBeBare() async throws {
        let fixture = try await DaemonFixture.start()
        let url = fixture.serve("/f", deterministicBytes(count: 100))
        XCTAssertTrue(try fixture.error("aria2.addUri", [[.string(url)], ["dir": "/etc"]]).contains("outside the allowed directories"))
        XCTAssertTrue(try fixture.error("aria2.addUri", [[.string(url)], ["dir": "../x"]]).contains("'..'"))
        // A symlink inside the download directory that leads out of it is followed, then refused.
        let outside = fixture.directory.file("outside").path
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: fixture.downloads + "/escape", withDestinationPath: outside)
        XCTAssertTrue(try fixture.error("aria2.addUri", [[.string(url)], ["dir": "escape"]]).contains("outside"))
        XCTAssertTrue(try fixture.error("aria2.addUri", [[.string(url)], ["out": "../../x"]]).contains("bare file name"))
        XCTAssertTrue(try fixture.error("aria2.addUri", [[.string(url)], ["log": "/tmp/x.log"]]).contains("cannot be set over RPC"))
        XCTAssertTrue(try fixture.error("aria2.changeGlobalOption", [["save-session": "/tmp/s"]]).contains("cannot be set over RPC"))
        // A subdirectory is fine, and created.
        let gid = try fixture.call("aria2.addUri", [[.string(url)], ["dir": "sub/dir", "out": "f.bin"]])
        try await fixture.wait(gid, for: "complete")
        XCTAssertTrue(FileManager.default.fileExists(atPath: fixture.downloads + "/sub/dir/f.bin"))
        // An existing file is never overwritten: the download takes a numbered name (aria2's auto-file-renaming),
        // or, with auto-file-renaming=false, the call fails.
        try Data("mine".utf8).write(to: URL(fileURLWithPath: fixture.downloads + "/keep.txt"))
        let message = try fixture.error("aria2.addUri", [[.string(url)], ["out": "keep.txt", "auto-file-renaming": "false"]])
        XCTAssertTrue(message.contains("exists"), message)
        let renamed = try fixture.call("aria2.addUri", [[.string(url)], ["out": "keep.txt"]])
        try await fixture.wait(renamed, for: "complete")
        XCTAssertTrue(FileManager.default.fileExists(atPath: fixture.downloads + "/keep.1.txt"))
        XCTAssertEqual(try String(contentsOfFile: fixture.downloads + "/keep.txt", encoding: .utf8), "mine")
        await fixture.stop()
    }

    func testOversizedBodiesAndBatchesAreRefusedAndGoodRequestsStillPass() async throws {
        let fixture = try await DaemonFixture.start(.socket) { $0.limits = ServerLimits(maxBodyBytes: 4096, maxBatch: 3) }
        let big = Data(repeating: UInt8(ascii: " "), count: 10_000)
        XCTAssertEqual(try fixture.request(body: big).status, 413)
        let call: JSONValue = ["jsonrpc": "2.0", "id": 1, "method": "system.listMethods"]
        let batch = JSONValue.array(Array(repeating: call, count: 4))
        XCTAssertEqual(try fixture.request(body: batch.data).json?["error"]?["code"], -32600)
        XCTAssertEqual(try fixture.request(body: Data("{oops".utf8)).json?["error"]?["code"], -32700)
        // A flood of bad calls (each waiting out its delay) does not stop a good one. Threads of their own, not
        // tasks or Dispatch's pool (which Swift's executor runs on here): the clients block on their sockets.
        let flood = DispatchGroup()
        for _ in 0..<20 {
            flood.enter()
            Thread.detachNewThread {
                _ = try? fixture.answer("aria2.tellActive", token: "wrong")
                flood.leave()
            }
        }
        let started = ContinuousClock.now
        XCTAssertEqual(try fixture.call("aria2.tellActive"), [])
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(5))
        flood.wait()
        await fixture.stop()
    }

    func testConnectionsBeyondTheLimitAreClosedAndTheOthersServed() async throws {
        let fixture = try await DaemonFixture.start(.socket) { $0.limits = ServerLimits(maxConnections: 2) }
        let first = try RawClient(port: fixture.port)
        XCTAssertEqual(first.upgrade(port: fixture.port), 101)
        let second = try RawClient(port: fixture.port)
        XCTAssertEqual(second.upgrade(port: fixture.port), 101)
        // Both show the secret (issue 58: else the newest of them would make room for the third).
        let version: JSONValue = ["jsonrpc": "2.0", "id": "s", "method": "aria2.getVersion", "params": [.string("token:" + fixture.secret)]]
        for client in [first, second] {
            client.sendText(String(decoding: version.data, as: UTF8.self))
            XCTAssertNotNil(client.readJSON { $0["id"] == "s" }?["result"])
        }
        let third = try RawClient(port: fixture.port)
        XCTAssertEqual(third.upgrade(port: fixture.port), 0, "closed without an answer")
        let call: JSONValue = ["jsonrpc": "2.0", "id": "v", "method": "system.listNotifications"]
        first.sendText(String(decoding: call.data, as: UTF8.self))
        XCTAssertNotNil(first.readJSON { $0["id"] == "v" }?["result"])
        await fixture.stop()
    }

    func testAnExtensionOriginLetInOnConditionOfTheSecretGetsNothingWithoutIt() async throws {
        let fixture = try await DaemonFixture.start { $0.extensionsWithSecret = true }
        let origin = ["Origin": "chrome-extension://abcdefgh"]
        let open: JSONValue = ["jsonrpc": "2.0", "id": 1, "method": "system.listMethods"]
        let refused = try fixture.request(headers: origin, body: open.data)
        XCTAssertEqual(refused.json?["error"]?["message"], "Unauthorized", "even the methods aria2 answers without a secret")
        XCTAssertEqual(refused.headers["access-control-allow-origin"], "chrome-extension://abcdefgh")
        XCTAssertEqual(try fixture.answer("system.listNotifications", headers: origin)["result"]?.arrayValue?.count, 5)
        await fixture.stop()
    }

    func testABatchOrMulticallOfGuessesTestsOnlyItsFirstWrongToken() async throws {
        let fixture = try await DaemonFixture.start()
        // 999 wrong guesses and the right secret among them (1,000 calls: the limit): every answer is
        // Unauthorized, so none says which matched, and the request waits once.
        var calls: [JSONValue] = (0..<999).map { index in
            ["methodName": "aria2.getVersion", "params": [.string("token:guess\(index)")]]
        }
        calls.insert(["methodName": "aria2.getVersion", "params": [.string("token:" + fixture.secret)]], at: 500)
        let multicall: JSONValue = ["jsonrpc": "2.0", "id": "m", "method": "system.multicall", "params": [.array(calls)]]
        let started = ContinuousClock.now
        let answers = try XCTUnwrap(fixture.request(body: multicall.data).json?["result"]?.arrayValue)
        XCTAssertEqual(answers.count, 1000)
        XCTAssertTrue(answers.allSatisfy { $0 == ["code": 1, "message": "Unauthorized"] }, "the right one is not told apart")
        XCTAssertGreaterThanOrEqual(ContinuousClock.now - started, .milliseconds(250))

        var batch: [JSONValue] = (0..<1000).map { index in
            ["jsonrpc": "2.0", "id": .int(Int64(index)), "method": "aria2.getVersion", "params": [.string("token:guess\(index)")]]
        }
        batch.insert(["jsonrpc": "2.0", "id": "right", "method": "aria2.getVersion", "params": [.string("token:" + fixture.secret)]], at: 500)
        let batchBody = JSONValue.array(Array(batch.prefix(1000))).data  // the batch limit: the right one is 501st
        let batchAnswers = try XCTUnwrap(fixture.request(body: batchBody).json?.arrayValue)
        XCTAssertEqual(batchAnswers.count, 1000)
        XCTAssertTrue(batchAnswers.allSatisfy { $0["error"]?["message"] == "Unauthorized" }, "the right one is not told apart")

        // aria2's clients are not affected: a batch with the right secret throughout works, calls before a wrong
        // token are answered, and methods that need no secret still run after one.
        let good: JSONValue = [
            ["jsonrpc": "2.0", "id": 1, "method": "aria2.getVersion", "params": [.string("token:" + fixture.secret)]],
            ["jsonrpc": "2.0", "id": 2, "method": "aria2.tellActive", "params": [.string("token:" + fixture.secret)]],
            ["jsonrpc": "2.0", "id": 3, "method": "aria2.tellActive", "params": ["token:wrong"]],
            ["jsonrpc": "2.0", "id": 4, "method": "system.listNotifications"],
        ]
        let mixed = try XCTUnwrap(fixture.request(body: good.data).json?.arrayValue)
        XCTAssertEqual(mixed.count, 4)
        XCTAssertEqual(mixed[0]["result"]?["version"], "1.37.0")
        XCTAssertEqual(mixed[1]["result"], [])
        XCTAssertEqual(mixed[2]["error"]?["message"], "Unauthorized")
        XCTAssertEqual(mixed[3]["result"]?.arrayValue?.count, 5)
        await fixture.stop()
    }

    func testHeaderValuesAndNamesThatCannotBeSentAreRefusedAtTheCall() async throws {
        let fixture = try await DaemonFixture.start()
        let url = fixture.serve("/h", deterministicBytes(count: 100))
        for header in ["X-A: a\u{0}b", "X-A: a\r\nX-B: b", "X-A: a\nb", "X A: b", "X-A: bell\u{7}", ": b"] {
            let message = try fixture.error("aria2.addUri", [[.string(url)], ["header": .string(header)]])
            XCTAssertTrue(message.contains("header must be"), "\(header.debugDescription): \(message)")
        }
        XCTAssertTrue(try fixture.error("aria2.addUri", [[.string(url)], ["user-agent": "a\u{0}b"]]).contains("control characters"))
        XCTAssertTrue(try fixture.error("aria2.addUri", [[.string(url)], ["referer": "http://a/\u{0}"]]).contains("control characters"))
        let long = try fixture.error("aria2.addUri", [[.string(url)], ["out": .string(String(repeating: "x", count: 300))]])
        XCTAssertTrue(long.contains("at most 250 bytes"), long)
        XCTAssertTrue(try fixture.error("aria2.addUri", [[.string(url)], ["out": .string(String(repeating: "é", count: 126))]]).contains("252 bytes"))
        // What may be sent still is: a tab, text beyond ASCII, a space before the colon, a 250-byte name.
        let gid = try fixture.call("aria2.addUri", [[.string(url)], [
            "header": ["X-A: a\tb", "X-B : é"], "out": .string(String(repeating: "y", count: 250)),
        ]])
        try await fixture.wait(gid, for: "complete")
        XCTAssertEqual(try fixture.call("aria2.getVersion")["version"], "1.37.0")
        await fixture.stop()
    }
}
