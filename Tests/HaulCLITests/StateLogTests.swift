import Foundation
import HaulTestSupport
import XCTest

@testable import HaulKit
@testable import haul

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
                _ = try await (try await client.download(request)).outcome()
                XCTAssertTrue(client.store.hasUnflushedCommits, "the download committed nothing")
                try await client.shutdown()
                XCTAssertFalse(client.store.hasUnflushedCommits, "shutdown left the log unflushed")
            }
        }
    }

    /// A log that cannot be flushed is an error of `shutdown()`, naming the log (rule 19), never a silent success;
    /// the commits stay due, so that a later flush tries again.
    func testShutdownReportsALogThatCannotBeFlushed() async throws {
        try await withTemporaryDirectory { dir in
            let state = dir.file("state").path
            let client = try HaulClient(configuration: HaulConfiguration(stateDirectory: dir.file("state")))
            _ = try client.store.insert(record("c"))
            XCTAssertTrue(client.store.hasUnflushedCommits)
            // The log's name now leads to a directory, which `open(O_RDWR)` refuses (EISDIR), root or not.
            let log = state + "/haul.sqlite-wal"
            try FileManager.default.moveItem(atPath: log, toPath: log + ".moved")
            try FileManager.default.createDirectory(atPath: log, withIntermediateDirectories: false)
            do {
                try await client.shutdown()
                XCTFail("shutdown() succeeded although the log could not be flushed")
            } catch let error as HaulError {
                XCTAssertEqual(error.kind, .io)
                XCTAssertTrue(error.message.contains("haul.sqlite-wal"), error.message)
            }
            XCTAssertTrue(client.store.hasUnflushedCommits, "a failed flush was taken as done")
            try FileManager.default.removeItem(atPath: log)
            try FileManager.default.moveItem(atPath: log + ".moved", toPath: log)
            try client.store.flushLog()
            XCTAssertFalse(client.store.hasUnflushedCommits)
        }
    }

    /// The command line's end: downloads that succeeded but whose records cannot be made durable exit 7 (local
    /// I/O, as documented); a download that failed keeps its own code.
    func testCommandEndsWithTheIOCodeWhenTheLogCannotBeFlushed() async throws {
        for (given, expected) in [(ExitCodes.success, Int32(7)), (Int32(4), Int32(4))] {
            try await withTemporaryDirectory { dir in
                let client = try HaulClient(configuration: HaulConfiguration(stateDirectory: dir.file("state")))
                _ = try client.store.insert(record("d"))
                let log = dir.file("state").path + "/haul.sqlite-wal"
                try FileManager.default.moveItem(atPath: log, toPath: log + ".moved")
                try FileManager.default.createDirectory(atPath: log, withIntermediateDirectories: false)
                let code = await client.shutdown(endingWith: given)
                XCTAssertEqual(code, expected, "exit code after a download that ended with \(given)")
            }
        }
        try await withTemporaryDirectory { dir in
            let client = try HaulClient(configuration: HaulConfiguration(stateDirectory: dir.file("state")))
            _ = try client.store.insert(record("e"))
            let code = await client.shutdown(endingWith: ExitCodes.success)
            XCTAssertEqual(code, ExitCodes.success)
            XCTAssertFalse(client.store.hasUnflushedCommits)
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
