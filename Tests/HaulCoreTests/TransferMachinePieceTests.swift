import XCTest

@testable import HaulCore

/// Piece hashes in the machine (`TransferMachine+Pieces`): pieces are checked as they land, a bad piece's bytes
/// alone are fetched again (from another mirror), and the run finishes only when every piece is verified.
final class TransferMachinePieceTests: XCTestCase {
    /// 400 bytes in four pieces of 100 whose digests are "d0"..."d3".
    private let hashes = PieceLedger.Hashes(length: 100, algorithm: "sha256", digests: ["d0", "d1", "d2", "d3"])

    private func answer(_ d: inout MachineDriver, _ checks: [(index: Int, serial: Int, range: Range<Int64>)], bad: Set<Int> = []) -> [TransferAction] {
        checks.flatMap { d.machine.event(.pieceChecked(index: $0.index, serial: $0.serial, digest: bad.contains($0.index) ? "bad" : "d\($0.index)")) }
    }

    func testOnlyTheBadPieceIsFetchedAgainOverSeveralConnections() {
        var d = MachineDriver(connections: 2, minimumSplitSize: 100, expectedLength: 400, pieceHashes: hashes)
        _ = d.start()
        XCTAssertEqual(d.whole(1).opens.map(\.plan.range), [ByteRange(200, 400)])
        _ = d.partial(2, 200, 400)
        var checks = d.wrote(1, upTo: 150).pieceChecks
        XCTAssertEqual(checks.map(\.range), [0..<100], "piece 0 as soon as its bytes landed")
        checks += d.wrote(1, upTo: 200).pieceChecks + d.wrote(2, upTo: 400).pieceChecks
        XCTAssertEqual(checks.map(\.index), [0, 1, 2, 3])
        XCTAssertNil((d.ended(1) + d.ended(2)).finish, "every byte is there but not every piece is verified")
        let verdicts = answer(&d, checks, bad: [2])
        XCTAssertEqual(verdicts.notices, ["piece 2 (bytes 200-299) failed its sha256 check; fetching it again"])
        XCTAssertEqual(verdicts.opens.map(\.plan.range), [ByteRange(200, 300)], "just the bad piece's bytes")
        XCTAssertNil(verdicts.finish)
        XCTAssertNil(verdicts.failure)
        let k = verdicts.opens[0].connection
        XCTAssertEqual(d.partial(k, 200, 300).writes.map(\.body.offset), [200])
        let again = d.wrote(k, upTo: 300).pieceChecks
        XCTAssertEqual(again.map(\.index), [2])
        XCTAssertNil(d.ended(k).finish)
        XCTAssertNil(d.machine.event(.pieceChecked(index: 2, serial: checks[2].serial, digest: "d2")).finish, "a stale answer")
        let done = answer(&d, again)
        XCTAssertEqual(done.finish?.length, 400)
        XCTAssertTrue(done.contains(.recordVerifiedPieces([0, 1, 2, 3])))
    }

    func testOneConnectionGoesBackToTheBadPiecesStart() {
        var d = MachineDriver(expectedLength: 400, pieceHashes: hashes)
        _ = d.start()
        _ = d.whole(1)
        let checks = d.wrote(1, upTo: 400).pieceChecks
        XCTAssertNil(d.ended(1).finish)
        let verdicts = answer(&d, checks, bad: [1])
        XCTAssertTrue(verdicts.contains(.truncate(to: 100)))
        XCTAssertEqual(verdicts.opens.map(\.plan.range), [ByteRange(100, nil)])
        _ = d.partial(2, 100, 400)
        let again = d.wrote(2, upTo: 400).pieceChecks
        XCTAssertEqual(again.map(\.index), [1, 2, 3], "pieces past the bad one were written again")
        _ = d.ended(2)
        XCTAssertEqual(answer(&d, again).finish?.length, 400)
    }

    func testAPieceThatKeepsFailingEndsTheRun() {
        var d = MachineDriver(expectedLength: 400, pieceHashes: hashes)
        _ = d.start()
        _ = d.whole(1)
        var checks = d.wrote(1, upTo: 400).pieceChecks
        _ = d.ended(1)
        var k = 1
        for attempt in 1...TransferMachine.badPieceLimit {
            let verdicts = answer(&d, checks.filter { $0.index == 0 }, bad: [0])
            if attempt == TransferMachine.badPieceLimit {
                XCTAssertEqual(verdicts.failure?.kind, .protocolViolation)
                return
            }
            k = try! XCTUnwrap(verdicts.opens.first?.connection)
            _ = d.whole(k)
            checks = d.wrote(k, upTo: 400).pieceChecks
            _ = d.ended(k)
        }
    }

    func testAMirrorThatSentABadPieceIsAvoidedAndTwoBadPiecesDropIt() {
        var d = MachineDriver(connections: 2, minimumSplitSize: 100, mirrors: ["http://a/f", "http://b/f"], expectedLength: 400, pieceHashes: hashes)
        XCTAssertEqual(d.start().sources.map(\.url), ["http://a/f"])
        XCTAssertEqual(d.whole(1).sources.map(\.url), ["http://b/f"])
        _ = d.partial(2, 200, 400, etag: "\"b\"")
        let checks = d.wrote(1, upTo: 200).pieceChecks + d.wrote(2, upTo: 400).pieceChecks
        _ = d.ended(1)
        _ = d.ended(2)
        let first = answer(&d, checks.filter { $0.index == 0 }, bad: [0])
        XCTAssertEqual(first.sources.map(\.url), ["http://b/f"], "fetched again from the other mirror")
        XCTAssertEqual(first.opens.map(\.plan.range), [ByteRange(0, 100)], "the first piece as a closed range, not the whole file")
        XCTAssertEqual(first.notices.count, 1, "one bad piece is no drop: \(first.notices)")
        let second = answer(&d, checks.filter { $0.index == 1 }, bad: [1])
        XCTAssertTrue(second.notices.contains("dropping mirror http://a/f: sent 2 pieces that failed their hash check"), "\(second.notices)")
        XCTAssertEqual(second.sources.map(\.url), ["http://b/f"])
    }

    func testARestartTrustsRecordedPiecesAndHashesTheRest() {
        var d = MachineDriver(expectedLength: 400, pieceHashes: hashes)
        let stored = StoredTransfer(
            identity: MachineDriver.identity(), segments: [StoredSegment(start: 0, end: 400, next: 250)], partFileSize: 400,
            verifiedPieces: [0, 2]
        )
        let start = d.start(stored)
        XCTAssertEqual(start.pieceChecks.map(\.index), [1], "0 is trusted; 2 was recorded but its bytes are not all stored")
        XCTAssertTrue(start.contains(.recordVerifiedPieces([0])))
    }
}
