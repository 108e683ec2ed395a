import XCTest

@testable import HaulCore

/// The state index a `QueueMachine` keeps beside its downloads (`QueueDownloads`), and the lists and counts read
/// through it (issue 62: a daemon call costs the same at 30,000 queued as at 10).
final class QueueDownloadsTests: XCTestCase {
    private func adopt(_ machine: inout QueueMachine, _ id: Int64, _ state: DownloadState, priority: Int = 0, order: Int64) throws {
        _ = try machine.handle(.adopt(id: id, QueueRow(state: state, priority: priority, queueOrder: order), requestedConnections: 1))
    }

    /// Every way the machine writes a download (a new one, a changed state, a removal) moves its id between the
    /// state sets, so the index always says what a walk over every download would.
    func testTheIndexFollowsEveryWrite() throws {
        var machine = QueueMachine(limits: QueueLimits(maxConcurrent: 1, maxTotalConnections: 8))
        try adopt(&machine, 1, .queued, order: 1)
        try adopt(&machine, 2, .queued, order: 2)
        try adopt(&machine, 3, .paused, order: 3)
        try adopt(&machine, 4, .completed, order: 4)
        func walked() -> [DownloadState: Set<Int64>] {
            Dictionary(grouping: machine.downloads.map { ($0.key, $0.value.state) }, by: \.1).mapValues { Set($0.map(\.0)) }
        }
        func indexed() -> [DownloadState: Set<Int64>] {
            var all: [DownloadState: Set<Int64>] = [:]
            for state in DownloadState.allCases where !machine.downloads.ids(in: state).isEmpty { all[state] = machine.downloads.ids(in: state) }
            return all
        }
        XCTAssertEqual(machine.downloads.ids(in: .downloading), [1], "the first queued one started")
        XCTAssertEqual(indexed(), walked())
        _ = try machine.handle(.pause(2))
        _ = try machine.handle(.resume(3))
        XCTAssertEqual(indexed(), walked())
        XCTAssertEqual(machine.downloads.ids(in: .paused), [2])
        _ = try machine.handle(.remove(4, deletingFile: false, partHeldElsewhere: false))
        XCTAssertEqual(indexed(), walked())
        XCTAssertEqual(machine.downloads.ids(in: .completed), [], "a removed download leaves the index")
        XCTAssertEqual(machine.stateCounts, [.downloading: 1, .queued: 1, .paused: 1])
    }

    /// The counts `getGlobalStat` reads (`stateCounts`, kept as downloads change, never counted per call) equal a
    /// recount over every download after each of a seeded run of random events: adds, pauses, resumes, cancels,
    /// removals, runs that end, completed or failed, and other processes' rows seen in the store.
    func testCountsKeptAsTheQueueChangesEqualARecount() throws {
        var generator = SeededRandom(seed: 62_3)
        var machine = QueueMachine(limits: QueueLimits(maxConcurrent: 3, maxTotalConnections: 8))
        let states: [DownloadState] = [.queued, .paused, .failed, .completed, .downloading]
        var nextID: Int64 = 1
        for step in 0..<3000 {
            let id = Int64.random(in: 1...max(1, nextID), using: &generator)
            let event: QueueEvent
            switch Int.random(in: 0..<9, using: &generator) {
            case 0:
                event = .add(id: nextID, QueueRow(state: .queued, priority: 0, queueOrder: nextID), requestedConnections: 1, paused: Bool.random(using: &generator))
                nextID += 1
            case 1: event = .pause(id)
            case 2: event = .resume(id)
            case 3: event = .cancel(id, partHeldElsewhere: false)
            case 4: event = .remove(id, deletingFile: false, partHeldElsewhere: false)
            case 5, 6:
                let generation = machine.downloads[id]?.generation ?? 0
                event = .transferEnded(id, generation: generation, Bool.random(using: &generator) ? .completed(path: "/f\(id)") : .failed(message: "x"))
            case 7:
                let state = states.randomElement(using: &generator)!
                event = .storeSaw(id, Bool.random(using: &generator) ? nil : QueueRow(state: state, priority: 0, queueOrder: id))
            default:
                event = .adopt(id: nextID, QueueRow(state: states.randomElement(using: &generator)!, priority: 0, queueOrder: nextID), requestedConnections: 1)
                nextID += 1
            }
            _ = try? machine.handle(event)  // an illegal change is refused and changes nothing
            let recount = Dictionary(grouping: machine.downloads.values, by: \.state).mapValues(\.count)
            XCTAssertEqual(machine.stateCounts, recount, "step \(step): \(event)")
            if machine.stateCounts != recount { return }
        }
        XCTAssertGreaterThan(machine.downloads.count, 10, "the run kept downloads to count")
    }

    /// The downloads another process runs (`idsRunElsewhere`, what the manager's look at the store each second
    /// reads) equal a walk over every download after each of a seeded run of random events that hand downloads to
    /// other processes and take them back (store rows held elsewhere, resumes left to a holder, pauses, resumes,
    /// runs that end), and `isIdle` read from the counts says what the walk it replaced said.
    func testDownloadsRunElsewhereKeptAsTheQueueChangesEqualAWalk() throws {
        var generator = SeededRandom(seed: 62_33)
        var machine = QueueMachine(limits: QueueLimits(maxConcurrent: 2, maxTotalConnections: 8))
        let states: [DownloadState] = [.queued, .paused, .failed, .completed, .downloading]
        var nextID: Int64 = 1
        var sawElsewhere = 0
        for step in 0..<3000 {
            let id = Int64.random(in: 1...max(1, nextID), using: &generator)
            let event: QueueEvent
            switch Int.random(in: 0..<9, using: &generator) {
            case 0:
                event = .add(id: nextID, QueueRow(state: .queued, priority: 0, queueOrder: nextID), requestedConnections: 1, paused: Bool.random(using: &generator))
                nextID += 1
            case 1: event = .pause(id)
            case 2: event = .resume(id)
            case 3: event = .resumeInHolder(id)
            case 4: event = .remove(id, deletingFile: false, partHeldElsewhere: false)
            case 5:
                let generation = machine.downloads[id]?.generation ?? 0
                event = .transferEnded(id, generation: generation, Bool.random(using: &generator) ? .completed(path: "/f\(id)") : .busy(message: "held"))
            case 6, 7:
                let state = states.randomElement(using: &generator)!
                event = .storeSaw(id, QueueRow(state: state, priority: 0, queueOrder: id, isHeldElsewhere: Bool.random(using: &generator)))
            default:
                event = .adopt(id: nextID, QueueRow(state: .queued, priority: 0, queueOrder: nextID), requestedConnections: 1)
                nextID += 1
            }
            _ = try? machine.handle(event)
            let walked = Set(machine.downloads.filter {
                $0.value.owner == .otherProcess && ($0.value.state == .queued || $0.value.state == .downloading)
            }.map(\.key))
            let idleByWalk = machine.downloads.ids(in: .downloading).isEmpty
                && !machine.downloads.contains { $0.value.state == .queued && $0.value.owner == .thisProcess }
            XCTAssertEqual(machine.downloads.idsRunElsewhere, walked, "step \(step): \(event)")
            XCTAssertEqual(machine.isIdle, idleByWalk, "step \(step): \(event)")
            if machine.downloads.idsRunElsewhere != walked || machine.isIdle != idleByWalk { return }
            sawElsewhere = max(sawElsewhere, walked.count)
        }
        XCTAssertGreaterThan(sawElsewhere, 0, "the run handed downloads to other processes")
    }

    /// Writing through the subscript, as the machine does (`downloads[id]?.state = ...`, `downloads[id] = nil`).
    func testTheSubscriptMovesIdsBetweenStates() throws {
        var machine = QueueMachine(limits: QueueLimits(maxConcurrent: 0, maxTotalConnections: 8))
        try adopt(&machine, 7, .queued, order: 1)
        var downloads = machine.downloads
        downloads[7]?.state = .failed
        XCTAssertEqual(downloads.ids(in: .queued), [])
        XCTAssertEqual(downloads.ids(in: .failed), [7])
        XCTAssertEqual(downloads.countsByState, [.failed: 1])
        downloads[7] = nil
        XCTAssertEqual(downloads.countsByState, [:])
        XCTAssertEqual(machine.downloads.ids(in: .queued), [7], "a copy's writes leave the machine's index alone")
    }

    /// The ids of some states in queue order: priority (higher first), then order added, then id, as
    /// `QueuePolicy.comesBefore` orders them.
    func testOrderedIDsFollowTheQueueOrder() throws {
        var machine = QueueMachine(limits: QueueLimits(maxConcurrent: 0, maxTotalConnections: 8))
        try adopt(&machine, 1, .queued, order: 3)
        try adopt(&machine, 2, .paused, order: 1)
        try adopt(&machine, 3, .queued, priority: 5, order: 9)
        try adopt(&machine, 4, .completed, order: 0)
        try adopt(&machine, 5, .paused, order: 3)
        XCTAssertEqual(machine.orderedIDs(in: [.queued, .paused]), [3, 2, 1, 5])
        XCTAssertEqual(machine.orderedIDs(in: [.completed]), [4])
        XCTAssertEqual(machine.orderedIDs(in: [.downloading]), [])
        let entries = QueuePolicy.ordered(machine.queueEntries).filter { [.queued, .paused].contains($0.state) }.map(\.id)
        XCTAssertEqual(machine.orderedIDs(in: [.queued, .paused]), entries, "the scheduler's order")
    }

    /// A queue whose slots are full gathers no queued entry for its plan; one with room gathers them all.
    func testThePlanLooksAtQueuedDownloadsOnlyWhenThereIsRoom() throws {
        var machine = QueueMachine(limits: QueueLimits(maxConcurrent: 1, maxTotalConnections: 8))
        try adopt(&machine, 1, .queued, order: 1)
        try adopt(&machine, 2, .queued, order: 2)
        try adopt(&machine, 3, .paused, order: 3)
        XCTAssertEqual(machine.schedulableEntries.map(\.id), [1], "full: only the running one")
        _ = try machine.handle(.pause(1))
        XCTAssertEqual(machine.schedulableEntries.map(\.id), [2], "2 started in the free slot")
        XCTAssertTrue(QueuePolicy.hasRoom(running: [], limits: machine.limits))
        XCTAssertFalse(QueuePolicy.hasRoom(running: [], limits: QueueLimits(maxConcurrent: 0, maxTotalConnections: 8)))
    }

    /// A restart takes up its queue in one `adoptAll`, with room made for each state's set first: a state that
    /// room was made for but no download entered (a cancelled row, an id already held) is still absent from the
    /// counts, and the index says what a walk over the downloads says.
    func testRoomMadeForAStateNoDownloadEnteredLeavesNoCount() throws {
        var machine = QueueMachine(limits: QueueLimits(maxConcurrent: 0, maxTotalConnections: 8))
        try adopt(&machine, 1, .paused, order: 1)
        let adoptions = [
            QueueAdoption(id: 1, row: QueueRow(state: .failed, priority: 0, queueOrder: 1), requestedConnections: 1),  // held already
            QueueAdoption(id: 2, row: QueueRow(state: .cancelled, priority: 0, queueOrder: 2), requestedConnections: 1),  // not taken up
            QueueAdoption(id: 3, row: QueueRow(state: .paused, priority: 0, queueOrder: 3), requestedConnections: 1),
            QueueAdoption(id: 4, row: QueueRow(state: .downloading, priority: 0, queueOrder: 4), requestedConnections: 1),
        ]
        _ = try machine.handle(.adoptAll(adoptions))
        XCTAssertEqual(machine.stateCounts, [.paused: 2, .queued: 1], "no count for .failed, .cancelled or .downloading")
        XCTAssertEqual(machine.downloads.ids(in: .paused), [1, 3])
        XCTAssertEqual(machine.downloads.ids(in: .queued), [4], "a download that was running comes back queued")
        XCTAssertEqual(machine.downloads.count, 3)
    }
}
