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

  func testTheQueueRunsOnlyInsideItsWindowAndKeepsItsBytesBetweenWindows() async throws {
    let content = deterministicBytes(count: 24 << 10, seed: 171)
    let clock = ManualClock()
    try await withScriptedServer { server in
      serve(server, "/f", content, rate: 1024)  // one KiB a second of the test's clock
      try await withTemporaryDirectory { dir in
        try await withHarness(dir, server: server, stallTimeout: 30, clock: clock, chunkSize: 1024) { harness in
          let manager = manager(harness, maxConcurrent: 1)
          // The test's wall clock starts at 1_700_000_000: Tuesday 2023-11-14, 22:13:20 UTC.
          await manager.setQueueSchedule(try QueueSchedule(parsing: "Tue 22:14-22:16"), calendar: utc)
          let isOpenAtStart = await manager.isQueueOpen
          XCTAssertFalse(isOpenAtStart, "22:13:20 is before the window")
          let id = try await manager.add(harness.request(server.url("/f"), to: "f.bin"))
          await move(clock, seconds: 39)
          await assertState(manager, id, .queued)
          XCTAssertEqual(server.requests(for: "/f").count, 0, "nothing starts outside the window")

          await move(clock, seconds: 1)  // 22:14:00
          await waitForState(manager, id, .downloading)
          var moves = 0
          while moves < 100, (await manager.snapshot(id)?.bytesDone ?? 0) == 0 {
            await move(clock, seconds: 1)
            moves += 1
          }
          let now = Date(timeIntervalSince1970: 1_700_000_000 + clock.seconds)
          XCTAssertLessThan(now, Date(timeIntervalSince1970: 1_700_000_160), "bytes came inside the window")

          await move(clock, seconds: Int(1_700_000_160 - now.timeIntervalSince1970))  // 22:16:00
          await waitForState(manager, id, .queued)
          let kept = await manager.snapshot(id)?.bytesDone ?? 0
          XCTAssertGreaterThan(kept, 0, "the bytes are kept")
          XCTAssertLessThan(kept, Int64(content.count))
          XCTAssertEqual(try harness.client.store.record(id: id)?.downloadState, .queued, "waiting, not paused")
          await move(clock, seconds: 30)
          await assertState(manager, id, .queued)
          XCTAssertEqual(server.requests(for: "/f").count, 1, "still waiting: the next window is a week away")

          await manager.setQueueSchedule(nil)  // no schedule: the queue runs
          moves = 0
          while moves < 200, await manager.snapshot(id)?.state != .completed {
            await move(clock, seconds: 1)
            moves += 1
          }
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
