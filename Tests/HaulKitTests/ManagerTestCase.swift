import Foundation
import HaulCore
@testable import HaulKit
import HaulTestSupport
import XCTest

/// What the queue's tests share: content, a manager with a short poll interval, scripted serving, and waits that
/// wake on the manager's own events instead of polling on a timer.
class ManagerTestCase: XCTestCase {
  let small = deterministicBytes(count: 256 << 10, seed: 11)
  let medium = deterministicBytes(count: 2 << 20, seed: 12)

  /// Serves `content` at `path` in memory, throttled to `rate` bytes per second (`nil`: full speed) while
  /// `throttle` is on.
  func serve(_ server: ScriptedServer, _ path: String, _ content: [UInt8], rate: Int?, while throttle: Switch = Switch(on: true)) {
    let file = FileResource(content: content)
    if let rate { server.serve(path, file, bytesPerSecond: rate, while: throttle) } else { server.serve(path, file) }
  }

  /// Reads `events` to their end in the background; the task's value is everything seen.
  func collect(_ events: ManagerEvents) -> Task<[ManagerEvent], Never> {
    Task {
      var seen: [ManagerEvent] = []
      for await event in events { seen.append(event) }
      return seen
    }
  }

  func manager(_ harness: Harness, maxConcurrent: Int, connections: Int = 64) -> DownloadManager {
    try! DownloadManager(
      client: harness.client,
      limits: QueueLimits(maxConcurrent: maxConcurrent, maxTotalConnections: connections),
      pollInterval: .milliseconds(100))
  }

  /// Samples the manager's queue until it is idle; returns the most downloads seen receiving at once (downloading
  /// and not finishing: one whose bytes are all in gives its slot back while it flushes and renames, `QueuePolicy`).
  /// It also fails the test if more than twice `maxConcurrent` were ever downloading, finishing ones included.
  ///
  /// A sample, not an event count: the states the manager holds are one consistent view, while events of two
  /// downloads come through two forwarders and may interleave either way.
  func peakRunning(_ manager: DownloadManager, file: StaticString = #filePath, line: UInt = #line) async -> Int {
    let sampler = Task { () -> Int in
      var peak = 0
      while !Task.isCancelled {
        let (downloads, limit) = await manager.queueView()
        let downloading = downloads.filter { $0.state == .downloading }
        XCTAssertLessThanOrEqual(downloading.count, 2 * limit, "finishing downloads beyond the bound", file: file, line: line)
        let running = downloading.filter { !$0.isFinishing }.count
        peak = max(peak, running)
        try? await Task.sleep(nanoseconds: 5_000_000)
      }
      return peak
    }
    await manager.waitUntilIdle()
    sampler.cancel()
    return await sampler.value
  }

  func assertState(
    _ manager: DownloadManager, _ id: DownloadID, _ expected: DownloadState?, file: StaticString = #filePath,
    line: UInt = #line
  ) async {
    let actual = await manager.snapshot(id)?.state
    XCTAssertEqual(actual, expected, file: file, line: line)
  }

  /// Waits for the download's first event (its `.current` snapshot included) that `match` accepts: it wakes on
  /// the event itself, never on a timer. `deadline` only ends a test whose behaviour broke (the event never
  /// comes), with a failure.
  func waitFor(
    _ manager: DownloadManager, _ id: DownloadID, deadline: Double = 20, file: StaticString = #filePath, line: UInt = #line,
    _ match: @escaping @Sendable (ManagerEvent) -> Bool
  ) async {
    let events = await manager.events(for: id)
    let reader = Task { () -> Bool in
      for await event in events where match(event) { return true }
      return false
    }
    let watchdog = Task {
      try? await HaulTestSupport.deadline(.milliseconds(Int64(deadline * 1000)))
      reader.cancel()
    }
    let found = await reader.value
    watchdog.cancel()
    if !found { XCTFail("download \(id): the awaited event never came", file: file, line: line) }
  }

  /// Waits until the download holds more than `bytes` bytes.
  func waitForBytes(_ manager: DownloadManager, _ id: DownloadID, above bytes: Int, file: StaticString = #filePath, line: UInt = #line) async {
    await waitFor(manager, id, file: file, line: line) { event in
      switch event {
      case .current(let snapshot): return snapshot.bytesDone > bytes
      case .progress(_, let progress): return progress.bytesDone > bytes
      default: return false
      }
    }
  }

  /// Waits until the download is in `state`.
  func waitForState(_ manager: DownloadManager, _ id: DownloadID, _ state: DownloadState, file: StaticString = #filePath, line: UInt = #line) async {
    await waitFor(manager, id, file: file, line: line) { event in
      switch event {
      case .current(let snapshot): return snapshot.state == state
      case .stateChanged(_, let changed): return changed == state
      default: return false
      }
    }
  }
}

extension DownloadManager {
  /// The queue's downloads and its concurrency limit, read in one step.
  func queueView() -> ([QueueMachine.Download], Int) {
    (Array(machine.downloads.values), machine.limits.maxConcurrent)
  }
}
