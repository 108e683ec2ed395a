import HaulCore
import XCTest

/// Slow observers: progress is coalesced, state changes are never dropped or reordered.
final class CoalescingQueueTests: XCTestCase {
    private enum Event: Equatable {
        case progress(Int64, Int)
        case state(Int64, String)

        var key: Int64 {
            switch self {
            case .progress(let id, _), .state(let id, _): return id
            }
        }
        var coalescing: Bool {
            if case .progress = self { return true }
            return false
        }
    }

    private func drain(_ queue: inout CoalescingQueue<Event, Int64>) -> [Event] {
        var events: [Event] = []
        while let event = queue.pop() { events.append(event) }
        return events
    }

    private func push(_ events: [Event], into queue: inout CoalescingQueue<Event, Int64>) {
        for event in events { queue.push(event, key: event.key, coalescing: event.coalescing) }
    }

    func testNewerProgressReplacesTheWaitingOneInPlace() {
        var queue = CoalescingQueue<Event, Int64>()
        push([.progress(1, 10), .progress(2, 5), .progress(1, 20), .progress(1, 30)], into: &queue)
        XCTAssertEqual(queue.count, 2)
        XCTAssertEqual(drain(&queue), [.progress(1, 30), .progress(2, 5)])
        XCTAssertTrue(queue.isEmpty)
    }

    func testStateChangesAreNeverDroppedOrReordered() {
        var queue = CoalescingQueue<Event, Int64>()
        push([.state(1, "downloading"), .state(1, "paused"), .state(1, "queued"), .state(2, "failed")], into: &queue)
        XCTAssertEqual(drain(&queue), [.state(1, "downloading"), .state(1, "paused"), .state(1, "queued"), .state(2, "failed")])
    }

    func testProgressAfterAStateChangeStaysAfterIt() {
        var queue = CoalescingQueue<Event, Int64>()
        push([.progress(1, 10), .state(1, "paused"), .progress(1, 20), .progress(1, 25)], into: &queue)
        XCTAssertEqual(drain(&queue), [.progress(1, 10), .state(1, "paused"), .progress(1, 25)])
    }

    func testProgressAlreadyReadIsNotReplaced() {
        var queue = CoalescingQueue<Event, Int64>()
        push([.progress(1, 10), .state(2, "queued")], into: &queue)
        XCTAssertEqual(queue.pop(), .progress(1, 10))
        push([.progress(1, 20)], into: &queue)
        XCTAssertEqual(drain(&queue), [.state(2, "queued"), .progress(1, 20)])
    }

    /// Memory stays bounded by downloads and state changes, however much progress a never-reading observer misses.
    func testANeverReadingObserverHoldsOneProgressPerDownload() {
        var queue = CoalescingQueue<Event, Int64>()
        for tick in 0..<100_000 { queue.push(.progress(Int64(tick % 8), tick), key: Int64(tick % 8), coalescing: true) }
        XCTAssertEqual(queue.count, 8)
        XCTAssertEqual(drain(&queue).map { if case .progress(_, let v) = $0 { return v } else { return -1 } }, Array(99_992..<100_000))
    }

    /// Random pushes against a plain model: every state event survives in order, and between two of a download's
    /// state events at most its last progress survives.
    func testRandomSequencesMatchTheModel() {
        var random = SeededRandom(seed: 42)
        for _ in 0..<500 {
            var queue = CoalescingQueue<Event, Int64>()
            var pushed: [Event] = []
            var delivered: [Event] = []
            for step in 0..<Int.random(in: 1...60, using: &random) {
                let id = Int64.random(in: 1...3, using: &random)
                let event: Event = Bool.random(using: &random) ? .progress(id, step) : .state(id, "s\(step)")
                pushed.append(event)
                queue.push(event, key: id, coalescing: event.coalescing)
                if Int.random(in: 0..<4, using: &random) == 0, let next = queue.pop() { delivered.append(next) }
            }
            delivered += drain(&queue)
            XCTAssertEqual(delivered.filter { !$0.coalescing }, pushed.filter { !$0.coalescing })
            for id in Int64(1)...3 {
                let ofId = pushed.filter { $0.key == id }
                let got = delivered.filter { $0.key == id }
                // The last progress of each run of progress events (between state changes) is always delivered,
                // and the delivered sequence is a subsequence of what was pushed.
                var runs: [Event] = []
                for (index, event) in ofId.enumerated() where event.coalescing {
                    if index + 1 == ofId.count || !ofId[index + 1].coalescing { runs.append(event) }
                }
                XCTAssertTrue(runs.allSatisfy(got.contains))
                var iterator = ofId.makeIterator()
                XCTAssertTrue(got.allSatisfy { wanted in
                    while let next = iterator.next() { if next == wanted { return true } }
                    return false
                })
            }
        }
    }
}
