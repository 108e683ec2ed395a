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
/// Lessons come from the runs (`learn`): the host's word lowers its budget at once.
final class HostBudgetBook: Sendable {
    private let store: DownloadStore
    let policy: HostBudgetPolicy
    /// Connections the client's running downloads hold, by host key.
    private let held = NIOLockedValueBox<[String: Int]>([:])

    init(store: DownloadStore, policy: HostBudgetPolicy) {
        self.store = store
        self.policy = policy
    }

    /// What a download may open to `host` now (see the type's summary), reserved until `release`.
    func reserve(host: String, wanted: Int, chosenByHaul: Bool, now: Double) -> Int {
        let lesson = (try? store.hostBudget(for: host)).flatMap { $0.hasExpired(at: now, policy: policy) ? nil : $0 }
        return held.withLockedValue { held in
            let others = held[host] ?? 0
            let granted: Int
            if chosenByHaul {
                let budget = lesson?.limit(at: now, policy: policy) ?? policy.defaultLimit
                granted = max(1, min(wanted, budget - others))
            } else if let lesson, lesson.bindsFixedCounts {
                granted = max(1, min(wanted, lesson.limit(at: now, policy: policy) - others))
            } else {
                granted = max(1, wanted)
            }
            held[host] = others + granted
            return granted
        }
    }

    /// Gives back what `reserve` granted.
    func release(host: String, connections: Int) {
        held.withLockedValue { held in
            let left = (held[host] ?? 0) - connections
            held[host] = left > 0 ? left : nil
        }
    }

    /// A download that holds `granted` connections to `host` learned that the host takes `connections` of them:
    /// its budget becomes that plus what the client's other downloads hold there. Returns the lesson when it is
    /// new (stored), nil when an earlier one still stands.
    @discardableResult
    func learn(
        host: String, connections: Int, granted: Int, reason: String, lesson: LearnedHostBudget.Lesson, now: Double
    ) -> LearnedHostBudget? {
        let others = held.withLockedValue { max(0, ($0[host] ?? 0) - granted) }
        let earlier = try? store.hostBudget(for: host)
        let learned = LearnedHostBudget.lowered(
            from: earlier, host: host, openConnections: connections + others, now: now, reason: reason, lesson: lesson,
            policy: policy
        )
        guard learned != earlier else { return nil }
        do {
            try store.saveHostBudget(learned)
        } catch {
            Trace.write("host budget for \(host) not saved: \(error)")
        }
        return learned
    }
}
