import Foundation
import HaulCore
import NIOConcurrencyHelpers

/// The store as a mailbox between processes: progress published for `haul list`, pauses, cancels and moves
/// made by other processes picked up.
extension DownloadManager {
    // MARK: the store as a mailbox between processes

    func startPolling() {
        let (interval, clock) = (pollInterval, client.configuration.clock)
        poller = Task { [weak self] in
            while !Task.isCancelled {
                try? await clock.sleep(seconds: interval)
                guard let self, !Task.isCancelled else { return }
                await self.poll()
            }
        }
    }

    /// Publishes progress and tells the machine what the store holds for the downloads queued or running here
    /// (it decides what another process's pause, cancel or move changes).
    func poll() async {
        await publishProgress()
        let watched = machine.downloads.filter { $0.value.state == .queued || $0.value.state == .downloading }.keys
        guard !watched.isEmpty else { return }
        let stored: [Int64: DownloadStore.QueueFields]
        do {
            stored = try client.store.queueFields(of: Array(watched))
        } catch {
            log.warning("could not read the queue from the store: \(error)")  // the next look tries again
            return
        }
        for id in watched.sorted() {
            let row = stored[id].map { QueueRow(state: $0.state, priority: $0.priority, queueOrder: $0.queueOrder) }
            await report(.storeSaw(id, row))
        }
    }

    func publishProgress() async {
        let running = machine.downloads.filter { $0.value.state == .downloading }.keys
        let progress = latestProgress.withLockedValue { all in
            running.compactMap { id in all[id].map { (id: id, bytesDone: $0.bytesDone, speed: $0.currentSpeed) } }
        }
        do {
            try client.store.saveProgress(progress)
        } catch {
            log.warning("could not store progress: \(error)")
        }
    }
}
