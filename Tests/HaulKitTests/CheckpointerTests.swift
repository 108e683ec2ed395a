import Dispatch
import HaulTestSupport
import NIOConcurrencyHelpers
import XCTest

@testable import HaulKit

/// `Checkpointer`: at most one checkpoint per interval, at most one in flight, the record only after the data,
/// and a failed commit reported instead of lost. The interval is judged on the `now` the caller passes, so no test
/// sleeps.
final class CheckpointerTests: XCTestCase {
  private final class Commits: Sendable {
    let values = NIOLockedValueBox<[Int]>([])
    let failing = NIOLockedValueBox(false)
  }

  private func checkpointer(_ file: PartFile, _ commits: Commits, interval: Double = 1) -> Checkpointer<Int> {
    Checkpointer<Int>(file: file, interval: interval) { value in
      if commits.failing.withLockedValue({ $0 }) { throw HaulError(.io, "disk gone") }
      commits.values.withLockedValue { $0.append(value) }
    }
  }

  func testACheckpointIsTakenOncePerInterval() async throws {
    try await withTemporaryDirectory { dir in
      let file = try PartFile(path: dir.file("f.part").path)
      let commits = Commits()
      let checkpointer = checkpointer(file, commits)
      for (value, now) in [(1, 10.0), (2, 10.5), (3, 11.0), (4, 11.5), (5, 12.0)] {
        checkpointer.checkpointIfDue(value, now: now)
        await checkpointer.waitForInFlight()
      }
      XCTAssertEqual(
        commits.values.withLockedValue { $0 }, [3, 5],
        "the first bytes (10) start the interval without a checkpoint (a small file is made durable once, by its finish); then one per interval")
    }
  }

  func testTheSnapshotIsNotEvenTakenWhenNotDue() async throws {
    try await withTemporaryDirectory { dir in
      let file = try PartFile(path: dir.file("f.part").path)
      let checkpointer = checkpointer(file, Commits())
      checkpointer.checkpointIfDue(1, now: 5)
      await checkpointer.waitForInFlight()
      var evaluated = false
      checkpointer.checkpointIfDue({ evaluated = true; return 2 }(), now: 5.1)
      XCTAssertFalse(evaluated, "the snapshot is built only when a checkpoint starts")
    }
  }

  func testCheckpointNowCommitsAtOnceWhateverTheInterval() async throws {
    try await withTemporaryDirectory { dir in
      let file = try PartFile(path: dir.file("f.part").path)
      let commits = Commits()
      let checkpointer = checkpointer(file, commits, interval: 1000)
      checkpointer.checkpointIfDue(0, now: 1000)
      checkpointer.checkpointIfDue(1, now: 2000)
      try await checkpointer.checkpointNow(2)
      XCTAssertEqual(commits.values.withLockedValue { $0 }, [1, 2], "waits for the one in flight, then commits")
    }
  }

  /// A pause's or a stop's checkpoint and a download's last steps block a thread of the checkpoint queue, never one
  /// of Swift's cooperative threads (two on a two-core machine, shared by every download).
  func testCheckpointNowAndRunBlockTheCheckpointQueueNotTheCaller() async throws {
    try await withTemporaryDirectory { dir in
      let file = try PartFile(path: dir.file("f.part").path)
      let onQueue = NIOLockedValueBox<[Bool]>([])
      let checkpointer = Checkpointer<Int>(file: file) { _ in
        onQueue.withLockedValue { $0.append(DispatchQueue.getSpecific(key: checkpointQueueKey) == true) }
      }
      try await checkpointer.checkpointNow(1)
      let ran = try await checkpointer.run { DispatchQueue.getSpecific(key: checkpointQueueKey) == true }
      XCTAssertEqual(onQueue.withLockedValue { $0 }, [true], "checkpointNow committed on the caller's thread")
      XCTAssertTrue(ran, "run's body ran on the caller's thread")
    }
  }

  /// What `run`'s body holds is let go before `run` returns: the part file's lock lasts as long as the file object,
  /// and a pause followed at once by a resume opens the same part file again (CI once saw "another haul process is
  /// already downloading" there).
  func testRunLetsGoOfItsBodyBeforeReturning() async throws {
    final class Held: Sendable {}
    try await withTemporaryDirectory { dir in
      let checkpointer = checkpointer(try PartFile(path: dir.file("f.part").path), Commits())
      for _ in 0..<2000 {
        weak var watched: Held?
        try await {
          let held = Held()
          watched = held
          try await checkpointer.run { _ = held }
        }()
        XCTAssertNil(watched, "run returned while its body still held what it captured")
        if watched != nil { break }
      }
    }
  }

  func testAFailedBackgroundCommitIsReportedByCheck() async throws {
    try await withTemporaryDirectory { dir in
      let file = try PartFile(path: dir.file("f.part").path)
      let commits = Commits()
      commits.failing.withLockedValue { $0 = true }
      let checkpointer = checkpointer(file, commits)
      XCTAssertNoThrow(try checkpointer.check())
      checkpointer.checkpointIfDue(0, now: 1)
      checkpointer.checkpointIfDue(1, now: 2)
      await checkpointer.waitForInFlight()
      XCTAssertThrowsError(try checkpointer.check()) { XCTAssertEqual(($0 as? HaulError)?.message, "disk gone") }
      do {
        try await checkpointer.checkpointNow(2)
        XCTFail("a checkpoint after a failed one must not pretend to succeed")
      } catch {}
    }
  }
}
