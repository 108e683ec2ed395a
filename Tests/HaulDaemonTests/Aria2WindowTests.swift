import HaulDaemon
import XCTest

/// aria2's `offset`/`num` window as positions (`Aria2Queue.windowIndices`), which the daemon fetches from a queue it
/// never builds whole.
final class Aria2WindowTests: XCTestCase {
    /// aria2's rule written out plainly over a built list, to compare against.
    private func reference(count: Int, offset: Int, num: Int) -> [Int] {
        guard num > 0 else { return [] }
        let items = Array(0..<count)
        if offset >= 0 { return Array(items.dropFirst(offset).prefix(num)) }
        let last = count + offset  // -1 is the last one
        guard last >= 0 else { return [] }
        return Array(items[...last].reversed().prefix(num))
    }

    func testTheWindowIsAria2sForEveryOffsetAndCount() {
        for count in 0...7 {
            for offset in -9...9 {
                for num in -1...9 {
                    XCTAssertEqual(
                        Aria2Queue.windowIndices(count: count, offset: offset, num: num), reference(count: count, offset: offset, num: num),
                        "count \(count), offset \(offset), num \(num)")
                }
            }
        }
    }

    func testNegativeOffsetsCountFromTheEndBackwards() {
        XCTAssertEqual(Aria2Queue.windowIndices(count: 5, offset: -1, num: 2), [4, 3])
        XCTAssertEqual(Aria2Queue.windowIndices(count: 5, offset: -2, num: 100), [3, 2, 1, 0])
        XCTAssertEqual(Aria2Queue.windowIndices(count: 5, offset: -5, num: 1), [0])
        XCTAssertEqual(Aria2Queue.windowIndices(count: 5, offset: -6, num: 1), [], "before the beginning")
    }

    func testBeyondTheEndIsEmpty() {
        XCTAssertEqual(Aria2Queue.windowIndices(count: 5, offset: 5, num: 1), [])
        XCTAssertEqual(Aria2Queue.windowIndices(count: 5, offset: 3, num: 10), [3, 4])
        XCTAssertEqual(Aria2Queue.windowIndices(count: 0, offset: 0, num: 10), [])
        XCTAssertEqual(Aria2Queue.windowIndices(count: 5, offset: Int.max, num: Int.max), [])
        XCTAssertEqual(Aria2Queue.windowIndices(count: 5, offset: Int.min, num: Int.max), [])
        XCTAssertEqual(Aria2Queue.windowIndices(count: 5, offset: -1, num: Int.max), [4, 3, 2, 1, 0])
    }

    /// The window of a queue of a billion is its few positions: nothing of the size of the queue is built (a list
    /// of every position first, as `window` over `Array(0..<count)` did, would need 8 GB).
    func testTheWindowOfAHugeQueueIsOnlyItsPositions() {
        let billion = 1_000_000_000
        XCTAssertEqual(Aria2Queue.windowIndices(count: billion, offset: 0, num: 3), [0, 1, 2])
        XCTAssertEqual(Aria2Queue.windowIndices(count: billion, offset: -1, num: 2), [billion - 1, billion - 2])
        XCTAssertEqual(Aria2Queue.windowIndices(count: billion, offset: billion - 2, num: 1000), [billion - 2, billion - 1])
    }
}
