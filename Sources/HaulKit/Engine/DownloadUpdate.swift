import HaulCore
import NIOConcurrencyHelpers

/// Something an observer of a download is told.
public enum DownloadUpdate: Sendable, Equatable {
    /// The lifecycle state changed.
    case state(DownloadState)
    /// Bytes moved (published at most every `progressInterval`, never slowing the download).
    case progress(DownloadProgress)
    /// An attempt failed; another follows after `delaySeconds`.
    case retrying(attempt: Int, delaySeconds: Double, reason: String)
    /// The partial bytes were dropped and the download starts over from byte 0.
    case restarted(reason: String)
    /// The final file name was decided (from `Content-Disposition`).
    case named(path: String)
    /// The download failed with this error (also reflected by `.state(.failed)`).
    case failed(HaulError)
}

/// A snapshot of a download's progress.
public struct DownloadProgress: Sendable, Equatable {
    /// Bytes held (from offset 0, or over all segments).
    public var bytesDone: Int64
    /// The complete length, when known.
    public var totalBytes: Int64?
    /// Bytes per second over the last few seconds.
    public var currentSpeed: Double
    /// Bytes per second since this run started.
    public var averageSpeed: Double
    /// Estimated seconds left, when it can be estimated.
    public var secondsRemaining: Double?
    /// Connections moving bytes now.
    public var activeConnections: Int
    /// What each connection of a segmented download is fetching, in file order; empty when the download runs on
    /// one connection (or has not split yet).
    public var connections: [ConnectionProgress]

    /// `bytesDone / totalBytes`, when the total is known.
    public var fraction: Double? {
        guard let totalBytes, totalBytes > 0 else { return totalBytes == 0 ? 1 : nil }
        return min(1, Double(bytesDone) / Double(totalBytes))
    }

    /// Creates a snapshot.
    public init(
        bytesDone: Int64,
        totalBytes: Int64?,
        currentSpeed: Double = 0,
        averageSpeed: Double = 0,
        secondsRemaining: Double? = nil,
        activeConnections: Int = 0,
        connections: [ConnectionProgress] = []
    ) {
        self.bytesDone = bytesDone
        self.totalBytes = totalBytes
        self.currentSpeed = currentSpeed
        self.averageSpeed = averageSpeed
        self.secondsRemaining = secondsRemaining
        self.activeConnections = activeConnections
        self.connections = connections
    }
}

/// One connection of a segmented download in a progress snapshot: the segment it fills and how fast.
///
/// The segment is `[start, end)`, of which `[start, next)` is written: `start` is where the segment began (earlier
/// than where this connection began when it took over another connection's range), `end` shrinks when another
/// connection takes the back part.
public struct ConnectionProgress: Sendable, Hashable {
    /// The connection's number within this run of the download, counting from 1. A connection that finishes its
    /// segment and takes more work keeps its number.
    public var id: Int
    /// The first byte of the segment.
    public var start: Int64
    /// The first byte not written yet.
    public var next: Int64
    /// One past the last byte of the segment.
    public var end: Int64
    /// Bytes per second over the last two seconds of the current segment (0 until it has been measured, about a
    /// second after the connection took the segment).
    public var speed: Double

    /// Bytes still to fetch: `end - next`.
    public var remainingBytes: Int64 { end - next }

    /// Creates an entry.
    public init(id: Int, start: Int64, next: Int64, end: Int64, speed: Double) {
        self.id = id
        self.start = start
        self.next = next
        self.end = end
        self.speed = speed
    }
}

/// Byte counters the transfer updates on its hot path and the progress publisher samples.
final class TransferCounters: Sendable {
    private struct Values {
        var bytesDone: Int64 = 0
        var totalBytes: Int64?
        var activeConnections = 0
        var connections: [ConnectionProgress] = []
    }
    private let values = NIOLockedValueBox(Values())

    func set(bytesDone: Int64, totalBytes: Int64?) {
        values.withLockedValue {
            $0.bytesDone = bytesDone
            $0.totalBytes = totalBytes
        }
    }

    func setBytesDone(_ bytes: Int64) {
        values.withLockedValue { $0.bytesDone = bytes }
    }

    func setActiveConnections(_ count: Int) {
        values.withLockedValue { $0.activeConnections = count }
    }

    private let plannedObserver = NIOLockedValueBox<(@Sendable (Int) -> Void)?>(nil)

    /// Called with the connection count a run settles on (1 when it stays on one connection), once it is known.
    func observePlannedConnections(_ observer: (@Sendable (Int) -> Void)?) {
        plannedObserver.withLockedValue { $0 = observer }
    }

    /// Reports how many connections this run will use at most.
    func planned(connections: Int) {
        plannedObserver.withLockedValue { $0 }?(connections)
    }

    /// Sets the per-connection detail and the count of active connections together.
    func setConnections(_ connections: [ConnectionProgress], active: Int) {
        values.withLockedValue {
            $0.connections = connections
            $0.activeConnections = active
        }
    }

    func snapshot() -> (bytesDone: Int64, totalBytes: Int64?, activeConnections: Int, connections: [ConnectionProgress]) {
        values.withLockedValue { ($0.bytesDone, $0.totalBytes, $0.activeConnections, $0.connections) }
    }
}

/// Fans updates out to any number of `AsyncStream` subscribers without ever blocking the sender.
///
/// A new subscriber first receives the latest state and progress, so late observers need not poll. Progress is
/// published at a bounded rate, so even a subscriber that never reads costs little memory.
final class UpdateBroadcaster: Sendable {
    private struct Subscribers {
        var next = 0
        var continuations: [Int: AsyncStream<DownloadUpdate>.Continuation] = [:]
        var lastState: DownloadState?
        var lastProgress: DownloadProgress?
        var finished = false
    }
    private let subscribers = NIOLockedValueBox(Subscribers())

    func subscribe() -> AsyncStream<DownloadUpdate> {
        subscription().stream
    }

    /// A stream like `subscribe()`'s, and a way to end it: `end()` lets the reader take what was already sent,
    /// then the stream finishes (cancelling the reader would drop what it had not taken yet).
    func subscription() -> (stream: AsyncStream<DownloadUpdate>, end: @Sendable () -> Void) {
        let (stream, continuation) = AsyncStream<DownloadUpdate>.makeStream(bufferingPolicy: .unbounded)
        let finished = subscribers.withLockedValue { subscribers -> Bool in
            if let state = subscribers.lastState { continuation.yield(.state(state)) }
            if let progress = subscribers.lastProgress { continuation.yield(.progress(progress)) }
            if subscribers.finished { return true }
            let key = subscribers.next
            subscribers.next += 1
            subscribers.continuations[key] = continuation
            continuation.onTermination = { [weak self] _ in
                _ = self?.subscribers.withLockedValue { $0.continuations.removeValue(forKey: key) }
            }
            return false
        }
        if finished { continuation.finish() }
        return (stream, { continuation.finish() })
    }

    func send(_ update: DownloadUpdate) {
        let targets = subscribers.withLockedValue { subscribers -> [AsyncStream<DownloadUpdate>.Continuation] in
            switch update {
            case .state(let state): subscribers.lastState = state
            case .progress(let progress): subscribers.lastProgress = progress
            default: break
            }
            return Array(subscribers.continuations.values)
        }
        for continuation in targets { continuation.yield(update) }
    }

    /// Ends every stream (after a final state); later subscribers get the last state and an ended stream.
    func finish() {
        let targets = subscribers.withLockedValue { subscribers -> [AsyncStream<DownloadUpdate>.Continuation] in
            subscribers.finished = true
            defer { subscribers.continuations = [:] }
            return Array(subscribers.continuations.values)
        }
        for continuation in targets { continuation.finish() }
    }
}
