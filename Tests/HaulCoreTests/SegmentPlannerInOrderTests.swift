import XCTest

@testable import HaulCore

private let mib: Int64 = 1024 * 1024

/// `--in-order`: the earliest missing ranges are taken first and the contiguous prefix grows from the start, with
/// several connections at once.
final class SegmentPlannerInOrderTests: XCTestCase {
    private func inOrder(_ connections: Int, split: Int64 = 4 * mib) -> SegmentPolicy {
        SegmentPolicy(connections: connections, minimumSplitSize: split, endgameSplitSize: split, inOrder: true)
    }

    func testTheFileIsCutIntoPiecesInFileOrderAndConnectionsTakeTheFirst() {
        var planner = SegmentPlanner(length: 64 * mib, policy: inOrder(4))
        XCTAssertEqual(planner.segments.count, 16, "4 MiB pieces, not one range per connection")
        var opened: [SegmentAssignment] = []
        while let assignment = planner.nextAssignment() { opened.append(assignment) }
        XCTAssertEqual(opened.map(\.start), [0, 4 * mib, 8 * mib, 12 * mib], "the first four pieces, in order")
        let spread = SegmentPlanner(length: 64 * mib, policy: SegmentPolicy(connections: 4, minimumSplitSize: 4 * mib))
        XCTAssertEqual(spread.segments.map(\.start), [0, 16 * mib, 32 * mib, 48 * mib], "without --in-order: spread out")
    }

    func testAFinishedConnectionTakesTheEarliestWaitingPieceAndThePrefixGrows() throws {
        var planner = SegmentPlanner(length: 64 * mib, policy: inOrder(4))
        while planner.nextAssignment() != nil {}
        XCTAssertEqual(planner.contiguousBytes, 0)
        // Connection 2 (the second piece) finishes first: nothing contiguous from the start yet.
        _ = try planner.connectionReceived(ConnectionID(2), upTo: 8 * mib)
        XCTAssertEqual(try planner.connectionFinished(ConnectionID(2)),
            .assign(SegmentAssignment(connection: ConnectionID(2), start: 16 * mib, end: 20 * mib)))
        _ = try planner.connectionReceived(ConnectionID(1), upTo: 3 * mib)
        XCTAssertEqual(planner.contiguousBytes, 3 * mib)
        _ = try planner.connectionReceived(ConnectionID(1), upTo: 4 * mib)
        XCTAssertEqual(planner.contiguousBytes, 8 * mib, "piece 1 and the already finished piece 2")
        XCTAssertEqual(planner.completedBytes, 8 * mib)
    }

    func testAHugeFileHasAtMost256Pieces() {
        let length: Int64 = 64 * 1024 * mib
        let planner = SegmentPlanner(length: length, policy: inOrder(16))
        XCTAssertLessThanOrEqual(planner.segments.count, 256)
        XCTAssertEqual(planner.segments.last?.end, length)
        XCTAssertEqual(inOrder(16).inOrderPieceSize(length: length), 256 * mib)
    }

    func testASmallFileIsStillOnePiece() {
        let planner = SegmentPlanner(length: 5 * mib, policy: inOrder(8))
        XCTAssertEqual(planner.segments.count, 1, "under two minimum splits nothing is split, in order or not")
    }

    /// Without --in-order the prefix is known too (the progress line may show it), and stays at the first range's end.
    func testContiguousBytesWithoutInOrder() throws {
        var planner = SegmentPlanner(length: 64 * mib, policy: SegmentPolicy(connections: 4, minimumSplitSize: 4 * mib))
        while planner.nextAssignment() != nil {}
        _ = try planner.connectionReceived(ConnectionID(2), upTo: 32 * mib)
        XCTAssertEqual(planner.contiguousBytes, 0)
    }
}
