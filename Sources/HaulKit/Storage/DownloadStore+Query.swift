import Foundation
import GRDB
import HaulCore

/// One page of the downloads a `DownloadQuery` asks for, and how many match: the daemon's `haul.listDownloads`
/// (issue 62, point 5). The state filter is an index range (`download_state_queueOrder`), counting a state's rows
/// reads that index only, and the orders "added" and "name" walk an index (the primary key; `download_name`, on the
/// file name's expression). The search words and the other orders (queue, size, progress, speed) read every row
/// that passes the state filter: a substring cannot be looked up in an index, and 30,000 rows take milliseconds.
package struct DownloadQueryPlan: Sendable, Equatable {
    /// `WHERE …` (empty for none), shared by the page and the count.
    package let condition: String
    package let arguments: [String]
    /// The page: ids, in order.
    package var pageSQL: String { "SELECT id FROM download\(condition) ORDER BY \(order) LIMIT ? OFFSET ?" }
    /// How many match.
    package var countSQL: String { "SELECT COUNT(*) FROM download\(condition)" }
    /// The page with the count beside each row: one pass over the rows for a search, which reads every row the
    /// state filter lets through (the count alone would be a second pass).
    package var countedPageSQL: String {
        "SELECT id, COUNT(*) OVER () FROM download\(condition) ORDER BY \(order) LIMIT ? OFFSET ?"
    }
    let order: String

    /// The file a row writes: its destination, or its `.part` path before it has one.
    static let path = "coalesce(destination, partPath)"
    /// The file's name: what follows the path's last `/` (SQLite has no basename: `rtrim` with every character but
    /// `/` leaves the directory).
    static let name = "substr(\(path), length(rtrim(\(path), replace(\(path), '/', ''))) + 1)"
    /// The name order, as the index `download_name` holds it (an expression index serves only the same text).
    static let nameOrder = "\(name) COLLATE NOCASE"

    package init(_ query: DownloadQuery) {
        var clauses: [String] = []
        var arguments: [String] = []
        if let states = query.states {
            let names = states.map(\.rawValue).sorted()
            clauses.append("state IN (\(names.map { _ in "?" }.joined(separator: ", ")))")
            arguments += names
        }
        for word in query.words {
            clauses.append("(url || ' ' || \(Self.path)) LIKE ? ESCAPE '\\'")
            arguments.append("%" + Self.escaped(word) + "%")
        }
        condition = clauses.isEmpty ? "" : " WHERE " + clauses.joined(separator: " AND ")
        self.arguments = arguments
        switch query.sort {
        case .added: order = "id"
        case .queue: order = "priority DESC, queueOrder, id"
        case .name: order = "\(Self.nameOrder), id"
        case .size: order = "totalBytes IS NULL, totalBytes DESC, id"
        case .progress:
            order = "CASE WHEN state = 'completed' THEN 1.0 WHEN totalBytes > 0 THEN bytesDone * 1.0 / totalBytes ELSE -1 END DESC, id"
        case .speed: order = "state != 'downloading', speed DESC, id"
        }
    }

    /// `word` with LIKE's wildcards taken literally.
    static func escaped(_ word: String) -> String {
        word.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_")
    }
}

/// A page's answer: the ids in order and how many downloads match in all.
package struct DownloadPage: Sendable, Equatable {
    package var ids: [Int64]
    package var total: Int

    package init(ids: [Int64], total: Int) {
        self.ids = ids
        self.total = total
    }
}

extension DownloadStore {
    /// The page `query` asks for, and the count of matching rows, in one read transaction (the two agree).
    func page(_ query: DownloadQuery) throws -> DownloadPage {
        let plan = DownloadQueryPlan(query)
        return try read { db in
            let window: StatementArguments = [query.limit, query.offset]
            if !query.words.isEmpty {
                let rows = try Row.fetchAll(db, sql: plan.countedPageSQL, arguments: StatementArguments(plan.arguments) + window)
                if let first = rows.first { return DownloadPage(ids: rows.map { $0[0] }, total: first[1]) }
            }
            // Without words the count is a read of an index; past the last match a search counts here too.
            let total = try Int.fetchOne(db, sql: plan.countSQL, arguments: StatementArguments(plan.arguments)) ?? 0
            let ids = try Int64.fetchAll(db, sql: plan.pageSQL, arguments: StatementArguments(plan.arguments) + window)
            return DownloadPage(ids: ids, total: total)
        }
    }
}
