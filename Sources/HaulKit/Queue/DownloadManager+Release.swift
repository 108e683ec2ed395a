import Foundation
import HaulCore

/// A long list through a manager in bounded memory (`haul -i`): the caller adds a window of downloads, waits for
/// the queue to fall, and lets go of the downloads that have ended; their records stay in the store.
extension DownloadManager {
    /// How many downloads are running or queued to run here.
    public var activeCount: Int { machine.activeCount }

    /// Returns once no more than `most` downloads are running or queued to run here, after the actions under way
    /// have run; at once after `shutdown`.
    public func waitUntilActive(atMost most: Int) async {
        if isShutDown || (performing == 0 && machine.activeCount <= most) { return }
        await withCheckedContinuation { activeWaiters.append((most, $0)) }
    }

    func wakeActiveWaiters(force: Bool) {
        guard performing == 0 || force else { return }
        let active = machine.activeCount
        var waiting: [(most: Int, continuation: CheckedContinuation<Void, Never>)] = []
        for waiter in activeWaiters {
            if force || active <= waiter.most { waiter.continuation.resume() } else { waiting.append(waiter) }
        }
        activeWaiters = waiting
    }

    /// Lets go of the downloads `ids` that have completed or failed here: the manager no longer holds them (no
    /// snapshot, no events, not restored by `restore()` in this manager); their records and files stay as they
    /// are, and `restore([id])` takes one up again.
    ///
    /// - Returns: the last snapshot of each download let go of, in the order of `ids`; the others (queued,
    ///   running, paused, unknown) are left held and not returned.
    public func release(_ ids: [DownloadID]) -> [DownloadSnapshot] {
        var released: [DownloadSnapshot] = []
        for publicID in ids {
            let id = publicID.rawValue
            guard let last = snapshot(publicID), machine.release(id) else { continue }
            released.append(last)
            if let entry = entries.removeValue(forKey: id) { entry.endUpdates?() }
            snapshotURLs.forget(id)
            latestProgress.withLockedValue { _ = $0.removeValue(forKey: id) }
        }
        return released
    }
}
