import Foundation
import HaulCore
@testable import HaulKit
import HaulTestSupport
import XCTest

/// The queue: limits, priorities, observers, bandwidth, persistence across restarts and between processes.
final class DownloadManagerTests: XCTestCase {
  private let small = deterministicBytes(count: 256 << 10, seed: 11)
  private let medium = deterministicBytes(count: 2 << 20, seed: 12)

  /// Serves `content` at `path` in memory, throttled to `rate` bytes per second (`nil`: full speed) while
  /// `throttle` is on.
  private func serve(_ server: ScriptedServer, _ path: String, _ content: [UInt8], rate: Int?, while throttle: Switch = Switch(on: true)) {
    let file = FileResource(content: content)
    if let rate { server.serve(path, file, bytesPerSecond: rate, while: throttle) } else { server.serve(path, file) }
  }

  /// Reads `events` to their end in the background; the task's value is everything seen.
  private func collect(_ events: ManagerEvents) -> Task<[ManagerEvent], Never> {
    Task {
      var seen: [ManagerEvent] = []
      for await event in events { seen.append(event) }
      return seen
    }
  }

  private func manager(_ harness: Harness, maxConcurrent: Int, connections: Int = 64) -> DownloadManager {
    DownloadManager(
      client: harness.client,
      limits: QueueLimits(maxConcurrent: maxConcurrent, maxTotalConnections: connections),
      pollInterval: 0.1)
  }

  /// Samples the manager's snapshots until it is idle; returns the most downloads seen running at once.
  private func peakRunning(_ manager: DownloadManager) async -> Int {
    let sampler = Task { () -> Int in
      var peak = 0
      while !Task.isCancelled {
        let running = await manager.snapshots.filter { $0.state == .downloading }.count
        peak = max(peak, running)
        try? await Task.sleep(nanoseconds: 5_000_000)
      }
      return peak
    }
    await manager.waitUntilIdle()
    sampler.cancel()
    return await sampler.value
  }

  private func assertState(
    _ manager: DownloadManager, _ id: Int64, _ expected: DownloadState?, file: StaticString = #filePath,
    line: UInt = #line
  ) async {
    let actual = await manager.snapshot(id)?.state
    XCTAssertEqual(actual, expected, file: file, line: line)
  }

  private func waitUntil(
    timeout: Double = 20, _ condition: () async throws -> Bool, file: StaticString = #filePath,
    line: UInt = #line
  ) async rethrows {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if try await condition() { return }
      try? await Task.sleep(nanoseconds: 10_000_000)
    }
    XCTFail("timed out", file: file, line: line)
  }

  // End to end on sockets: eight downloads through one connection pool.
  func testConcurrencyNeverExceedsTheLimitAndEveryDownloadCompletes() async throws {
    try await withTestServer { server in
      try await withTemporaryDirectory { dir in
        for index in 0..<8 { server.serve("/f\(index)", FileResource(content: small), bytesPerSecond: 1 << 20) }
        try await withHarness(dir) { harness in
          let manager = manager(harness, maxConcurrent: 3)
          var ids: [Int64] = []
          for index in 0..<8 {
            ids.append(try await manager.add(harness.request(server.url("/f\(index)"), to: "f\(index)")))
          }
          let peak = await peakRunning(manager)
          XCTAssertLessThanOrEqual(peak, 3, "more downloads ran at once than allowed")
          XCTAssertEqual(peak, 3, "the limit was never reached: the test proves nothing")
          for (index, id) in ids.enumerated() {
            await assertState(manager, id, .completed)
            XCTAssertTrue(contents(harness.path("f\(index)")) == small)
          }
          await manager.shutdown()
        }
      }
    }
  }

  /// The global connection cap and each download's connections hold together: two downloads of 4 connections
  /// under a cap of 4 run one after the other, however many slots are free.
  func testGlobalConnectionCapHoldsWithPerDownloadConnections() async throws {
    let big = deterministicBytes(count: 4 << 20, seed: 13)
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        serve(server, "/a", big, rate: 4 << 20)
        serve(server, "/b", big, rate: 4 << 20)
        try await withHarness(dir, server: server) { harness in
          let manager = manager(harness, maxConcurrent: 2, connections: 4)
          for name in ["a", "b"] {
            try await manager.add(
              harness.request(server.url("/\(name)"), to: name, connections: 4, minimumSplitSize: 256 << 10))
          }
          let peak = await peakRunning(manager)
          XCTAssertEqual(peak, 1, "the second download must wait for connections")
          XCTAssertTrue(contents(harness.path("a")) == big && contents(harness.path("b")) == big)
          await manager.shutdown()
        }
      }
    }
  }

  /// A small file settles on one connection and gives the rest back, so the next download starts at once.
  func testUnusedConnectionsGoBackToTheQueue() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        serve(server, "/a", small, rate: 256 << 10)
        serve(server, "/b", small, rate: 256 << 10)
        try await withHarness(dir, server: server) { harness in
          let manager = manager(harness, maxConcurrent: 2, connections: 4)
          for name in ["a", "b"] {
            try await manager.add(harness.request(server.url("/\(name)"), to: name, connections: 4))
          }
          let peak = await peakRunning(manager)
          XCTAssertEqual(peak, 2, "a one-connection download kept connections it does not use")
          await manager.shutdown()
        }
      }
    }
  }

  func testPriorityAndMovingToTheTopDecideTheOrder() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        for name in ["a", "b", "c", "d"] { serve(server, "/\(name)", small, rate: 1 << 20) }
        try await withHarness(dir, server: server) { harness in
          let manager = manager(harness, maxConcurrent: 1)
          let events = await manager.events()
          let a = try await manager.add(harness.request(server.url("/a"), to: "a"))
          let b = try await manager.add(harness.request(server.url("/b"), to: "b"))
          let c = try await manager.add(harness.request(server.url("/c"), to: "c"))
          let d = try await manager.add(harness.request(server.url("/d"), to: "d"), priority: -1)
          try await manager.moveToTop(c)
          await manager.waitUntilIdle()
          await manager.shutdown()
          var started: [Int64] = []
          for await event in events {
            if case .stateChanged(let id, .downloading) = event, !started.contains(id) { started.append(id) }
          }
          XCTAssertEqual(started, [a, c, b, d])
        }
      }
    }
  }

  func testGlobalRateLimitHoldsWithinTenPercent() async throws {
    let content = deterministicBytes(count: 1536 << 10, seed: 14)
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        serve(server, "/a", content, rate: nil)
        serve(server, "/b", content, rate: nil)
        try await withHarness(dir, server: server) { harness in
          let manager = manager(harness, maxConcurrent: 2)
          let limit: Int64 = 1 << 20
          await manager.setGlobalRateLimit(limit)
          let started = Date()
          try await manager.add(harness.request(server.url("/a"), to: "a"))
          try await manager.add(harness.request(server.url("/b"), to: "b"))
          await manager.waitUntilIdle()
          let rate = Double(2 * content.count) / Date().timeIntervalSince(started)
          XCTAssertEqual(rate, Double(limit), accuracy: 0.1 * Double(limit), "measured \(Int(rate)) B/s")
          XCTAssertTrue(contents(harness.path("a")) == content && contents(harness.path("b")) == content)
          await manager.setGlobalRateLimit(nil)
          await manager.shutdown()
        }
      }
    }
  }

  /// A per-download limit holds (over several connections too) and can be lifted while the download runs.
  func testPerDownloadRateLimitHoldsAndChangesWhileRunning() async throws {
    let content = deterministicBytes(count: 8 << 20, seed: 15)
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        serve(server, "/a", content, rate: nil)
        try await withHarness(dir, server: server) { harness in
          let manager = manager(harness, maxConcurrent: 1)
          let limit: Int64 = 512 << 10
          var request = harness.request(
            server.url("/a"), to: "a", connections: 4, minimumSplitSize: 256 << 10)
          request.maxBytesPerSecond = limit
          let started = Date()
          let id = try await manager.add(request)
          try await Task.sleep(nanoseconds: 2_000_000_000)
          let done = await manager.snapshot(id)?.bytesDone ?? 0
          let rate = Double(done) / Date().timeIntervalSince(started)
          XCTAssertEqual(rate, Double(limit), accuracy: 0.1 * Double(limit), "measured \(Int(rate)) B/s")
          try await manager.setRateLimit(nil, of: id)
          await manager.waitUntilIdle()
          XCTAssertLessThan(Date().timeIntervalSince(started), 10, "lifting the limit did not take effect")
          XCTAssertTrue(contents(harness.path("a")) == content)
          await manager.shutdown()
        }
      }
    }
  }

  /// Restart: running and queued downloads come back and finish by themselves; paused ones stay paused.
  func testQueueSurvivesARestart() async throws {
    let throttle = Switch(on: true)
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        serve(server, "/a", medium, rate: 256 << 10, while: throttle)
        serve(server, "/b", small, rate: nil)
        serve(server, "/c", small, rate: nil)
        var ids: [String: Int64] = [:]
        try await withHarness(dir, server: server) { harness in
          let manager = manager(harness, maxConcurrent: 1)
          ids["a"] = try await manager.add(harness.request(server.url("/a"), to: "a"))
          ids["b"] = try await manager.add(harness.request(server.url("/b"), to: "b"))
          ids["c"] = try await manager.add(harness.request(server.url("/c"), to: "c"), paused: true)
          try await waitUntil { (await manager.snapshot(ids["a"]!)?.bytesDone ?? 0) > 300 << 10 }
          await assertState(manager, ids["b"]!, .queued)
          await manager.shutdown()
        }
        throttle.isOn = false
        server.clearRequests()
        try await withHarness(dir, server: server) { harness in
          let manager = manager(harness, maxConcurrent: 1)
          // Stored as the first process left them: the running one back in the queue.
          XCTAssertEqual(try harness.client.store.all().map(\.downloadState), [.queued, .queued, .paused])
          let restored = try await manager.restore()
          XCTAssertEqual(restored.map(\.id), [ids["a"]!, ids["b"]!, ids["c"]!])
          await manager.waitUntilIdle()
          await assertState(manager, ids["a"]!, .completed)
          await assertState(manager, ids["b"]!, .completed)
          await assertState(manager, ids["c"]!, .paused)
          XCTAssertTrue(contents(harness.path("a")) == medium && contents(harness.path("b")) == small)
          XCTAssertFalse(FileManager.default.fileExists(atPath: harness.path("c")))
          let resumedFrom = server.requests(for: "/a").first.flatMap(resumeOffset)
          XCTAssertGreaterThan(resumedFrom ?? 0, 0, "the interrupted download started over instead of resuming")
          XCTAssertEqual(try harness.client.store.record(id: ids["c"]!)?.downloadState, .paused)
          await manager.shutdown()
        }
      }
    }
  }

  func testIllegalTransitionsAreRefused() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        serve(server, "/a", small, rate: nil)
        try await withHarness(dir, server: server) { harness in
          let manager = manager(harness, maxConcurrent: 1)
          let id = try await manager.add(harness.request(server.url("/a"), to: "a"))
          await manager.waitUntilIdle()
          await assertState(manager, id, .completed)
          for (name, command) in [
            ("pause", { try await manager.pause(id) }), ("resume", { try await manager.resume(id) }),
            ("cancel", { try await manager.cancel(id) }),
          ] as [(String, () async throws -> Void)] {
            do {
              try await command()
              XCTFail("\(name) of a completed download was accepted")
            } catch let error as IllegalTransition {
              XCTAssertEqual(error.state, .completed)
            }
          }
          await assertState(manager, id, .completed)
          await manager.shutdown()
        }
      }
    }
  }

  func testCancelDeletesThePartialFileAndTheRecord() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        serve(server, "/a", medium, rate: 256 << 10)
        try await withHarness(dir, server: server) { harness in
          let manager = manager(harness, maxConcurrent: 1)
          let events = await manager.events(for: 0)  // no download 0: stays empty
          let id = try await manager.add(harness.request(server.url("/a"), to: "a"))
          try await waitUntil { (await manager.snapshot(id)?.bytesDone ?? 0) > 64 << 10 }
          XCTAssertTrue(FileManager.default.fileExists(atPath: harness.path("a.part")))
          try await manager.cancel(id)
          XCTAssertFalse(FileManager.default.fileExists(atPath: harness.path("a.part")))
          XCTAssertNil(try harness.client.store.record(id: id))
          await assertState(manager, id, nil)
          await manager.shutdown()
          var count = 0
          for await _ in events { count += 1 }
          XCTAssertEqual(count, 0, "a per-download stream saw another download's events")
        }
      }
    }
  }

  func testRemoveKeepsOrDeletesACompletedFile() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        serve(server, "/a", small, rate: nil)
        serve(server, "/b", small, rate: nil)
        try await withHarness(dir, server: server) { harness in
          let manager = manager(harness, maxConcurrent: 2)
          let a = try await manager.add(harness.request(server.url("/a"), to: "a"))
          let b = try await manager.add(harness.request(server.url("/b"), to: "b"))
          await manager.waitUntilIdle()
          try await manager.remove(a)
          try await manager.remove(b, deletingFile: true)
          XCTAssertTrue(contents(harness.path("a")) == small)
          XCTAssertFalse(FileManager.default.fileExists(atPath: harness.path("b")))
          XCTAssertEqual(try harness.client.store.all().count, 0)
          await manager.shutdown()
        }
      }
    }
  }

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
          try await waitUntil { (await manager.snapshot(id)?.bytesDone ?? 0) > 64 << 10 }
          await manager.shutdown()
          let seen = await collector.value
          let kept = try XCTUnwrap(harness.client.store.segments(of: id)).reduce(Int64(0)) { $0 + ($1.next - $1.start) }
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

  /// Another process pauses a running download through the store (`haul pause ID`): the running manager stops
  /// it, keeping the partial file, within a poll interval or so.
  func testAPauseFromAnotherProcessReachesTheRunningManager() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        serve(server, "/a", medium, rate: 256 << 10)
        try await withHarness(dir, server: server) { harness in
          let manager = manager(harness, maxConcurrent: 1)
          let id = try await manager.add(harness.request(server.url("/a"), to: "a"))
          try await waitUntil { (await manager.snapshot(id)?.bytesDone ?? 0) > 64 << 10 }
          let other = try HaulClient(configuration: HaulConfiguration(stateDirectory: harness.path("state")))
          let remote = DownloadManager(client: other, limits: QueueLimits(maxConcurrent: 0, maxTotalConnections: 0))
          try await remote.restore([id])
          try await remote.pause(id)
          await remote.shutdown()
          await other.shutdown()
          try await waitUntil(timeout: 5) { await manager.snapshot(id)?.state == .paused }
          XCTAssertTrue(FileManager.default.fileExists(atPath: harness.path("a.part")))
          XCTAssertEqual(try harness.client.store.record(id: id)?.downloadState, .paused)
          await manager.shutdown()
        }
      }
    }
  }
}
