import GRDB
import HaulCore
import HaulTestSupport
import XCTest

@testable import HaulKit

/// A page of the daemon's list from the state database (`DownloadStore.page`, issue 62 point 5): every matching
/// download on exactly one page in a stable order, searched by name and URL, sorted, and filtered and counted by
/// state through an index.
final class DownloadStoreQueryTests: XCTestCase {
    /// `count` rows: every third failed, the rest paused; sizes descending with the id except every fifth (unknown);
    /// names run backwards (`f<count>` first) so that name order is not id order.
    private func store(_ count: Int, in dir: TemporaryDirectory) throws -> DownloadStore {
        let store = try DownloadStore(directory: dir.url.path)
        try store.write { db in
            for index in 1...count {
                let name = String(format: "f%05d.bin", count + 1 - index)
                var record = DownloadRecord(
                    id: nil, url: "http://host\(index % 7).example/\(name)", finalURL: nil,
                    destination: index % 4 == 0 ? nil : "/d/\(name)", partPath: "/d/\(name).part", etag: nil,
                    lastModified: nil, lastModifiedIsStrong: false,
                    totalBytes: index % 5 == 0 ? nil : Int64(10 * (count - index) + 10),
                    state: (index % 3 == 0 ? DownloadState.failed : .paused).rawValue, errorMessage: nil, priority: 0,
                    optionsJSON: "{}", createdAt: 1, updatedAt: 1
                )
                record.queueOrder = Int64(count - index)  // the queue runs backwards too
                try record.insertRow(in: db)
            }
        }
        return store
    }

    /// Every page of `query` (its offset and limit ignored), joined.
    private func allPages(_ store: DownloadStore, _ query: DownloadQuery, pageSize: Int) throws -> [Int64] {
        var ids: [Int64] = []
        var offset = 0
        while true {
            var paged = query
            paged.offset = offset
            paged.limit = pageSize
            let page = try store.page(paged)
            XCTAssertEqual(page.total, try store.page(query).total, "every page counts the same total")
            ids += page.ids
            if page.ids.count < pageSize { return ids }
            offset += pageSize
        }
    }

    func testEveryDownloadIsOnExactlyOnePageInEachOrder() async throws {
        try await withTemporaryDirectory { dir in
            let store = try store(1_000, in: dir)
            for sort in DownloadQuery.Sort.allCases {
                let whole = try store.page(DownloadQuery(sort: sort, limit: 1000)).ids
                let paged = try allPages(store, DownloadQuery(sort: sort), pageSize: 70)
                XCTAssertEqual(paged, whole, "\(sort): the pages joined are the one long page")
                XCTAssertEqual(Set(paged).count, 1_000, "\(sort): each download once")
                XCTAssertEqual(try allPages(store, DownloadQuery(sort: sort), pageSize: 70), paged, "\(sort): stable")
            }
            XCTAssertEqual(try store.page(DownloadQuery(sort: .added, limit: 3)).ids, [1, 2, 3])
            XCTAssertEqual(try store.page(DownloadQuery(sort: .queue, limit: 3)).ids, [1000, 999, 998])
            XCTAssertEqual(try store.page(DownloadQuery(sort: .name, limit: 3)).ids, [1000, 999, 998], "f00001.bin first")
            // Largest first, unknown sizes last (ids 5, 10, ...), ties by id.
            let bySize = try store.page(DownloadQuery(sort: .size, limit: 1000)).ids
            XCTAssertEqual(Array(bySize.prefix(2)), [1, 2])
            XCTAssertEqual(Array(bySize.suffix(2)), [995, 1000])
            let past = try store.page(DownloadQuery(offset: 1_000, limit: 10))
            XCTAssertEqual(past, DownloadPage(ids: [], total: 1_000), "past the end: none, and the total")
        }
    }

    func testSearchAndStateFilterFindTheLastDownload() async throws {
        try await withTemporaryDirectory { dir in
            let store = try store(3_000, in: dir)
            // The last one added writes f00001.bin and failed (3000 is a multiple of 3), with no destination yet.
            let found = try store.page(DownloadQuery(search: "F00001", limit: 10))
            XCTAssertEqual(found, DownloadPage(ids: [3_000], total: 1), "by name, case aside, through its .part path")
            let byHost = try store.page(DownloadQuery(search: "host3.example f0000", limit: 100))
            XCTAssertEqual(byHost.total, byHost.ids.count)
            XCTAssertTrue(byHost.ids.allSatisfy { $0 % 7 == 3 && $0 > 2_990 }, "\(byHost.ids)")
            XCTAssertEqual(try store.page(DownloadQuery(search: "%", limit: 10)).total, 0, "a wildcard is a character")
            XCTAssertEqual(try store.page(DownloadQuery(search: "_", limit: 10)).total, 0)
            var failed = try DownloadQuery(search: "bin", limit: 1000)
            failed.states = [.failed]
            let page = try store.page(failed)
            XCTAssertEqual(page.total, 1_000)
            XCTAssertTrue(page.ids.allSatisfy { $0 % 3 == 0 })
            failed.offset = 999
            XCTAssertEqual(try store.page(failed).ids, [3_000], "reached by paging: the last page's last row")
        }
    }

    /// SQLite's plan for a page and its count: a state's rows through the state index (the count reads the index
    /// only), and the added and name orders walk an index, with no sort of every row.
    func testAStatesPageAndCountUseTheStateIndex() async throws {
        try await withTemporaryDirectory { dir in
            let store = try store(50, in: dir)
            func plan(_ sql: String, _ arguments: [String]) throws -> String {
                try store.read { db in
                    try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: StatementArguments(arguments))
                        .map { row -> String in row["detail"] }.joined(separator: "\n")
                }
            }
            var waiting = try DownloadQuery(sort: .queue)
            waiting.states = [.queued, .paused]
            let queued = DownloadQueryPlan(waiting)
            let count = try plan(queued.countSQL, queued.arguments)
            XCTAssertTrue(count.contains("COVERING INDEX download_state_queueOrder"), "counting reads the table: \(count)")
            let page = try plan(queued.pageSQL.replacingOccurrences(of: "LIMIT ? OFFSET ?", with: "LIMIT 100 OFFSET 0"), queued.arguments)
            XCTAssertTrue(page.contains("INDEX download_state_queueOrder"), "filtering reads every row: \(page)")
            let added = DownloadQueryPlan(try DownloadQuery(sort: .added))
            let addedPlan = try plan(added.pageSQL.replacingOccurrences(of: "LIMIT ? OFFSET ?", with: "LIMIT 100 OFFSET 29900"), added.arguments)
            XCTAssertFalse(addedPlan.contains("TEMP B-TREE"), "the added order sorts every row: \(addedPlan)")
            let byName = DownloadQueryPlan(try DownloadQuery(sort: .name))
            let namePlan = try plan(byName.pageSQL.replacingOccurrences(of: "LIMIT ? OFFSET ?", with: "LIMIT 100 OFFSET 0"), byName.arguments)
            XCTAssertTrue(namePlan.contains("download_name") && !namePlan.contains("TEMP B-TREE"), "the name order sorts every row: \(namePlan)")
        }
    }
}
