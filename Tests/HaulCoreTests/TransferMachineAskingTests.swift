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

    /// #1 finished its first range at the others' speed and moved to a waiting one, asked `[40000, 50000)` of it and
    /// received to 41000; a second later it looks slow (`v`), as a connection whose meter has just started again does.
    /// Returns the planner when #2 has finished its own range, and what #2 was given.
    private struct NoAssignment: Error {
        var said: String
    }

    private func movedOwner(looking v: Double, watchedFor seconds: Double) throws -> (SegmentPlanner, SegmentAssignment) {
        var planner = SegmentPlanner(length: 60000, policy: SegmentPolicy(connections: 3, minimumSplitSize: 5000))
        _ = planner.setConnectionLimit(2)
        _ = planner.nextAssignment()
        _ = planner.nextAssignment()
        let even = [ConnectionID(1): 5000.0, ConnectionID(2): 5000.0]
        _ = planner.tick(now: 0, speeds: even, throttled: false)
        _ = planner.tick(now: 1, speeds: even, throttled: false)
        try planner.connectionReceived(ConnectionID(1), upTo: 20000)
        guard case .assign(let moved) = try planner.connectionFinished(ConnectionID(1)) else { throw NoAssignment(said: "no move") }
        XCTAssertEqual([moved.start, moved.end], [40000, 60000])
        planner.connectionAsked(ConnectionID(1), upTo: 50000)
        try planner.connectionReceived(ConnectionID(1), upTo: 41000)
        let looking = [ConnectionID(1): v, ConnectionID(2): 5000.0]
        _ = planner.tick(now: 2, speeds: looking, throttled: false)
        _ = planner.tick(now: 2 + seconds, speeds: looking, throttled: false)
        try planner.connectionReceived(ConnectionID(2), upTo: 40000)
        guard case .assign(let taken) = try planner.connectionFinished(ConnectionID(2)) else { throw NoAssignment(said: "no steal") }
        return (planner, taken)
    }

    /// Looking under half the reference speed a second after it moved (under `measuringSeconds`, 2): its request
    /// binds the cut (before: cut inside it at 46550, the part in flight fetched twice).
    func testAnOwnerThatWasFastIsNotCutInsideItsRequestRightAfterItMoved() throws {
        let (_, taken) = try movedOwner(looking: 1300, watchedFor: 1)
        XCTAssertNil(taken.replaces, "\(taken)")
        XCTAssertEqual(taken.shrink?.end, 50000, "\(taken)")
    }

    /// Looking 50 times slower: the takeover that the speeds would choose waits too; judged over 2 s, the same
    /// speeds replace it (the slow rule at the tick) and its range is fetched from its `next`.
    func testAnOwnerThatWasFastIsNotTakenOverRightAfterItMoved() throws {
        let (_, taken) = try movedOwner(looking: 100, watchedFor: 1)
        XCTAssertNil(taken.replaces, "\(taken)")
        XCTAssertEqual(taken.start, 50000, "\(taken)")
        let (judged, over) = try movedOwner(looking: 100, watchedFor: 2)
        XCTAssertEqual(over.start, 41000, "\(over)")
        XCTAssertNil(judged.segment(ownedBy: ConnectionID(1)), "\(judged.segments)")
    }
}
