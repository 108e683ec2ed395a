import Foundation

// Time in the configuration is a `Duration`, as Swift's clocks and `Task.sleep(for:)` take it: `.seconds(5)`,
// `.milliseconds(250)`. The engine measures in seconds (`Double`) inside; the conversion happens here, once.

extension HaulConfiguration {
    /// How long a connection may take to open, and how long it may deliver no byte before it is dropped and the
    /// download resumes on a fresh one.
    public struct Timeouts: Sendable, Hashable {
        /// The time allowed to open a connection (DNS, TCP and TLS); positive. 15 s by default.
        public var connect: Duration
        /// The time a connection may deliver no byte before it is dropped and its range resumed; positive. 30 s by
        /// default.
        public var stall: Duration

        /// Creates the timeouts; each parameter sets the property of the same name.
        public init(connect: Duration = .seconds(15), stall: Duration = .seconds(30)) {
            self.connect = connect
            self.stall = stall
        }
    }

    /// How often a download takes a durable checkpoint and publishes its progress.
    public struct Intervals: Sendable, Hashable {
        /// The least time between two durable checkpoints (flush, then the offsets in SQLite); 0 or more. 1 s by
        /// default: what a crash may cost in re-downloaded bytes, against a flush every time.
        public var checkpoint: Duration
        /// How often progress updates are published; at least 10 ms (a hundred updates a second is already more
        /// than any screen shows). 0.1 s by default.
        public var progress: Duration

        /// Creates the intervals; each parameter sets the property of the same name.
        public init(checkpoint: Duration = .seconds(1), progress: Duration = .milliseconds(100)) {
            self.checkpoint = checkpoint
            self.progress = progress
        }
    }
}

extension Duration {
    /// `seconds` as a duration, never trapping: a value that is not a number becomes -1 s, and one beyond ±10^15 s
    /// (infinity included) becomes ±10^15 s, so that `HaulConfiguration.validate()` refuses it with `.usage`.
    package static func checkedSeconds(_ seconds: Double) -> Duration {
        if seconds.isNaN { return .seconds(-1) }
        let bound = 1e15
        return .seconds(Swift.min(Swift.max(seconds, -bound), bound))
    }

    /// The duration in seconds, as the engine measures inside.
    package var inSeconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
