import Foundation
import GRDB
import HaulCore
import HaulTestSupport
import XCTest

@testable import HaulKit

/// The manager's look at the store (`DownloadManager.poll`, once a second) reads rows only when another process
/// committed since its last look, and then only those the store's change log names (issue 62: the look read every
/// queued download every second, 30,000 rows a second for an idle queue of 30,000, and every held download after
/// each commit elsewhere). Between other processes' commits it reads only the downloads another process runs, whose
/// end only their file's lock may tell.
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
        // reads the two rows the change log names (this process's change is logged too) and takes the pause up; the
        // look after reads none again.
        let other = try DatabaseQueue(path: harness.client.store.path)
        let pausedElsewhere = ids[9]
        try await other.write { db in try db.execute(sql: "UPDATE download SET state = 'paused' WHERE id = ?", arguments: [pausedElsewhere]) }
        try other.close()
        await manager.poll()
        looked = await manager.lookedAt
        XCTAssertEqual(looked, 2, "the rows changed, not the 30 held")
        state = await manager.snapshot(DownloadID(ids[9]))?.state
        XCTAssertEqual(state, .paused, "another process's pause is seen at the next look")
        state = await manager.snapshot(DownloadID(ids[5]))?.state
        XCTAssertEqual(state, .paused, "that look also read the row changed through this connection")
        await manager.poll()
        looked = await manager.lookedAt
        XCTAssertEqual(looked, 0)
        states = await manager.snapshots.map(\.state)
        XCTAssertEqual(states.filter { $0 == .queued }.count, 28)

        // A log cut past the last look cannot say what changed: that look reads every held download.
        let other2 = try DatabaseQueue(path: harness.client.store.path)
        let cancelledElsewhere = ids[11]
        try await other2.write { db in
          try db.execute(sql: "UPDATE download SET state = 'paused' WHERE id = ?", arguments: [cancelledElsewhere])
          let last = try Int64.fetchOne(db, sql: "SELECT MAX(seq) FROM downloadChange") ?? 0
          try db.execute(sql: "DELETE FROM downloadChange")
          try db.execute(sql: "INSERT OR REPLACE INTO downloadChangeCut (one, upTo) VALUES (1, ?)", arguments: [last])
        }
        try other2.close()
        await manager.poll()
        looked = await manager.lookedAt
        XCTAssertEqual(looked, 30)
        state = await manager.snapshot(DownloadID(ids[11]))?.state
        XCTAssertEqual(state, .paused)
        await manager.shutdown()
      }
    }
  }
}

/// The store's change log (`DownloadStore+Changes`): triggers name the rows whose queue columns changed or that were
/// deleted, in any process; progress is not logged; the log is cut to its newest entries, the cut recorded.
final class StoreChangeLogTests: ManagerTestCase {
  func testTheLogNamesQueueChangesAndDeletionsNotProgress() async throws {
    try await withTemporaryDirectory { dir in
      try await withHarness(dir) { harness in
        let store = harness.client.store
        let start = try store.lastChange()
        let a = try harness.client.prepareBlocking(harness.request("http://127.0.0.1:9/a", to: "a")).rowID
        let b = try harness.client.prepareBlocking(harness.request("http://127.0.0.1:9/b", to: "b")).rowID
        XCTAssertEqual(try store.changes(after: start).ids, [], "an insert is not a change of a held download")
        try store.saveProgress([(id: a, bytesDone: 10, speed: 5)])
        XCTAssertEqual(try store.changes(after: start).ids, [], "progress is not logged")
        try store.setState(.paused, of: a)
        try store.setState(.failed, of: b)
        try store.write { db in try db.execute(sql: "DELETE FROM download WHERE id = ?", arguments: [a]) }
        let read = try store.changes(after: start)
        XCTAssertEqual(read.ids, [a, b, a])
        XCTAssertEqual(read.last, try store.lastChange())
        XCTAssertEqual(read.cutUpTo, 0)
        XCTAssertEqual(try store.changes(after: read.last).ids, [])
      }
    }
  }

  func testTheLogIsCutToItsNewestEntriesAndSaysWhere() async throws {
    try await withTemporaryDirectory { dir in
      try await withHarness(dir) { harness in
        let store = harness.client.store
        let id = try harness.client.prepareBlocking(harness.request("http://127.0.0.1:9/a", to: "a")).rowID
        let count = Int(DownloadStore.changesKept) + 10
        try store.write { db in
          for index in 0..<count { try db.execute(sql: "UPDATE download SET priority = ? WHERE id = ?", arguments: [index % 2, id]) }
        }
        let last = try store.lastChange()
        try store.cutChanges()
        let read = try store.changes(after: 0)
        XCTAssertEqual(read.cutUpTo, last - DownloadStore.changesKept)
        XCTAssertEqual(Int64(read.ids.count), DownloadStore.changesKept)
        XCTAssertEqual(StoreLook.decide(versionMoved: true, seen: 5, log: read), .everything, "a reader behind the cut reads every row")
        XCTAssertEqual(try store.changes(after: last).ids, [], "the newest entries are kept")
      }
    }
  }
}
