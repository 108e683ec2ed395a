import Foundation
import HaulCore
import XCTest

@testable import HaulDaemon
@testable import HaulKit

/// The daemon's look for downloads other processes add reads what was added since its last look, not every
/// stored download (issue 62: an O(N) read and set each second the store changed), and a paused `aria2.addUri` is
/// one write transaction.
final class StoreWatcherTests: XCTestCase {
    func testALookReadsOnlyTheRecordsStoredSinceTheLastOne() async throws {
        let fixture = try await DaemonFixture.start()
        let client = fixture.daemon.client
        let manager = fixture.daemon.manager
        for index in 0..<40 {
            _ = try fixture.call("aria2.addUri", [.array([.string("http://127.0.0.1:9/known\(index).bin")]), ["pause": "true"]])
        }
        let seen = try client.largestStoredID()
        // Another process adds three.
        var added: [Int64] = []
        for index in 0..<3 {
            let request = DownloadRequest(
                url: URL(string: "http://127.0.0.1:9/new\(index).bin")!,
                destination: URL(fileURLWithPath: fixture.downloads + "/new\(index).bin"))
            let id = try client.prepareBlocking(request).rowID
            try client.store.setState(.paused, of: id)
            added.append(id)
        }
        let look = try await StoreWatcher.look(client: client, manager: manager, after: seen)
        XCTAssertEqual(look.read, 3, "a look read \(look.read) records for 3 added beside 40 known")
        XCTAssertEqual(look.seen, added.last)
        // Taken up (by this look, or by the daemon's own watcher a moment before it).
        let states = await manager.states(of: added.map(DownloadID.init(rawValue:)))
        XCTAssertEqual(states, [.paused, .paused, .paused])
        let next = try await StoreWatcher.look(client: client, manager: manager, after: look.seen)
        XCTAssertEqual(next, StoreWatcher.Look(restored: [], seen: look.seen, read: 0), "nothing new: nothing read")
        await fixture.stop()
    }

    func testAPausedAddUriIsOneWriteTransaction() async throws {
        let fixture = try await DaemonFixture.start()
        let store = fixture.daemon.client.store
        let before = store.writeTransactions
        let gid = try fixture.call("aria2.addUri", [["http://127.0.0.1:9/one.bin"], ["pause": "true"]])
        let writes = store.writeTransactions - before
        XCTAssertEqual(writes, 1, "a paused addUri")
        let status = try fixture.call("aria2.tellStatus", [gid, ["status"]])
        XCTAssertEqual(status["status"], "paused")
        await fixture.stop()
    }
}
