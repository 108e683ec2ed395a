extension SegmentPlanner {
    /// What to do after progress was reported.
    public enum ReceiveAction: Hashable, Sendable {
        /// Keep reading.
        case keepReceiving
        /// The segment's end is reached: stop reading and call `connectionFinished`.
        case reachedEnd
    }

    /// What a connection whose segment is done does next.
    public enum FinishAction: Hashable, Sendable {
        /// Fetch this, on the same connection: a waiting segment, or a range stolen from a running connection
        /// (then `shrink` names the victim and its new end).
        case assign(SegmentAssignment)
        /// Nothing is worth taking: close the connection. Others are still running.
        case idle
        /// Every byte of the file has arrived: close the connection.
        case complete
    }

    /// What to do after a connection failed or gave up (its segment now waits, keeping its progress).
    public enum RecoveryAction: Hashable, Sendable {
        /// Open a fresh connection, after the caller's backoff, with `nextAssignment()`.
        case retry
        /// Do not open one: the cap is reached; the range waits for a running connection to finish.
        case wait
        /// Nothing is missing any more (the last byte had arrived before the failure).
        case complete
    }

    /// What `tick` decided about a slow or stalled connection.
    public enum SlowConnectionAction: Hashable, Sendable {
        /// The connection must be cancelled; its whole remaining range waits for `nextAssignment()`.
        case replace(ConnectionID, ReplacementReason)
    }

    /// Why a connection was replaced.
    public enum ReplacementReason: Hashable, Sendable {
        /// No byte for `stallSeconds`.
        case stalled
        /// Below `slowFraction` of the median speed of the other connections.
        case slow
        /// Below `policy.lowestSpeed` over its window (however many other connections run).
        case belowLowestSpeed
    }
}
