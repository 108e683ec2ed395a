import Foundation
import HaulCore
import HaulKit

/// One learned budget as `haul.getHostBudgets` answers it: the lesson and the budget in force when asked.
package struct Aria2HostBudget: Sendable, Hashable {
    /// The lesson as the state database keeps it.
    package var learned: LearnedHostBudget
    /// The budget now, after easing.
    package var connections: Int
}

extension Aria2Service {
    /// `haul.getHostBudgets(token)`: what hosts taught about how many connections they accept, in host order, as
    /// `haul hosts` shows it (aria2 has no such method: its `--max-connection-per-server` is fixed). "Now" is the
    /// client's wall clock, the one the lessons were learned on.
    package func hostBudgets() async throws(CommandRefusal) -> [Aria2HostBudget] {
        let client = manager.client
        let policy = client.configuration.hostBudgetPolicy
        let now = Double(client.configuration.clock.wallClock())
        return try await perform {
            try client.learnedHostBudgetsBlocking().map { Aria2HostBudget(learned: $0, connections: $0.limit(at: now, policy: policy)) }
        }
    }

    /// `haul.resetHostBudgets(token[, hosts])`: forgets what `hosts` taught (`name:port`, or a name for its ports
    /// 80 and 443), or every host without them; the number forgotten (0 for hosts nothing was learned about, as
    /// aria2's `changeUri` counts what it did rather than refusing).
    package func resetHostBudgets(_ hosts: [String]?) async throws(CommandRefusal) -> Int {
        if let bad = hosts?.first(where: { HostKey.keys(named: $0).isEmpty }) {
            throw CommandRefusal("'\(bad)' is not a host: give name:port, or a name alone for its ports 80 and 443")
        }
        let client = manager.client
        return try await perform { try client.forgetHostBudgetsBlocking(hosts: hosts) }
    }
}
