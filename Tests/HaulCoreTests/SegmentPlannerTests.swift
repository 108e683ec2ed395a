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

final class SegmentPlanTests: XCTestCase {
    func testSegmentsCoverTheFileExactlyWithSizesWithinOneByte() {
        let length = 100 * mib + 3
        let planner = SegmentPlanner(length: length, policy: policy(4, split: 4 * mib))
        let sizes = planner.segments.map { $0.end - $0.start }
        XCTAssertEqual(sizes, [25 * mib + 1, 25 * mib + 1, 25 * mib + 1, 25 * mib])
        XCTAssertEqual(planner.segments.first?.start, 0)
        XCTAssertEqual(planner.segments.last?.end, length)
        for (before, after) in zip(planner.segments, planner.segments.dropFirst()) { XCTAssertEqual(before.end, after.start) }
        XCTAssertTrue(planner.segments.allSatisfy { $0.next == $0.start && $0.owner == nil })
        XCTAssertEqual(planner.completedBytes, 0)
    }

    func testEmptyFileIsOneCompleteSegment() {
        var planner = SegmentPlanner(length: 0, policy: policy(8, split: 4 * mib))
        XCTAssertEqual(ranges(planner), [[0, 0, 0]])
        XCTAssertTrue(planner.isComplete)
        XCTAssertFalse(planner.wantsNewConnection)
        XCTAssertNil(planner.nextAssignment())
    }

    func testOneByteFileIsOneOpenEndedFetch() throws {
        var planner = SegmentPlanner(length: 1, policy: policy(8, split: 1))
        let opened = openAll(&planner)
        XCTAssertEqual(opened, [SegmentAssignment(connection: id(1), start: 0, end: 1)])
        XCTAssertEqual(opened[0].range, ByteRange(0, nil))
        XCTAssertEqual(try planner.connectionReceived(id(1), upTo: 1), .reachedEnd)
        XCTAssertEqual(try planner.connectionFinished(id(1)), .complete)
        XCTAssertTrue(planner.isComplete)
        XCTAssertEqual(planner.completedBytes, 1)
    }

    func testMultipleConnectionsOnlyFromTwoSplitsUp() {
        let split = 4 * mib
        XCTAssertEqual(SegmentPlanner(length: 2 * split - 1, policy: policy(4, split: split)).segments.count, 1)
        XCTAssertEqual(SegmentPlanner(length: 2 * split, policy: policy(4, split: split)).segments.count, 2)
        XCTAssertEqual(SegmentPlanner(length: 3 * split + 7, policy: policy(4, split: split)).segments.count, 3)
        XCTAssertEqual(SegmentPlanner(length: 1 * mib, policy: policy(4, split: 10 * mib)).segments.map(\.end), [1 * mib], "split larger than the file")
    }

    func testLengthNotDivisibleGivesTheExtraBytesToTheFirstSegments() {
        let planner = SegmentPlanner(length: 103, policy: policy(4, split: 10))
        XCTAssertEqual(planner.segments.map { $0.end - $0.start }, [26, 26, 26, 25])
    }

    func testThirtyTwoConnectionsOnASmallFileNeverCutBelowTheMinimum() {
        XCTAssertEqual(SegmentPlanner(length: 10 * mib, policy: policy(32, split: 4 * mib)).segments.count, 2)
        let bytes = SegmentPlanner(length: 100, policy: policy(32, split: 4))
        XCTAssertEqual(bytes.segments.count, 25)
        XCTAssertTrue(bytes.segments.allSatisfy { $0.end - $0.start == 4 })
        let many = SegmentPlanner(length: 100, policy: policy(32, split: 1))
        XCTAssertEqual(many.segments.count, 32)
        XCTAssertEqual(many.segments.map { $0.end - $0.start }.reduce(0, +), 100)
    }

    func testHugeLengthsDoNotOverflow() {
        let planner = SegmentPlanner(length: .max, policy: policy(32, split: 1))
        XCTAssertEqual(planner.segments.count, 32)
        XCTAssertEqual(planner.segments.last?.end, .max)
        let hugeSplit = SegmentPlanner(length: .max, policy: policy(32, split: .max / 2 + 1))
        XCTAssertEqual(hugeSplit.segments.count, 1, "2 * split would overflow; still one segment")
    }

    func testFirstConnectionIsOpenEndedTheOthersAreRangedUpToTheCap() {
        var planner = SegmentPlanner(length: 400, policy: policy(4, split: 10))
        let opened = openAll(&planner)
        XCTAssertEqual(opened.map(\.range), [ByteRange(0, nil), ByteRange(100, 200), ByteRange(200, 300), ByteRange(300, 400)])
        XCTAssertEqual(opened.map(\.connection), [id(1), id(2), id(3), id(4)])
        XCTAssertEqual(planner.activeConnections, [id(1), id(2), id(3), id(4)])
        XCTAssertFalse(planner.wantsNewConnection)
        XCTAssertNil(planner.nextAssignment())
    }
}

final class SegmentStealingTests: XCTestCase {
    /// Four connections on 400 bytes (segments of 100), minimum split 10.
    private func running() -> SegmentPlanner {
        var planner = SegmentPlanner(length: 400, policy: policy(4, split: 10))
        _ = openAll(&planner)
        return planner
    }

    func testAFinishedConnectionTakesTheBackHalfOfTheLargestRemainder() throws {
        var planner = running()
        try planner.connectionReceived(id(1), upTo: 100)
        try planner.connectionReceived(id(2), upTo: 110)  // 90 left
        try planner.connectionReceived(id(3), upTo: 250)  // 50 left
        try planner.connectionReceived(id(4), upTo: 320)  // 80 left
        XCTAssertEqual(
            try planner.connectionFinished(id(1)),
            .assign(SegmentAssignment(connection: id(1), start: 155, end: 200, shrink: SegmentShrink(connection: id(2), end: 155)))
        )
        XCTAssertEqual(planner.segment(ownedBy: id(2))?.end, 155, "the victim's end shrinks")
        XCTAssertEqual(ranges(planner), [[0, 100, 100], [100, 155, 110], [155, 200, 155], [200, 300, 250], [300, 400, 320]])
        XCTAssertThrowsError(try planner.connectionReceived(id(2), upTo: 156)) {
            XCTAssertEqual($0 as? SegmentPlannerError, .progressPastEnd(id(2), offset: 156, end: 155))
        }
        XCTAssertEqual(try planner.connectionReceived(id(2), upTo: 155), .reachedEnd)
    }

    func testStealingNeverCutsBelowTheMinimumSplit() throws {
        var planner = running()
        try planner.connectionReceived(id(1), upTo: 100)
        try planner.connectionReceived(id(2), upTo: 181)  // 19 left: halves 9 and 10
        try planner.connectionReceived(id(3), upTo: 281)
        try planner.connectionReceived(id(4), upTo: 380)  // 20 left: halves 10 and 10
        XCTAssertEqual(
            try planner.connectionFinished(id(1)),
            .assign(SegmentAssignment(connection: id(1), start: 390, end: 400, shrink: SegmentShrink(connection: id(4), end: 390)))
        )
        try planner.connectionReceived(id(1), upTo: 400)
        XCTAssertEqual(try planner.connectionFinished(id(1)), .idle, "19 bytes left at most: nothing worth splitting")
        XCTAssertEqual(planner.activeConnections, [id(2), id(3), id(4)])
        XCTAssertFalse(planner.wantsNewConnection)
    }

    func testAWaitingSegmentIsTakenBeforeStealing() throws {
        var planner = running()
        try planner.connectionReceived(id(3), upTo: 230)
        XCTAssertEqual(try planner.connectionFailed(id(3)), .retry)
        try planner.connectionReceived(id(1), upTo: 100)
        XCTAssertEqual(try planner.connectionFinished(id(1)), .assign(SegmentAssignment(connection: id(1), start: 230, end: 300)))
        XCTAssertEqual(planner.segment(ownedBy: id(1)), Segment(start: 200, end: 300, next: 230, owner: id(1)))
    }

    func testTheLastFinishReportsCompletion() throws {
        var planner = running()
        for n in 1...3 {
            try planner.connectionReceived(id(n), upTo: Int64(n) * 100)
        }
        try planner.connectionReceived(id(4), upTo: 395)
        XCTAssertEqual(try planner.connectionFinished(id(1)), .idle)
        XCTAssertEqual(try planner.connectionFinished(id(2)), .idle)
        XCTAssertEqual(try planner.connectionFinished(id(3)), .idle)
        XCTAssertFalse(planner.isComplete)
        try planner.connectionReceived(id(4), upTo: 400)
        XCTAssertEqual(try planner.connectionFinished(id(4)), .complete)
        XCTAssertTrue(planner.isComplete)
        XCTAssertEqual(planner.completedBytes, 400)
        XCTAssertEqual(planner.activeConnections, [])
    }

    func testImpossibleEventsThrowAndChangeNothing() throws {
        var planner = running()
        try planner.connectionReceived(id(2), upTo: 150)
        let before = planner.segments
        XCTAssertThrowsError(try planner.connectionFinished(id(2))) {
            XCTAssertEqual($0 as? SegmentPlannerError, .segmentUnfinished(id(2), next: 150, end: 200))
        }
        XCTAssertThrowsError(try planner.connectionReceived(id(2), upTo: 149)) {
            XCTAssertEqual($0 as? SegmentPlannerError, .progressBackwards(id(2), offset: 149, next: 150))
        }
        XCTAssertThrowsError(try planner.connectionReceived(id(2), upTo: 201))
        XCTAssertThrowsError(try planner.connectionFailed(id(9))) { XCTAssertEqual($0 as? SegmentPlannerError, .unknownConnection(id(9))) }
        XCTAssertEqual(planner.segments, before)
    }
}
