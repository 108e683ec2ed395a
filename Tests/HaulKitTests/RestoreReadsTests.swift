import Foundation
import HaulCore
import HaulTestSupport
import XCTest

@testable import HaulKit

/// A restart takes up a queue in a few queries, not one per download (issue 62, point 3: restart with a big queue
/// answers at once): the bytes every download's segments hold are read in one query.
final class RestoreReadsTests: ManagerTestCase {
  func testARestoreReadsTheHeldBytesOfAllDownloadsInOneQuery() async throws {
    try await withTemporaryDirectory { dir in
      try await withHarness(dir) { harness in
        let count = 40
        var ids: [Int64] = []
        for index in 0..<count {
          let id = try harness.client.prepareBlocking(harness.request("http://127.0.0.1:9/f\(index)", to: "f\(index)")).rowID
          try harness.client.store.setState(.paused, of: id)
          ids.append(id)
        }
        // Two of them got somewhere: segments of 1,000 bytes (two segments) and of 7 bytes.
        try harness.client.store.saveSegments(
          [SegmentRecord(downloadId: ids[3], start: 0, end: 600, next: 400), SegmentRecord(downloadId: ids[3], start: 600, end: nil, next: 1200)],
          of: ids[3])
        try harness.client.store.saveSegments([SegmentRecord(downloadId: ids[9], start: 0, end: nil, next: 7)], of: ids[9])
        let manager = manager(harness, maxConcurrent: 2)
        let before = harness.client.store.readTransactions
        let restored = try await manager.restore()
        let reads = harness.client.store.readTransactions - before
        XCTAssertEqual(restored.map(\.id.rawValue), ids)
        XCTAssertEqual(Set(restored.map(\.state)), [.paused])
        let done = Dictionary(uniqueKeysWithValues: restored.map { ($0.id.rawValue, $0.bytesDone) })
        XCTAssertEqual(done[ids[3]], 1000)
        XCTAssertEqual(done[ids[9]], 7)
        XCTAssertEqual(done[ids[0]], 0)
        XCTAssertLessThanOrEqual(reads, 4, "a restore of \(count) downloads began \(reads) read transactions")
        await manager.shutdown()
      }
    }
  }
}
