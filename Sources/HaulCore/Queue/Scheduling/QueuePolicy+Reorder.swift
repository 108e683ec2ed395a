/// Moving a download within the queue: pure functions that return the list with one entry changed.
///
/// The list keeps its element order; only the moved entry's `priority` and `addedOrder` change, so the caller
/// stores just that entry. An unknown id returns the list unchanged (it may have been removed meanwhile).
/// Only unfinished downloads are compared against: a completed or cancelled one never pulls a priority up.
extension QueuePolicy {
    /// Puts `id` first in the queue: it joins the highest priority among unfinished downloads (never lowering its
    /// own) and goes ahead of everything with that priority:
    ///
    ///     priority   = max(own, max(others.priority))
    ///     addedOrder = min(own, min(others with that priority .addedOrder) - 1)
    public static func movingToTop(_ id: Int64, in downloads: [QueueEntry]) -> [QueueEntry] {
        update(id, in: downloads) { entry, others in
            entry.priority = max(entry.priority, others.map(\.priority).max() ?? entry.priority)
            let peers = others.filter { $0.priority == entry.priority }.map(\.addedOrder)
            if let first = peers.min() {
                let (ahead, overflow) = first.subtractingReportingOverflow(1)
                entry.addedOrder = min(entry.addedOrder, overflow ? Int64.min : ahead)
            }
        }
    }

    /// Puts `id` last in the queue: it joins the lowest priority among unfinished downloads (never raising its own)
    /// and goes behind everything with that priority:
    ///
    ///     priority   = min(own, min(others.priority))
    ///     addedOrder = max(own, max(others with that priority .addedOrder) + 1)
    public static func movingToBottom(_ id: Int64, in downloads: [QueueEntry]) -> [QueueEntry] {
        update(id, in: downloads) { entry, others in
            entry.priority = min(entry.priority, others.map(\.priority).min() ?? entry.priority)
            let peers = others.filter { $0.priority == entry.priority }.map(\.addedOrder)
            if let last = peers.max() {
                let (behind, overflow) = last.addingReportingOverflow(1)
                entry.addedOrder = max(entry.addedOrder, overflow ? Int64.max : behind)
            }
        }
    }

    /// Sets the priority of `id`; among equal priorities it keeps its place by `addedOrder`.
    public static func settingPriority(_ priority: Int, of id: Int64, in downloads: [QueueEntry]) -> [QueueEntry] {
        update(id, in: downloads) { entry, _ in entry.priority = priority }
    }

    /// Applies `change` to the entry with `id`, given the other unfinished entries.
    private static func update(
        _ id: Int64,
        in downloads: [QueueEntry],
        _ change: (inout QueueEntry, [QueueEntry]) -> Void
    ) -> [QueueEntry] {
        guard let index = downloads.firstIndex(where: { $0.id == id }) else { return downloads }
        let others = downloads.filter { $0.id != id && !$0.state.isFinal }
        var result = downloads
        change(&result[index], others)
        return result
    }
}
