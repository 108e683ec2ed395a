import XCTest

@testable import HaulCore

final class QueuePolicyTests: XCTestCase {
    private let roomy = QueueLimits(maxConcurrent: 10, maxTotalConnections: 100)

    private func queued(_ id: Int64, priority: Int = 0, order: Int64, connections: Int = 1) -> QueueEntry {
        QueueEntry(id: id, state: .queued, priority: priority, addedOrder: order, requestedConnections: connections)
    }

    func testQueuedDownloadsStartByPriorityThenOrderAdded() {
        let downloads = [
            queued(1, priority: 0, order: 1),
            queued(2, priority: 5, order: 4),
            queued(3, priority: 0, order: 0),
            queued(4, priority: 5, order: 2),
            queued(5, priority: -1, order: -10),
        ]
        XCTAssertEqual(QueuePolicy.plan(downloads, limits: roomy).map(\.id), [4, 2, 3, 1, 5])
        XCTAssertEqual(QueuePolicy.plan(downloads, limits: QueueLimits(maxConcurrent: 2, maxTotalConnections: 100)).map(\.id), [4, 2])
        XCTAssertEqual(QueuePolicy.ordered(downloads).map(\.id), [4, 2, 3, 1, 5])
    }

    func testEqualPriorityAndOrderFallBackToID() {
        let tied = [queued(9, order: 1), queued(3, order: 1), queued(5, order: 1)]
        XCTAssertEqual(QueuePolicy.plan(tied, limits: roomy).map(\.id), [3, 5, 9])
    }

    func testOnlyQueuedDownloadsEverStart() {
        for state in DownloadState.allCases where state != .queued {
            let entry = QueueEntry(id: 1, state: state, priority: 100, addedOrder: 0)
            XCTAssertEqual(QueuePolicy.plan([entry, queued(2, order: 1)], limits: roomy).map(\.id), [2], "\(state) never starts")
        }
    }

    func testGrantsWhatIsRequestedWhenThereIsRoom() {
        let plan = QueuePolicy.plan([queued(1, order: 0, connections: 4), queued(2, order: 1, connections: 16)], limits: roomy)
        XCTAssertEqual(plan, [StartDecision(id: 1, connections: 4), StartDecision(id: 2, connections: 16)])
    }

    func testRunningDownloadsCountAgainstBothLimits() {
        let downloads = [
            QueueEntry(id: 1, state: .downloading, addedOrder: 0, requestedConnections: 8, grantedConnections: 3),
            QueueEntry(id: 2, state: .downloading, addedOrder: 1, requestedConnections: 4),
            queued(3, order: 2, connections: 5),
            queued(4, order: 3, connections: 1),
        ]
        XCTAssertEqual(
            QueuePolicy.plan(downloads, limits: QueueLimits(maxConcurrent: 3, maxTotalConnections: 10)),
            [StartDecision(id: 3, connections: 3)],
            "7 connections held (3 granted + 4 requested), 2 of 3 slots taken"
        )
    }

    func testStartsWithFewerConnectionsThanRequestedButNeverZero() {
        let downloads = [queued(1, order: 0, connections: 6), queued(2, order: 1, connections: 6), queued(3, order: 2, connections: 6)]
        XCTAssertEqual(
            QueuePolicy.plan(downloads, limits: QueueLimits(maxConcurrent: 5, maxTotalConnections: 10)),
            [StartDecision(id: 1, connections: 6), StartDecision(id: 2, connections: 4)]
        )
    }

    func testNothingStartsWhenNoConnectionIsFree() {
        let downloads = [QueueEntry(id: 1, state: .downloading, addedOrder: 0, requestedConnections: 8), queued(2, order: 1)]
        XCTAssertEqual(QueuePolicy.plan(downloads, limits: QueueLimits(maxConcurrent: 5, maxTotalConnections: 8)), [])
    }

    func testNothingStartsWhenEverySlotIsTaken() {
        let downloads = [QueueEntry(id: 1, state: .downloading, addedOrder: 0), queued(2, order: 1)]
        XCTAssertEqual(QueuePolicy.plan(downloads, limits: QueueLimits(maxConcurrent: 1, maxTotalConnections: 100)), [])
    }

    func testLoweredLimitsStopNothingAndStartNothing() {
        let running = (1...4).map { QueueEntry(id: $0, state: .downloading, addedOrder: $0, requestedConnections: 4) }
        let downloads = running + [queued(9, order: 9)]
        XCTAssertEqual(QueuePolicy.plan(downloads, limits: QueueLimits(maxConcurrent: 2, maxTotalConnections: 100)), [])
        XCTAssertEqual(QueuePolicy.plan(downloads, limits: QueueLimits(maxConcurrent: 10, maxTotalConnections: 4)), [])
    }

    func testZeroLimitsHoldTheQueue() {
        XCTAssertEqual(QueuePolicy.plan([queued(1, order: 0)], limits: QueueLimits(maxConcurrent: 0, maxTotalConnections: 10)), [])
        XCTAssertEqual(QueuePolicy.plan([queued(1, order: 0)], limits: QueueLimits(maxConcurrent: 3, maxTotalConnections: 0)), [])
    }

    func testConnectionCountsBelowOneCountAsOne() {
        let downloads = [
            QueueEntry(id: 1, state: .downloading, addedOrder: 0, requestedConnections: 0, grantedConnections: 0),
            queued(2, order: 1, connections: 0),
            queued(3, order: 2, connections: -3),
        ]
        XCTAssertEqual(
            QueuePolicy.plan(downloads, limits: QueueLimits(maxConcurrent: 5, maxTotalConnections: 2)),
            [StartDecision(id: 2, connections: 1)],
            "the running download holds 1, the first queued one gets the last"
        )
    }

    /// Downloads whose bytes are all in (finishing) hold no connection and no slot, up to `maxConcurrent` of them;
    /// beyond that each takes a slot again, so at most twice the limit are downloading at once.
    func testFinishingDownloadsGiveBackSlotsAndConnectionsWithinABound() {
        func finishing(_ id: Int64) -> QueueEntry {
            QueueEntry(id: id, state: .downloading, addedOrder: id, requestedConnections: 8, grantedConnections: 8, isFinishing: true)
        }
        let limits = QueueLimits(maxConcurrent: 2, maxTotalConnections: 8)
        let waiting = [queued(10, order: 10, connections: 4), queued(11, order: 11, connections: 4), queued(12, order: 12)]
        XCTAssertEqual(
            QueuePolicy.plan([finishing(1), finishing(2)] + waiting, limits: limits),
            [StartDecision(id: 10, connections: 4), StartDecision(id: 11, connections: 4)],
            "two finishing downloads of 8 connections each hold nothing"
        )
        XCTAssertEqual(QueuePolicy.plan([finishing(1), finishing(2), finishing(3)] + waiting, limits: limits).map(\.id), [10], "the third takes a slot")
        XCTAssertEqual(QueuePolicy.plan([finishing(1), finishing(2), finishing(3), finishing(4)] + waiting, limits: limits), [], "2 x maxConcurrent in all")
        let receiving = QueueEntry(id: 5, state: .downloading, addedOrder: 5, requestedConnections: 4)
        XCTAssertEqual(QueuePolicy.plan([receiving, finishing(1)] + waiting, limits: limits), [StartDecision(id: 10, connections: 4)])
        let paused = QueueEntry(id: 6, state: .paused, addedOrder: 6, isFinishing: true)
        XCTAssertEqual(QueuePolicy.plan([paused, receiving, QueueEntry(id: 7, state: .downloading, addedOrder: 7)] + waiting, limits: limits), [], "only downloading entries finish")
    }

    func testLimitsAreNeverExceededOnRandomQueues() {
        var random = SeededRandom(seed: 0x4861_756C)
        for round in 0..<3000 {
            let downloads = (0..<Int.random(in: 0...12, using: &random)).map { index in
                QueueEntry(
                    id: Int64(index),
                    state: DownloadState.allCases.randomElement(using: &random)!,
                    priority: Int.random(in: -2...2, using: &random),
                    addedOrder: Int64.random(in: 0...5, using: &random),
                    requestedConnections: Int.random(in: 0...8, using: &random),
                    grantedConnections: Bool.random(using: &random) ? Int.random(in: 1...8, using: &random) : nil,
                    isFinishing: Int.random(in: 0..<4, using: &random) == 0
                )
            }
            let limits = QueueLimits(
                maxConcurrent: Int.random(in: 0...5, using: &random),
                maxTotalConnections: Int.random(in: 0...20, using: &random)
            )
            checkPlan(downloads, limits, round: round)
        }
    }

    /// Every property a plan must have, checked against a reference written independently of `QueuePolicy`.
    private func checkPlan(_ downloads: [QueueEntry], _ limits: QueueLimits, round: Int) {
        let plan = QueuePolicy.plan(downloads, limits: limits)
        let context = "round \(round): \(limits), \(downloads), plan \(plan)"
        let byID = Dictionary(uniqueKeysWithValues: downloads.map { ($0.id, $0) })
        let downloading = downloads.filter { $0.state == .downloading }
        let running = downloading.filter { !$0.isFinishing }
        let finishing = downloading.count - running.count
        let held = running.reduce(0) { $0 + max(1, $1.grantedConnections ?? $1.requestedConnections) }
        let granted = plan.reduce(0) { $0 + $1.connections }
        let line = downloads.filter { $0.state == .queued }.sorted {
            ($1.priority, $0.addedOrder, $0.id) < ($0.priority, $1.addedOrder, $1.id)
        }

        XCTAssertEqual(plan.map(\.id), line.prefix(plan.count).map(\.id), "queued downloads start in queue order, none skipped; \(context)")
        for decision in plan {
            let requested = max(1, byID[decision.id]!.requestedConnections)
            XCTAssertTrue((1...requested).contains(decision.connections), "1...requested connections; \(context)")
        }
        for decision in plan.dropLast() {
            XCTAssertEqual(decision.connections, max(1, byID[decision.id]!.requestedConnections), "only the last may be short; \(context)")
        }
        if !plan.isEmpty {
            XCTAssertLessThanOrEqual(running.count + plan.count, limits.maxConcurrent, "slots; \(context)")
            XCTAssertLessThanOrEqual(downloading.count + plan.count, 2 * limits.maxConcurrent, "finishing ones beyond the limit; \(context)")
            XCTAssertLessThanOrEqual(held + granted, limits.maxTotalConnections, "connections; \(context)")
        }
        if plan.count < line.count {
            let slotsLeft = limits.maxConcurrent - running.count - max(0, finishing - limits.maxConcurrent) - plan.count
            let connectionsLeft = limits.maxTotalConnections - held - granted
            XCTAssertTrue(slotsLeft <= 0 || connectionsLeft <= 0, "a download waits only when a limit is reached; \(context)")
        }
    }

    // MARK: Reordering

    private let list = [
        QueueEntry(id: 1, state: .queued, priority: 1, addedOrder: 1),
        QueueEntry(id: 2, state: .queued, priority: 1, addedOrder: 2),
        QueueEntry(id: 3, state: .queued, priority: 0, addedOrder: 3),
        QueueEntry(id: 4, state: .paused, priority: 2, addedOrder: 4),
        QueueEntry(id: 5, state: .completed, priority: 9, addedOrder: 0),
    ]
    private let oneAtATime = QueueLimits(maxConcurrent: 1, maxTotalConnections: 100)

    private func changedEntries(_ before: [QueueEntry], _ after: [QueueEntry]) -> [QueueEntry] {
        XCTAssertEqual(after.map(\.id), before.map(\.id), "element order is kept")
        return zip(before, after).filter { $0 != $1 }.map(\.1)
    }

    func testMovingToTopStartsItNextAndIgnoresFinishedDownloads() {
        let moved = QueuePolicy.movingToTop(3, in: list)
        XCTAssertEqual(changedEntries(list, moved), [QueueEntry(id: 3, state: .queued, priority: 2, addedOrder: 3)],
            "joins the paused download's priority 2 (the completed one's 9 does not count) and goes ahead of it")
        XCTAssertEqual(QueuePolicy.ordered(moved).filter { !$0.state.isFinal }.map(\.id), [3, 4, 1, 2])
        XCTAssertEqual(QueuePolicy.plan(moved, limits: oneAtATime).map(\.id), [3])
        XCTAssertEqual(QueuePolicy.movingToTop(3, in: moved), moved, "moving the first to the top changes nothing")
    }

    func testMovingToTopWithinOnePriorityRewritesOnlyTheOrder() {
        let moved = QueuePolicy.movingToTop(2, in: [queued(1, order: 10), queued(2, order: 11)])
        XCTAssertEqual(moved.map(\.addedOrder), [10, 9])
        XCTAssertEqual(QueuePolicy.plan(moved, limits: oneAtATime).map(\.id), [2])
        let edge = QueuePolicy.movingToTop(2, in: [queued(1, order: .min), queued(2, order: 0)])
        XCTAssertEqual(edge[1].addedOrder, .min, "no overflow; the id breaks the tie")
    }

    func testMovingToBottomStartsItLast() {
        let moved = QueuePolicy.movingToBottom(1, in: list)
        XCTAssertEqual(changedEntries(list, moved), [QueueEntry(id: 1, state: .queued, priority: 0, addedOrder: 4)])
        XCTAssertEqual(QueuePolicy.plan(moved, limits: roomy).map(\.id), [2, 3, 1])
        XCTAssertEqual(QueuePolicy.movingToBottom(1, in: moved), moved, "moving the last to the bottom changes nothing")
        let edge = QueuePolicy.movingToBottom(1, in: [queued(1, order: 0), queued(2, order: .max)])
        XCTAssertEqual(edge[0].addedOrder, .max, "no overflow")
    }

    func testSettingPriorityKeepsTheOrderAddedAmongEquals() {
        let raised = QueuePolicy.settingPriority(1, of: 3, in: list)
        XCTAssertEqual(changedEntries(list, raised), [QueueEntry(id: 3, state: .queued, priority: 1, addedOrder: 3)])
        XCTAssertEqual(QueuePolicy.plan(raised, limits: roomy).map(\.id), [1, 2, 3])
        XCTAssertEqual(QueuePolicy.plan(QueuePolicy.settingPriority(5, of: 3, in: list), limits: roomy).map(\.id), [3, 1, 2])
    }

    func testReorderingAnUnknownIDChangesNothing() {
        XCTAssertEqual(QueuePolicy.movingToTop(42, in: list), list)
        XCTAssertEqual(QueuePolicy.movingToBottom(42, in: list), list)
        XCTAssertEqual(QueuePolicy.settingPriority(7, of: 42, in: list), list)
    }
}
