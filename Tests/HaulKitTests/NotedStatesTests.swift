import Foundation
import GRDB
import HaulCore
import HaulTestSupport
import XCTest

@testable import HaulKit

/// Starts and completions the queue notes instead of writing at once (`DownloadStore.note`): stored with the
/// next write, by `flushLog`, or on their own after the deferral, and never over what another process stored
/// after them.
final class NotedStatesTests: XCTestCase {
  private func record(_ name: String) -> DownloadRecord { .queued(name) }

  private func state(_ id: Int64, in store: DownloadStore) throws -> DownloadState? {
    try store.record(id: id)?.downloadState
  }

  /// A deferral no test waits for: what is stored comes from the writes the test makes.
  private let never = 3600.0

  func testANotedStartRidesWithTheNextWrite() async throws {
    try await withTemporaryDirectory { dir in
      let store = try DownloadStore(directory: dir.url.path, noteDeferral: never)
      let a = try store.insert(record("a")).id!, b = try store.insert(record("b")).id!
      store.note(.downloading, [a])
      XCTAssertEqual(try state(a, in: store), .queued, "not written by itself")
      try store.saveProgress([(id: b, bytesDone: 5, speed: 1)])
      XCTAssertEqual(try state(a, in: store), .downloading, "written with the next write, whatever it is")
      XCTAssertEqual(try store.record(id: b)?.bytesDone, 5)
    }
  }

  func testANotedCompletionRidesWithTheNextWriteInOrder() async throws {
    try await withTemporaryDirectory { dir in
      let store = try DownloadStore(directory: dir.url.path, noteDeferral: never)
      let a = try store.insert(record("a")).id!
      store.note(.downloading, [a])
      store.note(.completed, [a])
      try store.setQueuePosition(priority: 1, queueOrder: 3, of: a)
      XCTAssertEqual(try state(a, in: store), .completed, "the start, then the completion: in the order noted")
    }
  }

  /// A small file started and finished within the deferral: the completion alone is written (the start would
  /// change nothing it does not), one row change instead of two.
  func testAStartFollowedByItsCompletionIsStoredOnce() async throws {
    try await withTemporaryDirectory { dir in
      let store = try DownloadStore(directory: dir.url.path, noteDeferral: never)
      let a = try store.insert(record("a")).id!, b = try store.insert(record("b")).id!
      // Each change of a row's state is an entry of the store's change log (its triggers: DownloadStore+Changes).
      let before = try store.lastChange()
      store.note(.downloading, [a, b])
      store.note(.completed, [a])
      try store.flushLog()
      XCTAssertEqual(try store.changes(after: before).ids.sorted(), [a, b].sorted(), "a's completion and b's start; not a's start")
      XCTAssertEqual(try state(a, in: store), .completed)
      XCTAssertEqual(try state(b, in: store), .downloading)
      XCTAssertNil(try store.record(id: a)?.errorMessage)
    }
  }

  func testFlushingTheLogStoresWhatWasNoted() async throws {
    try await withTemporaryDirectory { dir in
      let store = try DownloadStore(directory: dir.url.path, noteDeferral: never)
      let a = try store.insert(record("a")).id!
      store.note(.downloading, [a])
      try store.flushLog()
      let other = try DownloadStore(directory: dir.url.path)
      XCTAssertEqual(try state(a, in: other), .downloading, "committed before the log's flush, seen by others")
    }
  }

  func testANotedStartIsWrittenOnItsOwnWhenNoWriteComes() async throws {
    try await withTemporaryDirectory { dir in
      let store = try DownloadStore(directory: dir.url.path, noteDeferral: 0.05)
      let a = try store.insert(record("a")).id!
      store.note(.downloading, [a])
      let other = try DownloadStore(directory: dir.url.path)
      try await eventually { try state(a, in: other) == .downloading }
      XCTAssertEqual(try state(a, in: other), .downloading, "another process sees it without any other write here")
    }
  }

  /// Another process pauses a download this one started but had not stored yet: the late `downloading` must not
  /// undo the pause (this process's poll then sees it and pauses its run).
  func testALateStartNeverUndoesWhatAnotherProcessStoredAfterIt() async throws {
    try await withTemporaryDirectory { dir in
      let store = try DownloadStore(directory: dir.url.path, noteDeferral: never)
      let other = try DownloadStore(directory: dir.url.path)
      let a = try store.insert(record("a")).id!, b = try store.insert(record("b")).id!
      let c = try store.insert(record("c")).id!, d = try store.insert(record("d")).id!
      store.note(.downloading, [a, b, c, d])
      try other.setState(.paused, of: a)
      try other.setState(.failed, error: "gone", of: b)
      try other.setState(.cancelled, of: c)
      try other.setQueuePosition(priority: 2, queueOrder: 9, of: d)  // still queued: only moved
      try store.saveProgress([])  // nothing to write: not a write
      try store.setQueuePosition(priority: 0, queueOrder: 1, of: a)
      XCTAssertEqual(try state(a, in: store), .paused)
      XCTAssertEqual(try store.record(id: b)?.errorMessage, "gone")
      XCTAssertEqual(try state(b, in: store), .failed)
      XCTAssertEqual(try state(c, in: store), .cancelled)
      XCTAssertEqual(try state(d, in: store), .downloading, "a new position is no reason to stay queued")
    }
  }

  /// A download taken up while its row still said `paused` (stored before the start) is stored as running.
  func testAStartOverARowStoppedBeforeItIsStored() async throws {
    try await withTemporaryDirectory { dir in
      let store = try DownloadStore(directory: dir.url.path, noteDeferral: never)
      let a = try store.insert(record("a")).id!
      try store.setState(.paused, of: a)
      let stored = try XCTUnwrap(store.record(id: a)?.updatedAt)
      while Date().timeIntervalSince1970 <= stored { usleep(100) }  // a start noted strictly later
      store.note(.downloading, [a])
      try store.flushLog()
      XCTAssertEqual(try state(a, in: store), .downloading)
    }
  }

  /// A write that fails keeps what was noted for the next one.
  func testAFailedWriteKeepsWhatWasNoted() async throws {
    try await withTemporaryDirectory { dir in
      let store = try DownloadStore(directory: dir.url.path, noteDeferral: never)
      let a = try store.insert(record("a")).id!, b = try store.insert(record("b")).id!
      try store.write { db in
        try db.execute(sql: """
          CREATE TRIGGER refuse BEFORE UPDATE OF queueOrder ON download WHEN NEW.queueOrder = 666
          BEGIN SELECT RAISE(ABORT, 'refused'); END
          """)
      }
      store.note(.downloading, [a])
      XCTAssertThrowsError(try store.setQueuePosition(priority: 0, queueOrder: 666, of: b))
      XCTAssertEqual(try state(a, in: store), .queued, "rolled back with the failed write")
      try store.setQueuePosition(priority: 0, queueOrder: 5, of: b)
      XCTAssertEqual(try state(a, in: store), .downloading, "written by the next one")
    }
  }

  /// Which of the queue's changes are noted: a start or completion that is the download's only change in the batch.
  func testOnlyALoneStartOrCompletionIsNoted() {
    let split = DownloadManager.splitNoted([
      .state(1, .completed, error: nil),
      .state(2, .downloading, error: nil),
      .state(3, .downloading, error: nil),
      .position(3, priority: 1, queueOrder: 2),
      .state(4, .downloading, error: "x"),
      .state(5, .paused, error: nil),
      .state(6, .completed, error: nil),
      .state(6, .downloading, error: nil),
    ])
    XCTAssertEqual(split.completed, [1])
    XCTAssertEqual(split.started, [2])
    XCTAssertEqual(
      split.now,
      [
        .state(3, .downloading, error: nil), .position(3, priority: 1, queueOrder: 2), .state(4, .downloading, error: "x"),
        .state(5, .paused, error: nil), .state(6, .completed, error: nil), .state(6, .downloading, error: nil),
      ]
    )
  }
}
