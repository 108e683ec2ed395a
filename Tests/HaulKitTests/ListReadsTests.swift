import Foundation
import HaulCore
import HaulTestSupport
import XCTest

@testable import HaulKit

/// What a download of a list asks the store (issue 62 point 2, issue 61 point 1: the cost of a list is per file,
/// much of it SQLite's). A download that waits in the queue has no task; when its turn comes it reads its record
/// once, the one its task is made from (`DownloadManager.heldTask`), and neither the run's check for another
/// process's completion nor the transfer reads it again, and its segments are read once, by the run (the bytes held
/// until the run begins are the ones the queue shows): three read transactions a file (the record, its cookie jar,
/// the run's segments), six before.
final class ListReadsTests: ManagerTestCase {
  func testAWaitingDownloadReadsItsRecordOnceWhenItsTurnComes() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        let count = 8
        let content = Array(small.prefix(4096))
        for index in 0..<count { serve(server, "/f\(index)", content, rate: nil) }
        try await withHarness(dir, server: server) { harness in
          var ids: [DownloadID] = []
          for index in 0..<count {
            ids.append(try harness.client.prepareBlocking(harness.request(server.url("/f\(index)"), to: "f\(index)")).id)
          }
          // Held as a list's waiting downloads are: no task, no room yet. No look at the store while they run: its
          // reads (`data_version`) would count with theirs.
          let manager = try DownloadManager(
            client: harness.client, limits: QueueLimits(maxConcurrent: 0, maxTotalConnections: 0), pollInterval: .seconds(3600))
          _ = try await manager.restore(ids)
          let tasks = await manager.taskCount
          XCTAssertEqual(tasks, 0)
          let before = harness.client.store.readTransactions
          try await manager.setLimits(QueueLimits(maxConcurrent: 1, maxTotalConnections: 4))
          await manager.waitUntilIdle()
          let reads = harness.client.store.readTransactions - before
          for (index, id) in ids.enumerated() {
            XCTAssertEqual(try harness.client.store.record(id: id.rawValue)?.downloadState, .completed)
            XCTAssertEqual(try Data(contentsOf: harness.file("f\(index)")), Data(content))
          }
          // One more for the host: its learned connection budgets, read once (`HostBudgetBook.readLessons`).
          XCTAssertLessThanOrEqual(reads, 3 * count + 1, "\(count) waiting downloads began \(reads) read transactions")
          await manager.shutdown()
        }
      }
    }
  }
}
