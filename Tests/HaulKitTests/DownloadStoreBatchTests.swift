import Foundation
import GRDB
import HaulCore
import HaulTestSupport
import XCTest

@testable import HaulKit

/// The merged writes of `DownloadStore` (+Batches, `markCompleted`): what each stores, that it is all or nothing,
/// and that a state already stored is not written again.
final class DownloadStoreBatchTests: XCTestCase {
  private func record(_ name: String) -> DownloadRecord { .queued(name) }

  /// A trigger that makes any write setting `queueOrder` to 666 fail, to break a transaction half way.
  private func refuseQueueOrder666(_ store: DownloadStore) throws {
    try store.write { db in
      try db.execute(sql: """
        CREATE TRIGGER refuse BEFORE UPDATE OF queueOrder ON download WHEN NEW.queueOrder = 666
        BEGIN SELECT RAISE(ABORT, 'refused'); END
        """)
    }
  }

  /// `DownloadRecord.insertRow` (a statement of its own, not GRDB's `insert`) writes every stored property: one
  /// added to the record and not to `insertedColumns` would be lost at every insert.
  func testInsertRowWritesEveryStoredProperty() async throws {
    var full = record("full")
    full.finalURL = "http://mirror.example/full"
    full.etag = "\"v1\""
    full.lastModified = "Tue, 24 Nov 2026 10:00:00 GMT"
    full.lastModifiedIsStrong = true
    full.totalBytes = 42
    full.errorMessage = "disk full"
    full.priority = 3
    full.optionsJSON = "{\"connections\":4}"
    full.queueOrder = 7
    full.bytesDone = 5
    full.speed = 1.5
    // Every optional is set, so the encoded keys are every stored property.
    let encoded = try XCTUnwrap(JSONSerialization.jsonObject(with: JSONEncoder().encode(full)) as? [String: Any])
    XCTAssertEqual(Set(encoded.keys).subtracting(["id"]), Set(DownloadRecord.insertedColumns))
    try await withTemporaryDirectory { dir in
      let store = try DownloadStore(directory: dir.url.path)
      let inserted = try store.insert(full)
      var expected = full
      expected.id = try XCTUnwrap(inserted.id)
      XCTAssertEqual(try store.record(id: XCTUnwrap(inserted.id)), expected, "read back as written")
      let second = try store.insert(record("second"))
      XCTAssertNotEqual(second.id, inserted.id, "each insert takes the id SQLite gave its row")
      XCTAssertEqual(try store.record(id: XCTUnwrap(second.id))?.url, "http://example.com/second")
    }
  }

  /// `DownloadStore.file(_:in:)` names the same file as Foundation's `appendingPathComponent`.
  func testStoreFilePathsAreFoundationsOwn() {
    for directory in ["/var/state", "/var/state/", "state", "/", ""] {
      XCTAssertEqual(
        DownloadStore.file("haul.sqlite", in: directory), (directory as NSString).appendingPathComponent("haul.sqlite"),
        directory
      )
    }
  }

  func testQueueChangesAreStoredInOrder() async throws {
    try await withTemporaryDirectory { dir in
      let store = try DownloadStore(directory: dir.url.path)
      let a = try store.insert(record("a")), b = try store.insert(record("b"))
      try store.saveQueueChanges([
        .state(a.id!, .completed, error: nil),
        .state(b.id!, .downloading, error: nil),
        .position(b.id!, priority: 4, queueOrder: 9),
        .state(b.id!, .failed, error: "disk full"),
      ])
      let storedA = try XCTUnwrap(store.record(id: a.id!)), storedB = try XCTUnwrap(store.record(id: b.id!))
      XCTAssertEqual(storedA.downloadState, .completed)
      XCTAssertEqual(storedB.downloadState, .failed, "the last change of a download wins")
      XCTAssertEqual(storedB.errorMessage, "disk full")
      XCTAssertEqual(storedB.priority, 4)
      XCTAssertEqual(storedB.queueOrder, 9)
    }
  }

  func testQueueChangesAreAllOrNothing() async throws {
    try await withTemporaryDirectory { dir in
      let store = try DownloadStore(directory: dir.url.path)
      let a = try store.insert(record("a")), b = try store.insert(record("b"))
      try refuseQueueOrder666(store)
      XCTAssertThrowsError(try store.saveQueueChanges([
        .state(a.id!, .completed, error: nil), .position(b.id!, priority: 0, queueOrder: 666),
      ]))
      XCTAssertEqual(try store.record(id: a.id!)?.downloadState, .queued, "the first change went with the failed second")
    }
  }

  /// Storing a state a row already holds leaves the row alone (no page of log for nothing); a new error message
  /// is a change.
  func testAStateAlreadyStoredIsNotWrittenAgain() async throws {
    try await withTemporaryDirectory { dir in
      let store = try DownloadStore(directory: dir.url.path)
      let a = try store.insert(record("a"))
      try store.saveQueueChanges([.state(a.id!, .failed, error: "gone")])
      try store.write { db in try db.execute(sql: "UPDATE download SET updatedAt = 5 WHERE id = ?", arguments: [a.id!]) }
      try store.saveQueueChanges([.state(a.id!, .failed, error: "gone")])
      try store.setState(.failed, error: "gone", of: a.id!)
      XCTAssertEqual(try store.record(id: a.id!)?.updatedAt, 5, "not rewritten")
      try store.saveQueueChanges([.state(a.id!, .failed, error: "refused")])
      let stored = try XCTUnwrap(store.record(id: a.id!))
      XCTAssertEqual(stored.errorMessage, "refused")
      XCTAssertGreaterThan(stored.updatedAt, 5)
      try store.saveQueueChanges([.state(a.id!, .failed, error: nil)])
      XCTAssertNil(try store.record(id: a.id!)?.errorMessage, "clearing the message is a change too")
    }
  }

  /// A failure's kind and HTTP status are stored with its message, and go with it: a retried download that
  /// fails otherwise, or no longer fails, does not keep an old cause.
  func testAFailuresCauseIsStoredWithItsMessageAndClearedWithIt() async throws {
    try await withTemporaryDirectory { dir in
      let store = try DownloadStore(directory: dir.url.path)
      let a = try store.insert(record("a"))
      try store.saveQueueChanges([.state(a.id!, .failed, error: "HTTP 404", cause: FailureCause(kind: .http, httpStatus: 404))])
      XCTAssertEqual(try store.failure(of: a.id!)?.cause, FailureCause(kind: .http, httpStatus: 404))
      try store.saveQueueChanges([.state(a.id!, .failed, error: "HTTP 404", cause: FailureCause(kind: .network))])
      XCTAssertEqual(try store.failure(of: a.id!)?.cause, FailureCause(kind: .network), "a new cause with the same message is a change")
      try store.saveQueueChanges([.state(a.id!, .failed, error: "refused")])
      XCTAssertNil(try store.failure(of: a.id!)?.cause, "a message without a cause clears the old cause")
      try store.setState(.failed, error: "bad sum", cause: FailureCause(kind: .checksumMismatch), of: a.id!)
      XCTAssertEqual(try store.failure(of: a.id!)?.cause, FailureCause(kind: .checksumMismatch))
      try store.saveQueueChanges([.state(a.id!, .queued, error: nil, cause: FailureCause(kind: .io))])
      XCTAssertNil(try store.failure(of: a.id!)?.cause, "not failed: no cause")
      try store.saveQueueChanges([.state(a.id!, .failed, error: "again")])
      XCTAssertNil(try store.failure(of: a.id!)?.cause, "the queue's retry did not keep the cause before it")
    }
  }

  func testResourceAndSegmentsAreStoredTogether() async throws {
    try await withTemporaryDirectory { dir in
      let store = try DownloadStore(directory: dir.url.path)
      var a = try store.insert(record("a"))
      try store.saveSegments([SegmentRecord(downloadId: a.id!, start: 0, end: nil, next: 10)], of: a.id!)
      a.setIdentity(ResourceIdentity(entityTag: EntityTag("\"v1\""), lastModified: nil, totalLength: 100, lastModifiedIsStrong: false))
      a.finalURL = "http://mirror.example.com/a"
      try store.saveResource(of: a, segments: [SegmentRecord(downloadId: a.id!, start: 0, end: 100, next: 40)])
      let stored = try XCTUnwrap(store.record(id: a.id!))
      XCTAssertEqual(stored.etag, "\"v1\"")
      XCTAssertEqual(stored.totalBytes, 100)
      XCTAssertEqual(stored.finalURL, "http://mirror.example.com/a")
      XCTAssertEqual(try store.segments(of: a.id!), [SegmentRecord(downloadId: a.id!, start: 0, end: 100, next: 40)])

      // A restart from byte 0: no validators, no segments.
      a.setIdentity(nil)
      try store.saveResource(of: a, segments: [])
      XCTAssertNil(try store.record(id: a.id!)?.identity)
      XCTAssertEqual(try store.segments(of: a.id!), [])
    }
  }

  /// Validators never land without the segments they vouch for: a failed segment write takes them back.
  func testResourceAndSegmentsAreAllOrNothing() async throws {
    try await withTemporaryDirectory { dir in
      let store = try DownloadStore(directory: dir.url.path)
      var a = try store.insert(record("a"))
      a.setIdentity(ResourceIdentity(entityTag: EntityTag("\"v1\""), lastModified: nil, totalLength: 100, lastModifiedIsStrong: false))
      let duplicate = SegmentRecord(downloadId: a.id!, start: 0, end: 50, next: 10)
      XCTAssertThrowsError(try store.saveResource(of: a, segments: [duplicate, duplicate]), "the same start twice breaks the key")
      XCTAssertNil(try store.record(id: a.id!)?.etag)
      XCTAssertEqual(try store.segments(of: a.id!), [])
    }
  }

  func testACompletionStoresTheResourceAndTheStateAndNoSegments() async throws {
    try await withTemporaryDirectory { dir in
      let store = try DownloadStore(directory: dir.url.path)
      var a = try store.insert(record("a"))
      try store.saveSegments([SegmentRecord(downloadId: a.id!, start: 0, end: 100, next: 60)], of: a.id!)
      a.setIdentity(ResourceIdentity(entityTag: EntityTag("\"v1\""), lastModified: nil, totalLength: 100, lastModifiedIsStrong: false))
      a.destination = "/d/named"
      try store.markCompleted(a)
      let stored = try XCTUnwrap(store.record(id: a.id!))
      XCTAssertEqual(stored.downloadState, .completed)
      XCTAssertEqual(stored.etag, "\"v1\"")
      XCTAssertEqual(stored.destination, "/d/named")
      XCTAssertEqual(stored.totalBytes, 100, "its progress is its length (listings)")
      XCTAssertEqual(try store.segments(of: a.id!), [], "a completed download keeps no segments")
    }
  }

  /// `claim` with one policy for every record, whose options do not depend on the destination.
  private func claim(
    _ store: DownloadStore, _ records: [DownloadRecord], policy: ConflictPolicy = .fail,
    takeUp: @escaping @Sendable (DownloadRecord, DownloadRecord) -> DownloadRecord = { stored, _ in stored }
  ) throws -> [Result<DownloadStore.PreparedRow, HaulError>] {
    try store.claim(records.map { record in
      DownloadStore.Claim(record: record, policy: policy, options: { _ in record.optionsJSON })
    }, takeUp: takeUp)
  }

  /// The records of a list, in one transaction: new rows last in the queue in order, an unfinished row of the
  /// same URL taken up, one of another URL for the same part file never touched (the newcomer is refused, or
  /// with `rename` goes to a numbered name).
  func testRowsAreTakenUpOrInsertedInOrder() async throws {
    try await withTemporaryDirectory { dir in
      let store = try DownloadStore(directory: dir.url.path)
      var failed = try store.insert(record("a"))
      try store.saveQueueChanges([.state(failed.id!, .failed, error: "gone")])
      failed = try XCTUnwrap(store.record(id: failed.id!))
      var other = record("b")
      other.url = "http://example.com/elsewhere"
      let held = try store.insert(other)
      let rows = try claim(store, [record("a"), record("b"), record("c")]) { stored, new in
        var taken = stored
        taken.optionsJSON = new.optionsJSON + "taken"
        taken.errorMessage = nil
        return taken
      }
      XCTAssertEqual(try rows[0].get().isNew, false)
      XCTAssertEqual(try rows[0].get().record.id, failed.id, "the same URL and part file: the unfinished row is taken up")
      XCTAssertEqual(try store.record(id: failed.id!)?.optionsJSON, "{}taken")
      XCTAssertNil(try store.record(id: failed.id!)?.errorMessage)
      XCTAssertThrowsError(try rows[1].get()) { error in
        XCTAssertEqual((error as? HaulError)?.kind, .destinationInUse)
        XCTAssertTrue("\(error)".contains("download \(held.id!)"), "names the download that holds it: \(error)")
      }
      XCTAssertEqual(try store.record(id: held.id!)?.url, "http://example.com/elsewhere", "another URL's row is kept")
      XCTAssertEqual(try rows[2].get().isNew, true)
      XCTAssertLessThan(held.queueOrder, try rows[2].get().record.queueOrder, "last in the queue, in order")
      XCTAssertEqual(try store.all().count, 3)

      let renamed = try claim(store, [record("b"), record("b")], policy: .rename)
      XCTAssertEqual(try renamed.map { try $0.get().destination }, ["/d/b.1", "/d/b.1"], "renamed once, then taken up")
      XCTAssertEqual(try renamed[1].get().record.id, try renamed[0].get().record.id)
      XCTAssertEqual(try store.record(id: renamed[0].get().record.id!)?.partPath, "/d/b.1.part")
      XCTAssertEqual(try store.record(id: held.id!)?.partPath, "/d/b.part")
    }
  }

  /// No raw SQLite text reaches a person: segments for a record that is gone (the FOREIGN KEY failure people saw
  /// when a second download deleted the first's record) are worded as what happened.
  func testStoreFailuresAreSentences() async throws {
    try await withTemporaryDirectory { dir in
      let store = try DownloadStore(directory: dir.url.path)
      XCTAssertThrowsError(try store.saveSegments([SegmentRecord(downloadId: 99, start: 0, end: 10, next: 0)], of: 99)) { error in
        let message = (error as? HaulError)?.message ?? "\(error)"
        XCTAssertFalse(message.contains("SQLite") || message.contains("FOREIGN KEY"), message)
        XCTAssertTrue(message.contains("record changed under it"), message)
      }
    }
  }

  func testTakingUpOrInsertingIsAllOrNothing() async throws {
    try await withTemporaryDirectory { dir in
      let store = try DownloadStore(directory: dir.url.path)
      try store.write { db in
        try db.execute(sql: """
          CREATE TRIGGER refuse BEFORE INSERT ON download WHEN NEW.url LIKE '%bad%'
          BEGIN SELECT RAISE(ABORT, 'refused'); END
          """)
      }
      XCTAssertThrowsError(try claim(store, [record("good"), record("bad")]))
      XCTAssertEqual(try store.all(), [], "the first row went with the failed second")
    }
  }
}
