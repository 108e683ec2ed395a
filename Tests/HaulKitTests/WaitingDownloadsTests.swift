import Foundation
import HaulCore
import HaulTestSupport
import XCTest

@testable import HaulKit

/// A waiting download nothing happens to costs no task of its own (issue 62, point 3: memory that does not grow
/// with the queue): the manager tells observers its states until its first action that may make its task send
/// updates (a run, a stop, a discard), and forwards them from then on; nothing is lost or told twice.
final class WaitingDownloadsTests: ManagerTestCase {
  func testAWaitingDownloadHasNoForwarderUntilSomethingHappensToIt() async throws {
    try await withTemporaryDirectory { dir in
      try await withHarness(dir) { harness in
        let manager = manager(harness, maxConcurrent: 1)
        let events = collect(await manager.events())
        let results = await manager.add(batch: (0..<5).map { index in
          DownloadManager.BatchAdd(harness.request("http://127.0.0.1:9/f\(index)", to: "f\(index)"), paused: true)
        })
        let ids = try results.map { try $0.get() }
        // Added paused, nothing runs: no forwarder, and observers hear each one's `paused` from the manager (and
        // the task's own `updates` its state).
        var forwarding = await manager.forwardingCount
        XCTAssertEqual(forwarding, 0, "a paused add has a task of its own")
        let own = await manager.task(ids[0])?.state
        XCTAssertEqual(own, .paused)
        await manager.shutdown()
        let heard = await events.value
        for id in ids {
          XCTAssertEqual(heard.filter { $0 == .stateChanged(id: id, .paused) }.count, 1, "\(heard)")
        }

        // Taken up again by a new manager, they wait and nothing happens to them: no forwarder.
        let again = self.manager(harness, maxConcurrent: 1)
        let seen = collect(await again.events())
        let restored = try await again.restore()
        XCTAssertEqual(restored.map(\.id), ids)
        forwarding = await again.forwardingCount
        XCTAssertEqual(forwarding, 0, "a waiting download nothing happens to has a task of its own")
        // A change to one starts its forwarder, and observers hear it.
        try await again.setPriority(3, of: ids[2])
        try await again.remove(ids[4])
        try await again.pause(ids[1])  // already paused: nothing to tell
        forwarding = await again.forwardingCount
        XCTAssertLessThanOrEqual(forwarding, 1)
        try await again.cancel(ids[3])
        await again.shutdown()
        let told = await seen.value
        XCTAssertTrue(told.contains(.removed(id: ids[4])), "\(told)")
        XCTAssertTrue(told.contains(.stateChanged(id: ids[3], .cancelled)), "\(told)")
        XCTAssertFalse(told.contains { if case .stateChanged(ids[0], _) = $0 { return true } else { return false } })
      }
    }
  }
}

extension DownloadManager {
  /// The downloads whose updates are being forwarded (a forwarder task each).
  var forwardingCount: Int { entries.values.filter { $0.forwarder != nil }.count }
}
