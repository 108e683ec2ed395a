import Foundation
import HaulCore
import NIOConcurrencyHelpers

/// The per-host connection budget of one client: what hosts taught (kept in the state database, so a later
/// download, in this process or another, starts within it) and how many connections this client's running
/// downloads hold to each host.
///
/// A download reserves its connections when its run starts (`reserve`) and gives them back when the run ends
/// (`release`). What it may have:
/// - a count Haul chooses (`-x auto`): up to the host's budget (the lesson in force, else the policy's default of
///   16) less what the client's other downloads to that host hold, at least one;
/// - a typed count (`-x N`): N, unless the host refused more (a `.refused` lesson in force): then at most that
///   lesson less what the others hold, at least one. The default budget does not cut a typed count: `-x 32` means
///   32 where a server allows it (aria2 caps at 16 whatever the server; people ask for more, aria2 #1039), and a
///   measurement that more were no faster (`.slower`) may have been this machine's link.
///
/// Lessons come from the runs (`learn`): the host's word lowers its budget at once. They are read from the store
/// once, at the first download (a read per download would cost every small file a transaction), and kept in step
/// with what this client learns; a lesson another process learns meanwhile reaches this one at its next start.
final class HostBudgetBook: Sendable {
    private let store: DownloadStore
    let policy: HostBudgetPolicy
    /// Connections the client's running downloads hold, by host key; and the lessons, once read.
    private let state = NIOLockedValueBox<(held: [String: Int], lessons: [String: LearnedHostBudget]?)>(([:], nil))

    init(store: DownloadStore, policy: HostBudgetPolicy) {
        self.store = store
        self.policy = policy
    }

    /// What a download may open to `host` now (see the type's summary), reserved until `release`.
    func reserve(host: String, wanted: Int, chosenByHaul: Bool, now: Double) -> Int {
        state.withLockedValue { state in
            if state.lessons == nil { state.lessons = readLessons(now: now) }
            let lesson = state.lessons?[host].flatMap { $0.hasExpired(at: now, policy: policy) ? nil : $0 }
            let others = state.held[host] ?? 0
            let granted: Int
            if chosenByHaul {
                let budget = lesson?.limit(at: now, policy: policy) ?? policy.defaultLimit
                granted = max(1, min(wanted, budget - others))
            } else if let lesson, lesson.bindsFixedCounts {
                granted = max(1, min(wanted, lesson.limit(at: now, policy: policy) - others))
            } else {
                granted = max(1, wanted)
            }
            state.held[host] = others + granted
            return granted
        }
    }

    /// The limit `host`'s lesson in force puts on every connection to it, whoever asks (a `.refused` one: the host's
    /// own word), or nil: the one pool enforces it across downloads (`Transport.limitConnections`).
    func hostLimit(host: String, now: Double) -> Int? {
        state.withLockedValue { state in
            if state.lessons == nil { state.lessons = readLessons(now: now) }
            guard let lesson = state.lessons?[host], lesson.bindsFixedCounts, !lesson.hasExpired(at: now, policy: policy)
            else { return nil }
            return lesson.limit(at: now, policy: policy)
        }
    }

    private func readLessons(now: Double) -> [String: LearnedHostBudget] {
        let lessons = (try? store.hostBudgets(at: now, policy: policy)) ?? []
        return Dictionary(lessons.map { ($0.host, $0) }) { _, newer in newer }
    }

    /// Gives back what `reserve` granted.
    func release(host: String, connections: Int) {
        state.withLockedValue { state in
            let left = (state.held[host] ?? 0) - connections
            state.held[host] = left > 0 ? left : nil
        }
    }

    /// Forgets the lessons of `hosts` (every host when nil) here and in the store; returns how many were forgotten.
    func forget(hosts: [String]?) throws -> Int {
        let forgotten = try store.forgetHostBudgets(hosts: hosts)
        state.withLockedValue { state in
            if let hosts { for host in hosts { state.lessons?[host] = nil } } else { state.lessons = [:] }
        }
        return forgotten
    }

    /// A download that holds `granted` connections to `host` learned that the host takes `connections` of them:
    /// its budget becomes that plus what the client's other downloads hold there. Returns the lesson when it is
    /// new (stored), nil when an earlier one still stands.
    @discardableResult
    func learn(
        host: String, connections: Int, granted: Int, reason: String, lesson: LearnedHostBudget.Lesson, now: Double
    ) -> LearnedHostBudget? {
        let learned = state.withLockedValue { state -> LearnedHostBudget? in
            if state.lessons == nil { state.lessons = readLessons(now: now) }
            let others = max(0, (state.held[host] ?? 0) - granted)
            let earlier = state.lessons?[host]
            let learned = LearnedHostBudget.lowered(
                from: earlier, host: host, openConnections: connections + others, now: now, reason: reason,
                lesson: lesson, policy: policy
            )
            guard learned != earlier else { return nil }
            state.lessons?[host] = learned
            return learned
        }
        guard let learned else { return nil }
        do {
            try store.saveHostBudget(learned)
        } catch {
            Trace.write("host budget for \(host) not saved: \(error)")
        }
        return learned
    }
}
