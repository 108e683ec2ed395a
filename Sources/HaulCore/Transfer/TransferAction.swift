/// What `TransferMachine` asks the runner to do, in order.
public enum TransferAction: Hashable, Sendable {
    /// Open connection `k` with the request `plan`; its body must not be written past `end` (nil: no bound).
    case open(ConnectionID, RequestPlan, end: Int64?)
    /// Stream connection `k`'s body into the file from `body.offset`, reporting `.wrote` after each flush, and
    /// `.ended` at the end of the body or at `end` (the segment's end; nil: the body's end).
    case write(ConnectionID, BodyPlan, end: Int64?)
    /// Cut the `.part` file to `length` bytes: bytes past the durable offset were never checkpointed and may be stale.
    case truncate(to: Int64)
    /// Connection `k`'s segment now ends at `end` (another connection took the rest): stop writing there.
    case shorten(ConnectionID, end: Int64)
    /// Stop connection `k`; its range has gone back to the plan or to another connection.
    case drop(ConnectionID, DropReason)
    /// Record the file version (and reserve `totalLength` bytes in the `.part` file when known).
    case adopt(ResourceIdentity)
    /// Forget every held byte durably (truncate to 0, clear the stored version and segments) before any byte of
    /// another version is written. `reason` is said to observers; nil when nothing was held.
    case discard(reason: String?)
    /// Tell observers that the transfer continues differently (`continuing on one connection: ...`).
    case notice(String)
    /// How many connections the transfer plans to use (for progress).
    case plan(connections: Int)
    /// Save these segments: now when `immediately`, else when the checkpoint interval has passed.
    case checkpoint([StoredSegment], immediately: Bool)
    /// Wait: connection work resumes at the `timer` event at or after `at`. Observers hear `attempt` and `reason`.
    case retry(at: Double, afterSeconds: Double, attempt: Int, reason: String)
    /// Every byte is written: verify, sync, rename, record completion. `length` is the file's final length.
    case finish(length: Int64, identity: ResourceIdentity?, segments: [StoredSegment])
    /// Stopped on request; the last checkpoint action saved the progress.
    case stopped
    /// Give up with this problem.
    case fail(TransferProblem)
    /// The source answered 401, 403 or 410 after bytes arrived: its link has probably expired. Every connection is
    /// dropped and progress saved; ask for a fresh URL and answer `.sourceRefreshed` or `.sourceUnavailable`.
    case refreshSource(TransferProblem)
    /// Connection `k`, opened by the next `.open`, goes to this source (one of several mirrors).
    case useSource(ConnectionID, url: String)
    /// Every byte of piece `index` (`range`) has landed: read it back from the file, hash it with `algorithm`, and
    /// answer `.pieceChecked` with `serial`.
    case checkPiece(index: Int, serial: Int, range: Range<Int64>, algorithm: String)
    /// Record these pieces as the verified ones (replacing the earlier record), so a resume trusts them unhashed.
    case recordVerifiedPieces([Int])
    /// The host took `connections` of this run's connections and no more (`.refused`: it refused one more; `.slower`:
    /// more were no faster): remember it as the host's budget (`LearnedHostBudget`).
    case hostLimited(connections: Int, reason: String, lesson: LearnedHostBudget.Lesson)
    /// Send a `timer` event after `afterSeconds`, sooner than the usual ticks (a count being chosen is measured).
    case wakeUp(afterSeconds: Double)
}

/// Why a connection is dropped.
public enum DropReason: Hashable, Sendable, CustomStringConvertible {
    /// No byte arrived for the stall time.
    case stalled
    /// Much slower than the others.
    case slow
    /// Below the lowest speed a connection may keep up (`LowestSpeed`).
    case belowLowestSpeed
    /// Another connection took its whole remaining range.
    case takenOver(by: ConnectionID)
    /// The transfer is ending (stop, failure, restart).
    case transferEnding
    /// The count Haul chooses went down: the newest connections give their ranges back.
    case fewerConnections

    public var description: String {
        switch self {
        case .stalled: "stalled"
        case .slow: "slow"
        case .belowLowestSpeed: "below the lowest speed"
        case .takenOver(let taker): "taken over by \(taker)"
        case .transferEnding: "transfer ending"
        case .fewerConnections: "fewer connections chosen"
        }
    }
}
