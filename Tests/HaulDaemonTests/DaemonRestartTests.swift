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
}
