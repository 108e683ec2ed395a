import XCTest

@testable import HaulCore

/// Issue 56 rule 4 (docs/segments.md): a lower limit does not cancel a connection whose request is still delivering;
/// it keeps `[next, asked)`, finishes it, and closes. The rest of its segment waits for the connections that stay.
final class SegmentRetirementTests: XCTestCase {
    private func started(connections: Int = 4) -> SegmentPlanner {
        var planner = SegmentPlanner(
            length: 400, policy: SegmentPolicy(connections: connections, minimumSplitSize: 10, measuringSeconds: 5, endgameSplitSize: 10))
        while planner.nextAssignment() != nil {}
        return planner
    }

    func testARetiredConnectionKeepsWhatItAskedForAndTheRestWaits() throws {
        var planner = started()
        XCTAssertEqual(planner.activeConnections.map(\.rawValue), [1, 2, 3, 4])
        try planner.connectionReceived(ConnectionID(4), upTo: 310)
        planner.connectionAsked(ConnectionID(4), upTo: 340)
        // #3 was never told where its request ends: nothing marks its bytes in flight, it is cancelled as before.
        let retirement = planner.retireAfterAsked(above: 2)
        XCTAssertEqual(retirement.cancelled, [ConnectionID(3)])
        XCTAssertEqual(retirement.finishing.map(\.0), [ConnectionID(4)])
        XCTAssertEqual(retirement.finishing.map(\.end), [340])
        XCTAssertEqual(planner.retiring, [ConnectionID(4)])
        XCTAssertEqual(planner.segment(ownedBy: ConnectionID(4)).map { [$0.start, $0.next, $0.end] }, [300, 310, 340])
        XCTAssertEqual(planner.segments.map { [$0.start, $0.end, $0.next] }, [[0, 100, 0], [100, 200, 100], [200, 300, 200], [300, 340, 310], [340, 400, 340]])
        XCTAssertEqual(planner.stayingConnections.map(\.rawValue), [1, 2], "the limit counts the connections that stay")
        XCTAssertNil(planner.nextAssignment(), "two stay: no new connection")

        try planner.connectionReceived(ConnectionID(4), upTo: 340)
        XCTAssertEqual(try planner.connectionFinished(ConnectionID(4)), .idle, "a retired connection takes no more work")
        XCTAssertTrue(planner.retiring.isEmpty)
        try planner.connectionReceived(ConnectionID(1), upTo: 100)
        guard case .assign(let next) = try planner.connectionFinished(ConnectionID(1)) else { return XCTFail("work waits") }
        XCTAssertEqual([next.start, next.end], [200, 300], "a staying connection takes the ranges that wait, first in file order")
    }

    func testARequestThatReachesItsSegmentsEndIsNotCut() throws {
        var planner = started()
        planner.connectionAsked(ConnectionID(4), upTo: 400)
        let retirement = planner.retireAfterAsked(above: 3)
        XCTAssertEqual(retirement.cancelled, [])
        XCTAssertEqual(retirement.finishing.map(\.end), [400])
        XCTAssertEqual(planner.segments.count, 4, "nothing to give back")
    }

    /// A raise while a connection retires: the new connections take what waits; the retiring one still closes.
    func testARaiseOpensNewConnectionsBesideTheRetiringOne() throws {
        var planner = started()
        planner.connectionAsked(ConnectionID(4), upTo: 350)
        _ = planner.retireAfterAsked(above: 3)
        XCTAssertTrue(planner.setConnectionLimit(4).isEmpty)
        let opened = try XCTUnwrap(planner.nextAssignment())
        XCTAssertEqual([opened.start, opened.end], [350, 400])
        XCTAssertEqual(planner.retiring, [ConnectionID(4)])
    }
}
