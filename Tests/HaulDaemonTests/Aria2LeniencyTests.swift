import Crypto
import Foundation
import HaulDaemon
import HaulTestSupport
import XCTest

/// aria2's leniency that browser extensions rely on, against the running daemon over HTTP (issue 18).
final class Aria2LeniencyTests: XCTestCase {
    func testFramingAria2AcceptsIsAcceptedAndACallWithoutIDIsRefused() async throws {
        let fixture = try await DaemonFixture.start()
        let token = JSONValue.string("token:" + fixture.secret)
        // No Content-Type (download_with_aria2 and old clients post a bare body).
        let bare = try fixture.request(
            body: (["jsonrpc": "2.0", "id": 1, "method": "aria2.getVersion", "params": [token]] as JSONValue).data,
            contentType: nil
        )
        XCTAssertEqual(bare.status, 200)
        XCTAssertNotNil(bare.json?["result"]?["version"])
        // "jsonrpc" missing, or the number 2.0.
        for envelope in [["id": 2, "method": "aria2.getVersion", "params": [token]],
                         ["jsonrpc": .double(2.0), "id": 3, "method": "aria2.getVersion", "params": [token]]] as [JSONValue] {
            let answer = try fixture.request(body: envelope.data).json
            XCTAssertNotNil(answer?["result"]?["version"], "\(envelope)")
        }
        // Extra trailing parameters, as webui-aria2 sends getGlobalStat(token, [], {}).
        let stat = try fixture.call("aria2.getGlobalStat", [[], [:]])
        XCTAssertEqual(stat["numActive"], "0")
        XCTAssertNotNil(try fixture.call("aria2.tellActive", [["gid"], "extra"]).arrayValue)
        // The id is still required: the call is refused, not run.
        let url = fixture.serve("/no-id", deterministicBytes(count: 1000))
        let noID = try fixture.request(body: (["jsonrpc": "2.0", "method": "aria2.addUri", "params": [token, [.string(url)]]] as JSONValue).data)
        XCTAssertEqual(noID.json?["error"]?["code"], -32600)
        XCTAssertEqual(noID.json?["id"], .null)
        XCTAssertEqual(try fixture.call("aria2.tellWaiting", [0, 10]).arrayValue?.count, 0)
        XCTAssertEqual(try fixture.call("aria2.tellStopped", [0, 10]).arrayValue?.count, 0)
        await fixture.stop()
    }

    func testNullEmptyAndUnknownOptionsAreIgnoredAndTheHeadersRefererAndAgentAreSent() async throws {
        let fixture = try await DaemonFixture.start()
        let bytes = deterministicBytes(count: 20_000)
        let url = fixture.serve("/files/report.pdf", bytes)
        let gid = try fixture.call("aria2.addUri", [[.string(url)], [
            "dir": "", "out": .null, "split": .null, "bt-max-peers": "55", "seed-time": 0, "max-tries": .double(5.5),
            "header": "Cookie: session=s3cr3t", "referer": "https://site.example/page#frag", "user-agent": "Mozilla/5.0 Test",
        ]])
        try await fixture.wait(gid, for: "complete")
        let status = try fixture.call("aria2.tellStatus", [gid])
        XCTAssertEqual(status["files"]?.arrayValue?.first?["path"]?.stringValue, fixture.downloads + "/report.pdf", "empty dir and null out: the defaults")
        let request = try XCTUnwrap(fixture.server.requests(for: "/files/report.pdf").first)
        XCTAssertEqual(request.header("cookie"), "session=s3cr3t")
        XCTAssertEqual(request.header("referer"), "https://site.example/page")
        XCTAssertEqual(request.header("user-agent"), "Mozilla/5.0 Test")
        // The cookie is a secret: not in getOption, tellStatus or any answer.
        let option = try fixture.answer("aria2.getOption", [gid])
        XCTAssertEqual(option["result"]?["header"], ["Cookie: (hidden)", "User-Agent: Mozilla/5.0 Test", "Referer: https://site.example/page"])
        for answer in [option, try fixture.answer("aria2.tellStatus", [gid]), try fixture.answer("aria2.getUris", [gid])] {
            XCTAssertFalse(String(decoding: answer.data, as: UTF8.self).contains("s3cr3t"))
        }
        await fixture.stop()
    }

    func testIgnoredOptionsAreLoggedByNameOnceAndNeverWithTheirValues() async throws {
        let lines = LogLines()
        let fixture = try await DaemonFixture.start { $0.log = { lines.append($0) } }
        let url = fixture.serve("/l", deterministicBytes(count: 100))
        for _ in 0..<2 {
            _ = try fixture.call("aria2.addUri", [[.string(url)], ["bt-max-peers": "s3cr3t-1", "split": .null, "header": "Cookie: s3cr3t-2", "pause": "true"]])
        }
        XCTAssertEqual(lines.all.count, 1, "once per run: \(lines.all)")
        XCTAssertTrue(lines.all.first?.contains("bt-max-peers, split") == true, "\(lines.all)")
        XCTAssertFalse(lines.all.joined().contains("s3cr3t"))
        await fixture.stop()
    }

    func testABadHeaderIsRefusedWithoutEchoingItsValue() async throws {
        let fixture = try await DaemonFixture.start()
        let url = fixture.serve("/x", deterministicBytes(count: 100))
        let message = try fixture.error("aria2.addUri", [[.string(url)], ["header": ["Authorization Bearer s3cr3t"]]])
        XCTAssertFalse(message.contains("s3cr3t"), message)
        XCTAssertTrue(message.contains("header"), message)
        await fixture.stop()
    }

    func testChecksumAsAria2WritesItAndChecksumFileAsAURLAreHonoured() async throws {
        let fixture = try await DaemonFixture.start()
        let bytes = deterministicBytes(count: 30_000)
        let hex = SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
        let url = fixture.serve("/iso/disk.img", bytes)
        fixture.server.serve("/iso/SHA256SUMS", FileResource(content: Array("\(hex)  disk.img\n\(String(repeating: "0", count: 64))  other.img\n".utf8)))
        let missing = fixture.serve("/iso/missing.img", bytes)
        let noEntry = try fixture.error(
            "aria2.addUri", [[.string(missing)], ["checksum-file": .string(fixture.server.url("/iso/SHA256SUMS")), "out": "a.img"]])
        // The entry is looked up by the URL's name, then the name saved as: neither is listed, so that add fails
        // before a byte is fetched, naming the first.
        XCTAssertTrue(noEntry.contains("missing.img"), noEntry)
        XCTAssertEqual(fixture.server.requests(for: "/iso/missing.img").count, 0)
        // `out` renames the file, not the list's entry: disk.img's digest checks a.img.
        let renamed = try fixture.call(
            "aria2.addUri", [[.string(url)], ["checksum-file": .string(fixture.server.url("/iso/SHA256SUMS")), "out": "a.img"]])
        try await fixture.wait(renamed, for: "complete")
        let byList = try fixture.call("aria2.addUri", [[.string(url)], ["checksum-file": .string(fixture.server.url("/iso/SHA256SUMS"))]])
        try await fixture.wait(byList, for: "complete")
        XCTAssertEqual(try fixture.call("aria2.tellStatus", [byList, ["haulChecksum"]])["haulChecksum"], .string("sha256=" + hex))

        let wrong = try fixture.call("aria2.addUri", [[.string(url)], ["checksum": .string("sha-256=" + String(repeating: "0", count: 64)), "out": "b.img"]])
        try await fixture.wait(wrong, for: "error")
        XCTAssertEqual(try fixture.call("aria2.tellStatus", [wrong, ["errorCode"]])["errorCode"], "32")
        XCTAssertFalse(FileManager.default.fileExists(atPath: fixture.downloads + "/b.img"))
        let path = try fixture.error("aria2.addUri", [[.string(url)], ["checksum-file": "/etc/SHA256SUMS"]])
        XCTAssertTrue(path.contains("not a path"), path)
        await fixture.stop()
    }

    /// `all-proxy` is the download's own proxy (aria2 takes it per download): the download goes through that
    /// proxy with its credentials, another download added without it goes direct, and a bad one is refused
    /// without echoing the credentials.
    func testAllProxySendsThatDownloadThroughItsProxy() async throws {
        let fixture = try await DaemonFixture.start()
        let proxy = try TestProxy(user: "pxuser", password: "pw-secret")
        defer { proxy.shutdown() }
        let url = fixture.serve("/p", deterministicBytes(count: 100_000))
        let gid = try fixture.call("aria2.addUri", [[.string(url)], ["all-proxy": .string(proxy.url(user: "pxuser", password: "pw-secret")), "out": "p1"]])
        try await fixture.wait(gid, for: "complete")
        XCTAssertEqual(proxy.requests.first?.target, url, "the download went through its proxy (absolute-form GET)")
        XCTAssertNotNil(proxy.requests.first?["Proxy-Authorization"], "with the proxy's credentials")
        let option = try fixture.call("aria2.getOption", [gid])
        XCTAssertFalse("\(option)".contains("pw-secret"), "getOption never shows the proxy's password: \(option)")

        let before = proxy.requests.count
        let direct = try fixture.call("aria2.addUri", [[.string(url)], ["all-proxy": "", "out": "p2"]])
        try await fixture.wait(direct, for: "complete")
        XCTAssertEqual(proxy.requests.count, before, "empty: the daemon's own rules (no proxy here)")

        let bad = try fixture.error("aria2.addUri", [[.string(url)], ["all-proxy": "ftp://user:pw-secret@proxy.example:21"]])
        XCTAssertTrue(bad.contains("not a proxy URL"), bad)
        XCTAssertFalse(bad.contains("pw-secret"), "no credentials in the error: \(bad)")
        await fixture.stop()
    }
}

/// Lines a test's daemon logged.
final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}
