/// What the runner tells `TransferMachine`: everything that happens to a transfer, as plain values.
///
/// Times are the runner's monotonic seconds; `wallClock` is seconds since the epoch (only for a `Retry-After`
/// date). The runner reports nothing more about a connection after the machine said `.drop` for it.
public enum TransferEvent: Sendable {
    /// The run begins with what the state database and the `.part` file hold.
    case started(StoredTransfer, now: Double)
    /// Connection `k` received a response head (the transport followed any redirects).
    case responseHead(ConnectionID, ResponseHead, host: String, url: String, now: Double, wallClock: Int64)
    /// Connection `k` has written every byte before `offset` (an absolute file offset) to the file.
    case wrote(ConnectionID, upTo: Int64)
    /// Connection `k`'s body ended cleanly, or `k` wrote up to the end of its segment.
    case ended(ConnectionID, now: Double)
    /// Connection `k` failed (could not open, reset, timed out, a local write error).
    case failed(ConnectionID, TransferProblem, now: Double)
    /// A timer fired: about twice a second while connections run, and at every `retry` time asked for.
    /// `throttled`: a bandwidth limit of the client's own holds the download back (slowness is then no verdict).
    case timer(now: Double, throttled: Bool)
    /// Pause, cancel or shutdown: stop every connection and keep what arrived.
    case stop
    /// After `.refreshSource`: the runner has a fresh URL and the `.part` file is `partFileSize` bytes long; the
    /// held bytes resume against it as after a restart (their version decides whether they stay).
    case sourceRefreshed(partFileSize: Int64, now: Double)
    /// After `.refreshSource`: no fresh URL (no provider, the provider gave none or failed); the run fails as the
    /// expired answer would have made it fail.
    case sourceUnavailable(now: Double)
    /// The host's budget now gives this run `connections` (`HostShares`): fewer when another download to the same
    /// host came and took a share, more when one ended. Only for a count Haul chooses (`-x auto`); a run over one
    /// connection, or not yet split, keeps it for when it splits.
    case connectionBudget(Int)
    /// The rate limit holding this download (the tighter of its own and the global one, bytes per second; `nil`:
    /// none) changed while it runs: a split run's count is tuned again under it (`ConnectionTuner.changeRateLimit`);
    /// a run not yet split keeps it for when it splits.
    case rateLimit(Double?)
    /// After `.checkPiece`: the I/O layer read piece `index` back from the file and hashed it (hex `digest`);
    /// `serial` is the one it was asked with.
    case pieceChecked(index: Int, serial: Int, digest: String)
}

/// What a run starts from: the stored version and segments, and the size of the `.part` file.
public struct StoredTransfer: Hashable, Sendable {
    /// The version the stored bytes belong to.
    public var identity: ResourceIdentity?
    /// The stored segments (`end` nil: up to the end of a file of unknown length).
    public var segments: [StoredSegment]
    /// The `.part` file's size on disk.
    public var partFileSize: Int64
    /// The pieces recorded as verified against their hashes (`PieceLedger`); trusted only where `segments` still
    /// cover them.
    public var verifiedPieces: Set<Int>

    /// Creates a stored state.
    public init(identity: ResourceIdentity?, segments: [StoredSegment], partFileSize: Int64, verifiedPieces: Set<Int> = []) {
        self.identity = identity
        self.segments = segments
        self.partFileSize = partFileSize
        self.verifiedPieces = verifiedPieces
    }

    /// Nothing stored.
    public static let empty = StoredTransfer(identity: nil, segments: [], partFileSize: 0)
}

/// One stored segment: bytes `[start, next)` are durable; the segment ends at `end` (nil: the end of the file).
public struct StoredSegment: Hashable, Sendable {
    public var start: Int64
    public var end: Int64?
    public var next: Int64

    /// Creates a stored segment.
    public init(start: Int64, end: Int64?, next: Int64) {
        self.start = start
        self.end = end
        self.next = next
    }
}
