import Foundation
import HaulCore
import NIOConcurrencyHelpers

/// The store as a mailbox between processes: progress published for `haul list`, pauses, cancels and moves
/// made by other processes picked up.
extension DownloadManager {
    // MARK: the store as a mailbox between processes

    func startPolling() {
        let interval = pollInterval
        poller = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(nanoseconds: UInt64(interval * 1_000_000_000))
                guard let self, !Task.isCancelled else { return }
                await self.poll()
            }
        }
    }

    /// Publishes progress and applies pauses and cancels other processes wrote into the store.
    func poll() async {
        await publishProgress()
        let watched = entries.filter { $0.value.lifecycle.state == .queued || $0.value.lifecycle.state == .downloading }
        guard !watched.isEmpty, let stored = try? client.store.queueFields(of: Array(watched.keys)) else { return }
        var moved = false
        for id in watched.keys.sorted() {
            guard let entry = entries[id], entry.lifecycle.state == .queued || entry.lifecycle.state == .downloading else {
                continue
            }
            if let fields = stored[id], fields.priority != entry.priority || fields.queueOrder != entry.queueOrder {
                // Moved by another process (`haul move`).
                entries[id]?.priority = fields.priority
                entries[id]?.queueOrder = fields.queueOrder
                moved = true
            }
            switch stored[id]?.state {
            case nil, .cancelled?:
                // Cancelled, or removed (the record is gone, so the partial file cannot be resumed either).
                entries[id]?.lifecycle.mustHandle(.cancel, of: id)
                entries[id]?.generation += 1
                try? await entry.task.cancel()
                drop(id)
            case .paused?:
                try? await pause(id)
            default:
                break
            }
        }
        if moved { schedule() }
    }

    func publishProgress() async {
        let running = entries.filter { $0.value.lifecycle.state == .downloading }.keys
        let progress = latestProgress.withLockedValue { all in
            running.compactMap { id in all[id].map { (id: id, bytesDone: $0.bytesDone, speed: $0.currentSpeed) } }
        }
        try? client.store.saveProgress(progress)
    }
}
