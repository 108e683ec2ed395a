import Foundation
import HaulDaemon
import HaulTestSupport
import XCTest

/// A restart restores the queue with the same GIDs: aria2c without a session file loses it.
final class DaemonRestartTests: XCTestCase {
    func testPausedStayPausedFinishedStayListedAndRunningOnesGoOn() async throws {
        let fixture = try await DaemonFixture.start()
        let done = try fixture.call("aria2.addUri", [[.string(fixture.serve("/done", deterministicBytes(count: 1000)))]])
        try await fixture.wait(done, for: "complete")
        let throttle = Switch(on: true)
        let paused = try fixture.call("aria2.addUri", [[.string(fixture.serve("/p", deterministicBytes(count: 100_000), bytesPerSecond: 10_000, while: throttle))]])
        try await fixture.wait(paused, for: "active")
        _ = try fixture.call("aria2.pause", [paused])
        try await fixture.wait(paused, for: "paused")
        let running = try fixture.call("aria2.addUri", [[.string(fixture.serve("/r", deterministicBytes(count: 300_000), bytesPerSecond: 30_000, while: throttle))]])
        try await fixture.wait(running, for: "active")

        try await fixture.restart()
        XCTAssertEqual(try fixture.call("aria2.tellStatus", [done, ["status"]]), ["status": "complete"])
        XCTAssertEqual(try fixture.call("aria2.tellStatus", [paused, ["status"]]), ["status": "paused"])
        XCTAssertEqual(try fixture.call("aria2.tellStopped", [0, 10, ["gid"]]), [["gid": done]])
        throttle.isOn = false
        try await fixture.wait(running, for: "complete")
        XCTAssertEqual(try fixture.call("aria2.tellStatus", [paused, ["status"]]), ["status": "paused"])
        await fixture.stop()
    }

    /// A failed download keeps aria2's `errorCode` across a restart (it was 1, "unknown", after one: only the
    /// message was stored, not what kind of failure it told of).
    func testAFailedDownloadKeepsItsErrorCodeAcrossARestart() async throws {
        let fixture = try await DaemonFixture.start()
        let missing = try fixture.call("aria2.addUri", [[.string(fixture.server.url("/nothing-here"))], ["out": "m.bin"]])
        let url = fixture.serve("/c", deterministicBytes(count: 1000))
        let mismatch = try fixture.call("aria2.addUri", [[.string(url)], ["checksum": .string("sha-256=" + String(repeating: "0", count: 64)), "out": "c.bin"]])
        try await fixture.wait(missing, for: "error")
        try await fixture.wait(mismatch, for: "error")
        let keys: JSONValue = ["status", "errorCode", "errorMessage"]
        let before = [try fixture.call("aria2.tellStatus", [missing, keys]), try fixture.call("aria2.tellStatus", [mismatch, keys])]
        XCTAssertEqual(before.map { $0["errorCode"] }, ["3", "32"])

        try await fixture.restart()
        let after = [try fixture.call("aria2.tellStatus", [missing, keys]), try fixture.call("aria2.tellStatus", [mismatch, keys])]
        XCTAssertEqual(after, before)
        XCTAssertEqual(try fixture.call("aria2.tellStopped", [0, 10, ["gid", "errorCode"]]), [
            ["gid": missing, "errorCode": "3"], ["gid": mismatch, "errorCode": "32"],
        ])
        await fixture.stop()
    }
    /// The restore at start is quiet (no `.added` per stored download, issue 62 point 3): a restored download that
    /// nothing announced yet is still notified as any other once something happens to it: removed, `onDownloadStop`;
    /// unpaused, `onDownloadStart` then `onDownloadComplete`, to a WebSocket that connected after the restart.
    func testARestoredDownloadIsNotifiedAfterAQuietRestore() async throws {
        let fixture = try await DaemonFixture.start(.socket)
        let kept = try fixture.call("aria2.addUri", [[.string(fixture.serve("/k", deterministicBytes(count: 50_000)))], ["pause": "true"]])
        let dropped = try fixture.call("aria2.addUri", [[.string(fixture.serve("/d", deterministicBytes(count: 1000)))], ["pause": "true"]])
        try await fixture.restart()
        let listener = try RawClient(port: fixture.port)
        XCTAssertEqual(listener.upgrade(port: fixture.port, origin: "http://127.0.0.1:\(fixture.port)"), 101)

        _ = try fixture.call("aria2.remove", [dropped])
        let stop = try XCTUnwrap(listener.readJSON { $0["method"] == "aria2.onDownloadStop" })
        XCTAssertEqual(stop["params"], [["gid": dropped]])
        _ = try fixture.call("aria2.unpause", [kept])
        let start = try XCTUnwrap(listener.readJSON { $0["method"] == "aria2.onDownloadStart" })
        XCTAssertEqual(start["params"], [["gid": kept]])
        let complete = try XCTUnwrap(listener.readJSON { $0["method"] == "aria2.onDownloadComplete" })
        XCTAssertEqual(complete["params"], [["gid": kept]])
        await fixture.stop()
    }
}
