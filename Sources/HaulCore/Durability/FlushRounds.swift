/// Group commit for the flush of one directory: several renames share one `fsync` of their directory, and none is
/// answered by a flush that started before it (docs/http-rules.md rule 18: the rename must be on stable storage
/// before the download is recorded as complete).
///
/// Flushes of a directory run one at a time, in numbered rounds. A caller that has just renamed a file asks for the
/// first round to start after now (`roundNeeded()`); the round running at that moment may have started before the
/// rename, so it does not count. Whoever finds no round running starts the next one, and every caller waiting for
/// that round (or an earlier one) is answered by it. In a list of 60 small files, 8 at a time, 60 renames took 53
/// directory flushes (strace, docs/history/benchmarks-rounds.md "Round 9"); a burst of finishes shares more.
///
/// Pure: the I/O layer (`DirectoryFlusher` in HaulKit) runs the flush and guards this with a lock.
public struct FlushRounds<Failure: Sendable>: Sendable {
    /// What a caller waiting for a round does next.
    public enum Step: Sendable {
        /// Run the flush of this round now, then call `finish(_:failure:)`.
        case start(Int)
        /// Another caller's round is running: wait until it finishes, then ask again.
        case wait
        /// A round that started after the caller's change has finished; `failure` is that of the most recent
        /// finished round (which covers the change too), `nil` when it succeeded.
        case done(failure: Failure?)
    }

    /// The number of the last round started (0: none yet).
    public private(set) var started = 0
    /// The number of the last round finished.
    public private(set) var finished = 0
    /// Whether a round is running.
    public private(set) var isRunning = false
    /// Callers between `roundNeeded()` and `.done`.
    public private(set) var waiting = 0
    private var lastFailure: Failure?

    public init() {}

    /// The round that covers a change made now: the first to start after now. Counts the caller as waiting.
    public mutating func roundNeeded() -> Int {
        waiting += 1
        return started + 1
    }

    /// What the caller waiting for `round` does now.
    public mutating func next(for round: Int) -> Step {
        if finished >= round {
            waiting -= 1
            return .done(failure: lastFailure)
        }
        if isRunning { return .wait }
        isRunning = true
        started += 1
        return .start(started)
    }

    /// Records the end of `round`, with its flush's failure when it failed.
    public mutating func finish(_ round: Int, failure: Failure?) {
        precondition(isRunning && round == started, "FlushRounds: finishing round \(round), not the one running (\(started))")
        isRunning = false
        finished = round
        lastFailure = failure
    }

    /// Whether nothing is running or waiting: the caller may forget this directory's rounds.
    public var isIdle: Bool { !isRunning && waiting == 0 }
}

extension FlushRounds.Step: Equatable where Failure: Equatable {}
