/// What a front-end lists and counts: the downloads in some states, in queue order, and how many are in each state.
///
/// Both read the state index (`QueueDownloads`): the list costs the downloads in those states (the sort is `QueuePolicy.comesBefore`'s order: priority, then
/// order added, then id). A runner that answers the same question many times while the queue does not change
/// (a page polling a queue of 30,000) keeps the answer until the machine changes (`DownloadManager` does), so a
/// call costs its window, not the queue.
extension QueueMachine {
    /// The ids of the downloads whose state is one of `states`, in queue order.
    public func orderedIDs(in states: Set<DownloadState>) -> [Int64] {
        var keys: [(priority: Int, order: Int64, id: Int64)] = []
        for state in states {
            for id in downloads.ids(in: state) {
                if let download = downloads[id] { keys.append((download.priority, download.queueOrder, id)) }
            }
        }
        keys.sort { a, b in
            if a.priority != b.priority { return a.priority > b.priority }
            if a.order != b.order { return a.order < b.order }
            return a.id < b.id
        }
        return keys.map(\.id)
    }

    /// How many downloads are in each state (a state none is in is absent).
    public var stateCounts: [DownloadState: Int] {
        downloads.countsByState
    }
}
