import HaulCore

extension DownloadManager {
    /// The `RequestDetail` of each of `ids`, in their order (`nil` for a download the manager does not hold, or
    /// whose stored options cannot be read): one read of the store for all those held light, a hop onto each task
    /// for the others (those that ran or were asked for here).
    package func requestDetails(of ids: [DownloadID]) async -> [RequestDetail?] {
        await snapshotsAndRequestDetails(of: ids, snapshotting: false).details
    }

    /// `snapshots(of:)` and `requestDetails(of:)` in one call: a list's window (the daemon's `tellActive` and
    /// friends) needs both, and one hop onto the manager costs less than two.
    package func snapshotsAndRequestDetails(of ids: [DownloadID]) async -> (snapshots: [DownloadSnapshot?], details: [RequestDetail?]) {
        await snapshotsAndRequestDetails(of: ids, snapshotting: true)
    }

    private func snapshotsAndRequestDetails(
        of ids: [DownloadID], snapshotting: Bool
    ) async -> (snapshots: [DownloadSnapshot?], details: [RequestDetail?]) {
        // Taken before the hops onto the tasks below, as when they were asked for first in two calls.
        let snapshots = snapshotting ? snapshots(of: ids) : []
        let light = ids.map(\.rawValue).filter { entries[$0] != nil && entries[$0]?.task == nil }
        let stored = (try? client.store.requestDetails(of: light)) ?? [:]
        var details: [RequestDetail?] = []
        details.reserveCapacity(ids.count)
        for id in ids.map(\.rawValue) {
            guard let entry = entries[id] else {
                details.append(nil)
                continue
            }
            if let task = entry.task {
                details.append(RequestDetail(task.request, rateLimit: await task.rateLimit))
            } else {
                details.append(stored[id])
            }
        }
        return (snapshots, details)
    }
}
