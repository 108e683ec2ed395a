import NIOConcurrencyHelpers

/// A `Clock` that moves only when the test moves it: a sleeper wakes when ``advance(by:)`` reaches its deadline.
///
/// Handed to the engine in HaulKit's tests (the client's clock, read by the transfer's ticker, its backoff and
/// `Retry-After` waits, its stall and lowest-speed judgements, and by the scripted transport's throttle), so that
/// thirty seconds of backoff or a lowest-speed window of two seconds are tested by moving time, not by waiting
/// for it. Modelled on the manual clocks of swift-async-algorithms' tests and pointfree's `TestClock`.
///
/// A sleep is registered when it starts, at the time the clock reads then: wait for it
/// (``waitForSleeper(until:)``) before moving past it, or its deadline is counted from the moved time.
public final class ManualClock: Clock, Sendable {
    /// A point on this clock: the time moved since it was made.
    public struct Instant: InstantProtocol, CustomStringConvertible {
        public var offset: Swift.Duration

        public init(offset: Swift.Duration) { self.offset = offset }

        public func advanced(by duration: Swift.Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Swift.Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
        public var description: String { "\(offset)" }
    }

    private struct Sleeper {
        let id: Int
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct Watcher {
        let deadline: Instant
        let continuation: CheckedContinuation<Void, Never>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var nextID = 0
        var sleepers: [Sleeper] = []
        /// Sleeps cancelled before they were registered.
        var cancelled: Set<Int> = []
        var watchers: [Watcher] = []
    }

    private let state = NIOLockedValueBox(State())

    public init() {}

    public var now: Instant { state.withLockedValue { $0.now } }

    public var minimumResolution: Swift.Duration { .zero }

    /// The deadlines of the tasks asleep on this clock now, earliest first.
    public var deadlines: [Instant] { state.withLockedValue { $0.sleepers.map(\.deadline).sorted() } }

    public func sleep(until deadline: Instant, tolerance: Swift.Duration? = nil) async throws {
        let id = state.withLockedValue { state -> Int in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (answer, watchers) = state.withLockedValue { state -> (Result<Void, any Error>?, [Watcher]) in
                    if state.cancelled.remove(id) != nil { return (.failure(CancellationError()), []) }
                    if deadline <= state.now { return (.success(()), []) }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    let woken = state.watchers.filter { $0.deadline <= deadline }
                    state.watchers.removeAll { $0.deadline <= deadline }
                    return (nil, woken)
                }
                if let answer { continuation.resume(with: answer) }
                for watcher in watchers { watcher.continuation.resume() }
            }
        } onCancel: {
            let sleeper = state.withLockedValue { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else {
                    state.cancelled.insert(id)
                    return nil
                }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward by `duration` and wakes every sleeper whose deadline it reaches, earliest first.
    public func advance(by duration: Swift.Duration) {
        let due = state.withLockedValue { state -> [Sleeper] in
            state.now = state.now.advanced(by: duration)
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Moves time to the earliest deadline a task sleeps until, if any, and wakes that task (and any other due
    /// then). - Returns: whether a sleeper was woken.
    @discardableResult
    public func advanceToNextDeadline() -> Bool {
        guard let next = deadlines.first else { return false }
        advance(by: now.duration(to: next))
        return true
    }

    /// Returns once a task sleeps until `deadline` or later (at once if one does).
    public func waitForSleeper(until deadline: Instant) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let present = state.withLockedValue { state -> Bool in
                if state.sleepers.contains(where: { $0.deadline >= deadline }) { return true }
                state.watchers.append(Watcher(deadline: deadline, continuation: continuation))
                return false
            }
            if present { continuation.resume() }
        }
    }
}
