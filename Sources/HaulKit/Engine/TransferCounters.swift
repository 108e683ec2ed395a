import HaulCore
import NIOConcurrencyHelpers

/// Byte counters the transfer updates on its hot path and the progress publisher samples.
final class TransferCounters: Sendable {
    private struct Values {
        var bytesDone: Int64 = 0
        var totalBytes: Int64?
        var activeConnections = 0
        var connections: [ConnectionProgress] = []
        var contiguousBytes: Int64?
        /// Body bytes read from the network since the run began, on every connection (`bytesReceived`).
        var bytesReceived: Int64 = 0
        /// Bytes the file held when the run began (or after a restart threw them away): `bytesKept` counts from it.
        var heldAtStart: Int64 = 0
        /// The run's counts went into the store with its completion (`markCompleted`): its end adds nothing more.
        var wireStored = false
        /// An HLS stream's segments written and known (`DownloadProgress.segmentsDone`); `nil` for a file.
        var segments: (done: Int, total: Int)?
    }
    private let values = NIOLockedValueBox(Values())

    /// A run begins with `held` bytes of the file already there: the received and kept counts start from zero.
    func startRun(held: Int64) {
        values.withLockedValue {
            $0.bytesReceived = 0
            $0.heldAtStart = held
            $0.wireStored = false
        }
    }

    /// The file now holds at most `held` of the bytes it had when the run began (a restart or a cut `.part`).
    func heldAtStart(atMost held: Int64) {
        values.withLockedValue { $0.heldAtStart = min($0.heldAtStart, held) }
    }

    /// Counts `count` body bytes read from a connection, kept or not.
    func received(_ count: Int) {
        values.withLockedValue { $0.bytesReceived += Int64(count) }
    }

    func set(bytesDone: Int64, totalBytes: Int64?) {
        values.withLockedValue {
            $0.bytesDone = bytesDone
            $0.totalBytes = totalBytes
        }
    }

    func setBytesDone(_ bytes: Int64) {
        values.withLockedValue { $0.bytesDone = bytes }
    }

    /// An HLS stream's progress in segments: `done` written of `total` known (`DownloadTask+Stream`).
    func setSegments(done: Int, total: Int) {
        values.withLockedValue { $0.segments = (done, total) }
    }

    /// The stream's segments written and known, or `nil` for a download that is not a stream.
    func segments() -> (done: Int, total: Int)? {
        values.withLockedValue { $0.segments }
    }

    func setActiveConnections(_ count: Int) {
        values.withLockedValue { $0.activeConnections = count }
    }

    private let milestoneObserver = NIOLockedValueBox<(@Sendable (RunMilestone) -> Void)?>(nil)

    /// Called at each `RunMilestone` of a run.
    func observeMilestones(_ observer: (@Sendable (RunMilestone) -> Void)?) {
        milestoneObserver.withLockedValue { $0 = observer }
    }

    /// Reports a milestone of this run.
    func reached(_ milestone: RunMilestone) {
        milestoneObserver.withLockedValue { $0 }?(milestone)
    }

    /// Sets the per-connection detail, the count of active connections and the complete prefix together.
    func setConnections(_ connections: [ConnectionProgress], active: Int, contiguousBytes: Int64? = nil) {
        values.withLockedValue {
            $0.connections = connections
            $0.activeConnections = active
            $0.contiguousBytes = contiguousBytes
        }
    }

    func snapshot() -> (
        bytesDone: Int64, totalBytes: Int64?, activeConnections: Int, connections: [ConnectionProgress], contiguousBytes: Int64?
    ) {
        values.withLockedValue { ($0.bytesDone, $0.totalBytes, $0.activeConnections, $0.connections, $0.contiguousBytes) }
    }

    /// This run's wire counts: bytes received, and of the file's bytes the ones gained since the run began.
    func wire() -> (received: Int64, kept: Int64) {
        values.withLockedValue { ($0.bytesReceived, max(0, $0.bytesDone - $0.heldAtStart)) }
    }

    /// The counts of a run whose file is complete at `length` bytes, to be stored with its completion; its end
    /// then stores nothing more (``unstoredWire()``).
    func wireForCompletion(length: Int64) -> WireBytes {
        values.withLockedValue {
            $0.wireStored = true
            return WireBytes(received: $0.bytesReceived, kept: max(0, length - $0.heldAtStart))
        }
    }

    /// The run's counts if nothing stored them yet (a pause, stop or failure): for the store as it ends. Taken
    /// once: a later run that ends before it begins counting (``startRun(held:)``) does not add them again.
    func unstoredWire() -> WireBytes? {
        values.withLockedValue {
            if $0.wireStored { return nil }
            $0.wireStored = true
            return WireBytes(received: $0.bytesReceived, kept: max(0, $0.bytesDone - $0.heldAtStart))
        }
    }
}

/// What a run tells the queue about its use of connections and of its slot (`DownloadTask.observeMilestones`).
enum RunMilestone: Hashable, Sendable {
    /// The run settled on this many connections at most (1 when it stays on one), once the file is known.
    case planned(connections: Int)
    /// Every byte is in and its connections are closed: the run now verifies, flushes and renames the file.
    case finishing
}
