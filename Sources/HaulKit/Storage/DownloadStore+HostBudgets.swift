import Foundation
import GRDB
import HaulCore

/// The connection budgets hosts taught (`LearnedHostBudget`), one row per host: what the next download to that
/// host starts within, in this process or a later one, and what `haul hosts` shows. A row whose budget has eased
/// all the way back is no lesson any more; it is dropped when read (`hostBudgets(at:policy:)`).
extension DownloadStore {
    /// Every lesson still in force at `now` (seconds since the epoch), hosts in name order; forgets those that
    /// have eased back to the default.
    func hostBudgets(at now: Double, policy: HostBudgetPolicy) throws -> [LearnedHostBudget] {
        let all = try read { db in
            try Row.fetchAll(db, sql: "SELECT host, connectionLimit, learnedAt, reason, lesson FROM hostBudget ORDER BY host")
                .map(Self.budget(from:))
        }
        let expired = all.filter { $0.hasExpired(at: now, policy: policy) }.map(\.host)
        if !expired.isEmpty { try forgetHostBudgets(hosts: expired) }
        return all.filter { !$0.hasExpired(at: now, policy: policy) }
    }

    /// The lesson stored for `host` (`name:port`, lower-cased), expired or not.
    func hostBudget(for host: String) throws -> LearnedHostBudget? {
        try read { db in
            try Row.fetchOne(
                db, sql: "SELECT host, connectionLimit, learnedAt, reason, lesson FROM hostBudget WHERE host = ?",
                arguments: [host]
            ).map(Self.budget(from:))
        }
    }

    /// Stores a lesson, replacing the host's earlier one.
    func saveHostBudget(_ budget: LearnedHostBudget) throws {
        try write { db in
            try db.execute(
                sql: """
                    INSERT INTO hostBudget (host, connectionLimit, learnedAt, reason, lesson) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT(host) DO UPDATE SET connectionLimit = excluded.connectionLimit,
                        learnedAt = excluded.learnedAt, reason = excluded.reason, lesson = excluded.lesson
                    """,
                arguments: [budget.host, budget.limit, budget.learnedAt, budget.reason, budget.lesson.rawValue]
            )
        }
    }

    /// Forgets what `hosts` taught (every host when `nil`); returns how many lessons were forgotten.
    @discardableResult
    func forgetHostBudgets(hosts: [String]? = nil) throws -> Int {
        try write { db in
            guard let hosts else {
                try db.execute(sql: "DELETE FROM hostBudget")
                return db.changesCount
            }
            var forgotten = 0
            for host in hosts {
                try db.execute(sql: "DELETE FROM hostBudget WHERE host = ?", arguments: [host])
                forgotten += db.changesCount
            }
            return forgotten
        }
    }

    private static func budget(from row: Row) -> LearnedHostBudget {
        LearnedHostBudget(
            host: row["host"], limit: row["connectionLimit"], learnedAt: row["learnedAt"], reason: row["reason"],
            lesson: LearnedHostBudget.Lesson(rawValue: row["lesson"]) ?? .refused
        )
    }
}
