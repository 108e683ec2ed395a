import Foundation
import HaulCore

/// Writes that arrive while another is being written share the next transaction: the completions of downloads
/// finishing at the same moment (`DownloadStore.markCompleted`), as `DataFlusher` groups their flushes.
///
/// Whoever finds no write running becomes the leader: it takes every item queued (its own among them), writes them
/// in one call of `writeAll`, and hands the outcome to each of their callers. A caller that comes while a write
/// runs queues its item and waits; the next leader takes it. Each caller returns once the write holding its item
/// has committed, or throws that write's failure: a failed group's error reaches its own callers only, never those
/// of the groups before or after it. So the order of a finish (bytes flushed, renamed, directory flushed, then
/// recorded complete) is unchanged for each download.
///
/// Why: one transaction a file was most of `markCompleted`'s cost in a list of small files (its SQL 3 % of the
/// samples, the commit 10 %; issue 62 point 2).
///
/// A caller blocks while another group is written, so it runs where blocking is allowed (the finisher's queue);
/// the group written meanwhile never waits on anything but the database, so a waiting caller always goes on.
final class GroupCommit<Item>: @unchecked Sendable {
    /// One caller's place: filled in by the leader that wrote its item.
    private final class Ticket {
        var written = false
        var failure: HaulError?
    }

    private let condition = NSCondition()
    // Guarded by `condition`.
    private var queued: [(item: Item, ticket: Ticket)] = []
    private var isWriting = false
    private var waitingCount = 0
    private var groupCount = 0

    init() {}

    /// Writes `item` with whatever else is queued, through `writeAll` (called with the group, in the order the
    /// items came), and returns once that write has committed.
    ///
    /// - Throws: the failure of the write that held `item`, as a `HaulError`.
    func write(_ item: Item, _ writeAll: ([Item]) throws -> Void) throws {
        let ticket = Ticket()
        condition.lock()
        queued.append((item, ticket))
        waitingCount += 1
        while !ticket.written {
            guard !isWriting else {
                condition.wait()
                continue
            }
            isWriting = true
            groupCount += 1
            let group = queued
            queued = []
            condition.unlock()
            var failure: HaulError?
            do { try writeAll(group.map(\.item)) } catch { failure = HaulError.wrap(error) }
            condition.lock()
            for member in group {
                member.ticket.written = true
                member.ticket.failure = failure
            }
            isWriting = false
            condition.broadcast()
        }
        waitingCount -= 1
        condition.unlock()
        if let failure = ticket.failure { throw failure }
    }

    /// Callers between their call and its answer (for tests: wait on this, not on time).
    var waiting: Int {
        condition.lock()
        defer { condition.unlock() }
        return waitingCount
    }

    /// How many groups have been written (each one call of `writeAll`: one transaction).
    var groupsWritten: Int {
        condition.lock()
        defer { condition.unlock() }
        return groupCount
    }
}
