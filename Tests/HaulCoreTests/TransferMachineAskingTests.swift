import XCTest

@testable import HaulCore

/// Issue 56: each byte crosses the wire once. A segment is asked for in parts, a steal takes only what no request
/// covers, and the whole-file probe is asked for again as a range at its head (`TransferMachine+Asking`).
final class TransferMachineAskingTests: XCTestCase {
    /// 400 bytes on 2 connections, minimum split 50: segments [0, 200) and [200, 400).
    private func split() -> (MachineDriver, [TransferAction]) {
        var d = MachineDriver(connections: 2, fetchesEachByteOnce: true)
        _ = d.start()
        let actions = d.whole(1)
        return (d, actions)
    }

    func testTheProbeIsDroppedAtItsHeadAndItsSegmentAskedForAsARange() {
        let (_, actions) = split()
        XCTAssertTrue(actions.writes.isEmpty, "the whole-file stream is not written: \(actions)")
        XCTAssertEqual(actions.drops.map(\.connection), [1])
        XCTAssertEqual(actions.opens.map(\.connection), [1, 2])
        XCTAssertEqual(actions.opens.map(\.plan), [ranged(0, 50), ranged(200, 250)], "a first part of one floor")
        XCTAssertEqual(actions.opens.map(\.end), [200, 400], "each stops at its segment's end")
    }

    func testTheRulesBeforeCutTheProbeAtItsSegmentsEnd() {
        var d = MachineDriver(connections: 2)
        _ = d.start()
        let actions = d.whole(1)
        XCTAssertEqual(actions.writes.first?.end, 200)
        XCTAssertEqual(actions.opens.map(\.plan), [ranged(200, 400)])
    }

    func testAPartThatArrivedWholeIsFollowedByTheNextOnTheSameConnection() {
        var (d, _) = split()
        XCTAssertEqual(d.partial(1, 0, 50).writes.map(\.end), [200])
        _ = d.wrote(1, upTo: 50)
        let next = d.ended(1)
        XCTAssertNil(next.failure, "a part that arrived whole is not a range ended early: \(next)")
        XCTAssertEqual(next.opens.map(\.connection), [1])
        XCTAssertEqual(next.opens.map(\.plan), [ranged(50, 125)], "twice the floor at most, half of what is left")
        _ = d.partial(1, 50, 125)
        _ = d.wrote(1, upTo: 125)
        XCTAssertEqual(d.ended(1).opens.map(\.plan), [ranged(125, 200)], "less than two floors left: asked whole")
    }

    func testAPartEndedBeforeItsEndIsStillAFailure() {
        var (d, _) = split()
        _ = d.partial(1, 0, 50)
        _ = d.wrote(1, upTo: 30)
        let ended = d.ended(1)
        XCTAssertEqual(ended.drops.map(\.connection), [1], "a range ended early: \(ended)")
    }

    /// Connection 2 finishes while connection 1, slower (2000 B/s against a reference of 3500), has asked for
    /// [0, 10000): the timed split would keep it `R * v / (v + r)` = 6909 bytes, a cut at 7909 inside its request;
    /// the cut goes to 10000 instead.
    func testAStealNeverCutsBelowWhatTheOwnerAskedFor() throws {
        var planner = SegmentPlanner(length: 40000, policy: SegmentPolicy(connections: 2, minimumSplitSize: 5000))
        XCTAssertEqual(planner.nextAssignment()?.end, 20000)
        XCTAssertEqual(planner.nextAssignment()?.end, 40000)
        planner.connectionAsked(ConnectionID(1), upTo: 10000)
        try planner.connectionReceived(ConnectionID(1), upTo: 1000)
        let speeds = [ConnectionID(1): 2000.0, ConnectionID(2): 5000.0]
        _ = planner.tick(now: 0, speeds: speeds, throttled: false)
        _ = planner.tick(now: 3, speeds: speeds, throttled: false)
        try planner.connectionReceived(ConnectionID(2), upTo: 40000)
        guard case .assign(let taken) = try planner.connectionFinished(ConnectionID(2)) else { return XCTFail("no steal") }
        XCTAssertEqual(taken.shrink, SegmentShrink(connection: ConnectionID(1), end: 10000), "\(taken)")
        XCTAssertEqual(taken.start, 10000)
    }

    /// Without a mark the same plan cuts where the speeds say (the rule the mark changes).
    func testWithoutAnAskedMarkTheTimedSplitCutsWhereTheSpeedsSay() throws {
        var planner = SegmentPlanner(length: 40000, policy: SegmentPolicy(connections: 2, minimumSplitSize: 5000))
        _ = planner.nextAssignment()
        _ = planner.nextAssignment()
        try planner.connectionReceived(ConnectionID(1), upTo: 1000)
        let speeds = [ConnectionID(1): 2000.0, ConnectionID(2): 5000.0]
        _ = planner.tick(now: 0, speeds: speeds, throttled: false)
        _ = planner.tick(now: 3, speeds: speeds, throttled: false)
        try planner.connectionReceived(ConnectionID(2), upTo: 40000)
        guard case .assign(let taken) = try planner.connectionFinished(ConnectionID(2)) else { return XCTFail("no steal") }
        XCTAssertEqual(taken.shrink?.end, 7909)
    }

    /// Under half the reference speed (1300 B/s against 3150) the owner's server holds it back and little is in
    /// flight: the timed split cuts inside its request, at `1000 + 19000 * 1300 / 4450` = 6550 (rounded down).
    func testAnOwnerUnderHalfTheReferenceSpeedIsCutInsideItsRequest() throws {
        var planner = SegmentPlanner(length: 40000, policy: SegmentPolicy(connections: 2, minimumSplitSize: 5000))
        _ = planner.nextAssignment()
        _ = planner.nextAssignment()
        planner.connectionAsked(ConnectionID(1), upTo: 10000)
        try planner.connectionReceived(ConnectionID(1), upTo: 1000)
        let speeds = [ConnectionID(1): 1300.0, ConnectionID(2): 5000.0]
        _ = planner.tick(now: 0, speeds: speeds, throttled: false)
        _ = planner.tick(now: 3, speeds: speeds, throttled: false)
        try planner.connectionReceived(ConnectionID(2), upTo: 40000)
        guard case .assign(let taken) = try planner.connectionFinished(ConnectionID(2)) else { return XCTFail("no steal") }
        XCTAssertEqual(taken.shrink?.end, 6550)
    }
}
