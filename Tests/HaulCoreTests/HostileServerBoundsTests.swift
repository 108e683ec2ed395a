import XCTest

@testable import HaulCore

/// The pure bounds that keep a client whole against a hostile server (issue 33, points 8, 9, 10): heads counted
/// with their interim responses, chunked bodies decoded a read at a time, disk space reserved a step at a time.
final class HostileServerBoundsTests: XCTestCase {
    // MARK: Point 9: chunks decoded in batches

    /// Decodes `wire` fed in pieces of `piece` bytes as `DirectHTTPRequest` does: one batch per read.
    private func batches(_ wire: [UInt8], piece: Int) throws -> (data: [UInt8], batches: Int, ended: Bool, rest: Int) {
        var decoder = ChunkedBodyDecoder()
        var held: [UInt8] = []
        var data: [UInt8] = []
        var yields = 0
        var offset = 0
        while true {
            if !held.isEmpty {
                let batch = try held.withUnsafeMutableBytes { try decoder.decode(inPlace: $0) }
                XCTAssertLessThanOrEqual(batch.dataStart + batch.dataCount, batch.consumed)
                if batch.dataCount > 0 {
                    data += held[batch.dataStart..<(batch.dataStart + batch.dataCount)]
                    yields += 1
                }
                held.removeFirst(batch.consumed)
                if batch.ended { return (data, yields, true, held.count + wire.count - offset) }
            }
            guard offset < wire.count else { return (data, yields, false, held.count) }
            let size = min(piece, wire.count - offset)
            held += wire[offset..<offset + size]
            offset += size
        }
    }

    private func oneByteChunks(_ payload: [UInt8]) -> [UInt8] {
        payload.flatMap { Array("1\r\n".utf8) + [$0] + Array("\r\n".utf8) } + Array("0\r\n\r\n".utf8)
    }

    func testManyTinyChunksInOneReadAreOneSlice() throws {
        let payload = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let wire = oneByteChunks(payload)
        let whole = try batches(wire, piece: wire.count)
        XCTAssertEqual(whole.data, payload)
        XCTAssertEqual(whole.batches, 1, "10,000 one-byte chunks in one read are one slice, not 10,000")
        XCTAssertTrue(whole.ended)
        // As a socket delivers them, 64 KiB a read: a slice per read.
        let read = try batches(wire, piece: 64 << 10)
        XCTAssertEqual(read.data, payload)
        XCTAssertEqual(read.batches, (wire.count + (64 << 10) - 1) / (64 << 10))
    }

    func testABatchStopsAtTheBodysEndAndDecodesHoweverTheBytesArrive() throws {
        let payload = (0..<3000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        var wire = Array("5;name=value\r\n".utf8) + payload[0..<5] + Array("\r\n".utf8)
        wire += Array("a00\r\n".utf8) + payload[5..<2565] + Array("\r\n".utf8)
        wire += Array("1B3 \n".utf8) + payload[2565..<3000] + Array("\n".utf8)
        wire += Array("0\r\nX-Trailer: 1\r\n\r\n".utf8)
        let garbage = Array("HTTP/1.1".utf8)
        for piece in [1, 2, 3, 7, 100, 2570, wire.count + 10] {
            let decoded = try batches(wire + garbage, piece: piece)
            XCTAssertEqual(decoded.data, payload, "piece \(piece)")
            XCTAssertTrue(decoded.ended)
            XCTAssertEqual(decoded.rest, garbage.count, "nothing past the last CRLF is consumed (piece \(piece))")
        }
    }

    func testABadChunkInABatchIsAnError() {
        var decoder = ChunkedBodyDecoder()
        var wire = Array("1\r\na\r\n1\r\nb\r\nzz\r\n".utf8)
        XCTAssertThrowsError(try wire.withUnsafeMutableBytes { try decoder.decode(inPlace: $0) }) {
            XCTAssertEqual($0 as? HTTP1Response.Failure, .badChunk)
        }
    }

    // MARK: Point 8: interim responses count against the head bound

    func testInterimHeadsCountAgainstTheBoundTogether() throws {
        let interim = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8).count
        var budget = HTTP1Response.HeadBudget()
        var spent = 0
        var failure: HTTP1Response.Failure?
        while failure == nil, spent < 1 << 30 {
            do {
                try budget.spend(interim: interim)
                spent += interim
            } catch {
                failure = error
            }
        }
        XCTAssertEqual(failure, .headTooLarge)
        XCTAssertLessThanOrEqual(spent, HTTP1Response.maximumHeadSize, "no more than 80 KiB of 100 Continue")
        XCTAssertGreaterThan(spent, HTTP1Response.maximumHeadSize - interim)

        // A final head gets what the interim ones left.
        var some = HTTP1Response.HeadBudget()
        try some.spend(interim: 70 * 1024)
        XCTAssertNoThrow(try some.check(head: 10 * 1024))
        XCTAssertThrowsError(try some.check(head: 10 * 1024 + 1))
        XCTAssertNoThrow(try HTTP1Response.HeadBudget().check(head: HTTP1Response.maximumHeadSize))
        XCTAssertThrowsError(try HTTP1Response.HeadBudget().check(head: HTTP1Response.maximumHeadSize + 1))
    }

    // MARK: Point 10: space reserved a step ahead of the bytes

    func testSpaceIsReservedAStepAheadOfTheBytesNotForTheWholeAnnouncedLength() {
        let step = SpaceReservation.step
        var liar = SpaceReservation(total: 4 << 30)
        XCTAssertEqual(liar.grow(held: 0), step, "4 GiB announced: 64 MiB reserved before a byte came")
        XCTAssertNil(liar.grow(held: 10), "10 bytes came: nothing more")
        XCTAssertNil(liar.grow(held: step / 2 - 1))
        XCTAssertEqual(liar.grow(held: step / 2), step / 2 + step, "grown once half a step is left ahead")
        XCTAssertEqual(liar.reserved, step / 2 + step)

        var small = SpaceReservation(total: 10 << 20)
        XCTAssertEqual(small.grow(held: 0), 10 << 20, "a small file is reserved whole at once, as before")
        XCTAssertNil(small.grow(held: 5 << 20))

        var near = SpaceReservation(total: step * 3)
        _ = near.grow(held: 0)
        XCTAssertEqual(near.grow(held: step * 2 + 1), step * 3, "the last step reaches the length exactly")
        XCTAssertNil(near.grow(held: step * 3))

        var huge = SpaceReservation(total: .max)
        XCTAssertEqual(huge.grow(held: .max - 1), .max, "no overflow near Int64.max")
    }

    func testALengthNoFileSystemHoldsIsSaidAsSuch() {
        XCTAssertNil(SpaceReservation.impossible(total: 1 << 30, capacity: 2 << 30))
        XCTAssertNil(SpaceReservation.impossible(total: 1 << 40, capacity: nil), "a file system that does not say")
        let text = SpaceReservation.impossible(total: 1 << 50, capacity: 100 << 30)
        XCTAssertEqual(text, "the server announces 1125899906842624 bytes (1.00 PiB), more than the whole file system holds (100 GiB)")
    }

    // Rule 12: a length past 2^62 is a broken server, not a file to make room for.
    func testALengthPastAnyFileIsAProtocolViolation() {
        for head in [
            ResponseHead(status: 200, [("Content-Length", "9223372036854775807"), ("ETag", "\"v\"")]),
            ResponseHead(status: 206, [("Content-Range", "bytes 5-9/9223372036854775807"), ("Content-Length", "5"), ("ETag", "\"v\"")]),
        ] {
            let plan: RequestPlan = head.status == 200 ? .wholeFile : .fetch(ByteRange(5, nil), of: MachineDriver.identity("\"v\"", length: nil))
            let verdict = ResponseJudge.judge(head, to: plan, known: MachineDriver.identity("\"v\"", length: nil), heldBytes: 0, now: 0)
            XCTAssertEqual(verdict, .fail(.unbelievableLength(.max)), "\(head.status)")
            let outcome = ResponseOutcome.of(verdict, plan: plan, known: nil, host: "h", url: "http://h/f")
            guard case .fail(let problem) = outcome else { return XCTFail("\(outcome)") }
            XCTAssertEqual(problem.kind, .protocolViolation)
            XCTAssertEqual(problem.message, "the server announces 9223372036854775807 bytes, more than any file holds (4.00 EiB at most) for http://h/f")
        }
        let fine = ResponseJudge.judge(
            ResponseHead(status: 200, [("Content-Length", "\(1 << 62)")]), to: .wholeFile, known: nil, heldBytes: 0, now: 0
        )
        guard case .accept = fine else { return XCTFail("2^62 itself is believed: \(fine)") }
    }
}
