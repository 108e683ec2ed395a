import XCTest

@testable import HaulCore

private let mib: Int64 = 1024 * 1024

/// The lowest-speed rule in the segment planner: a trickling connection is replaced even when it holds the only
/// remaining segment, where the relative "slow" rule has nobody to compare it with.
final class SegmentPlannerLowestSpeedTests: XCTestCase {
    private let rule = LowestSpeed(bytesPerSecond: 1000, seconds: 10)

    /// Two connections; the first finishes at once, the second holds the last segment and sends a byte a second.
    private func loneTrickler(lowestSpeed: LowestSpeed?) throws -> SegmentPlanner {
        var planner = SegmentPlanner(
            length: 2 * mib,
            policy: SegmentPolicy(connections: 2, minimumSplitSize: mib, measuringSeconds: 5, lowestSpeed: lowestSpeed)
        )
        XCTAssertEqual(planner.nextAssignment(), SegmentAssignment(connection: ConnectionID(1), start: 0, end: mib))
        XCTAssertEqual(planner.nextAssignment(), SegmentAssignment(connection: ConnectionID(2), start: mib, end: 2 * mib))
        XCTAssertNil(planner.nextAssignment())
        _ = try planner.connectionReceived(ConnectionID(1), upTo: mib)
        _ = try planner.connectionFinished(ConnectionID(1))
        XCTAssertEqual(planner.activeConnections, [ConnectionID(2)], "the last segment is too small to split")
        return planner
    }

    private func trickle(_ planner: inout SegmentPlanner, at second: Int, throttled: Bool = false) throws -> [SegmentPlanner.SlowConnectionAction] {
        _ = try planner.connectionReceived(ConnectionID(2), upTo: mib + Int64(second))
        return planner.tick(now: Double(second), speeds: [ConnectionID(2): 1], throttled: throttled)
    }

    func testTheLoneTricklerHoldingTheLastSegmentIsReplaced() throws {
        var planner = try loneTrickler(lowestSpeed: rule)
        for second in 0..<10 {
            XCTAssertEqual(try trickle(&planner, at: second), [], "t = \(second): no verdict before the window is full")
        }
        XCTAssertEqual(try trickle(&planner, at: 10), [.replace(ConnectionID(2), .belowLowestSpeed)])
        XCTAssertEqual(planner.activeConnections, [])
        XCTAssertEqual(
            planner.nextAssignment(), SegmentAssignment(connection: ConnectionID(3), start: mib + 10, end: 2 * mib),
            "a fresh connection resumes at the byte held"
        )
        for second in 11..<21 {
            _ = try planner.connectionReceived(ConnectionID(3), upTo: mib + 10 + Int64(second - 10) * 2000)
            XCTAssertEqual(planner.tick(now: Double(second), speeds: [ConnectionID(3): 2000]), [], "the newcomer is fast enough")
        }
    }

    /// Without the rule nothing ever replaces it (the behaviour issue 15 reported): the control for the test above.
    func testWithoutTheRuleTheLoneTricklerIsNeverReplaced() throws {
        var planner = try loneTrickler(lowestSpeed: nil)
        for second in 0..<120 {
            XCTAssertEqual(try trickle(&planner, at: second), [], "t = \(second)")
        }
    }

    /// While the client's own bandwidth limit holds the download back, slowness is not the server's fault.
    func testAThrottledDownloadIsNotJudged() throws {
        var planner = try loneTrickler(lowestSpeed: rule)
        for second in 0..<60 {
            XCTAssertEqual(try trickle(&planner, at: second, throttled: true), [], "t = \(second)")
        }
        // The limit is lifted: a full window after the last throttled tick (t = 59) is needed before a verdict.
        for second in 60..<69 {
            XCTAssertEqual(try trickle(&planner, at: second), [], "t = \(second)")
        }
        XCTAssertEqual(try trickle(&planner, at: 69), [.replace(ConnectionID(2), .belowLowestSpeed)])
    }

    /// A connection that keeps up the rule among others is left alone by it.
    func testConnectionsAboveTheLowestSpeedAreKept() throws {
        var planner = SegmentPlanner(
            length: 64 * mib, policy: SegmentPolicy(connections: 4, minimumSplitSize: mib, measuringSeconds: 5, lowestSpeed: rule)
        )
        var ids: [ConnectionID] = []
        while let assignment = planner.nextAssignment() { ids.append(assignment.connection) }
        XCTAssertEqual(ids.count, 4)
        for second in 0...60 {
            for (k, id) in ids.enumerated() {
                _ = try planner.connectionReceived(id, upTo: Int64(k) * 16 * mib + Int64(second) * 1500)
            }
            XCTAssertEqual(planner.tick(now: Double(second), speeds: Dictionary(uniqueKeysWithValues: ids.map { ($0, 1500) })), [])
        }
    }
}
