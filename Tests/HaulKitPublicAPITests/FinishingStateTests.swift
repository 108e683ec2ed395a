import Foundation
import HaulKit
import HaulTestSupport
import XCTest

/// Issue #57: a queue limited to two showed four `downloading`, because downloads being verified, flushed and
/// renamed give their slot back. `DownloadSnapshot.isFinishing` says which those are: the receiving ones never
/// exceed the limit.
final class FinishingStateTests: XCTestCase {
    func testAQueueOfFiveTwoAtOnceNeverShowsMoreThanTwoReceiving() async throws {
        try await withClient { client, server, dir in
            server.serve("/medium", FileResource(content: deterministicBytes(count: 256 << 10, seed: 3)), bytesPerSecond: 1 << 20)
            let manager = try DownloadManager(client: client, limits: QueueLimits(maxConcurrent: 2, maxTotalConnections: 8))
            let events = await manager.events()
            var ids: [Int64] = []
            for index in 0..<5 { ids.append(try await manager.add(request(server, "/medium", to: "f\(index)", in: dir))) }
            var mostReceiving = 0
            var completed = 0
            for await event in events {
                let snapshots = await manager.snapshots(of: ids).compactMap { $0 }
                mostReceiving = max(mostReceiving, snapshots.filter { $0.state == .downloading && !$0.isFinishing }.count)
                if case .completed = event { completed += 1 }
                if completed == ids.count { break }
            }
            XCTAssertEqual(completed, 5)
            XCTAssertGreaterThan(mostReceiving, 0, "the samples saw downloads running")
            XCTAssertLessThanOrEqual(mostReceiving, 2, "receiving downloads stay within maxConcurrent")
            await manager.shutdown()
        }
    }
}
