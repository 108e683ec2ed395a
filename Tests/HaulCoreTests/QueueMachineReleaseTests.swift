import XCTest

@testable import HaulCore

/// `QueueMachine.release` and `activeCount`: a long list lets go of what has ended.
final class QueueMachineReleaseTests: XCTestCase {
    private func adopt(_ machine: inout QueueMachine, _ id: Int64, _ state: DownloadState) throws {
        _ = try machine.handle(.adopt(id: id, QueueRow(state: state, priority: 0, queueOrder: id), requestedConnections: 1))
    }

    func testOnlyEndedDownloadsAreLetGoOf() throws {
        var machine = QueueMachine(limits: QueueLimits(maxConcurrent: 1, maxTotalConnections: 8))
        try adopt(&machine, 1, .queued)  // starts: downloading
        try adopt(&machine, 2, .queued)
        try adopt(&machine, 3, .paused)
        try adopt(&machine, 4, .completed)
        try adopt(&machine, 5, .failed)
        XCTAssertEqual(machine.downloads[1]?.state, .downloading)
        XCTAssertEqual(machine.activeCount, 2, "one running, one queued; paused, completed and failed are not active")
        for id: Int64 in [1, 2, 3, 9] { XCTAssertFalse(machine.release(id), "\(id) is not released") }
        XCTAssertTrue(machine.release(4))
        XCTAssertTrue(machine.release(5))
        XCTAssertFalse(machine.release(4), "once")
        XCTAssertEqual(Set(machine.downloads.keys), [1, 2, 3])
    }

    func testACompletedRunIsReleasedAndTheQueueGoesOn() throws {
        var machine = QueueMachine(limits: QueueLimits(maxConcurrent: 1, maxTotalConnections: 8))
        try adopt(&machine, 1, .queued)
        try adopt(&machine, 2, .queued)
        let actions = try machine.handle(.transferEnded(1, generation: 1, .completed(path: "/1")))
        XCTAssertTrue(actions.contains(.startTransfer(2, connections: 1, generation: 1)))
        XCTAssertTrue(machine.release(1))
        XCTAssertEqual(machine.activeCount, 1)
        XCTAssertEqual(try machine.handle(.transferEnded(1, generation: 1, .completed(path: "/1"))), [], "a late report of it changes nothing")
    }
}
