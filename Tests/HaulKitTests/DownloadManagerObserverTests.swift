import Foundation
import HaulCore
@testable import HaulKit
import HaulTestSupport
import XCTest

/// The queue's observers: events in order, late and slow subscribers, and what a shutdown delivers.
final class DownloadManagerObserverTests: ManagerTestCase {
  /// Observers: every event kind in order for one download, a late subscriber sees current state first, and a
  /// subscriber that never reads holds nothing up.
  func testObserversSeeEventsLateSubscribersSeeStateAndSlowOnesDoNotBlock() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        serve(server, "/a", medium, rate: 4 << 20)
        try await withHarness(dir, server: server) { harness in
          let manager = manager(harness, maxConcurrent: 1)
          let neverRead = await manager.events()
          let all = await manager.events()
          let collector = collect(all)
          let id = try await manager.add(harness.request(server.url("/a"), to: "a"))
          await manager.waitUntilIdle()
          var late = await manager.events().makeAsyncIterator()
          let first = await late.next()
          guard case .current(let snapshot)? = first else { return XCTFail("late subscriber got \(String(describing: first))") }
          XCTAssertEqual(snapshot.state, .completed)
          XCTAssertEqual(snapshot.bytesDone, Int64(medium.count))
          try await manager.remove(id)
          await manager.shutdown()
          let seen = await collector.value
          let kinds = seen.map { event -> String in
            switch event {
            case .added: return "added"
            case .stateChanged(_, let state): return state.rawValue
            case .completed: return "completed!"
            case .removed: return "removed"
            default: return ""
            }
          }.filter { !$0.isEmpty }
          XCTAssertEqual(kinds.first, "added")
          XCTAssertEqual(kinds.last, "removed")
          // The state change comes before the completion that carries the path, and a remove right after cannot
          // cut it off.
          XCTAssertEqual(kinds, ["added", "queued", "downloading", "completed", "completed!", "removed"].filter(kinds.contains), "\(kinds)")
          for expected in ["downloading", "completed", "completed!"] { XCTAssertTrue(kinds.contains(expected), "\(kinds)") }
          XCTAssertTrue(seen.contains { if case .progress = $0 { return true } else { return false } })
          _ = neverRead
        }
      }
    }
  }

  /// A shutdown stops what runs; an observer still gets each download's last state and the byte count it kept
  /// before its stream ends (a `haul` quit shows and logs what was kept, not a count from a moment before).
  func testShutdownDeliversTheLastStateAndTheBytesKept() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        serve(server, "/a", medium, rate: 1 << 20)
        try await withHarness(dir, server: server) { harness in
          let manager = manager(harness, maxConcurrent: 1)
          let events = await manager.events()
          let collector = collect(events)
          let id = try await manager.add(harness.request(server.url("/a"), to: "a"))
          await waitForBytes(manager, id, above: 64 << 10)
          await manager.shutdown()
          let seen = await collector.value
          let kept = try XCTUnwrap(harness.client.store.segments(of: id.rawValue)).reduce(Int64(0)) { $0 + ($1.next - $1.start) }
          XCTAssertGreaterThan(kept, 0)
          let lastProgress = seen.last { if case .progress = $0 { return true } else { return false } }
          guard case .progress(_, let progress)? = lastProgress else { return XCTFail("no progress in \(seen)") }
          XCTAssertEqual(progress.bytesDone, kept, "the last progress is the count kept")
          let lastState = seen.last { if case .stateChanged = $0 { return true } else { return false } }
          XCTAssertEqual(lastState, .stateChanged(id: id, .queued), "stopped by a shutdown, it waits for the next run")
        }
      }
    }
  }
}
