import Foundation
import HaulCore
@testable import HaulKit
import HaulTestSupport
import XCTest

/// The queue's commands and persistence: restart, refused transitions, cancel, remove, and a pause from another
/// process through the store.
final class DownloadManagerCommandTests: ManagerTestCase {
  /// Restart: running and queued downloads come back and finish by themselves; paused ones stay paused.
  func testQueueSurvivesARestart() async throws {
    let throttle = Switch(on: true)
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        serve(server, "/a", medium, rate: 256 << 10, while: throttle)
        serve(server, "/b", small, rate: nil)
        serve(server, "/c", small, rate: nil)
        var ids: [String: DownloadID] = [:]
        try await withHarness(dir, server: server) { harness in
          let manager = manager(harness, maxConcurrent: 1)
          ids["a"] = try await manager.add(harness.request(server.url("/a"), to: "a"))
          ids["b"] = try await manager.add(harness.request(server.url("/b"), to: "b"))
          ids["c"] = try await manager.add(harness.request(server.url("/c"), to: "c"), paused: true)
          await waitForBytes(manager, ids["a"]!, above: 300 << 10)
          await assertState(manager, ids["b"]!, .queued)
          await manager.shutdown()
        }
        throttle.isOn = false
        server.clearRequests()
        try await withHarness(dir, server: server) { harness in
          let manager = manager(harness, maxConcurrent: 1)
          // Stored as the first process left them: the running one back in the queue.
          XCTAssertEqual(try harness.client.store.all().map(\.downloadState), [.queued, .queued, .paused])
          XCTAssertEqual(
            try harness.client.storedStates(), [ids["a"]!.rawValue: .queued, ids["b"]!.rawValue: .queued, ids["c"]!.rawValue: .paused],
            "the daemon's cheap look at the store sees what the records say")
          let restored = try await manager.restore()
          XCTAssertEqual(restored.map(\.id), [ids["a"]!, ids["b"]!, ids["c"]!])
          let heldIDs = await manager.downloadIDs, listedIDs = await manager.snapshots.map(\.id)
          XCTAssertEqual(Set(heldIDs), Set(listedIDs))
          XCTAssertEqual(heldIDs.count, 3)
          await manager.waitUntilIdle()
          await assertState(manager, ids["a"]!, .completed)
          await assertState(manager, ids["b"]!, .completed)
          await assertState(manager, ids["c"]!, .paused)
          XCTAssertTrue(contents(harness.path("a")) == medium && contents(harness.path("b")) == small)
          XCTAssertFalse(FileManager.default.fileExists(atPath: harness.path("c")))
          let resumedFrom = server.requests(for: "/a").first.flatMap(resumeOffset)
          XCTAssertGreaterThan(resumedFrom ?? 0, 0, "the interrupted download started over instead of resuming")
          XCTAssertEqual(try harness.client.store.record(id: ids["c"]!.rawValue)?.downloadState, .paused)
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
            } catch let error as HaulError where error.illegalTransition != nil {
              XCTAssertEqual(error.illegalTransition?.state, .completed)
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
          await waitForBytes(manager, id, above: 64 << 10)
          XCTAssertTrue(FileManager.default.fileExists(atPath: harness.path("a.part")))
          try await manager.cancel(id)
          XCTAssertFalse(FileManager.default.fileExists(atPath: harness.path("a.part")))
          XCTAssertNil(try harness.client.store.record(id: id.rawValue))
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

  /// Another process pauses a running download through the store (`haul pause ID`): the running manager stops
  /// it, keeping the partial file, within a poll interval or so.
  func testAPauseFromAnotherProcessReachesTheRunningManager() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        serve(server, "/a", medium, rate: 256 << 10)
        try await withHarness(dir, server: server) { harness in
          let manager = manager(harness, maxConcurrent: 1)
          let id = try await manager.add(harness.request(server.url("/a"), to: "a"))
          await waitForBytes(manager, id, above: 64 << 10)
          let other = try HaulClient(configuration: HaulConfiguration(stateDirectory: harness.file("state")))
          let remote = try DownloadManager(client: other, limits: QueueLimits(maxConcurrent: 0, maxTotalConnections: 0))
          try await remote.restore([id])
          try await remote.pause(id)
          await remote.shutdown()
          try await other.shutdown()
          await waitForState(manager, id, .paused)
          XCTAssertTrue(FileManager.default.fileExists(atPath: harness.path("a.part")))
          XCTAssertEqual(try harness.client.store.record(id: id.rawValue)?.downloadState, .paused)
          await manager.shutdown()
        }
      }
    }
  }

  /// One owner of state: a task the manager holds has none of its own. Its commands and its state are the
  /// manager's, so the two can never disagree.
  func testATaskTheManagerHoldsAsksTheManager() async throws {
    let throttle = Switch(on: true)
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        serve(server, "/a", medium, rate: 256 << 10, while: throttle)
        try await withHarness(dir, server: server) { harness in
          let manager = manager(harness, maxConcurrent: 1)
          let id = try await manager.add(harness.request(server.url("/a"), to: "a"))
          let held = await manager.task(id)
          let task = try XCTUnwrap(held)
          await waitForBytes(manager, id, above: 64 << 10)
          try await task.pause()
          await assertState(manager, id, .paused)
          let paused = await task.state
          XCTAssertEqual(paused, .paused)
          XCTAssertEqual(try harness.client.store.record(id: id.rawValue)?.downloadState, .paused)
          throttle.isOn = false
          try await task.resume()
          await manager.waitUntilIdle()
          await assertState(manager, id, .completed)
          let completed = await task.state
          XCTAssertEqual(completed, .completed)
          do {
            try await task.pause()
            XCTFail("pausing a completed download through its task was accepted")
          } catch let error as HaulError where error.illegalTransition != nil {
            XCTAssertEqual([error.illegalTransition?.state.rawValue, error.illegalTransition?.event.rawValue], ["completed", "pause"])
          }
          XCTAssertTrue(contents(harness.path("a")) == medium)
          await manager.shutdown()
        }
      }
    }
  }
}
