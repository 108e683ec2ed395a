import Foundation
import HaulCore
@testable import HaulKit
import HaulTestSupport
import NIOConcurrencyHelpers
import XCTest

/// The queue's limits: how many run at once, the global connection cap, priorities and bandwidth.
final class DownloadManagerLimitTests: ManagerTestCase {
  // End to end on sockets: eight downloads through one connection pool.
  func testConcurrencyNeverExceedsTheLimitAndEveryDownloadCompletes() async throws {
    try await withTestServer { server in
      try await withTemporaryDirectory { dir in
        for index in 0..<8 { server.serve("/f\(index)", FileResource(content: small), bytesPerSecond: 1 << 20) }
        try await withHarness(dir) { harness in
          let manager = manager(harness, maxConcurrent: 3)
          var ids: [DownloadID] = []
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

  /// A run tells the queue it is finishing once every byte is written and before the rename, so the queue can give
  /// its slot to the next download while the file is flushed; the connection count it settled on comes first.
  func testARunReportsFinishingAfterItsBytesAndBeforeTheRename() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        serve(server, "/f", small, rate: nil)
        try await withHarness(dir, server: server) { harness in
          let task = try harness.client.prepareBlocking(harness.request(server.url("/f"), to: "f"))
          let final = harness.path("f")
          let seen = NIOLockedValueBox<[String]>([])
          task.observeMilestones { [small] milestone in
            let renamed = FileManager.default.fileExists(atPath: final) ? "renamed" : "not renamed"
            let part = FileManager.default.contents(atPath: final + ".part").map { Array($0) == small ? "whole" : "\($0.count) bytes" }
            seen.withLockedValue { $0.append("\(milestone): \(renamed), part \(part ?? "missing")") }
          }
          let outcome = await task.runTransfer(connections: 4)
          guard case .completed(let path) = outcome else { return XCTFail("\(outcome)") }
          XCTAssertEqual(path, final)
          let milestones = seen.withLockedValue { $0 }
          XCTAssertEqual(milestones.filter { $0.hasPrefix("finishing") }, ["finishing: not renamed, part whole"], "\(milestones)")
          XCTAssertEqual(milestones.last?.hasPrefix("finishing"), true, "finishing is the run's last milestone: \(milestones)")
          XCTAssertTrue(contents(final) == small)
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

  /// The queue is held (no slot) while the order is set, so no throttle is needed to catch it mid-way; raising the
  /// limit then starts them one at a time in queue order.
  func testPriorityAndMovingToTheTopDecideTheOrder() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        for name in ["a", "b", "c", "d"] { serve(server, "/\(name)", small, rate: nil) }
        try await withHarness(dir, server: server) { harness in
          let manager = manager(harness, maxConcurrent: 0)
          let events = await manager.events()
          let a = try await manager.add(harness.request(server.url("/a"), to: "a"))
          let b = try await manager.add(harness.request(server.url("/b"), to: "b"))
          let c = try await manager.add(harness.request(server.url("/c"), to: "c"))
          let d = try await manager.add(harness.request(server.url("/d"), to: "d"), priority: -1)
          try await manager.moveToTop(c)
          try await manager.setLimits(QueueLimits(maxConcurrent: 1, maxTotalConnections: 64))
          await manager.waitUntilIdle()
          await manager.shutdown()
          var started: [DownloadID] = []
          for await event in events {
            if case .stateChanged(let id, .downloading) = event, !started.contains(id) { started.append(id) }
          }
          XCTAssertEqual(started, [c, a, b, d])
          for name in ["a", "b", "c", "d"] { XCTAssertTrue(contents(harness.path(name)) == small, name) }
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
          try await manager.setGlobalRateLimit(limit)
          let started = Date()
          try await manager.add(harness.request(server.url("/a"), to: "a"))
          try await manager.add(harness.request(server.url("/b"), to: "b"))
          await manager.waitUntilIdle()
          let rate = Double(2 * content.count) / Date().timeIntervalSince(started)
          XCTAssertEqual(rate, Double(limit), accuracy: 0.1 * Double(limit), "measured \(Int(rate)) B/s")
          XCTAssertTrue(contents(harness.path("a")) == content && contents(harness.path("b")) == content)
          try await manager.setGlobalRateLimit(nil)
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
          await waitForBytes(manager, id, above: 1 << 20)  // two seconds' worth at the limit
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
}
