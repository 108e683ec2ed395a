/// Which queued downloads start now, and with how many connections.
///
/// Queue order is priority (higher first), then `addedOrder` (lower first), then `id` (lower first, so the order
/// is total). Walking queued downloads in that order, each starts while both limits leave room:
///
///     freeSlots       = min(maxConcurrent - count(receiving), 2 * maxConcurrent - count(downloading))
///     freeConnections = maxTotalConnections - sum(receiving: grantedConnections ?? requestedConnections)
///     granted         = min(max(1, requestedConnections), freeConnections)
///
/// where "receiving" is a `.downloading` entry that is not `isFinishing`.
///
/// Decisions:
/// - A download whose bytes are all in (`isFinishing`: being verified, flushed with `fsync` and renamed, rule 18)
///   gives its connections and its slot back, so the next one starts receiving while the disk works: a checksum
///   over a 4 GiB file reads it whole, and a flush to a slow disk can take a second; neither uses the network. It is
///   still `downloading` to observers until it completes. So that a disk slower than the network cannot gather an
///   unbounded number of files being flushed (each an open file and a thread blocked in `fsync`), finishing
///   downloads take no slot only while there are at most `maxConcurrent` of them: at most `2 * maxConcurrent`
///   downloads are in `.downloading`, at most `maxConcurrent` of them receiving. (aria2 keeps a download that is
///   checking its hash in its slot; with this, 60 files of 256 KiB at `-j 8` took 0.91-0.97x the time,
///   docs/history/benchmarks-rounds.md, Round 14.)
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
        var (freeSlots, freeConnections) = room(running: downloads.filter { $0.state == .downloading }, limits: limits)
        var decisions: [StartDecision] = []
        // Most steps of a busy queue (a progress report, a download finishing its flush) find no room: the queued
        // entries are not sorted for nothing.
        guard freeSlots > 0, freeConnections > 0 else { return decisions }
        for entry in ordered(downloads.filter { $0.state == .queued }) {
            guard freeSlots > 0, freeConnections > 0 else { break }
            let granted = min(max(1, entry.requestedConnections), freeConnections)
            decisions.append(StartDecision(id: entry.id, connections: granted))
            freeSlots -= 1
            freeConnections -= granted
        }
        return decisions
    }

    /// Whether `running` (the `.downloading` entries) leave a slot and a connection free: when not, `plan` starts
    /// nothing whatever is queued, and its caller need not gather the queued entries.
    public static func hasRoom(running: [QueueEntry], limits: QueueLimits) -> Bool {
        let (slots, connections) = room(running: running, limits: limits)
        return slots > 0 && connections > 0
    }

    /// `freeSlots` and `freeConnections` of the formula above.
    static func room(running: [QueueEntry], limits: QueueLimits) -> (slots: Int, connections: Int) {
        let receiving = running.filter(\.isTransferring)
        let slots = min(limits.maxConcurrent - receiving.count, 2 * limits.maxConcurrent - running.count)
        return (slots, limits.maxTotalConnections - receiving.reduce(0) { $0 + $1.heldConnections })
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
