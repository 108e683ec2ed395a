import GRDB
import HaulCore
import HaulTestSupport
import XCTest

@testable import HaulKit

/// What a state directory that has seen many runs costs a new one: the lookups each new download makes go through
/// indexes, not through the history of completed rows, and the write-ahead log the next process must read back
/// stays short.
final class DownloadStoreGrowthTests: XCTestCase {
  private func record(_ name: String, state: DownloadState = .queued) -> DownloadRecord {
    DownloadRecord(
      id: nil, url: "http://example.com/\(name)", finalURL: nil, destination: "/d/\(name)", partPath: "/d/\(name).part",
      etag: nil, lastModified: nil, lastModifiedIsStrong: false, totalBytes: nil, state: state.rawValue,
      errorMessage: nil, priority: 0, optionsJSON: "{}", createdAt: 1, updatedAt: 1
    )
  }

  /// SQLite's plan for `sql`, one line per step.
  private func plan(_ sql: String, in store: DownloadStore) throws -> String {
    try store.read { db in
      try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: sql.contains("?") ? ["/d/x.part"] : [])
        .map { row -> String in row["detail"] }
        .joined(separator: "\n")
    }
  }

  func testTheEndOfTheQueueIsAnIndexLookup() async throws {
    try await withTemporaryDirectory { dir in
      let store = try DownloadStore(directory: dir.url.path)
      let detail = try plan("SELECT MAX(queueOrder) FROM download", in: store)
      XCTAssertTrue(detail.contains("download_queueOrder"), "placing a download last scans the table: \(detail)")
    }
  }

  func testTheUnfinishedDownloadOfAPartFileIsFoundWithoutReadingCompletedRows() async throws {
    try await withTemporaryDirectory { dir in
      let store = try DownloadStore(directory: dir.url.path)
      let detail = try plan(DownloadStore.unfinishedByPartPath, in: store)
      XCTAssertTrue(
        detail.contains("download_unfinished_partPath"),
        "the lookup does not use the index of unfinished rows, so it reads every completed row of the path: \(detail)"
      )
      // The index leaves completed and cancelled rows out, and the lookup still finds the unfinished one.
      _ = try store.insert(record("x", state: .completed))
      _ = try store.insert(record("x", state: .cancelled))
      let open = try store.insert(record("x", state: .paused))
      _ = try store.insert(record("x", state: .completed))
      XCTAssertEqual(try store.unfinished(partPath: "/d/x.part")?.id, open.id)
      let indexed = try store.read { db in
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM download INDEXED BY download_unfinished_partPath WHERE partPath = ? AND state NOT IN ('completed', 'cancelled')", arguments: ["/d/x.part"])
      }
      XCTAssertEqual(indexed, 1)
    }
  }

  /// An add whose name a file holds asks which completed download put it there: an index lookup, not a walk over
  /// the history (issue 62: each add checks its destination through an index).
  func testTheCompletedDownloadOfANameIsAnIndexLookup() async throws {
    try await withTemporaryDirectory { dir in
      let store = try DownloadStore(directory: dir.url.path)
      let detail = try plan(DownloadStore.completedAtDestination, in: store)
      XCTAssertTrue(
        detail.contains("download_completed_destination") && !detail.contains("SCAN download"),
        "the lookup reads every row of the history: \(detail)")
      // The newest completed one of the name, not an unfinished one or one of another name.
      _ = try store.insert(record("x", state: .completed))
      let newest = try store.insert(record("x", state: .completed))
      _ = try store.insert(record("x", state: .paused))
      _ = try store.insert(record("y", state: .completed))
      let found = try store.read { db in
        try DownloadRecord.fetchOne(db.cachedStatement(sql: DownloadStore.completedAtDestination), arguments: ["/d/x"])
      }
      XCTAssertEqual(found?.id, newest.id)
    }
  }

  /// The look a manager takes at the downloads it holds names them in chunks: a daemon's store of more downloads
  /// than SQLite takes parameters in one statement (32,766; 999 in older builds) is read whole, not refused.
  func testQueueFieldsOfMoreIdsThanOneStatementTakes() async throws {
    try await withTemporaryDirectory { dir in
      let store = try DownloadStore(directory: dir.url.path)
      let count = DownloadStore.idsPerQuery * 2 + 7
      let rows = (0..<count).map { record("f\($0)", state: $0.isMultiple(of: 3) ? .completed : .paused) }
      let ids = try store.write { db -> [Int64] in
        try rows.map { stored -> Int64 in
          var row = stored
          try row.insert(db)
          return row.id!
        }
      }
      let fields = try store.queueFields(of: ids + [Int64.max])
      XCTAssertEqual(fields.count, count, "every stored one, and nothing for an id that is not there")
      XCTAssertEqual(fields[ids[3]]?.state, .completed)
      XCTAssertEqual(fields[ids[4]]?.state, .paused)
      XCTAssertEqual(fields[ids[4]]?.partPath, "/d/f4.part")
      XCTAssertEqual(fields[ids[4]]?.destination, "/d/f4")
    }
  }

  /// The two-column look the daemon takes every second: every row's state by id, an unreadable one as failed.
  func testStatesAreEveryRowsStateById() async throws {
    try await withTemporaryDirectory { dir in
      let store = try DownloadStore(directory: dir.url.path)
      let done = try store.insert(record("a", state: .completed))
      let paused = try store.insert(record("b", state: .paused))
      let odd = try store.insert(record("c"))
      try store.write { db in try db.execute(sql: "UPDATE download SET state = 'garbled' WHERE id = ?", arguments: [odd.id!]) }
      XCTAssertEqual(try store.states(), [done.id!: .completed, paused.id!: .paused, odd.id!: .failed])
      XCTAssertEqual(try store.states(), Dictionary(uniqueKeysWithValues: try store.all().map { ($0.id!, $0.downloadState) }))
    }
  }

  /// Rows inserted in one batch after a long history still go last, in order, past rows placed by hand.
  func testABatchGoesLastAfterTheHistory() async throws {
    try await withTemporaryDirectory { dir in
      let store = try DownloadStore(directory: dir.url.path)
      var placed = record("placed")
      placed.queueOrder = 500
      _ = try store.insert(placed)
      for name in ["h1", "h2"] { _ = try store.insert(record(name, state: .completed)) }
      var explicit = record("explicit")
      explicit.queueOrder = 900
      let claims = [record("a"), explicit, record("b"), record("c")].map { record in
        DownloadStore.Claim(record: record, policy: .fail, options: { _ in record.optionsJSON })
      }
      let rows = try store.claim(claims) { stored, _ in stored }
      XCTAssertEqual(try rows.map { try $0.get().record.queueOrder }, [503, 900, 901, 902])
    }
  }

  /// Many small commits, as a long queue makes: the log is checkpointed before it grows past its bound, so the
  /// next process to open the store reads back at most that many pages.
  func testTheWriteAheadLogStaysShort() async throws {
    try await withTemporaryDirectory { dir in
      let store = try DownloadStore(directory: dir.url.path)
      let row = try store.insert(record("a"))
      for step in 0..<1200 {
        try store.saveProgress([(id: row.id!, bytesDone: Int64(step), speed: Double(step))])
      }
      let pageSize = try store.read { db in try Int.fetchOne(db, sql: "PRAGMA page_size") } ?? 4096
      let frame = pageSize + 24
      let log = try FileManager.default.attributesOfItem(atPath: store.path + "-wal")[.size] as? Int ?? 0
      // 1200 commits of at least one page each would make a log of 1000 frames (SQLite's default bound) without it.
      XCTAssertLessThanOrEqual(log, 32 + (DownloadStore.walCheckpointPages + 8) * frame, "the log grew to \(log / frame) frames")
      XCTAssertEqual(try store.record(id: row.id!)?.bytesDone, 1199)
    }
  }
}
