import Foundation
import GRDB
import HaulCore
import HaulTestSupport
import XCTest

@testable import HaulKit

/// The manager's look at the store (`DownloadManager.poll`, once a second) reads the rows of the downloads it holds
/// only when another process committed since its last look (issue 62: the look read every queued download every
/// second, 30,000 rows a second for an idle queue of 30,000). Between other processes' commits it reads only the
/// downloads another process runs, whose end only their file's lock may tell.
final class IdlePollTests: ManagerTestCase {
  func testAnIdleQueueIsReadOnlyAfterAnotherProcessCommits() async throws {
    try await withTemporaryDirectory { dir in
      try await withHarness(dir) { harness in
        var ids: [Int64] = []
        for index in 0..<30 {
          ids.append(try harness.client.prepareBlocking(harness.request("http://127.0.0.1:9/q\(index)", to: "q\(index)")).rowID)
        }
        let manager = manager(harness, maxConcurrent: 0)
        try await manager.restore()
        var states = await manager.snapshots.map(\.state)
        XCTAssertEqual(Set(states), [.queued], "nothing runs: no room")

        // A change through this process's own connection is no other process's commit (SQLite's `data_version`
        // does not count it): the look reads no queued download, so it is not seen. The old look read every queued
        // download each time and saw it.
        try harness.client.store.setState(.paused, of: ids[5])
        await manager.poll()
        var looked = await manager.lookedAt
        XCTAssertEqual(looked, 0, "an idle queue's look reads no row")
        var state = await manager.snapshot(DownloadID(ids[5]))?.state
        XCTAssertEqual(state, .queued)

        // Another process pauses one (a second connection to the same file, as `haul pause` is): the next look
        // reads every held download once and takes the pause up, and the look after reads none again.
        let other = try DatabaseQueue(path: harness.client.store.path)
        let pausedElsewhere = ids[9]
        try await other.write { db in try db.execute(sql: "UPDATE download SET state = 'paused' WHERE id = ?", arguments: [pausedElsewhere]) }
        try other.close()
        await manager.poll()
        looked = await manager.lookedAt
        XCTAssertEqual(looked, 30)
        state = await manager.snapshot(DownloadID(ids[9]))?.state
        XCTAssertEqual(state, .paused, "another process's pause is seen at the next look")
        state = await manager.snapshot(DownloadID(ids[5]))?.state
        XCTAssertEqual(state, .paused, "that look also read the row changed through this connection")
        await manager.poll()
        looked = await manager.lookedAt
        XCTAssertEqual(looked, 0)
        states = await manager.snapshots.map(\.state)
        XCTAssertEqual(states.filter { $0 == .queued }.count, 28)
        await manager.shutdown()
      }
    }
  }
}
