import Foundation
import HaulTestSupport
import XCTest

@testable import HaulKit

/// The state database's write-ahead log: kept across runs and flushed once per run, only when something was written.
final class StateLogTests: XCTestCase {
    private func record(_ name: String) -> DownloadRecord {
        DownloadRecord(
            id: nil, url: "http://example.com/\(name)", finalURL: nil, destination: nil, partPath: "/tmp/\(name).part",
            etag: nil, lastModified: nil, lastModifiedIsStrong: false, totalBytes: nil, state: "queued",
            errorMessage: nil, priority: 0, optionsJSON: "{}", createdAt: 0, updatedAt: 0
        )
    }

    /// Closing the last connection neither checkpoints nor deletes the log (which cost four syncs per run), and what
    /// it holds is read back by the next store.
    func testClosingKeepsTheLogAndItsRecords() async throws {
        try await withTemporaryDirectory { dir in
            let state = dir.file("state").path
            do {
                let store = try DownloadStore(directory: state)
                _ = try store.insert(record("a"))
            }
            let log = state + "/haul.sqlite-wal"
            let size = (try? FileManager.default.attributesOfItem(atPath: log)[.size] as? Int) ?? 0
            XCTAssertGreaterThan(size, 0, "the log was checkpointed or deleted at close")
            XCTAssertEqual(try DownloadStore(directory: state).all().map(\.url), ["http://example.com/a"])
        }
    }

    /// A client's `shutdown()` flushes what its downloads committed, while the client (and its store) still lives:
    /// the flush does not wait for the store's release, which may come after the process exits.
    func testShutdownFlushesTheLog() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/f", FileResource(content: Array("flushed".utf8)))
                let client = try HaulClient(configuration: HaulConfiguration(stateDirectory: dir.file("state")))
                let request = DownloadRequest(url: URL(string: server.url("/f"))!, destination: dir.file("f"))
                _ = await (try await client.download(request)).outcome()
                XCTAssertTrue(client.store.hasUnflushedCommits, "the download committed nothing")
                await client.shutdown()
                XCTAssertFalse(client.store.hasUnflushedCommits, "shutdown left the log unflushed")
            }
        }
    }

    /// A commit marks the log as due for a flush; the flush clears it; reads and a flush with nothing written leave
    /// nothing to flush (no sync of an unchanged log).
    func testOnlyCommitsMakeTheLogDue() async throws {
        try await withTemporaryDirectory { dir in
            let store = try DownloadStore(directory: dir.file("state").path)
            XCTAssertFalse(store.hasUnflushedCommits, "opening an existing or new store left a flush due")
            _ = try store.all()
            XCTAssertFalse(store.hasUnflushedCommits, "a read made a flush due")
            let inserted = try store.insert(record("b"))
            XCTAssertTrue(store.hasUnflushedCommits, "a commit was not marked for the flush")
            try store.flushLog()
            XCTAssertFalse(store.hasUnflushedCommits)
            try store.setState(.paused, of: inserted.id!)
            XCTAssertTrue(store.hasUnflushedCommits)
        }
    }
}
