import Foundation
import HaulDaemon
import HaulTestSupport
import XCTest

/// A rate-limited download opens no more connections than its rate needs (`ConnectionTuner.Settings.rateLimit`):
/// aria2 front-ends add downloads with `max-download-limit` and a `split`, and the limiter would only hold back the
/// connections past the first that reaches the rate.
final class RateLimitedConnectionsTests: XCTestCase {
    func testARateOneConnectionReachesOpensOneConnection() async throws {
        let fixture = try await DaemonFixture.start()
        let bytes = deterministicBytes(count: 6 << 20)
        let url = fixture.serve("/limited.bin", bytes)
        let gid = try fixture.call("aria2.addUri", [[.string(url)], [
            "split": "16", "max-connection-per-server": "16", "min-split-size": "1M", "max-download-limit": "4M",
        ]])
        try await fixture.wait(gid, for: "complete")
        XCTAssertEqual(FileManager.default.contents(atPath: fixture.downloads + "/limited.bin").map { [UInt8]($0) }, bytes)
        // The loopback server gives one connection far more than 4 MiB/s: one connection is enough (before, the
        // six segments of 1 MiB each had a connection of their own).
        XCTAssertLessThanOrEqual(fixture.server.connectionsAccepted, 2, "connections opened for a rate one reaches")
        await fixture.stop()
    }

    /// A limit set while the download runs (issue 59): eight connections of 256 KiB/s each (the server caps each),
    /// then `changeOption max-download-limit=200K`, which one connection reaches: the daemon closes the seven others
    /// (counted at the server) and tellStatus says one.
    func testAPerDownloadLimitChangedMidRunClosesTheConnectionsItDoesNotNeed() async throws {
        try await checkMidRunLimit { fixture, gid in
            XCTAssertEqual(try fixture.call("aria2.changeOption", [gid, ["max-download-limit": "200K"]]), "OK")
        }
    }

    /// The same with aria2's overall limit: `changeGlobalOption max-overall-download-limit=200K` holds the one
    /// download running, so its count is tuned again under it.
    func testTheOverallLimitChangedMidRunClosesTheConnectionsItDoesNotNeed() async throws {
        try await checkMidRunLimit { fixture, _ in
            XCTAssertEqual(try fixture.call("aria2.changeGlobalOption", [["max-overall-download-limit": "200K"]]), "OK")
        }
    }

    private func checkMidRunLimit(_ limit: (DaemonFixture, JSONValue) throws -> Void) async throws {
        let fixture = try await DaemonFixture.start()
        let url = fixture.serve("/capped.bin", deterministicBytes(count: 64 << 20), bytesPerSecond: 256 << 10)
        let gid = try fixture.call("aria2.addUri", [[.string(url)], [
            "split": "8", "max-connection-per-server": "8", "min-split-size": "1M",
        ]])
        let all = await eventually { fixture.server.openConnections == 8 }
        XCTAssertTrue(all, "a typed split of 8 opens 8 (open: \(fixture.server.openConnections))")
        try limit(fixture, gid)
        let one = await eventually {
            fixture.server.openConnections == 1
                && (try? fixture.call("aria2.tellStatus", [gid, ["connections"]]))?["connections"] == "1"
        }
        XCTAssertTrue(one, "the limit one connection reaches leaves one (open: \(fixture.server.openConnections))")
        XCTAssertEqual(try fixture.call("aria2.tellStatus", [gid, ["status"]])["status"], "active")
        _ = try fixture.call("aria2.forceRemove", [gid])
        await fixture.stop()
    }

    /// Whether `condition` holds within 15 s (polled).
    private func eventually(_ condition: () -> Bool) async -> Bool {
        await HaulTestSupport.eventually(within: .seconds(15)) { condition() }
    }
}
