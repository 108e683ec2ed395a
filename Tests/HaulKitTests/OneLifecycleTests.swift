import Foundation
import HaulCore
@testable import HaulKit
import HaulTestSupport
import XCTest

/// One lifecycle (issue #52 point 3): a download run on its own (`HaulClient.download`'s task) and one a queue holds
/// (`DownloadManager`) take a user's command alike. For every state a download can be in and every lifecycle
/// command, both paths come to what `DownloadCommandRule` says, and the queue answers the daemon's question
/// (`DownloadManager.verdict`, which the daemon only words in aria2's terms) with it too:
/// - allowed: the command returns and the state has changed;
/// - unchanged: the command returns and nothing changed (pausing a paused download, cancelling a cancelled one);
/// - refused: the command throws a `.usage` `HaulError` (an `illegalTransition`, or an id the queue let go).
/// A path that decides for itself and drifts from the other fails here, naming the state and the command.
final class OneLifecycleTests: ManagerTestCase {
  private static let commands: [DownloadCommand] = [.pause, .resume, .cancel]

  /// The one deliberate difference: a task on its own is `queued` only until it is first started, and its
  /// `resume()` is its `start()`; a queue starts a queued download itself, so its `resume` refuses one.
  private static func isStartOfATaskOnItsOwn(_ state: DownloadState, _ command: DownloadCommand) -> Bool {
    state == .queued && command == .resume
  }

  func testATaskOnItsOwnAndTheQueueComeToTheSameVerdictForEveryStateAndCommand() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        let throttle = Switch(on: true)
        serve(server, "/slow", medium, rate: 20_000, while: throttle)
        serve(server, "/small", small, rate: nil)
        try await withHarness(dir, server: server, retries: 0) { harness in
          var index = 0
          /// The URL of a download in `state`: a failed one's server refuses once (404), then serves slowly, so
          /// that an allowed resume is seen running, not failed again.
          func url(for state: DownloadState) -> String {
            index += 1
            switch state {
            case .completed: return server.url("/small")
            case .failed:
              let refused = Switch(on: false)
              let file = FileResource(content: medium)
              server.route("/fails-\(index)") { request in
                if !refused.isOn {
                  refused.isOn = true
                  return .text(404, "not yet")
                }
                var response = file.response(for: request)
                response.bytesPerSecond = 20_000
                response.throttledWhile = throttle
                return response
              }
              return server.url("/fails-\(index)")
            default: return server.url("/slow")
            }
          }

          // On its own.
          for state in DownloadState.allCases {
            for command in Self.commands where !Self.isStartOfATaskOnItsOwn(state, command) {
              let task = try await onItsOwn(in: state, harness.request(url(for: state), to: "own-\(index).bin"), harness)
              let came = try await Self.verdict(of: command, from: state, state: { await task.state }) {
                switch command {
                case .pause: try await task.pause()
                case .resume: try await task.resume()
                default: try await task.cancel()
                }
              }
              XCTAssertEqual(came, DownloadCommandRule.verdict(command, in: state), "on its own: \(command) of a \(state) download")
              try? await task.cancel()
            }
          }

          // In a queue.
          let manager = manager(harness, maxConcurrent: 16)
          for state in DownloadState.allCases {
            for command in Self.commands {
              let request = harness.request(url(for: state), to: "queued-\(index).bin")
              let id = try await inQueue(in: state, request, manager)
              let expected = DownloadCommandRule.verdict(command, in: state)
              let asked = await manager.verdict(command, of: id)?.verdict
              XCTAssertEqual(asked, expected, "the queue's answer to the daemon: \(command) of a \(state) download")
              let came = try await Self.verdict(of: command, from: state, state: { await manager.snapshot(id)?.state ?? .cancelled }) {
                switch command {
                case .pause: try await manager.pause(id)
                case .resume: try await manager.resume(id)
                default: try await manager.cancel(id)
                }
              }
              XCTAssertEqual(came, expected, "in a queue: \(command) of a \(state) download")
              try? await manager.remove(id)
            }
          }
          throttle.isOn = false
          await manager.shutdown()
        }
      }
    }
  }

  /// What `command` came to: refused when it threw a `.usage` error, else whether the state (read by `state`) moved
  /// from `before`.
  private static func verdict(
    of command: DownloadCommand, from before: DownloadState, state: () async -> DownloadState, _ run: () async throws -> Void
  ) async throws -> CommandVerdict {
    do {
      try await run()
    } catch let error as HaulError where error.kind == .usage {
      return .refused
    }
    return await state() == before ? .unchanged : .allowed
  }

  /// A task on its own brought to `state` as a user would: prepared (queued), run, paused, failed, completed or
  /// cancelled.
  private func onItsOwn(in state: DownloadState, _ request: DownloadRequest, _ harness: Harness) async throws -> DownloadTask {
    let task: DownloadTask
    switch state {
    case .queued: task = try harness.client.prepareBlocking(request)
    case .downloading: task = try await harness.client.download(request)
    case .paused:
      task = try await harness.client.download(request)
      try await task.pause()
    case .failed, .completed:
      task = try await harness.client.download(request)
      _ = try await task.outcome()
    case .cancelled:
      task = try await harness.client.download(request)
      try await task.cancel()
    }
    let reached = await task.state
    XCTAssertEqual(reached, state, "a task on its own could not be brought to \(state)")
    return task
  }

  /// A download of `manager` brought to `state`: a queued one waits behind a limit of none.
  private func inQueue(in state: DownloadState, _ request: DownloadRequest, _ manager: DownloadManager) async throws -> DownloadID {
    let open = QueueLimits(maxConcurrent: 16, maxTotalConnections: 64)
    try await manager.setLimits(state == .queued ? QueueLimits(maxConcurrent: 0, maxTotalConnections: 0) : open)
    let id = try await manager.add(request, paused: state == .paused || state == .cancelled)
    switch state {
    case .downloading, .failed, .completed: await waitForState(manager, id, state)
    case .cancelled: try await manager.cancel(id)
    case .queued, .paused: break
    }
    let reached = await manager.snapshot(id)?.state ?? .cancelled
    XCTAssertEqual(reached, state, "a queued download could not be brought to \(state)")
    return id
  }
}
