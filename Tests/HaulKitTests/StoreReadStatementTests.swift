import GRDB
import GRDBSQLite
import HaulCore
import HaulTestSupport
import XCTest

@testable import HaulKit

/// A store's reads keep its cached statements compiled. GRDB's `read` set `PRAGMA query_only` on and off around
/// each one, and SQLite expires every prepared statement of the connection at each such pragma: every cached
/// statement (a record by id, a completion's update) was compiled again at its next step, 18 % of a list's CPU
/// (issue 62 point 2).
final class StoreReadStatementTests: XCTestCase {
    private func record(_ name: String) -> DownloadRecord {
        DownloadRecord(
            id: nil, url: "http://example.com/\(name)", finalURL: nil, destination: "/d/\(name)", partPath: "/d/\(name).part",
            etag: nil, lastModified: nil, lastModifiedIsStrong: false, totalBytes: nil, state: DownloadState.queued.rawValue,
            errorMessage: nil, priority: 0, optionsJSON: "{}", createdAt: 1, updatedAt: 1
        )
    }

    /// How many times SQLite compiled `sql`'s cached statement again since it was first prepared.
    private func recompiles(of sql: String, in store: DownloadStore) throws -> Int32 {
        try store.readWithoutTransaction { db in
            sqlite3_stmt_status(try db.cachedStatement(sql: sql).sqliteStatement, SQLITE_STMTSTATUS_REPREPARE, 0)
        }
    }

    func testReadsAndWritesInTurnCompileNoCachedStatementAgain() async throws {
        try await withTemporaryDirectory { dir in
            let store = try DownloadStore(directory: dir.url.path)
            var records = try (0..<5).map { try store.insert(record("f\($0)")) }
            for round in 0..<3 {
                for index in records.indices {
                    XCTAssertEqual(try store.record(id: records[index].id!)?.url, records[index].url)
                    records[index].totalBytes = Int64(round * 10 + index)
                    try store.markCompleted(records[index])
                    XCTAssertEqual(try store.segments(of: records[index].id!), [])
                }
            }
            XCTAssertEqual(try recompiles(of: "SELECT * FROM download WHERE id = ?", in: store), 0)
            XCTAssertEqual(try recompiles(of: "SELECT * FROM segment WHERE downloadId = ? ORDER BY start", in: store), 0)
            XCTAssertEqual(try recompiles(of: "DELETE FROM segment WHERE downloadId = ?", in: store), 0)
            XCTAssertEqual(try store.record(id: records[4].id!)?.totalBytes, 24)
        }
    }

    /// What a read sees is one commit, and a read that throws leaves no transaction open: the next write goes on.
    func testAReadIsOneTransactionAndAThrowingOneEndsIt() async throws {
        try await withTemporaryDirectory { dir in
            let store = try DownloadStore(directory: dir.url.path)
            let first = try store.insert(record("a"))
            XCTAssertTrue(try store.read { db in db.isInsideTransaction })
            struct Refused: Error {}
            XCTAssertThrowsError(try store.read { _ -> Int in throw Refused() })
            XCTAssertFalse(try store.readWithoutTransaction { db in db.isInsideTransaction })
            let second = try store.insert(record("b"))
            XCTAssertEqual(try store.record(id: second.id!)?.url, "http://example.com/b")
            XCTAssertEqual(try store.record(id: first.id!)?.url, "http://example.com/a")
        }
    }
}
