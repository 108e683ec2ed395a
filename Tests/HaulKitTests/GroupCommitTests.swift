import Foundation
import GRDB
import HaulCore
import HaulTestSupport
import XCTest

@testable import HaulKit

/// Completions that come while another is written share the next transaction (`GroupCommit`,
/// `DownloadStore.markCompleted`; issue 62 point 2): every one is stored, in fewer transactions than completions,
/// and a failed group's error reaches its own callers only.
final class GroupCommitTests: XCTestCase {
    private struct Refused: Error {}

    /// A thread per call; `join` waits for all of them.
    private final class Callers: @unchecked Sendable {
        private let group = DispatchGroup()
        private let lock = NSLock()
        private var outcomes: [Int: Bool] = [:]

        func call(_ key: Int, _ body: @escaping @Sendable () throws -> Void) {
            group.enter()
            Thread.detachNewThread {
                let succeeded = (try? body()) != nil
                self.lock.withLock { self.outcomes[key] = succeeded }
                self.group.leave()
            }
        }

        /// Each caller's outcome (`true`: returned, `false`: threw), once all have returned.
        func join() -> [Int: Bool] {
            XCTAssertEqual(group.wait(timeout: .now() + 30), .success, "a caller never returned")
            return lock.withLock { outcomes }
        }
    }

    /// Records each group written, and holds the groups whose first item is in `held` until it is released.
    private final class Writer: @unchecked Sendable {
        let lock = NSLock()
        var groups: [[Int]] = []
        var failing: Set<Int> = []
        let gates: [Int: DispatchSemaphore]

        init(holding held: [Int]) {
            gates = Dictionary(uniqueKeysWithValues: held.map { ($0, DispatchSemaphore(value: 0)) })
        }

        func write(_ group: [Int]) throws {
            lock.withLock { groups.append(group) }
            if let first = group.first, let gate = gates[first] { gate.wait() }
            if lock.withLock({ !failing.isDisjoint(with: group) }) { throw Refused() }
        }

        var written: [[Int]] { lock.withLock { groups } }
    }

    func testCallsThatComeWhileAGroupIsWrittenShareTheNextWrite() {
        let commit = GroupCommit<Int>()
        let writer = Writer(holding: [0])
        let callers = Callers()
        callers.call(0) { try commit.write(0, writer.write) }
        XCTAssertTrue(eventuallyBlocking { writer.written == [[0]] })
        for item in 1...5 { callers.call(item) { try commit.write(item, writer.write) } }
        XCTAssertTrue(eventuallyBlocking { commit.waiting == 6 })
        writer.gates[0]!.signal()
        XCTAssertEqual(callers.join(), [0: true, 1: true, 2: true, 3: true, 4: true, 5: true])
        XCTAssertEqual(writer.written.count, 2)
        XCTAssertEqual(writer.written.last?.sorted(), [1, 2, 3, 4, 5])
        XCTAssertEqual(commit.groupsWritten, 2)
        XCTAssertEqual(commit.waiting, 0)
        // Alone, a call is its own group.
        XCTAssertNoThrow(try commit.write(6, writer.write))
        XCTAssertEqual(writer.written.last, [6])
    }

    /// Group A (item 0) succeeds, B (1 and 2) fails, C (3) succeeds: only 1 and 2 throw.
    func testAFailedGroupsErrorReachesItsOwnCallersOnly() {
        let commit = GroupCommit<Int>()
        let writer = Writer(holding: [0])
        writer.failing = [1, 2]
        let callers = Callers()
        callers.call(0) { try commit.write(0, writer.write) }
        XCTAssertTrue(eventuallyBlocking { writer.written == [[0]] })
        callers.call(1) { try commit.write(1, writer.write) }
        callers.call(2) { try commit.write(2, writer.write) }
        XCTAssertTrue(eventuallyBlocking { commit.waiting == 3 })
        writer.gates[0]!.signal()
        XCTAssertEqual(callers.join(), [0: true, 1: false, 2: false])
        XCTAssertNoThrow(try commit.write(3, writer.write))
        XCTAssertEqual(writer.written.map { $0.sorted() }, [[0], [1, 2], [3]])
        XCTAssertThrowsError(try commit.write(1, writer.write)) { error in
            XCTAssertTrue(error is HaulError, "the failure comes out as a HaulError")
        }
    }

    private func record(_ name: String) -> DownloadRecord {
        DownloadRecord(
            id: nil, url: "http://example.com/\(name)", finalURL: nil, destination: "/d/\(name)", partPath: "/d/\(name).part",
            etag: nil, lastModified: nil, lastModifiedIsStrong: false, totalBytes: nil, state: DownloadState.downloading.rawValue,
            errorMessage: nil, priority: 0, optionsJSON: "{}", createdAt: 1, updatedAt: 1
        )
    }

    /// Counts the commits of transactions that changed the `download` table.
    private final class CommitCounter: TransactionObserver, @unchecked Sendable {
        private let lock = NSLock()
        private var changed = false
        private var count = 0
        var commits: Int { lock.withLock { count } }
        func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { eventKind.tableName == "download" }
        func databaseDidChange(with event: DatabaseEvent) { lock.withLock { changed = true } }
        func databaseDidCommit(_ db: Database) {
            lock.withLock {
                if changed { count += 1 }
                changed = false
            }
        }
        func databaseDidRollback(_ db: Database) { lock.withLock { changed = false } }
    }

    /// Completions from many threads while the database is busy: every record is stored complete, with its length,
    /// no segments and its wire counts, and they took two transactions, not one each (the first completion's, held
    /// behind the busy write, and one for all that came meanwhile).
    func testCompletionsThatComeTogetherAreStoredInOneTransaction() async throws {
        try await withTemporaryDirectory { dir in
            let store = try DownloadStore(directory: dir.url.path)
            let records = try (0..<40).map { index in
                let stored = try store.insert(record("f\(index)"))
                try store.saveSegments([SegmentRecord(downloadId: stored.id!, start: 0, end: 100, next: 50)], of: stored.id!)
                return stored
            }
            let counter = CommitCounter()
            try store.write { db in db.add(transactionObserver: counter, extent: .databaseLifetime) }
            let entered = DispatchSemaphore(value: 0)
            let busy = DispatchSemaphore(value: 0)
            let callers = Callers()
            callers.call(-1) {
                try store.write { _ in
                    entered.signal()
                    busy.wait()
                }
            }
            XCTAssertEqual(entered.wait(timeout: .now() + 10), .success)
            func complete(_ index: Int) {
                var finished = records[index]
                finished.totalBytes = Int64(100 + index)
                let done = finished
                callers.call(index) { try store.markCompleted(done, wire: WireBytes(received: Int64(index), kept: 1)) }
            }
            complete(0)
            XCTAssertTrue(eventuallyBlocking { store.completions.waiting == 1 && store.completions.groupsWritten == 1 })
            for index in 1..<records.count { complete(index) }
            XCTAssertTrue(eventuallyBlocking { store.completions.waiting == records.count })
            busy.signal()
            let outcomes = callers.join()
            XCTAssertEqual(outcomes.count, records.count + 1)
            XCTAssertTrue(outcomes.values.allSatisfy { $0 }, "every completion was stored")
            XCTAssertEqual(store.completions.groupsWritten, 2)
            XCTAssertEqual(counter.commits, 2, "two transactions for \(records.count) completions")
            let wire = try store.wireBytes(of: records.map { $0.id! })
            for (index, stored) in records.enumerated() {
                let now = try XCTUnwrap(store.record(id: stored.id!))
                XCTAssertEqual(now.downloadState, .completed)
                XCTAssertEqual(now.totalBytes, Int64(100 + index))
                XCTAssertEqual(try store.segments(of: stored.id!), [])
                XCTAssertEqual(wire[stored.id!], WireBytes(received: Int64(index), kept: 1))
            }
        }
    }
}
