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
}
