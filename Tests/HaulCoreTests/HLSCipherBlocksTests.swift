import HaulCore
import XCTest

/// `HLSCipherBlocks`: the blocks of an AES-128-CBC segment handed out as its body arrives (docs/hls.md, "The
/// download"). The cipher is not here: each run is checked to be whole blocks chaining from the block before it.
final class HLSCipherBlocksTests: XCTestCase {
    private let iv = [UInt8](repeating: 0xA5, count: 16)
    private let ciphertext = (0..<80).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }  // five blocks

    /// Feeds `chunks` and returns every run, the final one last.
    private func runs(_ chunks: [ArraySlice<UInt8>]) throws -> [HLSCipherBlocks.Run] {
        var blocks = HLSCipherBlocks(iv: iv)
        var runs = chunks.compactMap { blocks.take($0) }
        runs.append(try blocks.finish())
        return runs
    }

    /// Rules 1-3 at every split point, and at every pair of split points: the runs are whole blocks, together the
    /// whole ciphertext in order, each chaining from the ciphertext block before it (the IV for the first), so
    /// decrypting them one after another gives the one-shot plaintext.
    func testEverySplitGivesTheSameBlocksChainedFromTheBlockBefore() throws {
        for first in 0...ciphertext.count {
            for second in first...ciphertext.count {
                let chunks = [ciphertext[..<first], ciphertext[first..<second], ciphertext[second...]]
                let runs = try runs(chunks)
                XCTAssertEqual(runs.flatMap(\.ciphertext), ciphertext, "split at \(first), \(second)")
                var before = iv
                for run in runs {
                    XCTAssertEqual(run.ciphertext.count % 16, 0)
                    XCTAssertFalse(run.ciphertext.isEmpty)
                    XCTAssertEqual(run.iv, before, "split at \(first), \(second)")
                    before = Array(run.ciphertext.suffix(16))
                }
                XCTAssertEqual(runs.last?.ciphertext, Array(ciphertext.suffix(16)), "the final block comes at the end")
            }
        }
    }

    /// Streamed, not whole: fed in chunks of 7 bytes, blocks come out long before the body ends, and no more than
    /// one block is held back at any time.
    func testSmallChunksGivePlaintextBlocksBeforeTheEnd() {
        var blocks = HLSCipherBlocks(iv: iv)
        var handedOut = 0
        var fed = 0
        var firstRunAt: Int?
        for start in stride(from: 0, to: ciphertext.count, by: 7) {
            let chunk = ciphertext[start..<min(start + 7, ciphertext.count)]
            fed += chunk.count
            if let run = blocks.take(chunk) {
                handedOut += run.ciphertext.count
                if firstRunAt == nil { firstRunAt = fed }
            }
            XCTAssertLessThanOrEqual(fed - handedOut, 16, "at most one block held")
        }
        XCTAssertEqual(firstRunAt, 21, "the first block goes out once a second one has begun")
        XCTAssertEqual(handedOut, 64, "all but the final block before the end")
    }

    /// Rule 4: an empty body, or one not a multiple of 16 bytes, is refused at the end, with its length.
    func testALengthThatIsNotWholeBlocksIsRefused() {
        for length in [0, 1, 15, 17, 31, 33, 79] {
            var blocks = HLSCipherBlocks(iv: iv)
            _ = blocks.take(ciphertext.prefix(length))
            XCTAssertThrowsError(try blocks.finish(), "\(length) bytes") { error in
                XCTAssertEqual(error as? HLSCipherBlocks.Failure, .notWholeBlocks(Int64(length)))
            }
        }
    }

    /// Rule 4: PKCS#7 padding of 1 to 16 bytes each equal to the count is stripped; anything else is refused.
    func testPaddingIsStrippedOnlyWhenItIsPKCS7() throws {
        let data = [UInt8](repeating: 0x41, count: 16)
        for count in 1...16 {
            let block = Array(data.prefix(16 - count)) + [UInt8](repeating: UInt8(count), count: count)
            XCTAssertEqual(try HLSCipherBlocks.stripPadding(block), Array(data.prefix(16 - count)))
        }
        let bad: [[UInt8]] = [
            Array(data.prefix(15)) + [0],  // a count of 0
            Array(data.prefix(15)) + [17],  // more than a block
            Array(data.prefix(13)) + [3, 2, 3],  // bytes that differ from the count
            Array(data.prefix(15)) + [0x41],  // a count of 65
            [UInt8](repeating: 1, count: 15),  // not a block
        ]
        for block in bad {
            XCTAssertThrowsError(try HLSCipherBlocks.stripPadding(block)) { error in
                XCTAssertEqual(error as? HLSCipherBlocks.Failure, .badPadding)
            }
        }
    }
}
