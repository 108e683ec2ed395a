import Foundation
import HaulCore
@testable import HaulKit
import HaulTestSupport
import XCTest

/// `task.updates` as an app's loop meets it (`DownloadUpdates`): it goes on across automatic retries and pauses,
/// ends normally when the file is complete, and throws the `HaulError` when the download fails or is cancelled,
/// so a loop started before a failure always returns and says why, and one taken after `resume()` follows the
/// download to its completion.
final class DownloadUpdatesTests: XCTestCase {
  private let content = deterministicBytes(count: 64 << 10, seed: 41)

  /// What a reader's loop saw, and how it ended (`nil`: normally).
  private struct Reading {
    var updates: [DownloadUpdate] = []
    var error: HaulError?
  }

  private func read(_ updates: DownloadUpdates) -> Task<Reading, Never> {
    Task {
      var reading = Reading()
      do {
        for try await update in updates { reading.updates.append(update) }
      } catch {
        reading.error = error as? HaulError ?? HaulError(.internalError, "not a HaulError: \(error)")
      }
      return reading
    }
  }

  /// The reader's result, or a failed test after ten seconds: a loop that does not end is the bug these tests look
  /// for, and must fail rather than hang.
  private func ended(_ reader: Task<Reading, Never>, file: StaticString = #filePath, line: UInt = #line) async -> Reading {
    let done = await withTaskGroup(of: Bool.self) { group in
      group.addTask { _ = await reader.value; return true }
      group.addTask { try? await deadline(.seconds(10)); return false }
      let first = await group.next()!
      group.cancelAll()
      return first
    }
    if !done {
      XCTFail("the loop over task.updates did not end", file: file, line: line)
      reader.cancel()
    }
    return await reader.value
  }

  /// `/f`: 404 while `broken` is on, else the content.
  private func serve(_ server: ScriptedServer, broken: Switch) {
    let content = self.content
    server.route("/f") { _ in
      broken.isOn ? .text(404, "<html>not yet</html>") : TestResponse(status: 200, body: content)
    }
  }

  func testALoopStartedBeforeAFailureEndsWithItsErrorAndOneTakenAfterTheResumeSeesTheCompletion() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        let broken = Switch(on: true)
        serve(server, broken: broken)
        try await withHarness(dir, server: server) { harness in
          let task = try harness.client.prepareBlocking(harness.request(server.url("/f")))
          let before = read(task.updates)
          try await task.start()
          guard case .failed = try await task.outcome() else { return XCTFail("expected the 404 to fail the download") }
          let failed = await ended(before)
          XCTAssertEqual(failed.error?.kind, .http, "the loop ends by throwing the failure")
          XCTAssertEqual(failed.error?.httpStatus, 404)
          XCTAssertEqual(failed.updates.last, .state(.failed))
          XCTAssertTrue(failed.updates.contains { if case .failed = $0 { return true } else { return false } })

          // Taken while the download is failed and not resumed, it ends at once, the same way.
          let meanwhile = await ended(read(task.updates))
          XCTAssertEqual(meanwhile.error?.httpStatus, 404)
          XCTAssertEqual(meanwhile.updates.first, .state(.failed))

          broken.isOn = false
          try await task.resume()
          let after = await ended(read(task.updates))
          XCTAssertNil(after.error, "a completed download ends the loop normally")
          // Taken after the resume: the run may have ended already (then the current state comes first).
          XCTAssertTrue(after.updates.contains(.state(.completed)))
          assertCompleted(try await task.outcome(), at: harness.path("file.bin"), equals: content)
        }
      }
    }
  }

  func testALoopGoesOnAcrossAnAutomaticRetryAndAPauseToTheCompletion() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        let first = Switch(on: true)
        let content = self.content
        server.route("/f") { _ in
          if first.isOn {
            first.isOn = false
            return .text(500, "<html>try again</html>")
          }
          return TestResponse(status: 200, body: content)
        }
        try await withHarness(dir, server: server) { harness in
          let task = try harness.client.prepareBlocking(harness.request(server.url("/f")))
          let loop = read(task.updates)
          try await task.start()
          _ = try await task.outcome()
          let reading = await ended(loop)
          XCTAssertNil(reading.error)
          XCTAssertTrue(reading.updates.contains { if case .retrying = $0 { return true } else { return false } })
          XCTAssertEqual(reading.updates.last, .state(.completed))
        }
      }
    }
    // A pause does not end the loop: the resume goes on in it.
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        server.route("/f") { [content] _ in TestResponse(status: 200, body: content) }
        try await withHarness(dir, server: server) { harness in
          let task = try harness.client.prepareBlocking(harness.request(server.url("/f")))
          let loop = read(task.updates)
          try await task.pause()
          try await task.resume()
          assertCompleted(try await task.outcome(), at: harness.path("file.bin"), equals: content)
          let reading = await ended(loop)
          XCTAssertNil(reading.error)
          XCTAssertTrue(reading.updates.contains(.state(.paused)))
          XCTAssertEqual(reading.updates.last, .state(.completed))
        }
      }
    }
  }

  func testCancellingEndsTheLoopWithCancelled() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        server.route("/f") { [content] _ in TestResponse(status: 200, body: content) }
        try await withHarness(dir, server: server) { harness in
          let task = try harness.client.prepareBlocking(harness.request(server.url("/f")))
          let loop = read(task.updates)
          try await task.cancel()
          let reading = await ended(loop)
          XCTAssertEqual(reading.error?.kind, .cancelled)
          XCTAssertEqual(reading.updates.last, .state(.cancelled))
        }
      }
    }
  }

  /// The same through a `DownloadManager`, whose queue keeps the state: the task's `updates` ends with the run's
  /// error when the queue marks the download failed.
  func testAManagedDownloadsLoopEndsWithTheFailure() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        serve(server, broken: Switch(on: true))
        try await withHarness(dir, server: server) { harness in
          let manager = try DownloadManager(
            client: harness.client, limits: QueueLimits(maxConcurrent: 1, maxTotalConnections: 4), pollInterval: .milliseconds(100))
          let id = try await manager.add(harness.request(server.url("/f")), paused: true)
          let held = await manager.task(id)
          let task = try XCTUnwrap(held)
          let loop = read(task.updates)
          try await manager.resume(id)
          let reading = await ended(loop)
          XCTAssertEqual(reading.error?.httpStatus, 404)
          XCTAssertEqual(reading.updates.last, .state(.failed))
          await manager.shutdown()
        }
      }
    }
  }
}
