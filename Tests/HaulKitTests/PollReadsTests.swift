import Foundation
import HaulCore
import HaulTestSupport
import XCTest

@testable import HaulKit

/// The reads a page's poll makes, each in one call onto the manager (issue 62, point 4: a hop onto an actor per
/// read was measurable under a page's polling load): they give what the separate reads give.
final class PollReadsTests: ManagerTestCase {
  func testAWindowsSnapshotsAndDetailsInOneCallAreTheSeparateReads() async throws {
    try await withTemporaryDirectory { dir in
      try await withHarness(dir) { harness in
        var ids: [Int64] = []
        for index in 0..<4 {
          var request = harness.request("http://127.0.0.1:9/f\(index)", to: "f\(index)", connections: index + 1)
          if index == 2 { request.maxBytesPerSecond = 4096 }
          let id = try harness.client.prepareBlocking(request).rowID
          try harness.client.store.setState(index == 3 ? .completed : .paused, of: id)
          ids.append(id)
        }
        let manager = manager(harness, maxConcurrent: 0)
        _ = try await manager.restore()
        // One with a task (its details come from the task), one missing, the others held light (read by SQL).
        _ = await manager.task(DownloadID(ids[1]))
        let window = [ids[2], 999_999, ids[1], ids[0]].map(DownloadID.init(rawValue:))
        let both = await manager.snapshotsAndRequestDetails(of: window)
        let snapshots = await manager.snapshots(of: window)
        let details = await manager.requestDetails(of: window)
        XCTAssertEqual(both.snapshots.map { $0?.id.rawValue }, [ids[2], nil, ids[1], ids[0]])
        XCTAssertEqual(both.snapshots, snapshots)
        XCTAssertEqual(both.details.map { $0?.connections }, [3, nil, 2, 1])
        XCTAssertEqual(both.details.map { $0?.rateLimit }, [4096, nil, nil, nil])
        XCTAssertEqual(both.details, details)
        await manager.shutdown()
      }
    }
  }

  func testTheCountsAndRunningDownloadsInOneCallAreTheSeparateReads() async throws {
    try await withTestServer { server in
      try await withTemporaryDirectory { dir in
        // Sent slowly: it stays running while the test looks.
        server.serve("/slow", FileResource(content: deterministicBytes(count: 1 << 20)), bytesPerSecond: 4096)
        try await withHarness(dir) { harness in
          for index in 0..<2 {
            let id = try harness.client.prepareBlocking(harness.request("http://127.0.0.1:9/f\(index)", to: "f\(index)")).rowID
            try harness.client.store.setState(index == 0 ? .completed : .paused, of: id)
          }
          let manager = manager(harness, maxConcurrent: 1)
          _ = try await manager.restore()
          let running = try await manager.add(harness.request(server.url("/slow"), to: "slow"))
          let started = await eventually { await manager.snapshot(running)?.state == .downloading }
          XCTAssertTrue(started)

          let polled = await manager.countsAndRunning()
          let counts = await manager.stateCounts()
          XCTAssertEqual(polled.counts, counts)
          XCTAssertEqual([polled.counts[.completed], polled.counts[.paused], polled.counts[.downloading]], [1, 1, 1])
          XCTAssertEqual(polled.running.map(\.id), [running])
          XCTAssertEqual(polled.running.map(\.state), [.downloading])
          await manager.shutdown()
        }
      }
    }
  }
}
