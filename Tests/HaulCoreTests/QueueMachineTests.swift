import XCTest

@testable import HaulCore

/// `QueueMachine` over sequences of events: scheduling, connection grants, generations, owners, store looks,
/// restoring and stopping.
final class QueueMachineTests: XCTestCase {
    private func adopt(
        _ machine: inout QueueMachine, _ id: Int64, _ state: DownloadState = .queued, priority: Int = 0,
        order: Int64, connections: Int = 1
    ) throws -> [QueueAction] {
        try machine.handle(.adopt(id: id, QueueRow(state: state, priority: priority, queueOrder: order), requestedConnections: connections))
    }

    private func starts(_ actions: [QueueAction]) -> [QueueAction] {
        actions.filter { if case .startTransfer = $0 { return true } else { return false } }
    }

    func testAdoptingStartsByPriorityWithinTheLimits() throws {
        var machine = QueueMachine(limits: QueueLimits(maxConcurrent: 2, maxTotalConnections: 64))
        XCTAssertEqual(try adopt(&machine, 1, order: 1).first, .announceAdded(1, as: .queued))
        _ = try machine.handle(.setLimits(QueueLimits(maxConcurrent: 0, maxTotalConnections: 64)))
        _ = try machine.handle(.pause(1))
        XCTAssertEqual(try adopt(&machine, 2, order: 2), [.announceAdded(2, as: .queued)])
        XCTAssertEqual(try adopt(&machine, 3, priority: 5, order: 3), [.announceAdded(3, as: .queued)])
        let actions = try machine.handle(.setLimits(QueueLimits(maxConcurrent: 2, maxTotalConnections: 64)))
        XCTAssertEqual(starts(actions), [.startTransfer(3, connections: 1, generation: 1), .startTransfer(2, connections: 1, generation: 1)])
        XCTAssertEqual(actions.first, .persistState(3, .downloading, error: nil), "stored, then announced, then started")
        XCTAssertEqual(machine.downloads[1]?.state, .paused, "a paused download never starts")
    }

    /// A download settles on fewer connections than it was granted: the rest start the next one at once.
    func testUnusedConnectionsGoBackToTheQueue() throws {
        var machine = QueueMachine(limits: QueueLimits(maxConcurrent: 2, maxTotalConnections: 4))
        XCTAssertEqual(starts(try adopt(&machine, 1, order: 1, connections: 4)), [.startTransfer(1, connections: 4, generation: 1)])
        XCTAssertEqual(starts(try adopt(&machine, 2, order: 2, connections: 4)), [], "no connection is free")
        XCTAssertEqual(starts(try machine.handle(.transferPlanned(1, generation: 1, connections: 1))), [.startTransfer(2, connections: 3, generation: 1)])
        XCTAssertEqual(machine.downloads[1]?.heldConnections, 1)
    }

    /// A run with every byte in gives back its slot and connections while it verifies, flushes and renames: the
    /// next download starts then; it stays `downloading` until its end, and a second finishing run's slot is
    /// given too, but never more than `maxConcurrent` finishing ones at once.
    func testAFinishingRunGivesItsSlotToTheNextDownloadWithinABound() throws {
        var machine = QueueMachine(limits: QueueLimits(maxConcurrent: 1, maxTotalConnections: 4))
        XCTAssertEqual(starts(try adopt(&machine, 1, order: 1, connections: 4)), [.startTransfer(1, connections: 4, generation: 1)])
        XCTAssertEqual(starts(try adopt(&machine, 2, order: 2, connections: 4)), [])
        XCTAssertEqual(starts(try adopt(&machine, 3, order: 3, connections: 4)), [])
        XCTAssertEqual(
            starts(try machine.handle(.transferFinishing(1, generation: 1))), [.startTransfer(2, connections: 4, generation: 1)],
            "the finishing run holds neither the slot nor its 4 connections"
        )
        XCTAssertEqual(machine.downloads[1]?.state, .downloading, "finishing is still downloading to observers")
        XCTAssertEqual(machine.downloads[1]?.isFinishing, true)
        XCTAssertEqual(
            starts(try machine.handle(.transferFinishing(2, generation: 1))), [],
            "a second finishing run would make two: more than maxConcurrent (1) finishing at once take slots again"
        )
        XCTAssertEqual(
            starts(try machine.handle(.transferEnded(1, generation: 1, .completed(path: "/1")))),
            [.startTransfer(3, connections: 4, generation: 1)]
        )
        XCTAssertEqual(machine.downloads[1]?.state, .completed)
        XCTAssertEqual(machine.downloads[1]?.isFinishing, false)
    }

    /// Issue #57: observers hear that a download is finishing before they hear of the start that takes its slot, so
    /// one counting `downloading` downloads that are not finishing never counts more than `maxConcurrent`.
    func testFinishingIsAnnouncedBeforeTheStartThatTakesTheSlot() throws {
        var machine = QueueMachine(limits: QueueLimits(maxConcurrent: 1, maxTotalConnections: 4))
        _ = try adopt(&machine, 1, order: 1)
        _ = try adopt(&machine, 2, order: 2)
        XCTAssertEqual(
            try machine.handle(.transferFinishing(1, generation: 1)),
            [.announceFinishing(1), .persistState(2, .downloading, error: nil), .announceState(2, .downloading),
             .startTransfer(2, connections: 1, generation: 1)]
        )
        XCTAssertEqual(try machine.handle(.transferFinishing(1, generation: 1)), [], "announced once")
    }

    /// Across features: a pause while a download finishes (its slot already given to the next one) neither starts a
    /// third nor keeps the file from completing; a shutdown then stops the one receiving and the finishing one alike.
    func testAPauseWhileFinishingStartsNothingMoreAndTheCompletionWins() throws {
        var machine = QueueMachine(limits: QueueLimits(maxConcurrent: 1, maxTotalConnections: 8))
        for id in Int64(1)...3 { _ = try adopt(&machine, id, order: id) }
        XCTAssertEqual(starts(try machine.handle(.transferFinishing(1, generation: 1))), [.startTransfer(2, connections: 1, generation: 1)])
        XCTAssertEqual(try machine.handle(.pause(1)), [.persistState(1, .paused, error: nil), .announceState(1, .paused), .stopTransfer(1)])
        XCTAssertEqual(machine.downloads[3]?.state, .queued, "the paused one held no slot: nothing more starts")
        XCTAssertEqual(try machine.handle(.transferEnded(1, generation: 1, .completed(path: "/1"))).first, .persistState(1, .completed, error: nil))
        XCTAssertEqual(machine.downloads[1]?.state, .completed)
        XCTAssertEqual(starts(try machine.handle(.transferFinishing(2, generation: 1))), [.startTransfer(3, connections: 1, generation: 1)])
        XCTAssertEqual(try machine.handle(.shutdown), [.stopTransfer(2), .stopTransfer(3)])
    }

    /// A finishing report from an older run, or for a download paused meanwhile, changes nothing.
    func testAStaleOrPausedFinishingReportChangesNothing() throws {
        var machine = QueueMachine(limits: QueueLimits(maxConcurrent: 1, maxTotalConnections: 8))
        _ = try adopt(&machine, 1, order: 1)
        _ = try adopt(&machine, 2, order: 2)
        _ = try machine.handle(.pause(1))
        var copy = machine
        XCTAssertEqual(try copy.handle(.transferFinishing(1, generation: 1)), [], "paused: it holds no slot already")
        XCTAssertEqual(copy, machine)
        XCTAssertEqual(try machine.handle(.transferFinishing(2, generation: 2)), [], "generation 2 never started")
        XCTAssertEqual(machine.downloads[2]?.isFinishing, false)
    }

    /// A run that was paused, resumed and started again reports late: its generation is old, nothing changes.
    func testAStaleRunsLateEndIsHarmless() throws {
        var machine = QueueMachine(limits: QueueLimits(maxConcurrent: 1, maxTotalConnections: 8))
        _ = try adopt(&machine, 1, order: 1, connections: 8)
        _ = try machine.handle(.pause(1))
        XCTAssertEqual(starts(try machine.handle(.resume(1))), [.startTransfer(1, connections: 8, generation: 2)])
        for end in [TransferEnd.completed(path: "/f"), .failed(message: "late"), .busy(message: "late"), .stopped] {
            var copy = machine
            XCTAssertEqual(try copy.handle(.transferEnded(1, generation: 1, end)), [], "\(end)")
            XCTAssertEqual(copy, machine, "\(end) from generation 1 changed the machine")
        }
        XCTAssertEqual(try machine.handle(.transferPlanned(1, generation: 1, connections: 1)), [])
        XCTAssertEqual(machine.downloads[1]?.heldConnections, 8)
    }

    /// The pause that comes after the last byte: the run's report says completed, and completed it is.
    func testACompletionWinsTheRaceWithAPause() throws {
        var machine = QueueMachine(limits: QueueLimits(maxConcurrent: 1, maxTotalConnections: 8))
        _ = try adopt(&machine, 1, order: 1)
        XCTAssertEqual(try machine.handle(.pause(1)).last, .stopTransfer(1))
        let actions = try machine.handle(.transferEnded(1, generation: 1, .completed(path: "/f")))
        XCTAssertEqual(actions, [.persistState(1, .completed, error: nil), .announceState(1, .completed), .announceCompleted(1, path: "/f")])
        XCTAssertEqual(machine.downloads[1]?.state, .completed)
        XCTAssertThrowsError(try machine.handle(.resume(1))) { XCTAssertEqual($0 as? IllegalTransition, IllegalTransition(state: .completed, event: .resume)) }
    }

    /// `busy`: another process holds the `.part` file. The download waits (queued, unstored) and is not started
    /// here again until the user resumes it... which a queued download cannot be: `add` pauses then resumes it.
    func testADownloadAnotherProcessHoldsIsNotStartedAgain() throws {
        var machine = QueueMachine(limits: QueueLimits(maxConcurrent: 1, maxTotalConnections: 8))
        _ = try adopt(&machine, 1, order: 1)
        _ = try adopt(&machine, 2, order: 2)
        let actions = try machine.handle(.transferEnded(1, generation: 1, .busy(message: "held by another haul")))
        XCTAssertEqual(machine.downloads[1]?.owner, .otherProcess)
        XCTAssertEqual(machine.downloads[1]?.state, .queued)
        XCTAssertEqual(starts(actions), [.startTransfer(2, connections: 1, generation: 1)], "the next one starts instead")
        _ = try machine.handle(.transferEnded(2, generation: 1, .completed(path: "/b")))
        XCTAssertTrue(machine.isIdle, "a download another process owns does not keep the queue busy")
        _ = try machine.handle(.pause(1))
        XCTAssertEqual(starts(try machine.handle(.resume(1))), [.startTransfer(1, connections: 1, generation: 2)])
        XCTAssertEqual(machine.downloads[1]?.owner, .thisProcess)
    }

    func testRestoringPutsRunningRowsBackInLineAndSkipsCancelledOnes() throws {
        var machine = QueueMachine(limits: QueueLimits(maxConcurrent: 0, maxTotalConnections: 8))
        XCTAssertEqual(try adopt(&machine, 1, .downloading, order: 1), [.announceAdded(1, as: .queued)])
        XCTAssertEqual(try adopt(&machine, 2, .cancelled, order: 2), [])
        XCTAssertEqual(try adopt(&machine, 1, .paused, order: 1), [], "an id already held is not taken up twice")
        XCTAssertEqual(machine.downloads[1]?.state, .queued)
        XCTAssertNil(machine.downloads[2])
    }

    /// Adopting many at once ends in the same queue as adopting them one by one, but plans once, after all of them:
    /// the downloads that start are the first in queue order, not the first adopted.
    func testAdoptingManyAtOncePlansOnceAfterAllOfThem() throws {
        let rows: [(Int64, DownloadState, Int, Int64)] = [
            (1, .completed, 0, 1), (2, .queued, 0, 2), (3, .cancelled, 0, 3), (4, .downloading, 0, 4),
            (5, .failed, 0, 5), (6, .queued, 9, 6), (7, .paused, 0, 7),
        ]
        let adoptions = rows.map { id, state, priority, order in
            QueueAdoption(id: id, row: QueueRow(state: state, priority: priority, queueOrder: order), requestedConnections: 1)
        }
        var together = QueueMachine(limits: QueueLimits(maxConcurrent: 2, maxTotalConnections: 8))
        let actions = try together.handle(.adoptAll(adoptions))
        XCTAssertEqual(
            starts(actions), [.startTransfer(6, connections: 1, generation: 1), .startTransfer(2, connections: 1, generation: 1)],
            "the plan came after every adoption (6 has the highest priority), not after the first queued one")
        XCTAssertEqual(
            actions.filter { if case .announceAdded = $0 { return true } else { return false } },
            [.announceAdded(1, as: .completed), .announceAdded(2, as: .queued), .announceAdded(4, as: .queued),
             .announceAdded(5, as: .failed), .announceAdded(6, as: .queued), .announceAdded(7, as: .paused)],
            "each is announced in order; the cancelled one is skipped")

        var oneByOne = QueueMachine(limits: QueueLimits(maxConcurrent: 0, maxTotalConnections: 8))
        for (id, state, priority, order) in rows { _ = try adopt(&oneByOne, id, state, priority: priority, order: order) }
        _ = try oneByOne.handle(.setLimits(QueueLimits(maxConcurrent: 2, maxTotalConnections: 8)))
        XCTAssertEqual(together.downloads, oneByOne.downloads)
    }

    /// The scheduler's view leaves out what can never change a plan, and keeps what can.
    func testTheSchedulerSeesOnlyRunningDownloadsAndOursThatWait() throws {
        var machine = QueueMachine(limits: QueueLimits(maxConcurrent: 1, maxTotalConnections: 8))
        let rows: [(Int64, DownloadState)] = [(1, .queued), (2, .queued), (3, .completed), (4, .paused), (5, .failed)]
        _ = try machine.handle(.adoptAll(rows.map { QueueAdoption(id: $0.0, row: QueueRow(state: $0.1, priority: 0, queueOrder: $0.0), requestedConnections: 1) }))
        // Another process holds 1's part file: 1 waits, queued but not ours to start, and 2 starts.
        _ = try machine.handle(.transferEnded(1, generation: 1, .busy(message: "held by another haul")))
        XCTAssertEqual(machine.downloads[1]?.state, .queued)
        _ = try machine.handle(.adoptAll([QueueAdoption(id: 6, row: QueueRow(state: .queued, priority: 0, queueOrder: 6), requestedConnections: 1)]))
        let seen = Dictionary(uniqueKeysWithValues: machine.schedulableEntries.map { ($0.id, $0.state) })
        let all = Dictionary(uniqueKeysWithValues: machine.queueEntries.map { ($0.id, $0.state) })
        XCTAssertEqual(seen[2], .downloading, "a running download counts against the limits")
        XCTAssertNil(seen[6], "the only slot is taken: one of ours that waits cannot start now, so it is not gathered (issue 62)")
        XCTAssertNil(seen[1], "one another process holds is not ours to start")
        for id: Int64 in [3, 4, 5] { XCTAssertNil(seen[id], "download \(id) (\(all[id]!)) cannot change a plan") }
        XCTAssertEqual(seen.count, 1)
        XCTAssertEqual(
            QueuePolicy.plan(machine.schedulableEntries, limits: machine.limits),
            QueuePolicy.plan(machine.queueEntries, limits: machine.limits))
        // A queue schedule holds the queue and 2 goes back in line: a slot is free, so ours that wait are seen.
        _ = try machine.handle(.setQueueOpen(false))
        _ = try machine.handle(.transferEnded(2, generation: 1, .stopped))
        let room = Dictionary(uniqueKeysWithValues: machine.schedulableEntries.map { ($0.id, $0.state) })
        XCTAssertEqual(room, [2: .queued, 6: .queued], "ours that wait may start; 1 is another process's")
        XCTAssertEqual(
            QueuePolicy.plan(machine.schedulableEntries, limits: machine.limits),
            QueuePolicy.plan(machine.queueEntries, limits: machine.limits))
    }

    /// Another process moved a queued download (`haul move`): the next start follows the new order.
    func testAMoveSeenInTheStoreChangesTheOrder() throws {
        var machine = QueueMachine(limits: QueueLimits(maxConcurrent: 0, maxTotalConnections: 8))
        _ = try adopt(&machine, 1, order: 1)
        _ = try adopt(&machine, 2, order: 2)
        _ = try machine.handle(.storeSaw(2, QueueRow(state: .queued, priority: 0, queueOrder: 0)))
        let actions = try machine.handle(.setLimits(QueueLimits(maxConcurrent: 1, maxTotalConnections: 8)))
        XCTAssertEqual(starts(actions), [.startTransfer(2, connections: 1, generation: 1)])
    }

    /// Another process resumed a paused download (`haul resume` beside a daemon): it starts here; one another
    /// process runs itself is left to it, and its completion, seen in the store, completes it here without a run.
    func testADownloadResumedOrFinishedByAnotherProcessIsFollowed() throws {
        var machine = QueueMachine(limits: QueueLimits(maxConcurrent: 2, maxTotalConnections: 8))
        _ = try adopt(&machine, 1, .paused, order: 1)
        _ = try adopt(&machine, 2, .paused, order: 2)
        let resumed = try machine.handle(.storeSaw(1, QueueRow(state: .queued, queueOrder: 1)))
        XCTAssertEqual(starts(resumed), [.startTransfer(1, connections: 1, generation: 1)])
        let elsewhere = try machine.handle(.storeSaw(2, QueueRow(state: .downloading, queueOrder: 2)))
        XCTAssertEqual(elsewhere, [.announceState(2, .queued)], "not started here while another process runs it")
        XCTAssertEqual(machine.downloads[2]?.owner, .otherProcess)
        let finished = try machine.handle(.storeSaw(2, QueueRow(state: .completed, queueOrder: 2, path: "/d/two.bin")))
        XCTAssertEqual(finished, [.announceState(2, .completed), .announceCompleted(2, path: "/d/two.bin")])
        // Running here, a completed row is this run's own, read before its report: the report decides.
        XCTAssertEqual(try machine.handle(.storeSaw(1, QueueRow(state: .completed, queueOrder: 1, path: "/d/one.bin"))), [])
        XCTAssertEqual(machine.downloads[1]?.state, .downloading)
    }

    /// A download another process runs (its run here found the `.part` locked): it waits while that process holds
    /// the file, fails when that process stored a failure, and is run here once the file is let go unfinished.
    func testADownloadAnotherProcessRunsIsWaitedForAndTakenOverWhenLetGo() throws {
        var machine = QueueMachine(limits: QueueLimits(maxConcurrent: 2, maxTotalConnections: 8))
        _ = try adopt(&machine, 1, order: 1)
        _ = try adopt(&machine, 2, order: 2)
        for id: Int64 in [1, 2] {
            _ = try machine.handle(.transferEnded(id, generation: 1, .busy(message: "held")))
            XCTAssertEqual(machine.downloads[id]?.owner, .otherProcess)
        }
        XCTAssertTrue(machine.isIdle, "nothing of this process's own to run")
        let held = try machine.handle(.storeSaw(1, QueueRow(state: .downloading, queueOrder: 1, isHeldElsewhere: true)))
        XCTAssertEqual(held, [], "still held there: left to it")
        let letGo = try machine.handle(.storeSaw(1, QueueRow(state: .downloading, queueOrder: 1, isHeldElsewhere: false)))
        XCTAssertEqual(starts(letGo), [.startTransfer(1, connections: 1, generation: 2)], "let go unfinished: run here")
        let failed = try machine.handle(.storeSaw(2, QueueRow(state: .failed, queueOrder: 2, errorMessage: "HTTP 404")))
        XCTAssertEqual(failed, [.announceState(2, .failed), .announceFailed(2, message: "HTTP 404")])
        XCTAssertEqual(machine.downloads[2]?.state, .failed)
    }

    /// A pause while the run finishes, then the run's own completed row seen before its report: completed once,
    /// and the report that follows changes nothing (it is not refused as a runner's bug).
    func testARunsOwnCompletionSeenInTheStoreFirstIsNotAnnouncedTwice() throws {
        var machine = QueueMachine(limits: QueueLimits(maxConcurrent: 1, maxTotalConnections: 8))
        _ = try adopt(&machine, 1, order: 1)
        _ = try machine.handle(.pause(1))
        let seen = try machine.handle(.storeSaw(1, QueueRow(state: .completed, queueOrder: 1, path: "/d/one.bin")))
        XCTAssertEqual(seen, [.announceState(1, .completed), .announceCompleted(1, path: "/d/one.bin")])
        XCTAssertEqual(try machine.handle(.transferEnded(1, generation: 1, .completed(path: "/d/one.bin"))), [])
        XCTAssertEqual(machine.downloads[1]?.state, .completed)
        // Its row deleted by another process (`haul remove`): forgotten here.
        XCTAssertEqual(try machine.handle(.storeSaw(1, nil)), [.drop(1)])
        XCTAssertNil(machine.downloads[1])
    }

    func testMovingToTheTopStoresTheNewPosition() throws {
        var machine = QueueMachine(limits: QueueLimits(maxConcurrent: 0, maxTotalConnections: 8))
        _ = try adopt(&machine, 1, priority: 3, order: 1)
        _ = try adopt(&machine, 2, order: 2)
        XCTAssertEqual(try machine.handle(.move(2, .toTop)), [.persistPosition(2, priority: 3, queueOrder: 0)])
        XCTAssertEqual(try machine.handle(.move(2, .priority(-1))), [.persistPosition(2, priority: -1, queueOrder: 0)])
    }

    /// Shutdown stops what runs; the stopped runs go back in line (stored), a completed one stays completed,
    /// and nothing starts afterwards.
    func testShutdownStopsRunsAndStartsNothing() throws {
        var machine = QueueMachine(limits: QueueLimits(maxConcurrent: 2, maxTotalConnections: 8))
        _ = try adopt(&machine, 1, order: 1)
        _ = try adopt(&machine, 2, order: 2)
        _ = try adopt(&machine, 3, .paused, order: 3)
        XCTAssertEqual(try machine.handle(.shutdown), [.stopTransfer(1), .stopTransfer(2)])
        XCTAssertEqual(try machine.handle(.transferEnded(1, generation: 1, .stopped)), [.persistState(1, .queued, error: nil), .announceState(1, .queued)])
        _ = try machine.handle(.transferEnded(2, generation: 1, .completed(path: "/b")))
        XCTAssertEqual(starts(try machine.handle(.resume(3))), [], "nothing starts once stopping")
        XCTAssertEqual(machine.downloads.mapValues(\.state), [1: .queued, 2: .completed, 3: .queued])
    }

    func testIdleMeansNothingRunsAndNothingOfOursWaits() throws {
        var machine = QueueMachine(limits: QueueLimits(maxConcurrent: 0, maxTotalConnections: 8))
        XCTAssertTrue(machine.isIdle)
        _ = try adopt(&machine, 1, order: 1)
        XCTAssertFalse(machine.isIdle, "a queued download will start")
        _ = try machine.handle(.pause(1))
        XCTAssertTrue(machine.isIdle)
    }

    /// Adding says "I want this file": a stored paused or failed download is queued again (and starts), a paused
    /// add waits, and a refused add takes nothing up.
    func testAddingQueuesAgainOrHoldsAndARefusalTakesNothingUp() throws {
        var machine = QueueMachine(limits: QueueLimits(maxConcurrent: 1, maxTotalConnections: 8))
        let again = try machine.handle(.add(id: 1, QueueRow(state: .failed, queueOrder: 1, errorMessage: "404"), requestedConnections: 2, paused: false))
        XCTAssertEqual(Array(again.prefix(3)), [.announceAdded(1, as: .failed), .persistState(1, .queued, error: nil), .announceState(1, .queued)])
        XCTAssertEqual(starts(again), [.startTransfer(1, connections: 2, generation: 1)])
        XCTAssertEqual(try machine.handle(.add(id: 2, QueueRow(state: .queued, queueOrder: 2), requestedConnections: 1, paused: true)),
                       [.announceAdded(2, as: .queued), .persistState(2, .paused, error: nil), .announceState(2, .paused)])
        XCTAssertThrowsError(try machine.handle(.add(id: 3, QueueRow(state: .failed, queueOrder: 3), requestedConnections: 1, paused: true)))
        XCTAssertNil(machine.downloads[3])
    }
}
