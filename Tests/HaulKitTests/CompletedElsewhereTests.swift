import Foundation
import GRDB
import HaulCore
import HaulTestSupport
import XCTest

@testable import HaulKit

/// A download that two processes took up (two runs of one list on one state directory) and the other one
/// finished: this one never fetches it again, and never finishes a second copy under a numbered name.
final class CompletedElsewhereTests: XCTestCase {
  private let content = deterministicBytes(count: 300_000, seed: 150)

  /// What the other process leaves: the file in place and the record completed.
  private func finishElsewhere(_ harness: Harness, _ id: DownloadID, name: String) throws {
    try Data(content).write(to: harness.file(name))
    var record = try XCTUnwrap(harness.client.store.record(id: id.rawValue))
    record.destination = harness.path(name)
    try harness.client.store.markCompleted(record)
  }

  /// Its turn in this process's queue comes after the other process finished it: nothing is asked of the server.
  func testATakenUpDownloadCompletedElsewhereBeforeItsRunIsNotFetched() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        server.serve("/f.bin", FileResource(content: content))
        try await withHarness(dir, server: server) { harness in
          let request = harness.request(server.url("/f.bin"), to: "f.bin")
          let id = try harness.client.prepareBlocking(request).id  // the row both processes hold
          let manager = try DownloadManager(client: harness.client, limits: QueueLimits(maxConcurrent: 0, maxTotalConnections: 0))
          _ = try await manager.restore([id])  // this process's queue holds it, waiting for a slot
          try finishElsewhere(harness, id, name: "f.bin")
          try await manager.setLimits(QueueLimits(maxConcurrent: 1, maxTotalConnections: 4))
          await manager.waitUntilIdle()
          let snapshot = await manager.snapshot(id)
          XCTAssertEqual(snapshot?.state, .completed)
          XCTAssertEqual(snapshot?.destination.path, harness.path("f.bin"))
          XCTAssertEqual(server.requests(for: "/f.bin").count, 0, "nothing fetched")
          XCTAssertFalse(FileManager.default.fileExists(atPath: harness.path("f.1.bin")))
          XCTAssertFalse(FileManager.default.fileExists(atPath: harness.path("f.bin.part")))
          await manager.shutdown()
        }
      }
    }
  }

  /// The other process finished it while it waited here, and this process's look at the store saw that before
  /// its turn came: it ends here as completed, announced with the other's file, and the queue goes idle. A waiting
  /// download has no task (issue 62 point 1); before, the announcement made one just to forward its updates and
  /// then waited for their end, which never came: the look never returned, the queue never went idle and the
  /// `.completed` event was never sent (`haul -i` hung at its end, OverlappingListsTests, 3 runs in 15).
  func testADownloadCompletedElsewhereSeenByTheLookWhileItWaitsEndsWithoutATask() async throws {
    try await withTemporaryDirectory { dir in
      try await withHarness(dir) { harness in
        let id = try harness.client.prepareBlocking(harness.request("http://127.0.0.1:9/f.bin", to: "f.bin")).id
        let manager = try DownloadManager(client: harness.client, limits: QueueLimits(maxConcurrent: 0, maxTotalConnections: 0))
        _ = try await manager.restore([id])  // waiting for a slot: no task
        let events = collect(await manager.events())
        // The other process's commit, through a connection of its own (SQLite's `data_version` moves for it).
        try Data(content).write(to: harness.file("f.bin"))
        let other = try DatabaseQueue(path: harness.client.store.path)
        try await other.write { db in
          try db.execute(
            sql: "UPDATE download SET state = 'completed', destination = ? WHERE id = ?", arguments: [harness.path("f.bin"), id.rawValue])
        }
        try other.close()
        let look = Task { await manager.poll() }
        let idle = await eventually(within: .seconds(10)) { await manager.isIdle }
        XCTAssertTrue(idle, "the look that saw the completion never ended")
        let snapshot = await manager.snapshot(id)
        XCTAssertEqual(snapshot?.state, .completed)
        let tasks = await manager.taskCount
        XCTAssertEqual(tasks, 0, "a task made for a download that ended elsewhere")
        guard idle else { return }  // the look is stuck: shutting down would wait on it too
        await look.value
        await manager.shutdown()
        let seen = await events.value
        XCTAssertTrue(
          seen.contains { if case .completed(let done, let file) = $0 { return done == id && file.path == harness.path("f.bin") } else { return false } },
          "no .completed event: \(seen)")
      }
    }
  }

  /// Reads `events` to their end in the background.
  private func collect(_ events: ManagerEvents) -> Task<[ManagerEvent], Never> {
    Task {
      var seen: [ManagerEvent] = []
      for await event in events { seen.append(event) }
      return seen
    }
  }

  /// The other process finished it while this one was fetching it too: this one's copy is dropped at the end, the
  /// other's file and record stand.
  func testADownloadCompletedElsewhereDuringItsRunKeepsTheOthersFile() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        let throttle = Switch(on: true)
        server.serve("/f.bin", FileResource(content: content), bytesPerSecond: 100_000, while: throttle)
        try await withHarness(dir, server: server) { harness in
          let request = harness.request(server.url("/f.bin"), to: "f.bin")
          let task = try harness.client.prepareBlocking(request)
          try await task.start()
          await eventually(within: .seconds(2)) {
            (try? harness.client.store.segments(of: task.id.rawValue).reduce(0) { $0 + $1.next - $1.start }) ?? 0 > 0
          }
          try finishElsewhere(harness, task.id, name: "f.bin")
          throttle.isOn = false
          guard case .completed(let path) = try await task.outcome() else { return XCTFail("not completed") }
          XCTAssertEqual(path.path, harness.path("f.bin"))
          XCTAssertFalse(FileManager.default.fileExists(atPath: harness.path("f.1.bin")), "a second copy")
          XCTAssertFalse(FileManager.default.fileExists(atPath: harness.path("f.bin.part")))
          XCTAssertEqual(try harness.client.store.record(id: task.id.rawValue)?.destination, harness.path("f.bin"))
        }
      }
    }
  }
}
