import XCTest

@testable import HaulCore

/// `PieceLedger`: which pieces are due, verified, bad, forgotten, and trusted after a restart.
final class PieceLedgerTests: XCTestCase {
    /// 350 bytes in pieces of 100: the last piece is 50 bytes.
    private func ledger() -> PieceLedger {
        PieceLedger(hashes: .init(length: 100, algorithm: "sha256", digests: ["a0", "a1", "a2", "a3"]), size: 350)!
    }

    func testAPieceIsDueOnlyWhenAllItsBytesHaveLandedAndOnlyOnce() {
        var l = ledger()
        XCTAssertEqual(l.due(landed: [0..<150]).map(\.index), [0])
        XCTAssertEqual(l.due(landed: [0..<150]).map(\.index), [], "already being checked")
        XCTAssertEqual(l.due(landed: [0..<150, 250..<350]).map(\.index), [3], "the short last piece; 2 is not whole")
        XCTAssertEqual(l.due(landed: [0..<350]).map(\.index), [1, 2])
        XCTAssertEqual(l.range(of: 3), 300..<350)
    }

    func testVerdictsAndStaleAnswers() {
        var l = ledger()
        let first = l.due(landed: [0..<100])[0]
        XCTAssertEqual(l.checked(0, serial: first.serial + 7, digest: "a0"), .stale, "an answer to another request")
        XCTAssertEqual(l.checked(0, serial: first.serial, digest: "ff"), .bad(0..<100, times: 1))
        XCTAssertFalse(l.verified.contains(0))
        let again = l.due(landed: [0..<100])[0]
        XCTAssertNotEqual(again.serial, first.serial)
        XCTAssertEqual(l.checked(0, serial: first.serial, digest: "a0"), .stale, "the first request's late answer")
        XCTAssertEqual(l.checked(0, serial: again.serial, digest: "A0"), .verified)
        XCTAssertEqual(l.verified, [0])
        XCTAssertEqual(l.due(landed: [0..<100]).count, 0, "verified pieces are not checked again")
    }

    func testForgettingBytesForgetsTheirPieces() {
        var l = ledger()
        for piece in l.due(landed: [0..<350]) { _ = l.checked(piece.index, serial: piece.serial, digest: "a\(piece.index)") }
        XCTAssertTrue(l.isComplete)
        l.forget(150..<160)
        XCTAssertEqual(l.verified, [0, 2, 3])
        l.forget(from: 250)
        XCTAssertEqual(l.verified, [0], "piece 2 ends past 250")
    }

    func testARestartTrustsOnlyRecordedPiecesTheStoredBytesStillCover() {
        var l = ledger()
        l.restore(verified: [0, 1, 3, 9], landed: [0..<150, 300..<350])
        XCTAssertEqual(l.verified, [0, 3], "1 is not covered any more; 9 does not exist")
        XCTAssertEqual(l.due(landed: [0..<150, 300..<350]).count, 0)
        XCTAssertEqual(l.due(landed: [0..<350]).map(\.index), [1, 2], "unverified bytes are hashed before trusted")
    }

    func testHashesThatDoNotFitTheSizeAreRefused() {
        XCTAssertNil(PieceLedger(hashes: .init(length: 100, algorithm: "sha256", digests: ["a", "b"]), size: 350))
        XCTAssertNotNil(PieceLedger(hashes: .init(length: 100, algorithm: "sha256", digests: []), size: 0))
    }

    func testThePlannerMarksJustTheBadBytesMissing() throws {
        var planner = try SegmentPlanner(
            length: 400, policy: SegmentPolicy(connections: 2, minimumSplitSize: 50),
            restoring: [Segment(start: 0, end: 200, next: 200), Segment(start: 200, end: 400, next: 350)]
        )
        let running = try XCTUnwrap(planner.nextAssignment())
        XCTAssertEqual(running.range.lowerBound, 350)
        planner.markMissing(250..<300)
        XCTAssertEqual(planner.segments.map { [$0.start, $0.end, $0.next] }, [[0, 200, 200], [200, 250, 250], [250, 300, 250], [300, 400, 350]])
        XCTAssertEqual(planner.segment(ownedBy: running.connection)?.start, 300, "the running connection keeps its part")
        XCTAssertEqual(planner.landedRanges, [0..<250, 300..<350])
        XCTAssertEqual(planner.nextAssignment()?.range, ByteRange(250, 300))
    }
}
