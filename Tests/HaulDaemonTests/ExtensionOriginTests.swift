import Foundation
import HaulDaemon
import HaulTestSupport
import XCTest

/// Browser extensions' origins against the running daemon (issue 18, "Origins"), with the exact `Origin` headers
/// Chromium, Firefox and Safari send: HTTP requests in memory (the same checks and router as the socket's), and
/// WebSocket handshakes and frames on a real socket.
final class ExtensionOriginTests: XCTestCase {
    static let extensionOrigins = [
        "chrome-extension://mpkodccbngfoacfalldjimigbofkhgjn", "moz-extension://0c5d7a43-1f0e-4e55-9f5f-3c6b3a1c2d8e",
        "safari-web-extension://8f2c1b0a-6e0b-4a3f-9b1f-2d1c0b9a8e7f",
    ]
    let listMethods: JSONValue = ["jsonrpc": "2.0", "id": 1, "method": "system.listMethods"]

    func testAnExtensionWithTheSecretIsAcceptedByDefaultOverPostAndWebSocket() async throws {
        let fixture = try await DaemonFixture.start(.socket)  // the default configuration: no flag needed
        for origin in Self.extensionOrigins {
            let headers = ["Origin": origin]
            let answer = try fixture.answer("aria2.getGlobalStat", headers: headers)
            XCTAssertNotNil(answer["result"]?["numActive"], "\(origin): \(answer)")
            let post = try fixture.request(
                headers: headers,
                body: (["jsonrpc": "2.0", "id": 2, "method": "aria2.getVersion", "params": [.string("token:" + fixture.secret)]] as JSONValue).data
            )
            XCTAssertEqual(post.status, 200)
            XCTAssertEqual(post.headers["access-control-allow-origin"], origin)
            XCTAssertEqual(post.headers["vary"], "Origin")
            // Without the secret: nothing, not even the methods aria2 answers without one.
            let bare = try fixture.request(headers: headers, body: listMethods.data)
            XCTAssertEqual(bare.json?["error"]?["message"], "Unauthorized", origin)

            let socket = try RawClient(port: fixture.port)
            XCTAssertEqual(socket.upgrade(port: fixture.port, origin: origin), 101, origin)
            let call: JSONValue = ["jsonrpc": "2.0", "id": "v", "method": "aria2.getVersion", "params": [.string("token:" + fixture.secret)]]
            socket.sendText(String(decoding: call.data, as: UTF8.self))
            XCTAssertNotNil(socket.readJSON { $0["id"] == "v" }?["result"]?["version"], origin)
        }
        await fixture.stop()
    }

    func testAnExtensionsWebSocketGetsNotificationsOnceItHasCalledWithTheSecret() async throws {
        let fixture = try await DaemonFixture.start(.socket)
        let socket = try RawClient(port: fixture.port)
        XCTAssertEqual(socket.upgrade(port: fixture.port, origin: Self.extensionOrigins[1]), 101)
        let url = fixture.serve("/n", deterministicBytes(count: 50_000))
        let add: JSONValue = ["jsonrpc": "2.0", "id": "add", "method": "aria2.addUri",
                              "params": [.string("token:" + fixture.secret), [.string(url)]]]
        socket.sendText(String(decoding: add.data, as: UTF8.self))
        let gid = try XCTUnwrap(socket.readJSON { $0["id"] == "add" }?["result"])
        let complete = try XCTUnwrap(socket.readJSON { $0["method"] == "aria2.onDownloadComplete" })
        XCTAssertEqual(complete["params"], [["gid": gid]])
        await fixture.stop()
    }

    func testAPreflightIsAnsweredWithTheCallersOriginAndWhatItAsksFor() async throws {
        let fixture = try await DaemonFixture.start { $0.allowedOrigins = ["http://ariang.example"] }
        for origin in Self.extensionOrigins + ["http://ariang.example"] {
            let preflight = try fixture.request(
                method: "OPTIONS",
                headers: ["Origin": origin, "Access-Control-Request-Method": "POST",
                          "Access-Control-Request-Headers": "content-type, authorization, x-evil"]
            )
            XCTAssertEqual(preflight.status, 204, origin)
            XCTAssertEqual(preflight.headers["access-control-allow-origin"], origin, "never *")
            XCTAssertEqual(preflight.headers["vary"], "Origin")
            XCTAssertEqual(preflight.headers["access-control-allow-methods"], "POST, OPTIONS")
            XCTAssertEqual(preflight.headers["access-control-allow-headers"], "content-type, authorization, x-evil")
        }
        let plain = try fixture.request(method: "OPTIONS", headers: ["Origin": Self.extensionOrigins[0]])
        XCTAssertEqual(plain.headers["access-control-allow-headers"], "Content-Type")
        let evil = try fixture.request(method: "OPTIONS", headers: ["Origin": "https://evil.example"])
        XCTAssertEqual(evil.status, 403)
        XCTAssertNil(evil.headers["access-control-allow-origin"])
        await fixture.stop()
    }

    func testAWebPageStaysRefusedWithOrWithoutTheSecret() async throws {
        let fixture = try await DaemonFixture.start()
        for origin in [
            "https://evil.example", "http://localhost.evil.example:8080", "http://127.0.0.1.nip.io:8888", "null",
            "chrome-extension://", "file://",
        ] {
            let withSecret = try fixture.request(
                headers: ["Origin": origin],
                body: (["jsonrpc": "2.0", "id": 1, "method": "aria2.tellActive", "params": [.string("token:" + fixture.secret)]] as JSONValue).data
            )
            XCTAssertEqual(withSecret.status, 403, origin)
            XCTAssertNil(withSecret.json?["result"])
            XCTAssertNil(withSecret.headers["access-control-allow-origin"])
            XCTAssertEqual(try fixture.request(headers: ["Origin": origin], body: listMethods.data).status, 403)
        }
        await fixture.stop()
    }

    /// webui-aria2 or AriaNg served from this machine on another port (`python3 -m http.server 8888`): let in over
    /// POST, preflight and WebSocket when each call carries the secret, as extensions are; refused without it, and
    /// refused altogether with `--no-rpc-allow-local-pages`.
    func testAPageOnAnotherLoopbackPortIsLetInWithTheSecretOnly() async throws {
        let fixture = try await DaemonFixture.start(.socket)
        for origin in ["http://127.0.0.1:8888", "http://localhost:3000", "http://[::1]:8080"] {
            let headers = ["Origin": origin]
            let post = try fixture.request(
                headers: headers,
                body: (["jsonrpc": "2.0", "id": 2, "method": "aria2.getVersion", "params": [.string("token:" + fixture.secret)]] as JSONValue).data
            )
            XCTAssertEqual(post.status, 200, origin)
            XCTAssertNotNil(post.json?["result"]?["version"], origin)
            XCTAssertEqual(post.headers["access-control-allow-origin"], origin)
            XCTAssertEqual(try fixture.request(method: "OPTIONS", headers: headers).headers["access-control-allow-origin"], origin)
            XCTAssertEqual(try fixture.request(headers: headers, body: listMethods.data).json?["error"]?["message"], "Unauthorized", origin)
            let socket = try RawClient(port: fixture.port)
            XCTAssertEqual(socket.upgrade(port: fixture.port, origin: origin), 101, origin)
        }
        await fixture.stop()

        let strict = try await DaemonFixture.start { $0.localPagesWithSecret = false }
        let refused = try strict.request(
            headers: ["Origin": "http://127.0.0.1:8888"],
            body: (["jsonrpc": "2.0", "id": 1, "method": "aria2.getVersion", "params": [.string("token:" + strict.secret)]] as JSONValue).data
        )
        XCTAssertEqual(refused.status, 403)
        XCTAssertNil(refused.json?["result"])
        XCTAssertTrue(refused.json?["error"]?["message"]?.stringValue?.contains("--no-rpc-allow-local-pages") == true, "\(String(describing: refused.json))")
        await strict.stop()
    }

    func testNoRpcAllowExtensionsRefusesThemEverywhere() async throws {
        let fixture = try await DaemonFixture.start { $0.extensionsWithSecret = false }
        let origin = Self.extensionOrigins[0]
        let refused = try fixture.answer("aria2.getVersion", headers: ["Origin": origin])
        XCTAssertTrue(refused["error"]?["message"]?.stringValue?.contains("--no-rpc-allow-extensions") == true, "\(refused)")
        XCTAssertEqual(try fixture.request(method: "OPTIONS", headers: ["Origin": origin]).status, 403)
        // Its WebSocket handshake: DaemonSecurityTests.testWebSocketHandshakesGoThroughTheSameChecks.
        await fixture.stop()
    }
}
