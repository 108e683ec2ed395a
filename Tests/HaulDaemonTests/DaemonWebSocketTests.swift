import Foundation
import HaulDaemon
import HaulTestSupport
import XCTest

/// JSON-RPC over WebSocket and aria2's notifications.
final class DaemonWebSocketTests: XCTestCase {
    func testCallsAreAnsweredAndNotificationsReachAClientWithoutTheSecret() async throws {
        let fixture = try await DaemonFixture.start(.socket)
        let listener = try RawClient(port: fixture.port)
        XCTAssertEqual(listener.upgrade(port: fixture.port, origin: "http://127.0.0.1:\(fixture.port)"), 101)
        let caller = try RawClient(port: fixture.port)
        XCTAssertEqual(caller.upgrade(port: fixture.port), 101)

        let url = fixture.serve("/n", deterministicBytes(count: 50_000))
        let add: JSONValue = ["jsonrpc": "2.0", "id": "add", "method": "aria2.addUri",
                              "params": [.string("token:" + fixture.secret), [.string(url)]]]
        caller.sendText(String(decoding: add.data, as: UTF8.self))
        let answer = try XCTUnwrap(caller.readJSON { $0["id"] == "add" })
        let gid = try XCTUnwrap(answer["result"])

        let isCompletion: (JSONValue) -> Bool = { $0["method"] == "aria2.onDownloadComplete" }
        let complete = try XCTUnwrap(listener.readJSON(until: isCompletion))
        XCTAssertEqual(complete, ["jsonrpc": "2.0", "method": "aria2.onDownloadComplete", "params": [["gid": gid]]])
        XCTAssertNil(complete["id"])

        // Progress pushes need the secret.
        let subscribe: JSONValue = ["jsonrpc": "2.0", "id": "s", "method": "haul.subscribeProgress", "params": []]
        listener.sendText(String(decoding: subscribe.data, as: UTF8.self))
        XCTAssertEqual(listener.readJSON { $0["id"] == "s" }?["error"]?["message"], "Unauthorized")
        await fixture.stop()
    }

    func testASubscriberGetsProgressWithConnectionDetailAndPauseNotifications() async throws {
        let fixture = try await DaemonFixture.start(.socket)
        let client = try RawClient(port: fixture.port)
        XCTAssertEqual(client.upgrade(port: fixture.port), 101)
        let subscribe: JSONValue = ["jsonrpc": "2.0", "id": "s", "method": "haul.subscribeProgress",
                                    "params": [.string("token:" + fixture.secret)]]
        client.sendText(String(decoding: subscribe.data, as: UTF8.self))
        XCTAssertEqual(client.readJSON { $0["id"] == "s" }?["result"], "OK")

        let throttle = Switch(on: true)
        let url = fixture.serve("/slow", deterministicBytes(count: 400_000), bytesPerSecond: 50_000, while: throttle)
        let gid = try fixture.call("aria2.addUri", [[.string(url)]])
        XCTAssertEqual(client.readJSON { $0["method"] == "aria2.onDownloadStart" }?["params"], [["gid": gid]])
        let progress = try XCTUnwrap(client.readJSON { $0["method"] == "haul.onProgress" })
        XCTAssertEqual(progress["params"]?.arrayValue?.first?["gid"], gid)
        XCTAssertNotNil(progress["params"]?.arrayValue?.first?["segments"])
        _ = try fixture.call("aria2.pause", [gid])
        XCTAssertEqual(client.readJSON { $0["method"] == "aria2.onDownloadPause" }?["params"], [["gid": gid]])
        _ = try fixture.call("aria2.remove", [gid])
        XCTAssertEqual(client.readJSON { $0["method"] == "aria2.onDownloadStop" }?["params"], [["gid": gid]])
        throttle.isOn = false
        await fixture.stop()
    }

    func testAnOversizedMessageClosesTheConnection() async throws {
        let fixture = try await DaemonFixture.start(.socket) { $0.limits = ServerLimits(maxBodyBytes: 4096, maxFrameBytes: 4096) }
        let client = try RawClient(port: fixture.port)
        XCTAssertEqual(client.upgrade(port: fixture.port), 101)
        client.sendText(String(repeating: " ", count: 10_000))
        var closed = false
        while let frame = client.readFrame() {
            if frame.opcode == 8 {
                closed = true
                break
            }
        }
        XCTAssertTrue(closed, "a close frame, 1009 message too big")
        await fixture.stop()
    }
}
