import Foundation
import HaulCore
@testable import HaulKit
import HaulTestSupport
import XCTest

/// How a `DownloadTask` ends: its update stream on every terminal state, and a pause that comes too late.
final class TaskEndingTests: XCTestCase {
  // The library page's first example, `for try await update in task.updates` then `outcome()`, must not hang on a
  // failure: the loop ends by throwing it (DownloadUpdatesTests follows the resume that may come after).
  func testUpdatesEndWhenTheDownloadFails() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        server.route("/missing") { _ in .text(404, "<html>not here</html>") }
        try await withHarness(dir, server: server) { harness in
          let task = try await harness.client.download(harness.request(server.url("/missing")))
          let reader = Task { () -> [DownloadUpdate] in
            var seen: [DownloadUpdate] = []
            do { for try await update in task.updates { seen.append(update) } } catch { XCTAssertEqual((error as? HaulError)?.httpStatus, 404) }
            return seen
          }
          let outcome = try await task.outcome()
          guard case .failed = outcome else { return XCTFail("expected a failure, got \(outcome)") }
          // A stream that does not end leaves the reader waiting: give it ten seconds, then say so.
          let ended = await withTaskGroup(of: Bool.self) { group in
            group.addTask { _ = await reader.value; return true }
            group.addTask { try? await deadline(.seconds(10)); return false }
            let first = await group.next()!
            group.cancelAll()
            return first
          }
          if !ended { reader.cancel() }
          XCTAssertTrue(ended, "task.updates did not end after the download failed")
          let seen = await reader.value
          XCTAssertEqual(seen.last, .state(.failed))
        }
      }
    }
  }

  // Pausing after the last byte arrived, while the checksum is verified, used to leave the task `paused` with its
  // file complete; a resume then fetched 64 MiB again and failed because the file existed. The completion wins.
  func testAPauseWhileTheFileIsVerifiedEndsCompleted() async throws {
    let content = deterministicBytes(count: 64 << 20, seed: 23)
    try await withTestServer { server in
      try await withTemporaryDirectory { dir in
        server.serve("/f", FileResource(content: content))
        try await withHarness(dir) { harness in
          var request = harness.request(server.url("/f"), connections: 4)
          request.checksum = try Checksum(parsing: "sha256=" + sha256(content))
          let task = try harness.client.prepareBlocking(request)
          let updates = task.updates
          try await task.start()
          for try await update in updates {
            if case .progress(let progress) = update, progress.totalBytes == Int64(content.count),
              progress.bytesDone == progress.totalBytes
            {
              break  // every byte is there: the file is being verified and renamed
            }
          }
          do {
            try await task.pause()
          } catch let error as HaulError where error.illegalTransition != nil {
            XCTAssertEqual(error.illegalTransition?.state, .completed, "only a run that had already ended may refuse the pause")
          }
          let outcome = try await task.outcome()
          assertCompleted(outcome, at: harness.path("file.bin"), equals: content)
          let state = await task.state
          XCTAssertEqual(state, .completed)
          XCTAssertEqual(try harness.client.store.record(id: task.id.rawValue)?.downloadState, .completed)
          do {
            try await task.resume()
            XCTFail("a completed download must not run again")
          } catch let error as HaulError where error.illegalTransition != nil {
            XCTAssertEqual(error.illegalTransition?.state, .completed)
          }
        }
      }
    }
  }

  // The same race through the queue: the manager's entry must end completed too, announced as a completion.
  func testAManagerPauseWhileTheFileIsVerifiedEndsCompleted() async throws {
    let content = deterministicBytes(count: 64 << 20, seed: 29)
    try await withTestServer { server in
      try await withTemporaryDirectory { dir in
        server.serve("/f", FileResource(content: content))
        try await withHarness(dir) { harness in
          let manager = try DownloadManager(
            client: harness.client, limits: QueueLimits(maxConcurrent: 1, maxTotalConnections: 4), pollInterval: .milliseconds(100))
          let events = await manager.events()
          var request = harness.request(server.url("/f"), connections: 4)
          request.checksum = try Checksum(parsing: "sha256=" + sha256(content))
          let id = try await manager.add(request)
          var seen: [ManagerEvent] = []
          var iterator = events.makeAsyncIterator()
          while let event = await iterator.next() {
            seen.append(event)
            if case .progress(id, let progress) = event, progress.totalBytes == Int64(content.count),
              progress.bytesDone == progress.totalBytes
            {
              break  // every byte is there: the file is being verified and renamed
            }
          }
          do {
            try await manager.pause(id)
          } catch let error as HaulError where error.illegalTransition != nil {
            XCTAssertEqual(error.illegalTransition?.state, .completed, "only a run that had already ended may refuse the pause")
          }
          await manager.waitUntilIdle()
          let state = await manager.snapshot(id)?.state
          XCTAssertEqual(state, .completed)
          await manager.shutdown()
          while let event = await iterator.next() { seen.append(event) }
          XCTAssertTrue(seen.contains { if case .completed(id, _) = $0 { return true } else { return false } })
          XCTAssertTrue(contents(harness.path("file.bin")) == content)
        }
      }
    }
  }

  // A run on its own whose failure is heard after a pause (the pause normally handles its run's end, `stopping`;
  // this is the rare report that comes outside it): as in the queue (`RunEnding`), the failure changes nothing, so
  // the download stays paused and nothing is stored, and the run's waiters hear the error. It used to trip
  // `mustHandle`'s assertion (`paused` has no `fail`), a crash in debug builds.
  func testARunOnItsOwnThatFailsWhilePausedStaysPausedAndItsWaitersHearTheError() async throws {
    try await withTemporaryDirectory { dir in
      try await withHarness(dir) { harness in
        let task = try harness.client.prepareBlocking(harness.request("http://127.0.0.1:9/never-fetched"))
        await task.pausedWithARunInFlight()
        let waiting = Task { try await task.outcome() }
        let waits = await eventually { await task.waiters.count == 1 }
        XCTAssertTrue(waits, "outcome() never waited for the run")
        let failure = HaulError(.network, "connection reset")
        await task.transferEnded(.failed(failure))
        let state = await task.state
        XCTAssertEqual(state, .paused)
        let record = try XCTUnwrap(harness.client.store.record(id: task.id.rawValue))
        XCTAssertEqual(record.downloadState, .queued, "a failure after a pause is not the download's to store")
        XCTAssertNil(record.errorMessage)
        let outcome = try await waiting.value
        XCTAssertEqual(outcome, .failed(failure))
      }
    }
  }
}

extension DownloadTask {
  /// A task on its own as a pause leaves it while its run's report is still on the way: paused, with a run.
  fileprivate func pausedWithARunInFlight() {
    lifecycle = DownloadLifecycle(state: .paused)
    run = Task {}
  }
}
