import Foundation
import GRDB
import HaulCore
import HaulDaemon
import XCTest

@testable import HaulKit

/// A daemon with 20,000 downloads in its queue answers what it answers with 100, and each call costs about the
/// same (issue 62, point 3): the ratio of the two medians in one run, never an absolute time.
final class QueueAtScaleTests: XCTestCase {
    /// Writes `count` paused downloads into the daemon's store in one transaction (as a long-lived queue leaves
    /// it), then restarts the daemon on it: adding them over RPC one by one would take minutes in a debug build.
    private func daemon(holding count: Int) async throws -> DaemonFixture {
        let fixture = try await DaemonFixture.start()
        await fixture.daemon.stop()
        let store = try DownloadStore(directory: fixture.configuration.stateDirectory)
        let directory = fixture.downloads
        try store.write { db in
            for index in 1...count {
                var record = DownloadRecord(
                    id: nil, url: "http://127.0.0.1:9/f\(index).bin", finalURL: nil, destination: "\(directory)/f\(index).bin",
                    partPath: "\(directory)/f\(index).bin.part", etag: nil, lastModified: nil, lastModifiedIsStrong: false,
                    totalBytes: nil, state: DownloadState.paused.rawValue, errorMessage: nil, priority: 0, optionsJSON: "{}",
                    createdAt: 1, updatedAt: 1
                )
                record.queueOrder = Int64(index)
                try record.insertRow(in: db)
            }
        }
        try await fixture.restart()
        return fixture
    }

    /// The median of `times` calls' durations, in seconds.
    private func median(_ times: Int = 15, _ call: () throws -> Void) rethrows -> Double {
        var seconds: [Double] = []
        for _ in 0..<times {
            let began = DispatchTime.now().uptimeNanoseconds
            try call()
            seconds.append(Double(DispatchTime.now().uptimeNanoseconds - began) / 1e9)
        }
        return seconds.sorted()[times / 2]
    }

    private struct Costs {
        var head = 0.0, tail = 0.0, status = 0.0, stat = 0.0
    }

    /// Checks the answers of a daemon holding `count` paused downloads (ids 1...count in queue order) and times
    /// each call.
    private func answersAndCosts(_ fixture: DaemonFixture, count: Int) throws -> Costs {
        let first = GID(1).description, last = GID(Int64(count)).description, middle = GID(Int64(count / 2)).description
        let stat = try fixture.call("aria2.getGlobalStat")
        XCTAssertEqual(stat["numWaiting"], .string(String(count)))
        XCTAssertEqual(stat["numActive"], "0")
        XCTAssertEqual(stat["numStopped"], "0")
        let head = try fixture.call("aria2.tellWaiting", [0, 50, ["gid", "status"]]).arrayValue ?? []
        XCTAssertEqual(head.count, 50)
        XCTAssertEqual(head.first?["gid"], .string(first), "the first in line first")
        XCTAssertEqual(head.last?["gid"], .string(GID(50).description))
        let tail = try fixture.call("aria2.tellWaiting", [-1, 50, ["gid"]]).arrayValue ?? []
        XCTAssertEqual(tail.first?["gid"], .string(last), "a negative offset counts from the end, backwards")
        XCTAssertEqual(tail.last?["gid"], .string(GID(Int64(count - 49)).description))
        let beyond = try fixture.call("aria2.tellWaiting", [.int(Int64(count)), 50])
        XCTAssertEqual(beyond.arrayValue?.count, 0, "beyond the end: nothing")
        let status = try fixture.call("aria2.tellStatus", [.string(middle)])
        XCTAssertEqual(status["status"], "paused")
        XCTAssertEqual(status["gid"], .string(middle))
        var costs = Costs()
        costs.head = try median { _ = try fixture.call("aria2.tellWaiting", [0, 50]) }
        costs.tail = try median { _ = try fixture.call("aria2.tellWaiting", [-1, 50]) }
        costs.status = try median { _ = try fixture.call("aria2.tellStatus", [.string(middle)]) }
        costs.stat = try median { _ = try fixture.call("aria2.getGlobalStat") }
        return costs
    }

    func testACallAt20000QueuedCostsWhatItCostsAt100() async throws {
        let small = try await daemon(holding: 100)
        let large = try await daemon(holding: 20_000)
        let few: Costs, many: Costs
        do {
            few = try answersAndCosts(small, count: 100)
            many = try answersAndCosts(large, count: 20_000)
        } catch {
            await small.stop()
            await large.stop()
            throw error
        }
        await small.stop()
        await large.stop()
        // A walk over the queue per call (what these calls did before) is 200 times the work at 20,000; 5x leaves
        // room for a busy machine.
        for (name, at100, at20000) in [
            ("tellWaiting(0, 50)", few.head, many.head), ("tellWaiting(-1, 50)", few.tail, many.tail),
            ("tellStatus", few.status, many.status), ("getGlobalStat", few.stat, many.stat),
        ] {
            XCTAssertLessThan(at20000 / at100, 5, "\(name): \(at20000 * 1000) ms at 20,000 queued, \(at100 * 1000) ms at 100")
        }
    }
}
