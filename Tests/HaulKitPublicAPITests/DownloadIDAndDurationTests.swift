import Foundation
import HaulKit
import HaulTestSupport
import XCTest

/// Issue #57, "Swift conventions", the rest: download ids are `DownloadID`s, not bare `Int64`s, and the waits an app
/// reads are `Duration`s (a retry's wait, the lowest-speed span, the host-budget easing).
final class DownloadIDAndDurationTests: XCTestCase {
    /// A `DownloadID` is written as a number, sorts and reads as its number, and encodes as a bare JSON number (so
    /// JSON that carried an `Int64` id keeps its shape).
    func testADownloadIDIsANumberWhereOneIsHandy() throws {
        let id: DownloadID = 42
        XCTAssertEqual(id, DownloadID(rawValue: 42))
        XCTAssertEqual(id.rawValue, 42)
        XCTAssertEqual("\(id)", "42")
        XCTAssertLessThan(DownloadID(7), id)
        XCTAssertEqual([DownloadID(9), 3, 5].sorted(), [3, 5, 9])
        let json = try JSONEncoder().encode(["id": id])
        XCTAssertEqual(String(decoding: json, as: UTF8.self), #"{"id":42}"#)
        XCTAssertEqual(try JSONDecoder().decode([String: DownloadID].self, from: Data(#"{"id":7}"#.utf8)), ["id": 7])
        XCTAssertThrowsError(try JSONDecoder().decode(DownloadID.self, from: Data(#"{"rawValue":7}"#.utf8)))
    }

    /// The id `add` gives is the one every lookup takes and every snapshot, event, task and stored record carries.
    func testTheManagerSpeaksInDownloadIDs() async throws {
        try await withClient { client, server, dir in
            let manager = try DownloadManager(client: client, limits: QueueLimits(maxConcurrent: 1, maxTotalConnections: 4))
            let id: DownloadID = try await manager.add(request(server, "/small", to: "small.txt", in: dir))
            let events = await manager.events(for: id)
            var completed: DownloadID?
            for await event in events {
                XCTAssertEqual(event.downloadID, id)
                if case .completed(let done, _) = event {
                    completed = done
                    break
                }
            }
            XCTAssertEqual(completed, id)
            let snapshot = await manager.snapshot(id)
            XCTAssertEqual(snapshot?.id, id)
            let (task, holds, ids) = (await manager.task(id), await manager.holds(id), await manager.downloadIDs)
            XCTAssertEqual(task?.id, id)
            XCTAssertTrue(holds)
            XCTAssertEqual(ids, [id])
            let (stored, all) = (try await client.storedDownload(id: id), try await client.storedDownloads())
            XCTAssertEqual(stored?.id, id)
            XCTAssertEqual(all.map(\.id), [id])
            let unknown = await haulError { try await manager.pause(DownloadID(rawValue: id.rawValue + 1)) }
            XCTAssertEqual(unknown?.remedy, .useAKnownDownloadID)
            await manager.shutdown()
        }
    }

    /// An id kept as a bare number still reaches the download through the deprecated `Int64` spelling.
    @available(*, deprecated, message: "exercises the deprecated Int64 spelling on purpose")
    func testTheInt64SpellingForwardsToTheDownloadIDOne() async throws {
        try await withClient { client, server, dir in
            let manager = try DownloadManager(client: client, limits: QueueLimits(maxConcurrent: 0, maxTotalConnections: 4))
            let stored: Int64 = try await manager.add(request(server, "/small", to: "small.txt", in: dir)).rawValue
            let before = await manager.snapshot(stored)
            XCTAssertEqual(before?.id, DownloadID(rawValue: stored))
            try await manager.pause(stored)
            let (paused, record) = (await manager.snapshot(DownloadID(rawValue: stored)), try await client.storedDownload(id: stored))
            XCTAssertEqual(paused?.state, .paused)
            XCTAssertEqual(record?.state, .paused)
            try await manager.cancel(stored)
            let after = await manager.snapshot(stored)
            XCTAssertNil(after)
            await manager.shutdown()
        }
    }

    /// A retry announces its wait as a `Duration`: the server's `Retry-After: 1` is one second.
    func testARetrysWaitIsADuration() async throws {
        try await withClient { client, server, dir in
            let content = Array("after one retry\n".utf8)
            server.route("/busy") { request in
                request.index == 0 ? .text(503, "busy", headers: [("Retry-After", "1")]) : FileResource(content: content).response(for: request)
            }
            let task = try await client.download(request(server, "/busy", to: "busy.txt", in: dir))
            var waits: [Duration] = []
            for try await update in task.updates {
                if case .retrying(let attempt, let after, _) = update {
                    XCTAssertEqual(attempt, 1)
                    waits.append(after)
                }
            }
            XCTAssertEqual(waits, [.seconds(1)])
            guard case .completed(let file) = try await task.outcome() else { return XCTFail("the download did not complete") }
            XCTAssertEqual(try Data(contentsOf: file), Data(content))
        }
    }

    /// `LowestSpeed.span` and `HostBudgetPolicy.easing` are `Duration`s, read and set; the `Double` properties are
    /// deprecated forwarders to them.
    func testTheHaulCoreWaitsReadAndSetAsDurations() throws {
        var lowest = LowestSpeed(bytesPerSecond: 1024, over: .seconds(20))
        XCTAssertEqual(lowest.span, .seconds(20))
        lowest.span = .milliseconds(2500)
        XCTAssertEqual(lowest, LowestSpeed(bytesPerSecond: 1024, over: .milliseconds(2500)))
        var budgets = HostBudgetPolicy(defaultLimit: 8, easingEvery: .seconds(600))
        XCTAssertEqual(budgets.easing, .seconds(600))
        budgets.easing = .seconds(90)
        XCTAssertEqual(budgets, HostBudgetPolicy(defaultLimit: 8, easingEvery: .seconds(90)))

        var configuration = HaulConfiguration(lowestSpeed: lowest, hostBudgetPolicy: budgets)
        XCTAssertNoThrow(try configuration.validate())
        configuration.lowestSpeed?.span = .zero
        XCTAssertThrowsError(try configuration.validate()) { error in
            XCTAssertEqual((error as? HaulError)?.kind, .usage)
            XCTAssertTrue((error as? HaulError)?.message.contains("span") ?? false, "\(error)")
        }
    }

    @available(*, deprecated, message: "exercises the deprecated Double spelling on purpose")
    func testTheSecondsPropertiesForwardToTheDurations() {
        var lowest = LowestSpeed(bytesPerSecond: 1024, over: .seconds(20))
        XCTAssertEqual(lowest.seconds, 20)
        lowest.seconds = 4.5
        XCTAssertEqual(lowest.span, .milliseconds(4500))
        var budgets = HostBudgetPolicy(defaultLimit: 8, easingEvery: .seconds(600))
        XCTAssertEqual(budgets.easeSeconds, 600)
        budgets.easeSeconds = 30
        XCTAssertEqual(budgets.easing, .seconds(30))
    }
}
