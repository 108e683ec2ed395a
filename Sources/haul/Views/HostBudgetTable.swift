import Foundation
import HaulCore

/// What `haul hosts` shows of each learned budget: the table's cells and the `--json` objects, from the lessons
/// and the time they are shown at (no clock or store inside).
struct HostBudgetTable {
    /// One host's row.
    struct Row {
        var budget: LearnedHostBudget
        /// The budget in force when shown, after easing.
        var connections: Int

        /// `refused` or `no faster`: the server said no, or more connections were measured no faster.
        var kind: String {
            switch budget.lesson {
            case .refused: "refused"
            case .slower: "no faster"
            }
        }

        /// The object `--json` prints (and `haul.getHostBudgets` answers, with `learnedAt` the same way).
        var jsonObject: [String: Any] {
            [
                "host": budget.host, "connections": connections, "learned": budget.limit,
                "learnedAt": HostBudgetTable.iso8601(budget.learnedAt), "reason": budget.reason,
                "lesson": budget.lesson.rawValue,
            ]
        }
    }

    static let header = ["HOST", "BUDGET", "LEARNED", "WHEN", "WHY", "KIND"]

    var rows: [Row]
    /// Seconds since 1970 when shown.
    var now: Double

    init(_ budgets: [LearnedHostBudget], now: Double, policy: HostBudgetPolicy) {
        self.now = now
        rows = budgets.map { Row(budget: $0, connections: $0.limit(at: now, policy: policy)) }
    }

    /// The table, header first, columns as wide as their widest cell; the reason, last but one, is cut at 48
    /// characters (whole in `--json`).
    func text(timeZone: TimeZone = .current) -> String {
        let reasonLimit = 48
        let lines = rows.map { row in
            let reason = row.budget.reason.count > reasonLimit ? String(row.budget.reason.prefix(reasonLimit - 1)) + "…" : row.budget.reason
            return [
                row.budget.host, String(row.connections), String(row.budget.limit),
                Self.when(row.budget.learnedAt, now: now, timeZone: timeZone), reason, row.kind,
            ]
        }
        var widths = Self.header.map(\.count)
        for line in lines { for (index, cell) in line.enumerated() { widths[index] = max(widths[index], cell.count) } }
        let numeric: Set<Int> = [1, 2]
        let formatted = ([Self.header] + lines).map { cells in
            cells.enumerated().map { index, cell in
                if index == cells.count - 1 { return cell }
                let gap = String(repeating: " ", count: widths[index] - cell.count)
                return numeric.contains(index) ? gap + cell : cell + gap
            }.joined(separator: "  ")
        }
        return formatted.joined(separator: "\n") + "\n"
    }

    /// When a lesson was learned, as a person reads it: `just now`, `12 min ago`, `3 h ago` within a day, else the
    /// local date and time (`2026-11-27 14:03`).
    static func when(_ learnedAt: Double, now: Double, timeZone: TimeZone = .current) -> String {
        let age = now - learnedAt
        if age >= 0 && age < 60 { return "just now" }
        if age >= 0 && age < 3600 { return "\(Int(age / 60)) min ago" }
        if age >= 0 && age < 86400 { return "\(Int(age / 3600)) h ago" }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: Date(timeIntervalSince1970: learnedAt))
    }

    /// `learnedAt` as an ISO 8601 UTC time, `2026-11-27T14:03:00Z`.
    static func iso8601(_ learnedAt: Double) -> String {
        ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: learnedAt))
    }
}
