import Foundation
import GRDB
import HaulCore
import HaulTestSupport
import XCTest

@testable import HaulKit

/// How a store is set up at every open: write-ahead logging with its settings, made through SQLite's C interface
/// (`haul_sqlite_use_wal`), and the schema number in `user_version` that spares GRDB's migrator its query when the
/// schema is this version's.
final class StoreSchemaTests: XCTestCase {
  /// One PRAGMA read on the store's own connection (the settings are the connection's, not the file's).
  private func pragma(_ name: String, of store: DownloadStore) throws -> String? {
    try store.read { try String.fetchOne($0, sql: "PRAGMA \(name)") }
  }

  /// A raw GRDB connection to the store's file, for making a store as an older or newer Haul left it.
  private func rawQueue(_ directory: String) throws -> DatabaseQueue {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    return try DatabaseQueue(path: directory + "/haul.sqlite")
  }

  private func userVersion(_ directory: String) throws -> Int? {
    try DatabaseQueue(path: directory + "/haul.sqlite").read { try Int.fetchOne($0, sql: "PRAGMA user_version") }
  }

  func testTheStoreLogsAheadWithItsSettings() async throws {
    try await withTemporaryDirectory { dir in
      let directory = dir.file("state").path
      for _ in 0..<2 {  // a new store, then the same one opened again
        let store = try DownloadStore(directory: directory)
        XCTAssertEqual(try pragma("journal_mode", of: store), "wal")
        XCTAssertEqual(try pragma("synchronous", of: store), "1", "synchronous is not NORMAL")
        XCTAssertEqual(try pragma("wal_autocheckpoint", of: store), String(DownloadStore.walCheckpointPages))
      }
    }
  }

  /// Foreign keys are on for every connection (set through SQLite's C interface, not GRDB's statement): deleting
  /// a download deletes its segments, in a new store and in one opened again.
  func testDeletingADownloadDeletesItsSegments() async throws {
    try await withTemporaryDirectory { dir in
      let directory = dir.file("state").path
      for name in ["a", "b"] {  // a new store, then the same one opened again
        let store = try DownloadStore(directory: directory)
        XCTAssertEqual(try pragma("foreign_keys", of: store), "1", "foreign keys are off")
        let record = try store.insert(DownloadRecord(
          id: nil, url: "http://example.com/\(name)", finalURL: nil, destination: nil, partPath: "/tmp/\(name).part",
          etag: nil, lastModified: nil, lastModifiedIsStrong: false, totalBytes: 10, state: "queued",
          errorMessage: nil, priority: 0, optionsJSON: "{}", createdAt: 0, updatedAt: 0
        ))
        let id = try XCTUnwrap(record.id)
        try store.saveSegments([SegmentRecord(downloadId: id, start: 0, end: 10, next: 4)], of: id)
        XCTAssertEqual(try store.segments(of: id).count, 1)
        try store.delete(id: id)
        let left = try store.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM segment WHERE downloadId = ?", arguments: [id]) }
        XCTAssertEqual(left, 0, "the segments outlived their download")
      }
    }
  }

  func testTheSchemaNumberCountsTheMigrations() {
    XCTAssertEqual(DownloadStore.migrator.migrations.count, Int(DownloadStore.schemaVersion))
  }

  func testANewStoreIsMarkedWithItsSchema() async throws {
    try await withTemporaryDirectory { dir in
      let directory = dir.file("state").path
      _ = try DownloadStore(directory: directory)
      XCTAssertEqual(try userVersion(directory), Int(DownloadStore.schemaVersion))
      let applied = try rawQueue(directory).read { try DownloadStore.migrator.appliedMigrations($0) }
      XCTAssertEqual(applied, DownloadStore.migrator.migrations)
    }
  }

  /// A store an older Haul left (no number, some migrations applied) gets the others, then the number.
  func testAnOlderStoreIsMigratedThenMarked() async throws {
    try await withTemporaryDirectory { dir in
      let directory = dir.file("state").path
      try DownloadStore.migrator.migrate(try rawQueue(directory), upTo: "v3-cookies")
      XCTAssertEqual(try userVersion(directory), 0)
      let store = try DownloadStore(directory: directory)
      XCTAssertEqual(try userVersion(directory), Int(DownloadStore.schemaVersion))
      try store.read { db in
        XCTAssertTrue(try db.columns(in: "download").contains { $0.name == "verifiedPieces" }, "v4 was not applied")
        XCTAssertTrue(try db.tableExists("hostBudget"), "v6 was not applied")
      }
    }
  }

  /// A store the previous version left (migrated up to v6 and marked 6) gets the failure's kind columns, and a
  /// failure with its cause is stored in it (with the number not raised, every failure would fail to store).
  func testAStoreMarkedWithThePreviousSchemaGetsTheFailureCause() async throws {
    try await withTemporaryDirectory { dir in
      let directory = dir.file("state").path
      let raw = try rawQueue(directory)
      try DownloadStore.migrator.migrate(raw, upTo: "v6-host-budgets")
      try raw.writeWithoutTransaction { try $0.execute(sql: "PRAGMA user_version = 6") }
      try raw.close()
      let store = try DownloadStore(directory: directory)
      XCTAssertEqual(try userVersion(directory), Int(DownloadStore.schemaVersion))
      let id = try XCTUnwrap(store.insert(.queued("a")).id)
      try store.setState(.failed, error: "HTTP 404", cause: FailureCause(kind: .http, httpStatus: 404), of: id)
      XCTAssertEqual(try store.failure(of: id)?.cause, FailureCause(kind: .http, httpStatus: 404))
    }
  }

  /// A store the previous version left (up to v11, marked 11) gets the stream versions' column; its saved
  /// stream reads with no versions (so a byte-range stream starts over), and a point saved now keeps them.
  func testAStoreMarkedV11GetsTheHLSStreamVersions() async throws {
    try await withTemporaryDirectory { dir in
      let directory = dir.file("state").path
      let raw = try rawQueue(directory)
      try DownloadStore.migrator.migrate(raw, upTo: "v11-hls-streams")
      try raw.writeWithoutTransaction { db in
        try db.execute(sql: "PRAGMA user_version = 11")
        try db.execute(sql: "INSERT INTO hlsStream VALUES ('/o/a.ts.part', 'http://h/a.m3u8', 'f', 3, 300)")
      }
      try raw.close()
      let store = try DownloadStore(directory: directory)
      XCTAssertEqual(try userVersion(directory), Int(DownloadStore.schemaVersion))
      let old = try XCTUnwrap(try store.hlsStreamPoint(partPath: "/o/a.ts.part"))
      XCTAssertEqual(old.piecesWritten, 3)
      XCTAssertEqual(old.resourceVersions, [:])
      let versions = [
        "http://h/s.ts": ResourceIdentity(entityTag: EntityTag("\"v1\""), lastModified: nil, totalLength: 1000, lastModifiedIsStrong: false),
        "http://h/t.ts": ResourceIdentity(
          entityTag: nil, lastModified: "Sun, 01 Nov 2026 00:00:00 GMT", totalLength: nil, lastModifiedIsStrong: true),
      ]
      var point = old
      point.resourceVersions = versions
      try store.saveHLSStreamPoint(point, partPath: "/o/a.ts.part")
      XCTAssertEqual(try store.hlsStreamPoint(partPath: "/o/a.ts.part"), point)
    }
  }

  /// The number is what is trusted: a file that says it has this version's schema is not asked again (here it
  /// lies, having no tables, and gets none).
  func testAStoreMarkedCurrentSkipsTheMigrator() async throws {
    try await withTemporaryDirectory { dir in
      let directory = dir.file("state").path
      try rawQueue(directory).writeWithoutTransaction {
        try $0.execute(sql: "PRAGMA user_version = \(DownloadStore.schemaVersion)")
      }
      let store = try DownloadStore(directory: directory)
      XCTAssertFalse(try store.read { try $0.tableExists("download") }, "the migrator ran on a store marked current")
    }
  }

  /// A newer Haul's store (a larger number) goes through the migrator, which finds its migrations applied, and
  /// keeps its number.
  func testANewerStoreKeepsItsNumber() async throws {
    try await withTemporaryDirectory { dir in
      let directory = dir.file("state").path
      let queue = try rawQueue(directory)
      try DownloadStore.migrator.migrate(queue)
      try queue.writeWithoutTransaction { try $0.execute(sql: "PRAGMA user_version = \(DownloadStore.schemaVersion + 1)") }
      let store = try DownloadStore(directory: directory)
      XCTAssertEqual(try store.all().count, 0)
      XCTAssertEqual(try userVersion(directory), Int(DownloadStore.schemaVersion) + 1)
    }
  }

  /// Stores opened at once on a new directory (processes starting together) migrate it once and mark it once: the
  /// migrations and the number are written under the lock on `haul.sqlite.lock`, and each open takes the lock on
  /// a descriptor of its own, as another process would.
  func testStoresOpenedAtOnceMigrateANewDirectoryOnce() async throws {
    try await withTemporaryDirectory { dir in
      let directory = dir.file("state").path
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
      let failures = FailureCounter()
      DispatchQueue.concurrentPerform(iterations: 8) { _ in
        do { _ = try DownloadStore(directory: directory) } catch { failures.add() }
      }
      XCTAssertEqual(failures.value, 0, "an open failed")
      XCTAssertEqual(try userVersion(directory), Int(DownloadStore.schemaVersion))
      let applied = try rawQueue(directory).read { try String.fetchAll($0, sql: "SELECT identifier FROM grdb_migrations") }
      XCTAssertEqual(applied, DownloadStore.migrator.migrations, "a migration was applied twice or not at all")
    }
  }
}

/// A count several threads add to.
private final class FailureCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  var value: Int { lock.withLock { count } }
  func add() { lock.withLock { count += 1 } }
}
