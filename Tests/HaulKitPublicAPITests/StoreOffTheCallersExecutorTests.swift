import Foundation
import HaulKit
import HaulTestSupport
import XCTest

/// Issue #57: `prepare` (and the other calls that read or write the state database) did their SQLite work on the
/// caller's executor, so a call from the main actor froze it while another process held the database's write lock
/// (SQLite waits up to 10 s). They run on the client's own queue now.
final class StoreOffTheCallersExecutorTests: XCTestCase {
    /// With another connection holding the write lock, a `prepare` started on the main actor waits for it, and the
    /// main actor runs other work meanwhile: the probe below needs the main actor, and it runs before the lock is
    /// let go. (Before, the probe could only run once `prepare` had given up, after SQLite's busy timeout.)
    @MainActor
    func testPrepareLeavesTheMainActorFreeWhileAnotherConnectionHoldsTheLock() async throws {
        try await withClient { client, server, dir in
            let locker = try DatabaseLocker(database: dir.file("state/haul.sqlite"))
            defer { locker.release() }
            let progress = PrepareProgress()
            let preparing = Task { @MainActor in
                defer { progress.returned = true }
                return try await client.prepare(request(server, "/small", to: "a", in: dir))
            }
            // Needs the main actor: with `prepare` holding it, this would wait for SQLite's busy timeout.
            await Task.detached { await MainActor.run { progress.probed = true } }.value
            XCTAssertTrue(progress.probed)
            XCTAssertFalse(progress.returned, "prepare is still waiting for the lock, off the main actor")
            locker.release()
            let task = try await preparing.value
            let state = await task.state
            XCTAssertEqual(state, .queued, "prepared once the lock was let go")
            let stored = try await client.storedDownloads()
            XCTAssertEqual(stored.map(\.id), [task.id])
        }
    }
}

/// What the main actor saw, in order.
@MainActor
private final class PrepareProgress {
    var probed = false
    var returned = false
}

/// Another connection to a SQLite database holding its write lock (`BEGIN IMMEDIATE`) until `release()`: a
/// python3 process, as another program sharing the state database would be.
private final class DatabaseLocker: @unchecked Sendable {
    private let process = Process()
    private let input = Pipe()
    private var released = false

    init(database: URL) throws {
        let python = ProcessInfo.processInfo.environment["HAUL_TEST_PYTHON"] ?? "/usr/bin/python3"
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [
            "-c",
            """
            import sqlite3, sys
            c = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=30)
            c.execute("BEGIN IMMEDIATE")
            print("locked", flush=True)
            sys.stdin.readline()
            c.execute("ROLLBACK")
            """,
            database.path,
        ]
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        // Blocks until the lock is held (the line is printed after `BEGIN IMMEDIATE` returned).
        var seen = Data()
        while !String(decoding: seen, as: UTF8.self).contains("locked") {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw CocoaError(.fileReadUnknown) }
            seen.append(chunk)
        }
    }

    /// Lets the lock go and waits for the process to end; a second call does nothing.
    func release() {
        guard !released else { return }
        released = true
        input.fileHandleForWriting.write(Data("\n".utf8))
        process.waitUntilExit()
    }
}
