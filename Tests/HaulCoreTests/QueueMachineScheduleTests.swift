import XCTest

@testable import HaulCore

/// `QueueMachine` under a queue schedule (`setQueueOpen`): held, nothing starts and what runs goes back in line,
/// its progress kept; `paused` stays the user's; a resume or add waits for the window; open again, the queue
/// starts by priority within its limits.
final class QueueMachineScheduleTests: XCTestCase {
    private func adopt(_ machine: inout QueueMachine, _ id: Int64, _ state: DownloadState = .queued, order: Int64) throws -> [QueueAction] {
        try machine.handle(.adopt(id: id, QueueRow(state: state, queueOrder: order), requestedConnections: 1))
    }

    private func starts(_ actions: [QueueAction]) -> [Int64] {
        actions.compactMap { if case .startTransfer(let id, _, _) = $0 { return id } else { return nil } }
    }

    func testAHeldQueueStartsNothingUntilItOpens() throws {
        var machine = QueueMachine(limits: QueueLimits(maxConcurrent: 2, maxTotalConnections: 8))
        XCTAssertEqual(try machine.handle(.setQueueOpen(false)), [], "nothing runs: nothing to stop")
        XCTAssertFalse(machine.isOpen)
        XCTAssertEqual(try adopt(&machine, 1, order: 1), [.announceAdded(1, as: .queued)])
        XCTAssertEqual(try adopt(&machine, 2, order: 2), [.announceAdded(2, as: .queued)])
        XCTAssertEqual(try machine.handle(.setLimits(QueueLimits(maxConcurrent: 3, maxTotalConnections: 8))), [], "room is not a window")
        XCTAssertFalse(machine.isIdle, "downloads waiting for the window keep the queue busy: a run waits for it")
        XCTAssertEqual(starts(try machine.handle(.setQueueOpen(true))), [1, 2])
        XCTAssertEqual(try machine.handle(.setQueueOpen(true)), [], "the same word twice changes nothing")
    }

    /// The window closes: running downloads are stopped and their `stopped` report puts them back in line (stored
    /// `queued`, never `paused`); a paused one stays paused when the window opens again.
    func testClosingStopsWhatRunsAndPutsItBackInLine() throws {
        var machine = QueueMachine(limits: QueueLimits(maxConcurrent: 2, maxTotalConnections: 8))
        XCTAssertEqual(starts(try adopt(&machine, 1, order: 1)), [1])
        XCTAssertEqual(starts(try adopt(&machine, 2, order: 2)), [2])
        _ = try adopt(&machine, 3, .paused, order: 3)
        XCTAssertEqual(try machine.handle(.setQueueOpen(false)), [.stopTransfer(1), .stopTransfer(2)])
        XCTAssertEqual(
            try machine.handle(.transferEnded(1, generation: 1, .stopped)),
            [.persistState(1, .queued, error: nil), .announceState(1, .queued)], "back in line, and nothing starts in its slot")
        XCTAssertEqual(try machine.handle(.transferEnded(2, generation: 1, .stopped)).count, 2)
        XCTAssertEqual(machine.downloads.mapValues(\.state), [1: .queued, 2: .queued, 3: .paused])
        let opened = try machine.handle(.setQueueOpen(true))
        XCTAssertEqual(starts(opened), [1, 2], "in their old order")
        XCTAssertEqual(machine.downloads[1]?.generation, 2, "a new run, resuming from the bytes kept")
        XCTAssertEqual(machine.downloads[3]?.state, .paused, "the schedule never unpauses")
    }

    /// The run that finished its last byte as the window closed: its completion wins, as it does over a pause.
    func testACompletionWinsTheRaceWithTheWindowClosing() throws {
        var machine = QueueMachine(limits: QueueLimits(maxConcurrent: 1, maxTotalConnections: 8))
        _ = try adopt(&machine, 1, order: 1)
        _ = try machine.handle(.setQueueOpen(false))
        _ = try machine.handle(.transferEnded(1, generation: 1, .completed(path: "/f")))
        XCTAssertEqual(machine.downloads[1]?.state, .completed)
    }

    /// Haul has no "start now whatever the queue says": a resume or an add while the queue is held waits for the
    /// window; a pause while held is the user's and outlives the window.
    func testAResumeOrAnAddWhileHeldWaitsForTheWindow() throws {
        var machine = QueueMachine(limits: QueueLimits(maxConcurrent: 3, maxTotalConnections: 8))
        _ = try machine.handle(.setQueueOpen(false))
        _ = try adopt(&machine, 1, .paused, order: 1)
        XCTAssertEqual(try machine.handle(.resume(1)), [.persistState(1, .queued, error: nil), .announceState(1, .queued)])
        XCTAssertEqual(starts(try machine.handle(.add(id: 2, QueueRow(state: .queued, queueOrder: 2), requestedConnections: 1, paused: false))), [])
        _ = try adopt(&machine, 3, order: 3)
        _ = try machine.handle(.pause(3))
        XCTAssertEqual(starts(try machine.handle(.setQueueOpen(true))), [1, 2])
        XCTAssertEqual(machine.downloads[3]?.state, .paused)
    }

    /// Shutting down while held: nothing starts either way, and opening after `shutdown` starts nothing.
    func testOpeningAfterShutdownStartsNothing() throws {
        var machine = QueueMachine(limits: QueueLimits(maxConcurrent: 1, maxTotalConnections: 8))
        _ = try machine.handle(.setQueueOpen(false))
        _ = try adopt(&machine, 1, order: 1)
        _ = try machine.handle(.shutdown)
        XCTAssertEqual(try machine.handle(.setQueueOpen(true)), [])
    }
}
