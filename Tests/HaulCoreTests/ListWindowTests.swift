import XCTest

@testable import HaulCore

/// `ListWindow`: how much of a `-i` list is read into the queue at a time (docs/cli.md, "Long lists").
final class ListWindowTests: XCTestCase {
    func testSizesFollowTheConcurrency() {
        let window = ListWindow(maxConcurrent: 16)
        XCTAssertEqual(window.batch, 16)
        XCTAssertEqual(window.capacity, 64, "2 x 16 running or finishing, and two batches (96 before: each held download keeps its task frames)")
        XCTAssertEqual(window.refillMark, 48)
        let one = ListWindow(maxConcurrent: 1)
        XCTAssertEqual(one.batch, 16, "never fewer than 16 a transaction")
        XCTAssertEqual(one.capacity, 34)
        XCTAssertEqual(ListWindow(maxConcurrent: 0), one, "no concurrency is taken as 1")
        XCTAssertEqual(ListWindow(maxConcurrent: 100).batch, 100)
    }

    func testReadsTheWholeWindowAtFirstThenAtLeastABatch() {
        let window = ListWindow(maxConcurrent: 16)
        XCTAssertEqual(window.toRead(active: 0, pausedByUser: false), 64)
        XCTAssertEqual(window.toRead(active: 49, pausedByUser: false), 0, "above the refill mark: wait")
        XCTAssertEqual(window.toRead(active: 64, pausedByUser: false), 0)
        XCTAssertEqual(window.toRead(active: 48, pausedByUser: false), 16, "at the mark: one batch, the window full again")
        XCTAssertEqual(window.toRead(active: 10, pausedByUser: false), 54)
    }

    /// Between refills the reader looks again at every end, so each ended download is let go of as it ends: with
    /// the refill mark as the wait (before), up to a batch of ended downloads stayed held until the next refill.
    func testWithNothingToReadTheReaderLooksAgainAtTheNextEnd() {
        let window = ListWindow(maxConcurrent: 16)
        XCTAssertEqual(window.toRead(active: 64, pausedByUser: false), 0)
        XCTAssertEqual(window.nextLook(active: 64), 63, "the next end, not the refill mark (48)")
        XCTAssertEqual(window.nextLook(active: 49), 48)
        XCTAssertEqual(window.nextLook(active: 0), 0)
        // Looking again at every end still reads in batches: above the mark, nothing is read at the next look.
        XCTAssertEqual(window.toRead(active: window.nextLook(active: 64), pausedByUser: false), 0)
    }

    func testNothingIsReadWhileTheUserHoldsTheQueuePaused() {
        let window = ListWindow(maxConcurrent: 4)
        XCTAssertEqual(window.toRead(active: 0, pausedByUser: true), 0)
        XCTAssertEqual(window.toRead(active: 0, pausedByUser: false), window.capacity)
    }

    func testAShortReadEndsTheInput() {
        var window = ListWindow(maxConcurrent: 4)
        window.read(asked: 40, got: 40)
        XCTAssertFalse(window.isInputEnded)
        XCTAssertEqual(window.toRead(active: 0, pausedByUser: false), window.capacity)
        window.read(asked: 40, got: 39)
        XCTAssertTrue(window.isInputEnded)
        XCTAssertEqual(window.toRead(active: 0, pausedByUser: false), 0, "nothing more is asked of an ended list")
    }

    /// A whole list through a simulated queue that finishes a few downloads at a time: every entry is read once,
    /// never more than `capacity` are active, every read but the first and the last is at least a batch, and the
    /// running slots never go idle while entries are left.
    func testAListDrainsWithinTheWindow() {
        let total = 10_000
        var window = ListWindow(maxConcurrent: 8)
        var random = SeededRandom(seed: 62)
        var unread = total
        var active = 0
        var reads: [Int] = []
        var steps = 0
        while !(window.isInputEnded && active == 0) {
            steps += 1
            XCTAssertLessThan(steps, 100_000, "the list must drain")
            if steps > 100_000 { return }
            let count = window.toRead(active: active, pausedByUser: false)
            if count > 0 {
                let got = min(count, unread)
                unread -= got
                active += got
                reads.append(got)
                window.read(asked: count, got: got)
                XCTAssertLessThanOrEqual(active, window.capacity)
                continue
            }
            if unread > 0 { XCTAssertGreaterThanOrEqual(active, 8, "the queue is never short of work while the list has some") }
            active -= min(active, Int(random.next() % 5) + 1)
        }
        XCTAssertEqual(reads.reduce(0, +), total, "each entry read once")
        XCTAssertEqual(reads.first, window.capacity)
        XCTAssertTrue(reads.dropFirst().dropLast(2).allSatisfy { $0 >= window.batch }, "batches, not entry by entry")
    }
}
