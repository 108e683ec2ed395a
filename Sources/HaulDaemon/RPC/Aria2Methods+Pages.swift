import HaulCore

/// `haul.listDownloads([query], [keys])`: one page of the whole list, for front-ends that show a queue of tens of
/// thousands (the daemon's page). aria2's lists answer windows of one list in queue order; this one filters by
/// status, searches names and URLs, sorts, and says how many match, all answered by the state database.
///
/// `query` is a struct, every member optional: `status` (an aria2 status or an array of them: `active`,
/// `waiting`, `paused`, `error`, `complete`, `removed`; all when absent), `search` (words that must each appear
/// in the URL or the file's path), `sort` (`added`, `queue`, `name`, `size`, `progress`, `speed`; `added` when
/// absent), `offset` (0 when absent) and `limit` (1 to 1000, 100 when absent). The answer: `downloads` (each
/// with the `keys` `tellStatus` would give it), `total` (how many match), `offset`, `counts` (downloads in each
/// status, whatever the query) and `downloadSpeed`, numbers as strings as aria2's.
extension Aria2Methods {
    static func listDownloads(_ p: Parameters, on service: Aria2Service) async throws -> JSONValue {
        let (query, statuses) = try p.downloadQuery(0)
        let keys = try p.keys(1)
        let page = try await service.page(query, statuses: statuses)
        let details = await service.details(of: page.downloads, readingStore: !Aria2Results.storedKeys(keys).isEmpty)
        return [
            "downloads": Aria2Results.statuses(details, keys: keys),
            "total": .string(String(page.total)),
            "offset": .string(String(query.offset)),
            "counts": .object(Dictionary(uniqueKeysWithValues: page.counts.map { ($0.key.rawValue, .string(String($0.value))) })),
            "downloadSpeed": .string(String(page.downloadSpeed)),
        ]
    }
}

extension Aria2Methods.Parameters {
    /// The query struct of `haul.listDownloads` (absent or null: the first 100 of every download, oldest first).
    func downloadQuery(_ index: Int) throws(RPCError) -> (DownloadQuery, Set<Aria2Status>?) {
        var members: [String: JSONValue] = [:]
        if let value = optional(index), value != .null {
            guard let object = value.objectValue else { throw .invalidParams("\(method): parameter \(index + 1) must be a struct") }
            members = object
        }
        if let unknown = members.keys.sorted().first(where: { !["status", "search", "sort", "offset", "limit"].contains($0) }) {
            throw .invalidParams("\(method): unknown member \(unknown) (status, search, sort, offset, limit)")
        }
        var statuses: Set<Aria2Status>?
        if let value = members["status"], value != .null {
            let names = value.stringValue.map { [$0] } ?? value.arrayValue?.compactMap(\.stringValue)
            guard let names, names.count == (value.arrayValue?.count ?? 1) else {
                throw .invalidParams("\(method): status must be a status or an array of them")
            }
            statuses = []
            for name in names {
                guard let status = Aria2Status(rawValue: name) else {
                    throw .invalidParams("\(method): status \(name) is not one of active, waiting, paused, error, complete, removed")
                }
                statuses?.insert(status)
            }
        }
        let search = try text(members["search"], "search") ?? ""
        var sort = DownloadQuery.Sort.added
        if let name = try text(members["sort"], "sort") {
            guard let chosen = DownloadQuery.Sort(rawValue: name) else {
                throw .invalidParams("\(method): sort \(name) is not one of \(DownloadQuery.Sort.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            sort = chosen
        }
        let offset = try number(members["offset"], "offset") ?? 0
        let limit = try number(members["limit"], "limit") ?? 100
        do throws(DownloadQuery.Problem) {
            return (try DownloadQuery(search: search, sort: sort, offset: offset, limit: limit), statuses)
        } catch {
            throw .invalidParams("\(method): \(error)")
        }
    }

    private func text(_ value: JSONValue?, _ name: String) throws(RPCError) -> String? {
        guard let value, value != .null else { return nil }
        guard let text = value.stringValue else { throw .invalidParams("\(method): \(name) must be a string") }
        return text
    }

    /// An integer, given as a number or as a string of digits (aria2's clients send both).
    private func number(_ value: JSONValue?, _ name: String) throws(RPCError) -> Int? {
        guard let value, value != .null else { return nil }
        if let int = value.intValue, let exact = Int(exactly: int) { return exact }
        if let text = value.stringValue, let int = Int(text) { return int }
        throw .invalidParams("\(method): \(name) must be an integer")
    }
}
