import Foundation
import HaulCore
@testable import HaulKit
import HaulTestSupport
import NIOConcurrencyHelpers
import XCTest

/// A download whose time the test moves: a `Harness` on a `ManualClock` runs it, and the test moves the clock from
/// one deadline to the next (the transfer's ticker, a backoff, the script's throttle) instead of waiting.
///
/// Between two moves the engine is let run (`settle`): what it does at one instant happens before time moves on.
/// An engine slower than that only ever sees time pass later, never sooner, so what the tests assert about time
/// is that something did not happen before its due time (a retry before its backoff), which holds either way.
final class ClockedRun: Sendable {
  let task: DownloadTask
  let clock: ManualClock
  private let state = NIOLockedValueBox(State())

  private struct State {
    var updates: [DownloadUpdate] = []
    var ended = false
  }

  private init(task: DownloadTask, clock: ManualClock) {
    self.task = task
    self.clock = clock
  }

  /// Starts `request` on `harness`, whose client must run on `clock`.
  static func start(_ request: DownloadRequest, on harness: Harness, clock: ManualClock) async throws -> ClockedRun {
    let run = ClockedRun(task: try harness.client.prepareBlocking(request), clock: clock)
    let updates = run.task.updates
    Task {
      // A failure ends the updates with its error (DownloadUpdates): the updates seen are all there are.
      do { for try await update in updates { run.received(update) } } catch {}
      run.received(nil)
    }
    try await run.task.start()
    return run
  }

  private func received(_ update: DownloadUpdate?) {
    state.withLockedValue { state in
      if let update { state.updates.append(update) } else { state.ended = true }
    }
  }

  /// Every update so far.
  var updates: [DownloadUpdate] { state.withLockedValue { $0.updates } }

  /// Whether the updates ended (the download completed, failed or was cancelled).
  var hasEnded: Bool { state.withLockedValue { $0.ended } }

  /// The backoffs announced so far, in seconds.
  var retryDelays: [Double] {
    updates.compactMap { if case .retrying(_, let delay, _) = $0 { return delay.inSeconds } else { return nil } }
  }

  /// Lets the engine run what is due at the current instant.
  private func settle() async {
    for _ in 0..<64 { await Task.yield() }
  }

  /// Moves the clock from deadline to deadline until `condition` holds or the download has ended.
  /// - Returns: false (and a test failure) when `moves` moves were not enough: the behaviour under test broke.
  @discardableResult
  func moveTime(
    until condition: @Sendable () -> Bool = { false }, moves: Int = 20_000, file: StaticString = #filePath, line: UInt = #line
  ) async -> Bool {
    for _ in 0..<moves {
      await settle()
      if condition() || hasEnded { return true }
      if !clock.advanceToNextDeadline() { await Task.yield() }
    }
    XCTFail("still running after \(moves) moves of the clock (now \(clock.now))", file: file, line: line)
    try? await task.pause()
    return false
  }

  /// Moves time until the download ends, and returns its outcome.
  func outcome(moves: Int = 20_000, file: StaticString = #filePath, line: UInt = #line) async throws -> DownloadOutcome {
    await moveTime(moves: moves, file: file, line: line)
    return try await task.outcome()
  }
}

/// The clock's reading in seconds, as a route handler records when a request came.
extension ManualClock {
  var seconds: Double {
    let components = now.offset.components
    return Double(components.seconds) + Double(components.attoseconds) / 1e18
  }
}

/// When each request to a scripted route came, on the test's clock.
final class ArrivalLog: Sendable {
  private let times = NIOLockedValueBox<[Double]>([])

  func record(_ clock: ManualClock) { times.withLockedValue { $0.append(clock.seconds) } }

  var all: [Double] { times.withLockedValue { $0 } }

  /// The time between each request and the next.
  var gaps: [Double] { zip(all.dropFirst(), all).map { $0 - $1 } }
}
