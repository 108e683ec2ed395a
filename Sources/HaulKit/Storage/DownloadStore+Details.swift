import GRDB

/// What only the state database knows of a download, for listing many at once: the daemon's `tellActive`,
/// `tellWaiting` and `tellStopped` give every key `tellStatus` gives (aria2 front-ends draw their piece bars from
/// the lists' `bitfield`), and reading them one download at a time cost two queries each.
package struct StoredDetail: Sendable, Equatable {
    /// The URL the redirects ended at.
    package var finalURL: String?
    /// The validators the held bytes were fetched under.
    package var etag: String?
    package var lastModified: String?
    /// The byte ranges the last checkpoint counts as written, in file order (empty once complete).
    package var held: [Range<Int64>]
}

/// The last answers of `DownloadStore.details(of:)`, by the ids asked for, and the database they were read from:
/// this store's write transactions and SQLite's `data_version` (which moves when another process commits).
///
/// A page polls `tellActive` (and its lists) several times a second; what they read changes at most at a
/// checkpoint, about once a second per running download. While neither count moved, an answer read before is
/// still the database's, and is given again without reading the rows
/// (docs/history/benchmarks-rounds-2026-11-28-to-30.md, "The load case, round 2": the read was 8 % of the daemon's
/// CPU under a page's polling load).
struct DetailMemo: Sendable {
    /// This store's committed writes and `data_version` when the kept answers were read.
    var writes = -1
    var version = -1
    /// When `data_version` was last read (the store's `memoClock`, seconds).
    var lookedAt = -Double.infinity
    var answers: [[Int64]: [Int64: StoredDetail]] = [:]
    /// `requestDetails(of:)`'s answers (what `tellStatus` and the lists show of each request), kept alike.
    var requestAnswers: [[Int64]: [Int64: RequestDetail]] = [:]
    /// Reads of rows, and answers given from the memo: what tests count.
    var rowReads = 0
    var kept = 0
    /// The most id lists kept at once, of each kind (a page asks for three lists: active, waiting, stopped).
    static let capacity = 8
    /// How long `data_version` read once stands for another process's commits, in seconds.
    ///
    /// This store's own writes are counted without touching the database, but another process's commits are seen
    /// only by asking SQLite, and asking means a hop onto the store's queue and a statement: under a page's polling
    /// load (16 clients, `tellActive` and `getGlobalStat`), those two were most of what a kept answer still cost
    /// (docs/benchmarks.md, "Daemon at scale", the load case's profile). Within this window a kept answer is given
    /// without asking; another process's commit (a `haul` run beside the daemon on the same state) shows at most a
    /// quarter of a second later, inside the second a page or an aria2 front-end waits between its polls.
    static let versionLookSeconds = 0.25

    /// Whether the kept answers still stand at `now` without reading `data_version`: nothing written here since, and
    /// the database asked less than `versionLookSeconds` ago.
    func standsWithoutLooking(writes: Int, at now: Double) -> Bool {
        writes == self.writes && now - lookedAt < Self.versionLookSeconds && now >= lookedAt
    }

    /// Forgets every answer when the database moved since they were read; `data_version` was read at `now`.
    mutating func check(writes: Int, version: Int, at now: Double) {
        lookedAt = now
        guard writes != self.writes || version != self.version else { return }
        (self.writes, self.version) = (writes, version)
        answers = [:]
        requestAnswers = [:]
    }
}

extension DownloadStore {
    /// The details of the downloads `ids` that exist, in one read: one query for the records' columns and one for
    /// their segments, however many ids (SQLite's limit on bound values is far above a list's window of 1,000;
    /// longer lists are read in chunks of that size). Given again from `DetailMemo` while the database is unchanged.
    func details(of ids: [Int64]) throws -> [Int64: StoredDetail] {
        guard !ids.isEmpty else { return [:] }
        return try remembered(ids, \.answers) { db in try Self.readDetails(of: ids, in: db) }
    }

    /// The answer kept in `memo[keyPath: answers]` for `ids` while the database is unchanged, else `read`'s.
    ///
    /// Outside a transaction: the queries may see different commits of another process, which a display shows a
    /// moment later anyway; a transaction's own four statements were most of such a read's cost.
    func remembered<Answer: Sendable>(
        _ ids: [Int64], _ answers: WritableKeyPath<DetailMemo, [[Int64]: Answer]> & Sendable,
        read: @Sendable (Database) throws -> Answer
    ) throws -> Answer {
        // Counted before the read: a write committed during it moves the count, and the next call reads again.
        let writes = writeTransactions
        let now = memoClock.now()
        let standing: Answer? = detailMemo.withLockedValue { memo in
            guard memo.standsWithoutLooking(writes: writes, at: now), let answer = memo[keyPath: answers][ids] else {
                return nil
            }
            memo.kept += 1
            return answer
        }
        if let standing { return standing }
        return try readWithoutTransaction { db in
            let version = try Int.fetchOne(db.cachedStatement(sql: "PRAGMA data_version")) ?? 0
            let kept: Answer? = detailMemo.withLockedValue { memo in
                memo.check(writes: writes, version: version, at: now)
                guard let answer = memo[keyPath: answers][ids] else { return nil }
                memo.kept += 1
                return answer
            }
            if let kept { return kept }
            let answer = try read(db)
            detailMemo.withLockedValue { memo in
                memo.check(writes: writes, version: version, at: now)
                if memo[keyPath: answers].count >= DetailMemo.capacity { memo[keyPath: answers] = [:] }
                memo[keyPath: answers][ids] = answer
                memo.rowReads += 1
            }
            return answer
        }
    }

    private static func readDetails(of ids: [Int64], in db: Database) throws -> [Int64: StoredDetail] {
        var details: [Int64: StoredDetail] = [:]
        for start in stride(from: 0, to: ids.count, by: 1000) {
            let chunk = Array(ids[start..<min(ids.count, start + 1000)])
            let marks = chunk.map { _ in "?" }.joined(separator: ",")
            let arguments = StatementArguments(chunk)
            // Cached statements (one per window length): preparing them on every call was a third of this read
            // under a page's polling load (GRDB's authorizer, SQLite's parser;
            // docs/history/benchmarks-rounds-2026-11-28-to-30.md, "The load case, round 2").
            let records = try Row.fetchCursor(
                db.cachedStatement(sql: "SELECT id, finalURL, etag, lastModified FROM download WHERE id IN (\(marks))"),
                arguments: arguments
            )
            while let row = try records.next() {
                details[row[0]] = StoredDetail(finalURL: row[1], etag: row[2], lastModified: row[3], held: [])
            }
            let segments = try Row.fetchCursor(
                db.cachedStatement(sql: "SELECT downloadId, start, next FROM segment WHERE downloadId IN (\(marks)) AND next > start ORDER BY downloadId, start"),
                arguments: arguments
            )
            while let row = try segments.next() {
                let id: Int64 = row[0]
                let start: Int64 = row[1]
                let next: Int64 = row[2]
                details[id]?.held.append(start..<next)
            }
        }
        return details
    }

    /// How many `details(of:)` calls read rows, and how many were answered from the memo.
    package var detailReads: (rows: Int, kept: Int) {
        detailMemo.withLockedValue { ($0.rowReads, $0.kept) }
    }
}
