import Dispatch
import Foundation
import GRDB
import HaulCore

/// A download's move to `downloading`, and the queue's `completed` after the run stored it, written with the next
/// write instead of in a transaction of their own.
///
/// Why: the queue stores `downloading` as it starts a download, and `completed` again when the run reports the
/// completion its finisher already stored (`TransferFinisher`, `markCompleted`): in a list of small files each
/// file paid two more write transactions than its completion (SQLite's log locks, and for the start a page of log
/// and a commit). A change noted here rides in the next transaction this process makes (usually the completion of
/// the download before it in line, or this one's own first checkpoint or completion), or is written on its own
/// after `noteDeferral` (0.1 s) when none comes: 60 files of 256 KiB at `-j 8` make 61 commits instead of 121
/// (docs/history/benchmarks-rounds.md, "Round 18").
///
/// What it changes for others: for at most `noteDeferral`, another process (`haul list`, a daemon beside it)
/// reads `queued` for a download that runs here, as it already does between the row's insertion and its start.
/// Nothing decides on that difference: a download is held by the lock on its `.part` file, not by its row's state
/// (`PartFile.isLockedElsewhere`). A crash loses nothing either: a run that ended without its record is queued
/// again at the next start, whether its row said `queued` or `downloading`.
///
/// The queue's `completed` is the finisher's, stored before the run reported it: noting it changes nothing a
/// reader sees, and it is written still (as `setState` writes it), for a row some other path left unfinished.
///
/// A start never overwrites what another process stored meanwhile: a row paused (or otherwise changed) by another
/// process after the start was noted keeps that state, so the pause is seen here at the next poll instead of being
/// undone by a late `downloading` (`storeStarts`).
struct NotedStates: Sendable {
    /// One change noted.
    struct Noted: Sendable, Equatable {
        var id: Int64
        /// `downloading` or `completed`.
        var state: DownloadState
        /// When it was noted (seconds since 1970, as `updatedAt`).
        var at: Double
    }

    /// The downloads started or completed, with the time each was noted.
    var pending: [Noted] = []
    /// Whether a write of `pending` is scheduled.
    var scheduled = false
}

extension DownloadStore {
    /// Notes that the downloads `ids` moved to `state` here (`downloading` or `completed`): stored with the next
    /// write, or within `noteDeferral` seconds.
    func note(_ state: DownloadState, _ ids: [Int64]) {
        precondition(state == .downloading || state == .completed, "only starts and completions are noted")
        guard !ids.isEmpty else { return }
        let now = Date().timeIntervalSince1970
        let schedule = notedStates.withLockedValue { starts -> Bool in
            starts.pending += ids.map { NotedStates.Noted(id: $0, state: state, at: now) }
            defer { starts.scheduled = true }
            return !starts.scheduled
        }
        guard schedule else { return }
        DispatchQueue.global().asyncAfter(deadline: .now() + noteDeferral) { [weak self] in
            self?.storeNotedStates()
        }
    }

    /// Writes the starts noted and not yet written, if any, in a transaction of their own.
    func storeNotedStates() {
        let due = notedStates.withLockedValue { starts -> Bool in
            starts.scheduled = false
            return !starts.pending.isEmpty
        }
        guard due else { return }
        // A failure keeps them for the next write (`giveBack`); it says nothing of the download itself.
        _ = try? write { _ in }
    }

    func takeNotedStates() -> [NotedStates.Noted] {
        notedStates.withLockedValue { starts in
            defer { starts.pending.removeAll() }
            return starts.pending
        }
    }

    /// Puts back starts whose transaction failed, ahead of any noted since.
    func giveBack(_ taken: [NotedStates.Noted]) {
        guard !taken.isEmpty else { return }
        notedStates.withLockedValue { $0.pending.insert(contentsOf: taken, at: 0) }
    }

    /// Stores `starts` in the order noted: a completion as `setState` stores it; a start as `downloading`, only
    /// where the row still holds what it held when the start was noted: `queued` (however it was touched since: a
    /// new position is not a reason to stay queued), or another unfinished state last written before the start (a
    /// download taken up while its row still said `paused`). A row another process paused, failed, completed or
    /// cancelled after the start keeps what that process stored.
    static func storeNoted(_ starts: [NotedStates.Noted], in db: Database) throws {
        guard !starts.isEmpty else { return }
        let started = try db.cachedStatement(
            sql: """
                UPDATE download SET state = 'downloading', errorMessage = NULL, updatedAt = ? WHERE id = ? \
                AND state NOT IN ('downloading', 'completed', 'cancelled') AND (state = 'queued' OR updatedAt <= ?)
                """
        )
        let now = Date().timeIntervalSince1970
        // A start followed in the same batch by the download's completion: the row ends as the completion leaves
        // it, with the start stored before it or not (`completed`, no error): a small file started and finished
        // within the deferral is stored once, not twice (an UPDATE is some 30,000 instructions in SQLite and GRDB).
        var lastCompletion: [Int64: Int] = [:]
        for (index, noted) in starts.enumerated() where noted.state == .completed { lastCompletion[noted.id] = index }
        for (index, start) in starts.enumerated() {
            if start.state == .downloading {
                if let completion = lastCompletion[start.id], completion > index { continue }
                try started.execute(arguments: [now, start.id, start.at])
            } else {
                try setState(start.state, error: nil, of: start.id, in: db)
            }
        }
    }
}
