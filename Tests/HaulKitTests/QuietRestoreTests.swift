import Foundation
import HaulCore
import HaulTestSupport
import XCTest

@testable import HaulKit

/// The daemon's restore is quiet (issue 62, point 3: a restart with 100,000 queued answers within 1 s): no `.added`
/// per stored download at the restore, but one just before the first other event about a download, with the state
/// it was restored in; a download nothing happens to is never announced. Observers (the daemon's notifier, the
/// hooks) see, for every download something happens to, the same events as after a loud restore.
final class QuietRestoreTests: ManagerTestCase {
  /// Stores `count` paused downloads; returns their ids.
  private func storePaused(_ harness: Harness, count: Int) throws -> [DownloadID] {
    try (0..<count).map { index in
      let id = try harness.client.prepareBlocking(harness.request("http://127.0.0.1:9/q\(index)", to: "q\(index)")).rowID
      try harness.client.store.setState(.paused, of: id)
      return DownloadID(id)
    }
  }

  func testAQuietRestoreOfManyDownloadsSendsNoEventPerDownload() async throws {
    try await withTemporaryDirectory { dir in
      try await withHarness(dir) { harness in
        let ids = try storePaused(harness, count: 40)
        let loud = manager(harness, maxConcurrent: 0)
        let loudEvents = collect(await loud.events())
        try await loud.restore()
        await loud.shutdown()
        let loudAdded = await loudEvents.value.filter { if case .added = $0 { return true } else { return false } }
        XCTAssertEqual(loudAdded.count, 40, "a public restore announces each download it takes up")

        let quiet = manager(harness, maxConcurrent: 0)
        let quietEvents = collect(await quiet.events())
        try await quiet.restoreQueue()
        let held = await quiet.downloadIDs.count
        XCTAssertEqual(held, 40, "every stored download is held")
        let unannounced = await quiet.unannouncedCount
        XCTAssertEqual(unannounced, 40)
        // Something happens to two of them: those two are announced, no other.
        try await quiet.resume(ids[3])
        try await quiet.moveToTop(ids[7])
        await quiet.shutdown()
        let seen = await quietEvents.value
        let added = seen.compactMap { event -> DownloadSnapshot? in
          if case .added(let snapshot) = event { return snapshot } else { return nil }
        }
        XCTAssertEqual(added.map(\.id), [ids[3], ids[7]], "\(seen)")
        XCTAssertEqual(added.map(\.state), [.paused, .paused], "the state it was restored in")
        XCTAssertEqual(added.first?.url.absoluteString, "http://127.0.0.1:9/q3")
        XCTAssertEqual(seen.first, .added(added[0]), "announced before its first other event")
        XCTAssertTrue(seen.contains(.stateChanged(id: ids[3], .queued)), "\(seen)")
      }
    }
  }

  /// A cancel drops the download from the queue before its actions run: its `.added` still comes first, with what
  /// it was, then its state and its removal (what the notifier needs to send `onDownloadStop`, the hooks `stop`).
  func testACancelledQuietDownloadIsAnnouncedThenCancelledThenRemoved() async throws {
    try await withTemporaryDirectory { dir in
      try await withHarness(dir) { harness in
        let ids = try storePaused(harness, count: 5)
        let manager = manager(harness, maxConcurrent: 0)
        let events = collect(await manager.events())
        try await manager.restoreQueue()
        try await manager.cancel(ids[2])
        await manager.shutdown()
        let seen = await events.value.filter { $0.downloadID == ids[2] }
        guard case .added(let snapshot) = seen.first else { return XCTFail("\(seen)") }
        XCTAssertEqual(snapshot.state, .paused)
        XCTAssertEqual(snapshot.destination.path, harness.file("q2").path)
        XCTAssertEqual(Array(seen.dropFirst()), [.stateChanged(id: ids[2], .cancelled), .removed(id: ids[2])])
      }
    }
  }

  /// A quietly restored download that runs: `.added` (queued, as restored), then its start, its progress, its
  /// completion, in that order.
  func testAQuietDownloadThatRunsIsAnnouncedBeforeItsStart() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        serve(server, "/r", small, rate: nil)
        try await withHarness(dir, server: server) { harness in
          let id = DownloadID(try harness.client.prepareBlocking(harness.request(server.url("/r"), to: "r")).rowID)
          let manager = manager(harness, maxConcurrent: 1)
          let events = collect(await manager.events())
          try await manager.restoreQueue()
          await manager.waitUntilIdle()
          await manager.shutdown()
          let seen = await events.value.filter { $0.downloadID == id }
          guard case .added(let snapshot) = seen.first else { return XCTFail("\(seen)") }
          XCTAssertEqual(snapshot.state, .queued)
          XCTAssertEqual(seen.filter { if case .added = $0 { return true } else { return false } }.count, 1)
          XCTAssertTrue(seen.contains(.stateChanged(id: id, .downloading)), "\(seen)")
          XCTAssertTrue(seen.contains { if case .completed(id, _) = $0 { return true } else { return false } }, "\(seen)")
          let content = try Data(contentsOf: harness.file("r"))
          XCTAssertEqual([UInt8](content), small)
        }
      }
    }
  }
}

extension DownloadManager {
  /// The downloads restored quietly and not announced yet.
  var unannouncedCount: Int { entries.values.filter { $0.unannouncedState != nil }.count }
}
