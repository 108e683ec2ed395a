import Foundation
import HaulCore

/// Something an observer of a download is told.
public enum DownloadUpdate: Sendable, Equatable {
    /// The lifecycle state changed.
    case state(DownloadState)
    /// Bytes moved (published at most every `intervals.progress`, never slowing the download).
    case progress(DownloadProgress)
    /// An attempt failed; attempt number `attempt` follows after the wait `after` (the backoff, or the server's
    /// `Retry-After`; `RetryPolicy`), because of `reason`.
    case retrying(attempt: Int, after: Duration, reason: String)
    /// The partial bytes were dropped and the download starts over from byte 0.
    case restarted(reason: String)
    /// The download goes on differently, bytes kept: a mirror was dropped, an expired link was replaced, a server's
    /// ranges sent it back to one connection.
    case notice(String)
    /// The final file name or directory was decided from the response (its `Content-Disposition` name, a folder rule
    /// by that name or by the Content-Type): the file will be `file`.
    case named(file: URL)
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
    /// For an `inOrder` download split over connections, the bytes from the start of the file that have all
    /// arrived (what a player can read now); `nil` otherwise.
    public var contiguousBytes: Int64?
    /// Body bytes received from the network since this run began, on every connection: the bytes kept, and those
    /// a connection read past where it was cut, of a stream it dropped, or of a version thrown away. Bytes the
    /// system had buffered for a connection when it closed are never read and not counted (the server's log, or
    /// the network interface, shows them). `bytesReceived - bytesKept` is what the run wasted.
    public var bytesReceived: Int64
    /// Of the file's bytes, those this run added (`bytesDone` minus what the file held when the run began).
    public var bytesKept: Int64
    /// For an HLS stream (docs/hls.md, "In the queue"), the segments (and init sections) written to the file; `nil`
    /// for a download that is not a stream. Its `totalBytes` is then an estimate that grows as segments arrive.
    public var segmentsDone: Int? = nil
    /// For an HLS stream, the segments its playlist names (so far, for a live one); `nil` otherwise.
    public var segmentsTotal: Int? = nil

    /// The estimated time left as a `Duration` (`secondsRemaining`), when it can be estimated: what
    /// `Duration.formatted()` shows, or `Task.sleep(for:)` takes.
    public var timeRemaining: Duration? {
        guard let secondsRemaining, secondsRemaining.isFinite, secondsRemaining >= 0 else { return nil }
        return .checkedSeconds(secondsRemaining)
    }

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
        connections: [ConnectionProgress] = [],
        contiguousBytes: Int64? = nil,
        bytesReceived: Int64 = 0,
        bytesKept: Int64 = 0
    ) {
        self.contiguousBytes = contiguousBytes
        self.bytesReceived = bytesReceived
        self.bytesKept = bytesKept
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
