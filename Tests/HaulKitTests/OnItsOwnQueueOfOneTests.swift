import Foundation
import HaulCore
@testable import HaulKit
import HaulTestSupport
import XCTest

/// A task on its own is a queue of one (issue #52 point 3, `DownloadTask+OnItsOwn`): its own `QueueMachine` decides,
/// the task performs. What the machine's two events for it come to through the task: an interrupt leaves the
/// download to the next process (stored `queued`, shown `paused`, nothing restarts it here, a pause changes
/// nothing), and the user's start takes it back, told `queued` then `downloading`, and completes it.
final class OnItsOwnQueueOfOneTests: ManagerTestCase {
  func testAnInterruptedTaskIsLeftToTheNextProcessUntilItsStartTakesItBack() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        let throttle = Switch(on: true)
        serve(server, "/slow", medium, rate: 100_000, while: throttle)
        try await withHarness(dir, server: server) { harness in
          let task = try await harness.client.download(harness.request(server.url("/slow")))
          let rowID = task.id.rawValue
          let receiving = await eventually { task.currentBytes.done > 0 }
          XCTAssertTrue(receiving, "the download never received a byte")
          await task.interrupt()
          let held = await task.ownQueue?.downloads[rowID]
          XCTAssertEqual(held?.owner, .nextProcess, "the task's own machine left it to the next process")
          XCTAssertEqual(held?.state, .queued)
          let state = await task.state
          XCTAssertEqual(state, .paused)
          XCTAssertEqual(try harness.client.store.record(id: rowID)?.downloadState, .queued, "stored for the next process")
          let stillStopped = await stays(for: .milliseconds(300)) { await task.run == nil }
          XCTAssertTrue(stillStopped, "nothing in this process restarts it")
          try await task.pause()
          XCTAssertEqual(try harness.client.store.record(id: rowID)?.downloadState, .queued, "a pause changes nothing")

          let updates = task.updateSubscription(replaying: false)
          throttle.isOn = false
          try await task.start()
          let outcome = try await task.outcome()
          assertCompleted(outcome, at: harness.path("file.bin"), equals: medium)
          updates.end()
          var states: [DownloadState] = []
          for await case .state(let state) in updates.stream { states.append(state) }
          XCTAssertEqual(states, [.queued, .downloading, .completed], "taken back as a paused download is resumed")
        }
      }
    }
  }
}
