import XCTest

@testable import HaulCore

private let mib: Int64 = 1024 * 1024

private func id(_ number: Int) -> ConnectionID { ConnectionID(number) }

/// The first plan cuts no segment below `minimumSplitSize` (4 MiB by default); once the download runs, a free
/// connection may cut a running range down to `endgameSplitSize` (1 MiB by default), so connections that finish
/// early help the last ones instead of idling (see `SegmentPolicy`).
final class SegmentEndgameSplitTests: XCTestCase {
    /// Four connections on 16 MiB with the default floors: four segments of 4 MiB, all opened.
    private func running(_ policy: SegmentPolicy = SegmentPolicy(connections: 4)) -> SegmentPlanner {
        var planner = SegmentPlanner(length: 16 * mib, policy: policy)
        while planner.nextAssignment() != nil {}
        return planner
    }

    func testTheFirstPlanKeepsTheFourMiBFloor() {
        XCTAssertEqual(SegmentPlanner(length: 7 * mib, policy: SegmentPolicy()).segments.count, 1, "under two first-plan floors: one segment")
        XCTAssertEqual(SegmentPlanner(length: 16 * mib, policy: SegmentPolicy()).segments.count, 4)
        XCTAssertEqual(SegmentPolicy().stealingSplitSize, mib)
    }

    // Connection 1 is done; connection 4 has 3 MiB left (two halves of 1.5 MiB: below the 4 MiB first-plan floor,
    // above the 1 MiB endgame floor), the others less. With no speeds measured it is the back half.
    func testAFinishedConnectionSplitsARemainderSmallerThanTwoFirstPlanFloors() throws {
        var planner = running()
        try planner.connectionReceived(id(1), upTo: 4 * mib)
        try planner.connectionReceived(id(2), upTo: 7 * mib)
        try planner.connectionReceived(id(3), upTo: 11 * mib)
        try planner.connectionReceived(id(4), upTo: 13 * mib)
        let cut = 13 * mib + 3 * mib / 2
        XCTAssertEqual(
            try planner.connectionFinished(id(1)),
            .assign(SegmentAssignment(connection: id(1), start: cut, end: 16 * mib, shrink: SegmentShrink(connection: id(4), end: cut)))
        )
    }

    // Sixteen connections allowed on 16 MiB: the first plan makes four segments of 4 MiB, and no new connection
    // cuts them further: the endgame floor is for connections that have finished, not for opening more.
    func testANewConnectionKeepsTheFirstPlanFloor() throws {
        var planner = SegmentPlanner(length: 16 * mib, policy: SegmentPolicy(connections: 16))
        var opened = 0
        while planner.nextAssignment() != nil { opened += 1 }
        XCTAssertEqual(opened, 4)
        XCTAssertFalse(planner.wantsNewConnection)
        try planner.connectionReceived(id(1), upTo: mib)
        XCTAssertFalse(planner.wantsNewConnection, "3 MiB left of a segment: no new connection for it")
        XCTAssertNil(planner.nextAssignment())
        XCTAssertEqual(try planner.connectionFailed(id(2)), .retry, "a failed connection's segment waits for a new one")
        XCTAssertEqual(planner.nextAssignment(), SegmentAssignment(connection: id(5), start: 4 * mib, end: 8 * mib))
    }

    func testNothingIsCutBelowTheEndgameFloor() throws {
        var planner = running()
        try planner.connectionReceived(id(1), upTo: 4 * mib)
        try planner.connectionReceived(id(2), upTo: 8 * mib - 2 * mib + 1)  // 2 MiB - 1 left: halves under 1 MiB
        try planner.connectionReceived(id(3), upTo: 11 * mib)
        try planner.connectionReceived(id(4), upTo: 15 * mib)
        XCTAssertEqual(try planner.connectionFinished(id(1)), .idle)
        XCTAssertFalse(planner.wantsNewConnection)
    }

    // A --min-split-size under 1 MiB is the floor of every cut; one over 1 MiB governs the first plan only.
    func testASmallMinimumSplitIsTheEndgameFloorToo() throws {
        let small = SegmentPolicy(connections: 4, minimumSplitSize: 512 * 1024)
        XCTAssertEqual(small.stealingSplitSize, 512 * 1024)
        var planner = running(small)
        XCTAssertEqual(planner.segments.count, 4)
        try planner.connectionReceived(id(1), upTo: 4 * mib)
        try planner.connectionReceived(id(2), upTo: 7 * mib)
        try planner.connectionReceived(id(3), upTo: 11 * mib)
        try planner.connectionReceived(id(4), upTo: 15 * mib)  // 1 MiB left: halves of 512 KiB
        XCTAssertEqual(
            try planner.connectionFinished(id(1)),
            .assign(SegmentAssignment(connection: id(1), start: 7 * mib + mib / 2, end: 8 * mib, shrink: SegmentShrink(connection: id(2), end: 7 * mib + mib / 2)))
        )
        XCTAssertEqual(SegmentPolicy(minimumSplitSize: 20 * mib).stealingSplitSize, mib)
    }

    // With speeds: sixteen connections at 8 MiB/s where the first to finish finds the slowest with 3 MiB left
    // (0.375 s at its speed); it takes the back part so both end together, where the 4 MiB floor left it alone.
    func testWithSpeedsTheLastRangesAreSharedNearTheEnd() throws {
        let rate = 8 * Double(mib)
        var planner = SegmentPlanner(length: 64 * mib, policy: SegmentPolicy(connections: 16, measuringSeconds: 1))
        while planner.nextAssignment() != nil {}
        XCTAssertEqual(planner.activeConnections.count, 16)
        for n in 1...16 {
            let start = Int64(n - 1) * 4 * mib
            try planner.connectionReceived(id(n), upTo: start + (n == 1 ? 4 * mib : n == 7 ? mib : 3 * mib + mib / 2))
        }
        var speeds: [ConnectionID: Double] = [:]
        for n in 1...16 { speeds[id(n)] = rate }
        _ = planner.tick(now: 0, speeds: [:])
        _ = planner.tick(now: 2, speeds: speeds)
        let cut = 6 * 4 * mib + mib + 3 * mib / 2
        XCTAssertEqual(
            try planner.connectionFinished(id(1)),
            .assign(SegmentAssignment(connection: id(1), start: cut, end: 7 * 4 * mib, shrink: SegmentShrink(connection: id(7), end: cut)))
        )
        var oldFloor = SegmentPlanner(length: 64 * mib, policy: SegmentPolicy(connections: 16, measuringSeconds: 1, endgameSplitSize: 4 * mib))
        while oldFloor.nextAssignment() != nil {}
        for n in 1...16 {
            let start = Int64(n - 1) * 4 * mib
            try oldFloor.connectionReceived(id(n), upTo: start + (n == 1 ? 4 * mib : n == 7 ? mib : 3 * mib + mib / 2))
        }
        _ = oldFloor.tick(now: 0, speeds: [:])
        _ = oldFloor.tick(now: 2, speeds: speeds)
        XCTAssertEqual(try oldFloor.connectionFinished(id(1)), .idle, "with a 4 MiB floor nothing can be cut")
    }
}
