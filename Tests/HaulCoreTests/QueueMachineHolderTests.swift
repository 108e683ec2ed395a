import XCTest

@testable import HaulCore

/// `QueueMachine` beside another live process that holds a download (`HolderRule`): a resume leaves it to that
/// process, and a row put back in line for that process is not taken up here.
final class QueueMachineHolderTests: XCTestCase {
    private let room = QueueLimits(maxConcurrent: 4, maxTotalConnections: 16)

    private func paused(_ id: Int64) throws -> QueueMachine {
        var machine = QueueMachine(limits: room)
        _ = try machine.handle(.adopt(id: id, QueueRow(state: .paused, queueOrder: 1), requestedConnections: 2))
        return machine
    }

    private func starts(_ actions: [QueueAction]) -> [QueueAction] {
        actions.filter { if case .startTransfer = $0 { return true } else { return false } }
    }

    /// Rule 2 as the daemon applies it: stored as queued, left to its holder, never started here, whatever the room.
    func testAResumeInTheHolderStoresItQueuedAndStartsNothingHere() throws {
        var machine = try paused(7)
        XCTAssertEqual(try machine.handle(.resumeInHolder(7)), [.persistState(7, .queued, error: nil), .announceState(7, .queued)])
        XCTAssertEqual(machine.downloads[7]?.state, .queued)
        XCTAssertEqual(machine.downloads[7]?.owner, .otherProcess)
        XCTAssertEqual(starts(try machine.handle(.setLimits(room))), [], "its holder runs it")
        XCTAssertTrue(machine.isIdle)
    }

    /// Only a paused or failed download can be put back in line, in its holder as here.
    func testAResumeInTheHolderOfARunningDownloadIsRefused() throws {
        var machine = QueueMachine(limits: room)
        _ = try machine.handle(.adopt(id: 1, QueueRow(state: .queued, queueOrder: 1), requestedConnections: 1))
        XCTAssertEqual(machine.downloads[1]?.state, .downloading)
        XCTAssertThrowsError(try machine.handle(.resumeInHolder(1))) { XCTAssertTrue($0 is IllegalTransition) }
    }

    /// A paused download whose row is back in line while another process holds it: that process resumes it; here it
    /// waits in line as one run elsewhere (before: resumed and started here, taking the download over).
    func testARowBackInLineForItsHolderIsNotTakenUp() throws {
        var machine = try paused(3)
        let actions = try machine.handle(.storeSaw(3, QueueRow(state: .queued, queueOrder: 1, isHeldElsewhere: true)))
        XCTAssertEqual(actions, [.announceState(3, .queued)])
        XCTAssertEqual(machine.downloads[3]?.owner, .otherProcess)
        // The holder runs it, then ends without finishing it: the download is this process's to run.
        XCTAssertEqual(try machine.handle(.storeSaw(3, QueueRow(state: .downloading, queueOrder: 1, isHeldElsewhere: true))), [])
        let taken = try machine.handle(.storeSaw(3, QueueRow(state: .queued, queueOrder: 1, isHeldElsewhere: false)))
        XCTAssertEqual(starts(taken), [.startTransfer(3, connections: 2, generation: 1)])
    }

    /// Without a holder, a row back in line is resumed and started here, as before.
    func testARowBackInLineWithoutAHolderIsResumedHere() throws {
        var machine = try paused(3)
        let actions = try machine.handle(.storeSaw(3, QueueRow(state: .queued, queueOrder: 1)))
        XCTAssertEqual(Array(actions.prefix(2)), [.persistState(3, .queued, error: nil), .announceState(3, .queued)])
        XCTAssertEqual(starts(actions), [.startTransfer(3, connections: 2, generation: 1)])
        XCTAssertEqual(machine.downloads[3]?.owner, .thisProcess)
    }
}
