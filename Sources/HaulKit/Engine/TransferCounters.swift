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
}

/// What a run tells the queue about its use of connections and of its slot (`DownloadTask.observeMilestones`).
enum RunMilestone: Hashable, Sendable {
    /// The run settled on this many connections at most (1 when it stays on one), once the file is known.
    case planned(connections: Int)
    /// Every byte is in and its connections are closed: the run now verifies, flushes and renames the file.
    case finishing
}
