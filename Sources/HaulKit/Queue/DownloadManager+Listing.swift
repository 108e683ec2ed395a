import HaulCore

/// Lists and counts for front-ends that poll them (the daemon's `tellWaiting`, `getGlobalStat`): each answer is
/// kept until the queue machine changes (`machine`'s `didSet` forgets them), so a poll of an unchanged queue of
/// 30,000 costs its window, not a walk and a sort of every download.
extension DownloadManager {
    /// The ids of the downloads in `states`, in queue order (priority, then order added): `snapshots` filtered by
    /// state, without building a snapshot of each download.
    public func orderedIDs(in states: Set<DownloadState>) -> [DownloadID] {
        if let kept = listings[states] { return kept }
        let ids = machine.orderedIDs(in: states).filter { entries[$0] != nil }.map(DownloadID.init(rawValue:))
        listings[states] = ids
        return ids
    }

    /// How many downloads are in each state.
    public func stateCounts() -> [DownloadState: Int] {
        if let kept = countedStates { return kept }
        let counts = machine.stateCounts
        countedStates = counts
        return counts
    }

    /// `stateCounts()` and the snapshots of the running downloads, read in one turn on the manager: what a poll of
    /// the totals needs (the daemon's `getGlobalStat`), in one hop onto the manager rather than three.
    package func countsAndRunning() -> (counts: [DownloadState: Int], running: [DownloadSnapshot]) {
        (stateCounts(), snapshots(of: orderedIDs(in: [.downloading])).compactMap { $0 })
    }

    /// Whether the manager has download `id` (as `snapshot(id) != nil`, without building the snapshot).
    public func holds(_ id: DownloadID) -> Bool {
        entries[id.rawValue] != nil && machine.downloads[id.rawValue] != nil
    }
}
