/// Which queued downloads start now, and with how many connections.
///
/// Queue order is priority (higher first), then `addedOrder` (lower first), then `id` (lower first, so the order
/// is total). Walking queued downloads in that order, each starts while both limits leave room:
///
///     freeSlots       = maxConcurrent       - count(downloading)
///     freeConnections = maxTotalConnections - sum(downloading: grantedConnections ?? requestedConnections)
///     granted         = min(max(1, requestedConnections), freeConnections)
///
/// Decisions:
/// - Strict priority: the first in line gets all it asks for before the next gets any, so a later download
///   may wait for connections while a slot is free. Nothing is skipped: when one cannot start, none after it can.
/// - A download starts with fewer connections than requested rather than waiting, but never with 0: when no
///   connection is free nothing starts.
/// - Running downloads are never stopped or trimmed, even when they exceed limits that were lowered; the
///   queue simply waits until they are back under.
/// - Only `.queued` downloads start; paused, failed, completed and cancelled ones never do.
public enum QueuePolicy {
    /// The downloads to start now, in queue order.
    public static func plan(_ downloads: [QueueEntry], limits: QueueLimits) -> [StartDecision] {
        let running = downloads.filter { $0.state == .downloading }
        var freeSlots = limits.maxConcurrent - running.count
        var freeConnections = limits.maxTotalConnections - running.reduce(0) { $0 + $1.heldConnections }
        var decisions: [StartDecision] = []
        for entry in ordered(downloads.filter { $0.state == .queued }) {
            guard freeSlots > 0, freeConnections > 0 else { break }
            let granted = min(max(1, entry.requestedConnections), freeConnections)
            decisions.append(StartDecision(id: entry.id, connections: granted))
            freeSlots -= 1
            freeConnections -= granted
        }
        return decisions
    }

    /// `downloads` in queue order: priority descending, then `addedOrder`, then `id`.
    public static func ordered(_ downloads: [QueueEntry]) -> [QueueEntry] {
        downloads.sorted(by: comesBefore)
    }

    /// Whether `a` is ahead of `b` in the queue.
    public static func comesBefore(_ a: QueueEntry, _ b: QueueEntry) -> Bool {
        if a.priority != b.priority { return a.priority > b.priority }
        if a.addedOrder != b.addedOrder { return a.addedOrder < b.addedOrder }
        return a.id < b.id
    }
}
