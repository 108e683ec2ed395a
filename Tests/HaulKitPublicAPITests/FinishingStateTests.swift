import Foundation
import HaulKit
import HaulTestSupport
import XCTest

/// Issue #57: a queue limited to two showed four `downloading`, because downloads being verified, flushed and
/// renamed give their slot back. `ManagerEvent.finishing` (and `DownloadSnapshot.isFinishing`) say which those are:
/// the receiving ones never exceed the limit.
final class FinishingStateTests: XCTestCase {
    func testAQueueOfFiveTwoAtOnceNeverShowsMoreThanTwoReceiving() async throws {
        try await withClient { client, server, dir in
            server.serve("/medium", FileResource(content: deterministicBytes(count: 256 << 10, seed: 3)), bytesPerSecond: 1 << 20)
            let manager = try DownloadManager(client: client, limits: QueueLimits(maxConcurrent: 2, maxTotalConnections: 8))
            let events = await manager.events()
            var ids: [DownloadID] = []
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

    /// An observer that has only the event stream (no snapshot calls) counts `downloading` downloads that have not
    /// sent `.finishing`: never more than `maxConcurrent`, and every download says it is finishing before it
    /// completes. Before `.finishing` existed such an observer saw up to four `downloading` in a queue of two.
    func testAnObserverCountingEventsNeverSeesMoreThanTheLimitReceiving() async throws {
        try await withClient { client, server, dir in
            server.serve("/medium", FileResource(content: deterministicBytes(count: 256 << 10, seed: 4)), bytesPerSecond: 1 << 20)
            let manager = try DownloadManager(client: client, limits: QueueLimits(maxConcurrent: 2, maxTotalConnections: 8))
            let events = await manager.events()
            var ids: [DownloadID] = []
            for index in 0..<5 { ids.append(try await manager.add(request(server, "/medium", to: "g\(index)", in: dir))) }
            var downloading = Set<DownloadID>()
            var finishing = Set<DownloadID>()
            var saidFinishing = Set<DownloadID>()
            var finishingBeforeCompleted = Set<DownloadID>()
            var mostReceiving = 0
            var completed = 0
            for await event in events {
                switch event {
                case .stateChanged(let id, .downloading):
                    downloading.insert(id)
                case .stateChanged(let id, _):
                    downloading.remove(id)
                    finishing.remove(id)
                case .finishing(let id):
                    finishing.insert(id)
                    saidFinishing.insert(id)
                case .completed(let id, _):
                    if saidFinishing.contains(id) { finishingBeforeCompleted.insert(id) }
                    completed += 1
                default:
                    break
                }
                mostReceiving = max(mostReceiving, downloading.subtracting(finishing).count)
                if completed == ids.count { break }
            }
            XCTAssertEqual(finishingBeforeCompleted, Set(ids), "each download said it was finishing before it completed")
            XCTAssertGreaterThan(mostReceiving, 0, "the events showed downloads running")
            XCTAssertLessThanOrEqual(mostReceiving, 2, "receiving downloads stay within maxConcurrent")
            await manager.shutdown()
        }
    }
}
