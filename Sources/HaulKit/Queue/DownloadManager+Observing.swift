import Foundation
import HaulCore
import NIOConcurrencyHelpers

/// Events, snapshots, waiting for the queue to drain, and shutting down.
extension DownloadManager {
    // MARK: observing

    /// Every event from now on, starting with a `.current` snapshot of each known download.
    public func events() -> ManagerEvents {
        subscribe(only: nil)
    }

    /// One download's events from now on, starting with its `.current` snapshot.
    public func events(for id: DownloadID) -> ManagerEvents {
        subscribe(only: id)
    }

    func subscribe(only: DownloadID?) -> ManagerEvents {
        let channel = EventChannel(only: only)
        for id in entries.keys.sorted() where only == nil || only?.rawValue == id {
            channel.send(.current(snapshot(DownloadID(id))!))
        }
        if isShutDown {
            channel.finish()
        } else {
            channels.withLockedValue { $0.append(channel) }
        }
        return ManagerEvents(subscription: .init(channel: channel))
    }

    /// The downloads, in queue order (priority, then order added).
    public var snapshots: [DownloadSnapshot] {
        QueuePolicy.ordered(machine.queueEntries).compactMap { snapshot(DownloadID($0.id)) }
    }

    /// The ids of the downloads `snapshots` lists, in no order: for a lookup by id, without building a snapshot of
    /// each download and sorting them (a daemon polled for one download's status holds thousands of completed ones).
    public var downloadIDs: [DownloadID] {
        entries.keys.filter { machine.downloads[$0] != nil }.map(DownloadID.init(rawValue:))
    }

    /// The downloads `ids`, each if the manager has it, in the order of `ids`: many in one call (one hop onto the
    /// manager instead of one a download).
    public func snapshots(of ids: [DownloadID]) -> [DownloadSnapshot?] {
        ids.map(snapshot)
    }

    /// The states of the downloads `ids`, in their order (`nil` for one the manager does not have): what a caller
    /// that only asks "is it still in line?" needs, without building a snapshot of each.
    public func states(of ids: [DownloadID]) -> [DownloadState?] {
        ids.map { machine.downloads[$0.rawValue]?.state }
    }

    /// One download, if the manager has it.
    public func snapshot(_ id: DownloadID) -> DownloadSnapshot? {
        let id = id.rawValue
        guard let entry = entries[id], let held = machine.downloads[id] else { return nil }
        return snapshot(id, entry, held)
    }

    /// A download's URL as `Entry` holds it: the one given, or the text stored (a restored download).
    enum HeldURL {
        case parsed(URL)
        case text(String)
    }

    /// The URL a snapshot of download `id` shows: the one given, or the stored text parsed once (`Entry.url`).
    func snapshotURL(_ id: Int64, _ entry: Entry) -> URL {
        switch entry.url {
        case .parsed(let url): return url
        case .text(let text):
            if let url = snapshotURLs.parsed[id] { return url }
            let url = URL(string: text) ?? URL(string: "http://invalid/")!
            snapshotURLs.parsed[id] = url
            return url
        }
    }

    /// The file URL a snapshot of download `id` shows for its destination: kept while it runs (what a page polls
    /// several times a second), made afresh for the others.
    func snapshotDestination(_ id: Int64, _ entry: Entry, running: Bool) -> URL {
        if let kept = snapshotURLs.destinations[id], kept.path == entry.destination { return kept.url }
        let url = URL(fileURLWithPath: entry.destination, isDirectory: false)
        if running { snapshotURLs.keep(url, path: entry.destination, of: id) }
        return url
    }

    /// The snapshot of download `id` from what the manager keeps of it and its machine entry.
    func snapshot(_ id: Int64, _ entry: Entry, _ held: QueueMachine.Download) -> DownloadSnapshot {
        let progress = latestProgress.withLockedValue { $0[id] }
        let running = held.state == .downloading
        return DownloadSnapshot(
            id: DownloadID(id),
            url: snapshotURL(id, entry),
            destination: snapshotDestination(id, entry, running: running),
            state: held.state,
            priority: held.priority,
            queueOrder: held.queueOrder,
            bytesDone: progress?.bytesDone ?? 0,
            totalBytes: progress?.totalBytes,
            speed: running ? progress?.currentSpeed ?? 0 : 0,
            errorMessage: held.errorMessage,
            rateLimit: entry.rateLimit,
            isFinishing: running && held.isFinishing
        )
    }

    /// The task behind a download (for its own `updates` stream), if the manager has it.
    public func task(_ id: DownloadID) -> DownloadTask? {
        startForwarding(id.rawValue)  // what the caller does with it may make it send updates (and makes the task)
        return heldTask(id.rawValue)
    }

    /// Returns when nothing is queued or running (everything completed, failed, paused or cancelled), or at once
    /// when the calling Swift task is cancelled (check `Task.isCancelled` after it); the downloads go on either way.
    public func waitUntilIdle() async {
        if isIdle || Task.isCancelled { return }
        let key = nextIdleWaiterKey
        nextIdleWaiterKey += 1
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                if Task.isCancelled { return continuation.resume() }
                idleWaiters[key] = continuation
            }
        } onCancel: {
            Task { await self.dropIdleWaiter(key) }
        }
    }

    /// Ends a cancelled `waitUntilIdle()` (after its continuation was stored, since both run on the actor).
    private func dropIdleWaiter(_ key: Int) {
        idleWaiters.removeValue(forKey: key)?.resume()
    }

    /// Stops running downloads keeping their progress (they stay queued in the store, so the next `restore`
    /// resumes them), ends every event stream and stops looking at the store. The client stays open.
    public func shutdown() async {
        guard !isShutDown else { return }
        isShutDown = true
        poller?.cancel()
        speedScheduleTask?.cancel()
        queueScheduleTask?.cancel()
        // The machine stops what runs here (a queued entry's stored state may belong to another process); each
        // stopped run's report puts it back in line, stored, unless it completed before it could be stopped.
        await report(.shutdown)
        await publishProgress()
        // Observers get the last state and byte count each stopped task sent before their streams end.
        for entry in entries.values { entry.endUpdates?() }
        for entry in entries.values { await entry.forwarder?.value }
        for channel in channels.withLockedValue({ $0 }) { channel.finish() }
        channels.withLockedValue { $0 = [] }
        wakeIdleWaiters(force: true)
    }
}

/// The URLs snapshots showed, by download: a restored download's stored URL text parsed (`snapshotURL`), and a
/// running download's destination file URL with the path it was made from (`snapshotDestination`; a move or a
/// rename gives a new path, and a new URL). Making it again for every snapshot of a running download was about 3 %
/// of the daemon's CPU under a page's polling load (`URL(fileURLWithPath:)` on Linux: Foundation's path
/// standardisation and a URL parse). Only running downloads' are kept, and at most `destinationCapacity`: kept for
/// every download a list's window showed, they were about 2.5 KB each (5 MiB more after the two windows of
/// `Benchmarks/daemon-scale.py` at 10,000), memory that grows with what was looked at.
struct SnapshotURLs {
    var parsed: [Int64: URL] = [:]
    private(set) var destinations: [Int64: (path: String, url: URL)] = [:]
    /// The most destination URLs kept: far above the downloads that run at once.
    static let destinationCapacity = 64

    /// Keeps `url`, made from `path`, as download `id`'s destination; all are let go first when full.
    mutating func keep(_ url: URL, path: String, of id: Int64) {
        if destinations[id] == nil, destinations.count >= Self.destinationCapacity { destinations = [:] }
        destinations[id] = (path, url)
    }

    /// Forgets what was kept of download `id` (dropped or released by the manager).
    mutating func forget(_ id: Int64) {
        parsed[id] = nil
        destinations[id] = nil
    }
}
