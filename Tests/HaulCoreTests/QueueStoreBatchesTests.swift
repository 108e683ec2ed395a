import XCTest

@testable import HaulCore

/// `QueueStoreBatches`: the persist actions of one action list go to the store together, moved ahead of
/// announcements only, never past an action that starts, stops, discards or drops something.
final class QueueStoreBatchesTests: XCTestCase {
    /// A completion that frees a place: the completed state and the next download's `downloading` go in one write.
    func testACompletionAndTheNextStartAreOneWrite() throws {
        var machine = QueueMachine(limits: QueueLimits(maxConcurrent: 1, maxTotalConnections: 8))
        _ = try machine.handle(.adopt(id: 1, QueueRow(state: .queued, priority: 0, queueOrder: 1), requestedConnections: 1))
        _ = try machine.handle(.adopt(id: 2, QueueRow(state: .queued, priority: 0, queueOrder: 2), requestedConnections: 1))
        let actions = try machine.handle(.transferEnded(1, generation: 1, .completed(path: "/d/a")))
        XCTAssertEqual(
            QueueStoreBatches.steps(actions),
            [
                .store([.persistState(1, .completed, error: nil), .persistState(2, .downloading, error: nil)]),
                .action(.announceState(1, .completed)),
                .action(.announceCompleted(1, path: "/d/a")),
                .action(.announceState(2, .downloading)),
                .action(.startTransfer(2, connections: 1, generation: 1)),
            ]
        )
    }

    func testEveryActionRunsOnceAndPersistsKeepTheirOrder() {
        let actions: [QueueAction] = [
            .persistPosition(3, priority: 1, queueOrder: 7),
            .announceAdded(3, as: .queued),
            .persistState(3, .paused, error: nil),
            .persistState(4, .queued, error: "x"),
        ]
        XCTAssertEqual(
            QueueStoreBatches.steps(actions),
            [
                .store([.persistPosition(3, priority: 1, queueOrder: 7), .persistState(3, .paused, error: nil), .persistState(4, .queued, error: "x")]),
                .action(.announceAdded(3, as: .queued)),
            ]
        )
    }

    /// A persist after a stop, a start, a discard or a drop stays after it: the store must not say what has not
    /// happened yet. Nor does a persist move before an announcement that came before it.
    func testAPersistNeverMovesBeforeAnActionOnTheWorld() {
        for barrier: QueueAction in [
            .stopTransfer(1), .startTransfer(1, connections: 1, generation: 2), .discard(1),
            .deleteCompleted(1, deletingFile: false), .drop(1),
        ] {
            let actions: [QueueAction] = [
                .persistState(1, .paused, error: nil), .announceState(1, .paused), barrier,
                .announceState(2, .queued), .persistState(2, .queued, error: nil),
            ]
            XCTAssertEqual(
                QueueStoreBatches.steps(actions),
                [
                    .store([.persistState(1, .paused, error: nil)]), .action(.announceState(1, .paused)), .action(barrier),
                    .action(.announceState(2, .queued)), .store([.persistState(2, .queued, error: nil)]),
                ],
                "\(barrier)"
            )
        }
    }

    func testAListWithoutPersistsIsUnchanged() {
        let actions: [QueueAction] = [.announceState(1, .queued), .stopTransfer(1), .drop(1)]
        XCTAssertEqual(QueueStoreBatches.steps(actions), actions.map(QueueStep.action))
    }
}
