import XCTest

@testable import HaulCore

private let mib: Int64 = 1024 * 1024

private func id(_ number: Int) -> ConnectionID { ConnectionID(number) }

/// `split` is the floor of every cut here, the first plan's and the later ones' alike (the smaller floor of later
/// cuts has its own tests in SegmentEndgameSplitTests).
private func policy(_ connections: Int, split: Int64) -> SegmentPolicy {
    SegmentPolicy(connections: connections, minimumSplitSize: split, measuringSeconds: 5, endgameSplitSize: split)
}

/// Opens connections until the planner says no more.
private func openAll(_ planner: inout SegmentPlanner) -> [SegmentAssignment] {
    var opened: [SegmentAssignment] = []
    while let assignment = planner.nextAssignment() { opened.append(assignment) }
    return opened
}

private func ranges(_ planner: SegmentPlanner) -> [[Int64]] {
    planner.segments.map { [$0.start, $0.end, $0.next] }
}

final class SlowConnectionTests: XCTestCase {
    /// Four connections on 64 MiB (16 MiB each), minimum split 1 MiB, watched from t = 0.
    private func watched() -> SegmentPlanner {
        var planner = SegmentPlanner(length: 64 * mib, policy: policy(4, split: mib))
        _ = openAll(&planner)
        XCTAssertEqual(planner.tick(now: 0, speeds: [:]), [])
        return planner
    }

    /// Every connection but `except` moves on by `step` bytes.
    private func progress(_ planner: inout SegmentPlanner, by step: Int64, except: Set<ConnectionID> = []) throws {
        for connection in planner.activeConnections where !except.contains(connection) {
            let segment = try XCTUnwrap(planner.segment(ownedBy: connection))
            try planner.connectionReceived(connection, upTo: min(segment.end, segment.next + step))
        }
    }

    private let speeds: [ConnectionID: Double] = [id(1): 1_000_000, id(2): 1_000_000, id(3): 1_000_000, id(4): 20_000]

    func testAConnectionFiftyTimesSlowerThanTheMedianIsTakenOver() throws {
        var planner = watched()
        try progress(&planner, by: 1000)
        XCTAssertEqual(planner.tick(now: 4, speeds: speeds), [], "not measured long enough yet")
        try progress(&planner, by: 1000)
        XCTAssertEqual(planner.tick(now: 6, speeds: speeds), [.replace(id(4), .slow)])
        XCTAssertNil(planner.segment(ownedBy: id(4)))
        // Its whole remaining range waits, keeping the progress, for a fresh connection.
        XCTAssertEqual(openAll(&planner), [SegmentAssignment(connection: id(5), start: 48 * mib + 2000, end: 64 * mib)])
        XCTAssertThrowsError(try planner.connectionReceived(id(4), upTo: 48 * mib + 3000), "late bytes of the slow one")
    }

    func testTheReplacementIsJudgedOnlyAfterItsOwnMeasuringTime() throws {
        var planner = watched()
        try progress(&planner, by: 1000)
        XCTAssertEqual(planner.tick(now: 6, speeds: speeds).count, 1)
        _ = openAll(&planner)
        var slowAgain = speeds
        slowAgain[id(5)] = 20_000
        for now in stride(from: 7.0, to: 12.0, by: 1) {
            try progress(&planner, by: 1000)
            XCTAssertEqual(planner.tick(now: now, speeds: slowAgain), [], "not judged before 5 s of its own (t = \(now))")
        }
        try progress(&planner, by: 1000)
        XCTAssertEqual(planner.tick(now: 12, speeds: slowAgain), [.replace(id(5), .slow)], "still slow: replaced again")
    }

    func testASlowConnectionWithASmallRemainderIsTakenOverToo() throws {
        var planner = watched()
        try planner.connectionReceived(id(4), upTo: 64 * mib - 2 * mib + 1)
        try progress(&planner, by: 1000, except: [id(4)])
        XCTAssertEqual(planner.tick(now: 6, speeds: speeds), [.replace(id(4), .slow)], "the tail is where a slow connection hurts most")
    }

    func testAStalledConnectionIsReplaced() throws {
        var planner = watched()
        try planner.connectionReceived(id(2), upTo: 16 * mib + 500)
        for now in stride(from: 1.0, to: 16.0, by: 1) {
            try progress(&planner, by: 1000, except: [id(2)])
            XCTAssertEqual(planner.tick(now: now, speeds: [:]), [], "t = \(now)")
        }
        try progress(&planner, by: 1000, except: [id(2)])
        XCTAssertEqual(planner.tick(now: 16, speeds: [:]), [.replace(id(2), .stalled)], "no byte since t = 1")
        XCTAssertFalse(planner.activeConnections.contains(id(2)))
        XCTAssertEqual(openAll(&planner), [SegmentAssignment(connection: id(5), start: 16 * mib + 500, end: 32 * mib)])
        XCTAssertThrowsError(try planner.connectionReceived(id(2), upTo: 16 * mib + 600), "late bytes of a replaced connection") {
            XCTAssertEqual($0 as? SegmentPlannerError, .unknownConnection(id(2)))
        }
        XCTAssertEqual(planner.tick(now: 17, speeds: [:]), [], "the new connection is watched from now on")
    }

    func testALoneOrFreshConnectionIsNeverJudgedSlow() throws {
        var lone = SegmentPlanner(length: 64 * mib, policy: policy(1, split: mib))
        _ = openAll(&lone)
        _ = lone.tick(now: 0, speeds: [:])
        try lone.connectionReceived(id(1), upTo: 10)
        XCTAssertEqual(lone.tick(now: 10, speeds: [id(1): 1]), [], "no other connection to compare with")

        var planner = watched()
        try progress(&planner, by: 1000)
        XCTAssertEqual(try planner.connectionFailed(id(1)), .retry)
        XCTAssertEqual(openAll(&planner).count, 1)
        let fresh: [ConnectionID: Double] = [id(5): 1, id(2): 1_000_000, id(3): 1_000_000, id(4): 1_000_000]
        XCTAssertEqual(planner.tick(now: 6, speeds: fresh), [], "connection 5 was first seen now")
        XCTAssertEqual(planner.tick(now: 10, speeds: fresh), [], "connection 5 moved no byte yet but is not stalled either")
    }
}

final class SegmentGiveUpTests: XCTestCase {
    private func running() -> SegmentPlanner {
        var planner = SegmentPlanner(length: 400, policy: policy(4, split: 10))
        _ = openAll(&planner)
        return planner
    }

    func testTooManyConnectionsReturnsTheRangeAndLowersTheCap() throws {
        var planner = running()
        try planner.connectionReceived(id(4), upTo: 340)
        XCTAssertEqual(try planner.connectionGaveUp(id(4), status: 429), .wait)
        XCTAssertEqual(planner.maximumConnections, 3)
        XCTAssertEqual(planner.segments.last, Segment(start: 300, end: 400, next: 340), "progress kept, no owner")
        XCTAssertFalse(planner.wantsNewConnection)
        XCTAssertNil(planner.nextAssignment())
        try planner.connectionReceived(id(1), upTo: 100)
        XCTAssertEqual(try planner.connectionFinished(id(1)), .assign(SegmentAssignment(connection: id(1), start: 340, end: 400)))

        XCTAssertEqual(try planner.connectionGaveUp(id(2), status: 503), .wait)
        XCTAssertEqual(planner.maximumConnections, 2)
        XCTAssertEqual(try planner.connectionFailed(id(3)), .retry, "a plain failure never lowers the cap")
        XCTAssertEqual(planner.maximumConnections, 2)
        XCTAssertEqual(openAll(&planner).map(\.range), [ByteRange(100, 200)])
    }

    func testTheCapNeverDropsBelowOne() throws {
        var planner = SegmentPlanner(length: 400, policy: policy(1, split: 10))
        _ = openAll(&planner)
        try planner.connectionReceived(id(1), upTo: 50)
        XCTAssertEqual(try planner.connectionGaveUp(id(1), status: 403), .retry)
        XCTAssertEqual(planner.maximumConnections, 1)
        XCTAssertEqual(openAll(&planner), [SegmentAssignment(connection: id(2), start: 50, end: 400)])
    }

    func testOtherRefusalsReturnTheRangeWithoutLoweringTheCap() throws {
        for status in [200, 416, 500] {
            var planner = running()
            XCTAssertEqual(try planner.connectionGaveUp(id(2), status: status), .retry)
            XCTAssertEqual(planner.maximumConnections, 4)
            XCTAssertEqual(openAll(&planner), [SegmentAssignment(connection: id(5), start: 100, end: 200)])
        }
    }

    func testAFailureAfterTheLastByteCompletes() throws {
        var planner = SegmentPlanner(length: 10, policy: policy(4, split: 10))
        _ = openAll(&planner)
        try planner.connectionReceived(id(1), upTo: 10)
        XCTAssertEqual(try planner.connectionFailed(id(1)), .complete)
        XCTAssertTrue(planner.isComplete)
    }
}

final class SegmentRestoreTests: XCTestCase {
    func testRestoreKeepsProgressDropsOwnersAndSplitsForFreeConnections() throws {
        let saved = [
            Segment(start: 0, end: 100, next: 100),
            Segment(start: 200, end: 300, next: 200, owner: id(7)),
            Segment(start: 100, end: 200, next: 150, owner: id(3)),
        ]
        var planner = try SegmentPlanner(length: 300, policy: policy(3, split: 10), restoring: saved)
        XCTAssertEqual(ranges(planner), [[0, 100, 100], [100, 200, 150], [200, 250, 200], [250, 300, 250]])
        XCTAssertEqual(planner.activeConnections, [])
        XCTAssertEqual(planner.completedBytes, 150)
        XCTAssertEqual(openAll(&planner).map(\.range), [ByteRange(150, 200), ByteRange(200, 250), ByteRange(250, 300)])
    }

    func testASingleConnectionCheckpointIsSpreadOverTheConnections() throws {
        let planner = try SegmentPlanner(length: 1000, policy: policy(4, split: 10), restoring: [Segment(start: 0, end: 1000, next: 200)])
        XCTAssertEqual(ranges(planner), [[0, 400, 200], [400, 600, 400], [600, 800, 600], [800, 1000, 800]])
    }

    func testRestoreNeverSplitsBelowTheMinimum() throws {
        let planner = try SegmentPlanner(length: 100, policy: policy(8, split: 30), restoring: [Segment(start: 0, end: 100, next: 35)])
        XCTAssertEqual(ranges(planner), [[0, 67, 35], [67, 100, 67]], "65 left: 32 + 33, then nothing of 60 or more")
    }

    func testACompleteCheckpointStaysComplete() throws {
        var planner = try SegmentPlanner(length: 200, policy: policy(4, split: 10), restoring: [
            Segment(start: 0, end: 120, next: 120), Segment(start: 120, end: 200, next: 200),
        ])
        XCTAssertTrue(planner.isComplete)
        XCTAssertEqual(planner.segments.count, 2)
        XCTAssertNil(planner.nextAssignment())
        XCTAssertTrue(try SegmentPlanner(length: 0, restoring: []).isComplete)
    }

    func testInvalidCheckpointsAreRefused() {
        let invalid: [[Segment]] = [
            [],
            [Segment(start: 0, end: 50, next: 0), Segment(start: 60, end: 100, next: 60)],  // gap
            [Segment(start: 0, end: 60, next: 0), Segment(start: 50, end: 100, next: 50)],  // overlap
            [Segment(start: 0, end: 90, next: 0)],  // short
            [Segment(start: 0, end: 110, next: 0)],  // long
            [Segment(start: 0, end: 100, next: 101)],  // next past end
            [Segment(start: 10, end: 100, next: 10)],  // does not start at 0
            [Segment(start: 0, end: 50, next: 40), Segment(start: 50, end: 100, next: 30)],  // next before start
        ]
        for segments in invalid {
            XCTAssertThrowsError(try SegmentPlanner(length: 100, restoring: segments), "\(segments)") {
                guard case .invalidCheckpoint? = $0 as? SegmentPlannerError else { return XCTFail("\($0)") }
            }
        }
    }
}

final class SegmentEndgameTests: XCTestCase {
    private let fast = 8 * Double(mib)
    private let slow = 1 * Double(mib)

    /// Four connections on 64 MiB (16 MiB each), minimum split 4 MiB, judged only after 5 s; seen at t = 0, with
    /// `speeds` measured at t = 1 and connection n at `next[n - 1]` (an offset into its own segment).
    private func measured(_ speeds: [Double], at offsets: [Int64]) throws -> SegmentPlanner {
        var planner = SegmentPlanner(length: 64 * mib, policy: policy(4, split: 4 * mib))
        _ = openAll(&planner)
        XCTAssertEqual(planner.tick(now: 0, speeds: [:]), [])
        for (n, offset) in offsets.enumerated() where offset > 0 {
            try planner.connectionReceived(id(n + 1), upTo: Int64(n) * 16 * mib + offset)
        }
        var measured: [ConnectionID: Double] = [:]
        for (n, speed) in speeds.enumerated() { measured[id(n + 1)] = speed }
        XCTAssertEqual(planner.tick(now: 1, speeds: measured), [], "nobody is judged before 5 s")
        return planner
    }

    // The slow-first case: the connection from byte 0 gets an eighth of the others' speed. When the first fast one
    // finishes, a split would leave the slow one at least 4 MiB (4 s at its speed); the fast ones need 1.75 s for
    // all 14 MiB, so the rest is taken over at once instead of waiting for the slow one to be judged. The other two
    // are about to finish and a slot is free: the 14 MiB are cut into three pieces of at least 4 MiB for them.
    func testAFinishedConnectionTakesOverTheWholeRestOfAVerySlowOne() throws {
        var planner = try measured([slow, fast, fast, fast], at: [2 * mib, 16 * mib, 15 * mib, 15 * mib])
        let piece = 14 * mib / 3  // 4893354, 2 bytes over
        let cuts = [2 * mib, 2 * mib + piece + 1, 2 * mib + 2 * piece + 2, 16 * mib]
        XCTAssertEqual(
            try planner.connectionFinished(id(2)),
            .assign(SegmentAssignment(connection: id(2), start: cuts[0], end: cuts[1], replaces: id(1)))
        )
        XCTAssertEqual(Array(planner.segments.prefix(3)), [
            Segment(start: 0, end: cuts[1], next: cuts[0], owner: id(2)),
            Segment(start: cuts[1], end: cuts[2], next: cuts[1]),
            Segment(start: cuts[2], end: cuts[3], next: cuts[2]),
        ])
        XCTAssertEqual(planner.activeConnections, [id(2), id(3), id(4)])
        XCTAssertThrowsError(try planner.connectionReceived(id(1), upTo: 2 * mib + 1), "late bytes of the slow one") {
            XCTAssertEqual($0 as? SegmentPlannerError, .unknownConnection(id(1)))
        }
        // The free slot and the next connection to finish take the waiting pieces.
        XCTAssertEqual(openAll(&planner), [SegmentAssignment(connection: id(5), start: cuts[1], end: cuts[2])])
        try planner.connectionReceived(id(3), upTo: 48 * mib)
        XCTAssertEqual(try planner.connectionFinished(id(3)), .assign(SegmentAssignment(connection: id(3), start: cuts[2], end: cuts[3])))
        XCTAssertEqual(planner.tick(now: 6, speeds: [id(2): fast, id(3): fast, id(4): fast, id(5): fast]), [], "newcomers are watched afresh")
    }

    func testATakenOverRangeIsCutOnlyForConnectionsAboutToBeFree() throws {
        // Connections 3 and 4 have 8 MiB left (1 s), too long to help: two pieces, for the taker and for a new
        // connection in the slot the slow one leaves.
        var planner = try measured([slow, fast, fast, fast], at: [2 * mib, 16 * mib, 8 * mib, 8 * mib])
        XCTAssertEqual(
            try planner.connectionFinished(id(2)),
            .assign(SegmentAssignment(connection: id(2), start: 2 * mib, end: 9 * mib, replaces: id(1)))
        )
        XCTAssertEqual(openAll(&planner), [SegmentAssignment(connection: id(5), start: 9 * mib, end: 16 * mib)])

    }

    func testTheBackPartIsSizedSoThatBothConnectionsEndTogether() throws {
        // Connection 1 runs at half the others' speed with 12 MiB left: it keeps 4 MiB, the free one takes 8 MiB.
        var planner = try measured([fast / 2, fast, fast, fast], at: [4 * mib, 16 * mib, 10 * mib, 10 * mib])
        XCTAssertEqual(
            try planner.connectionFinished(id(2)),
            .assign(SegmentAssignment(connection: id(2), start: 8 * mib, end: 16 * mib, shrink: SegmentShrink(connection: id(1), end: 8 * mib)))
        )
    }

    func testTheSlowerVictimIsChosenOverTheLargerRemainder() throws {
        // 12 MiB left at 8 MiB/s (1.5 s) against 10 MiB left at 2 MiB/s (5 s): the slow one would end last.
        var planner = try measured([fast, fast, fast / 4, fast], at: [4 * mib, 16 * mib, 6 * mib, 14 * mib])
        guard case .assign(let assignment) = try planner.connectionFinished(id(2)) else { return XCTFail("no work") }
        XCTAssertEqual(assignment.shrink?.connection ?? assignment.replaces, id(3))
    }

    // Nothing is left to split, but a slow owner still has 3 MiB (3 s at 1 MiB/s): a finished connection takes it
    // (0.375 s at the reference speed, plus the 1 s margin).
    func testASlowOwnersSmallRemainderIsTakenOverWhenNothingCanBeSplit() throws {
        var planner = try measured([fast, fast, slow, fast], at: [16 * mib, 16 * mib, 13 * mib, 15 * mib])
        try planner.connectionReceived(id(1), upTo: 16 * mib)
        XCTAssertEqual(
            try planner.connectionFinished(id(1)),
            .assign(SegmentAssignment(connection: id(1), start: 45 * mib, end: 48 * mib, replaces: id(3)))
        )
        XCTAssertEqual(try planner.connectionFinished(id(2)), .idle, "connection 4 has 1 MiB left at full speed")
    }

    func testARemainderIsNotTakenOverForLessThanTheMargin() throws {
        // 2 MiB left at 2 MiB/s: 1 s; a fresh connection would need 0.25 s + 1 s.
        var planner = try measured([fast, fast, fast / 4, fast], at: [16 * mib, 16 * mib, 14 * mib, 15 * mib])
        XCTAssertEqual(try planner.connectionFinished(id(2)), .idle)
        XCTAssertEqual(planner.activeConnections, [id(1), id(3), id(4)])
    }

    func testAConnectionIsNotTakenOverBeforeItsSpeedWasMeasured() throws {
        var planner = SegmentPlanner(length: 64 * mib, policy: policy(4, split: 4 * mib))
        _ = openAll(&planner)
        try planner.connectionReceived(id(2), upTo: 32 * mib)
        try planner.connectionReceived(id(3), upTo: 47 * mib)
        try planner.connectionReceived(id(4), upTo: 63 * mib)
        // Connection 1 is first seen at this tick: its speed (and 0 bytes so far) say nothing yet.
        XCTAssertEqual(planner.tick(now: 0, speeds: [id(1): 0, id(2): fast, id(3): fast, id(4): fast]), [])
        XCTAssertEqual(
            try planner.connectionFinished(id(2)),
            .assign(SegmentAssignment(connection: id(2), start: 8 * mib, end: 16 * mib, shrink: SegmentShrink(connection: id(1), end: 8 * mib))),
            "the back half, as without speeds"
        )
    }

    func testAStalledOwnerIsTakenOverWithoutWaitingForTheStallTimeout() throws {
        var planner = try measured([0, fast, fast, fast], at: [3 * mib, 16 * mib, 15 * mib, 15 * mib])
        XCTAssertEqual(
            try planner.connectionFinished(id(2)),
            .assign(SegmentAssignment(connection: id(2), start: 3 * mib, end: 3 * mib + 13 * mib / 3 + 1, replaces: id(1))),
            "the first of three pieces"
        )
    }

    // A free slot (a connection went idle earlier) lets a fresh connection take over the slow one's range.
    func testAFreshConnectionTakesOverWhenASlotIsFree() throws {
        var planner = try measured([fast, fast, slow, fast], at: [16 * mib, 16 * mib, 12 * mib, 14 * mib])
        XCTAssertEqual(try planner.connectionFailed(id(1)), .retry, "a free slot and a slow connection: worth a fresh one")
        XCTAssertTrue(planner.wantsNewConnection)
        XCTAssertEqual(openAll(&planner), [SegmentAssignment(connection: id(5), start: 44 * mib, end: 48 * mib, replaces: id(3))])
        XCTAssertEqual(planner.activeConnections, [id(2), id(5), id(4)])
        XCTAssertFalse(planner.wantsNewConnection, "the newcomer is not measured: nothing more to take")
    }

    func testEqualSpeedsStillCutAtTheMiddle() throws {
        var planner = try measured([fast, fast, fast, fast], at: [3 * mib, 16 * mib, 5 * mib, 4 * mib])
        XCTAssertEqual(
            try planner.connectionFinished(id(2)),
            .assign(SegmentAssignment(connection: id(2), start: 9 * mib + mib / 2, end: 16 * mib, shrink: SegmentShrink(connection: id(1), end: 9 * mib + mib / 2))),
            "13 MiB left is the most time left: its back half"
        )
    }
}
