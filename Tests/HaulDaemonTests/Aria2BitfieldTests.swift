import HaulDaemon
import XCTest

/// aria2's `bitfield`: one bit a piece, the first piece in the highest bit, spare bits zero; a piece counts only
/// when held whole (AriaNg draws its piece map from it).
final class Aria2BitfieldTests: XCTestCase {
    let piece: Int64 = 1 << 20

    func testAPieceCountsOnlyWhenHeldWhole() {
        let total = 4 * piece
        XCTAssertEqual(Aria2Bitfield.hex(held: [], total: total, pieceLength: piece), "00")
        XCTAssertEqual(Aria2Bitfield.hex(held: [0..<piece], total: total, pieceLength: piece), "80")
        XCTAssertEqual(Aria2Bitfield.hex(held: [0..<(piece - 1)], total: total, pieceLength: piece), "00", "one byte short")
        XCTAssertEqual(Aria2Bitfield.hex(held: [1..<(2 * piece)], total: total, pieceLength: piece), "40", "the first piece misses its first byte")
        XCTAssertEqual(Aria2Bitfield.hex(held: [(2 * piece)..<total], total: total, pieceLength: piece), "30")
        XCTAssertEqual(Aria2Bitfield.hex(held: [0..<total], total: total, pieceLength: piece), "f0", "spare bits zero")
    }

    func testRangesThatMeetOrOverlapJoin() {
        let total = 3 * piece
        let half = piece / 2
        XCTAssertEqual(Aria2Bitfield.hex(held: [half..<(piece + half), 0..<half], total: total, pieceLength: piece), "80", "in any order")
        XCTAssertEqual(Aria2Bitfield.hex(held: [0..<(piece + 10), 5..<(2 * piece)], total: total, pieceLength: piece), "c0")
        XCTAssertEqual(Aria2Bitfield.hex(held: [(2 * piece)..<(9 * piece), -5..<3], total: total, pieceLength: piece), "20", "clipped to the file")
    }

    func testTheLastPieceIsShortAndTheDigitsCoverEveryPiece() {
        let total = 9 * piece + 1  // ten pieces, the last of one byte
        XCTAssertEqual(Aria2Bitfield.hex(held: [0..<total], total: total, pieceLength: piece), "ffc0")
        XCTAssertEqual(Aria2Bitfield.hex(held: [(9 * piece)..<total], total: total, pieceLength: piece), "0040")
        XCTAssertEqual(Aria2Bitfield.hex(held: [0..<(9 * piece)], total: total, pieceLength: piece), "ff80")
        XCTAssertEqual(Aria2Bitfield.hex(held: [0..<1], total: 1, pieceLength: piece), "80")
        XCTAssertEqual(Aria2Bitfield.hex(held: [0..<(16 * piece)], total: 16 * piece, pieceLength: piece), "ffff")
    }

    func testAnUnknownLengthHasNoBitfield() {
        XCTAssertNil(Aria2Bitfield.hex(held: [0..<10], total: 0, pieceLength: piece))
    }
}
