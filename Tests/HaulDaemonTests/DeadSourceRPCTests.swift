import Foundation
import HaulDaemon
import HaulTestSupport
import XCTest

/// `aria2.addUri` with several URIs goes through the same engine as `haul --mirror`: a dead first URI is dropped
/// and the next one carries the download (docs/cli.md, "When a source fails").
final class DeadSourceRPCTests: XCTestCase {
    func testADeadFirstURIIsDroppedAndTheNextCarriesTheDownload() async throws {
        let fixture = try await DaemonFixture.start()
        let bytes = deterministicBytes(count: 300_000, seed: 603)
        let live = fixture.serve("/r.bin", bytes)
        let gid = try fixture.call("aria2.addUri", [[.string("http://127.0.0.1:1/r.bin"), .string(live)], ["split": "4"]])
        try await fixture.wait(gid, for: "complete")
        XCTAssertEqual(FileManager.default.contents(atPath: fixture.downloads + "/r.bin").map { [UInt8]($0) }, bytes)
        await fixture.stop()
    }
}
