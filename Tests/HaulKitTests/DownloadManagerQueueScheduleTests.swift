import Foundation
import HaulCore
@testable import HaulKit
import HaulTestSupport
import XCTest

/// `DownloadManager.setQueueSchedule` on the test's clock: outside the window an added download waits (no request
/// is made), it starts when the window opens, goes back to waiting with its bytes when the window closes, and
/// resumes from them when the queue may run again. (Which window holds when is QueueScheduleTests' part; what a
/// held queue does, QueueMachineScheduleTests'.)
final class DownloadManagerQueueScheduleTests: ManagerTestCase {
  private var utc: Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar
  }

  /// Lets the manager and the engine run what is due at the current instant, then moves the clock `seconds`
  /// seconds, one at a time.
  private func move(_ clock: ManualClock, seconds: Int) async {
    for _ in 0..<seconds {
      for _ in 0..<64 { await Task.yield() }
      clock.advance(by: .seconds(1))
    }
    for _ in 0..<64 { await Task.yield() }
  }

  /// Moves the clock a second at a time until `condition` holds (at most `limit` seconds); returns the seconds
  /// moved. The manager's loop registers each sleep a moment after it wakes, and a move made meanwhile counts from
  /// the moved time, so a change comes at its time or a little later on this clock, never sooner.
  private func move(_ clock: ManualClock, until condition: () async -> Bool, limit: Int) async -> Int {
    var moved = 0
    while moved < limit, !(await condition()) {
      await move(clock, seconds: 1)
      moved += 1
    }
    return moved
  }

  /// Waits (in real time, a few milliseconds at a time) until the engine has asked for `path`: its first request
  /// takes a few hops through threads, which moving the test's clock does not hurry.
  private func waitForRequest(_ server: ScriptedServer, _ path: String, file: StaticString = #filePath, line: UInt = #line) async {
    if await eventually(within: .seconds(20), every: .milliseconds(2), { !server.requests(for: path).isEmpty }) { return }
    XCTFail("\(path) was never asked for", file: file, line: line)
  }

  func testTheQueueRunsOnlyInsideItsWindowAndKeepsItsBytesBetweenWindows() async throws {
    let content = deterministicBytes(count: 512 << 10, seed: 171)
    let clock = ManualClock()
    try await withScriptedServer { server in
      serve(server, "/f", content, rate: 1024)  // one KiB a second of the test's clock: longer than the window
      try await withTemporaryDirectory { dir in
        try await withHarness(dir, server: server, stallTimeout: 30, lowestSpeed: nil, clock: clock, chunkSize: 1024) { harness in
          let manager = manager(harness, maxConcurrent: 1)
          // The test's wall clock starts at 1_700_000_000: Tuesday 2023-11-14, 22:13:20 UTC.
          await manager.setQueueSchedule(try QueueSchedule(parsing: "Tue 22:14-22:20"), calendar: utc)
          await clock.waitForSleeper(until: .init(offset: .seconds(40)))  // the loop sleeps until 22:14:00
          let isOpenAtStart = await manager.isQueueOpen
          XCTAssertFalse(isOpenAtStart, "22:13:20 is before the window")
          let id = try await manager.add(harness.request(server.url("/f"), to: "f.bin"))
          await move(clock, seconds: 39)
          await assertState(manager, id, .queued)
          XCTAssertEqual(server.requests(for: "/f").count, 0, "nothing starts outside the window")

          await move(clock, seconds: 1)  // 22:14:00
          await waitForState(manager, id, .downloading)
          await waitForRequest(server, "/f")
          _ = await move(clock, until: { (await manager.snapshot(id)?.bytesDone ?? 0) > 0 }, limit: 300)
          XCTAssertLessThan(clock.seconds, 399, "bytes came inside the window")

          await move(clock, seconds: max(0, 399 - Int(clock.seconds)))  // 22:19:59
          await assertState(manager, id, .downloading)
          let late = await move(clock, until: { await manager.snapshot(id)?.state == .queued }, limit: 300)
          XCTAssertLessThan(late, 300, "the window closed at 22:20:00, or a little later on the test's clock")
          await waitForState(manager, id, .queued)
          let kept = await manager.snapshot(id)?.bytesDone ?? 0
          XCTAssertGreaterThan(kept, 0, "the bytes are kept")
          XCTAssertLessThan(kept, Int64(content.count))
          XCTAssertEqual(try harness.client.store.record(id: id.rawValue)?.downloadState, .queued, "waiting, not paused")
          let asked = server.requests(for: "/f").count
          await move(clock, seconds: 30)
          await assertState(manager, id, .queued)
          XCTAssertEqual(server.requests(for: "/f").count, asked, "still waiting: the next window is a week away")

          await manager.setQueueSchedule(nil)  // no schedule: the queue runs
          _ = await move(clock, until: { await manager.snapshot(id)?.state == .completed }, limit: 5000)
          await waitForState(manager, id, .completed)
          XCTAssertTrue(contents(harness.path("f.bin")) == content)
          let resumedAt = server.requests(for: "/f").last?.header("Range")
          XCTAssertTrue(resumedAt?.hasPrefix("bytes=") == true && resumedAt != "bytes=0-", "resumed: \(resumedAt ?? "no Range")")
          await manager.shutdown()
        }
      }
    }
  }
}
