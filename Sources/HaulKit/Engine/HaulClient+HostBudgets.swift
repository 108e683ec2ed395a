import Foundation
import HaulCore

/// What hosts taught about how many connections they accept (`LearnedHostBudget`), as the state database keeps it
/// for every process sharing it: read for `haul hosts` and `haul.getHostBudgets`, forgotten on request.
extension HaulClient {
    /// The lessons in force now, hosts in name order: each with the limit it was learned with, when and why;
    /// `LearnedHostBudget.limit(at:policy:)` gives the budget after easing (`configuration.hostBudgetPolicy`).
    /// Lessons that have eased all the way back to the policy's default are left out, and forgotten.
    ///
    /// Read on the client's own queue, off the caller's executor.
    ///
    /// - Throws: `.io` when the state database cannot be read.
    public func learnedHostBudgets() async throws -> [LearnedHostBudget] {
        try await onStoreQueue { try self.learnedHostBudgetsBlocking() }
    }

    /// `learnedHostBudgets()` on the caller's thread (`haul hosts`).
    package func learnedHostBudgetsBlocking() throws -> [LearnedHostBudget] {
        try store.hostBudgets(at: hostBudgetNow(), policy: configuration.hostBudgetPolicy)
    }

    /// Forgets what `hosts` taught, or every lesson when `hosts` is nil; the next download to such a host starts
    /// with the policy's default budget.
    ///
    /// - Parameter hosts: keys as `learnedHostBudgets()` lists them (`name:port`, case-insensitive), or names
    ///   without a port, each standing for its default ports (`HostKey.keys(named:)`: `example.org` forgets
    ///   `example.org:80` and `example.org:443`).
    /// - Returns: how many lessons were forgotten (0 when none of `hosts` had taught anything).
    /// - Throws: `.io` when the state database cannot be written.
    ///
    /// Written on the client's own queue, off the caller's executor.
    @discardableResult
    public func forgetHostBudgets(hosts: [String]?) async throws -> Int {
        try await onStoreQueue { try self.forgetHostBudgetsBlocking(hosts: hosts) }
    }

    /// `forgetHostBudgets(hosts:)` on the caller's thread (`haul hosts --reset`).
    @discardableResult
    package func forgetHostBudgetsBlocking(hosts: [String]?) throws -> Int {
        let keys = hosts.map { $0.flatMap { HostKey.keys(named: $0).map(\.description) } }
        return try hostBudgets.forget(hosts: keys)
    }

    /// Seconds since 1970 on the client's clock (the system's, or a test's).
    func hostBudgetNow() -> Double {
        Double(configuration.clock.wallClock())
    }
}
