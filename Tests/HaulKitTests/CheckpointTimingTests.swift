import Foundation
import HaulTestSupport
import XCTest

@testable import HaulKit

/// When a download's progress is made durable while it runs: one interval after its first bytes, then once per
/// interval; never at the first bytes (a small file would pay a sync and a commit for nothing).
final class CheckpointTimingTests: XCTestCase {
    func testFirstCheckpointComesOneIntervalAfterTheFirstBytes() async throws {
        try await withTemporaryDirectory { dir in
            let file = try PartFile(path: dir.file("f.part").path)
            let commits = Commits()
            let checkpointer = Checkpointer<Int>(file: file, interval: 1) { snapshot in commits.append(snapshot) }
            checkpointer.checkpointIfDue(1, now: 500)
            await checkpointer.waitForInFlight()
            XCTAssertEqual(commits.all, [], "the first bytes were checkpointed at once")
            checkpointer.checkpointIfDue(2, now: 500.9)
            await checkpointer.waitForInFlight()
            XCTAssertEqual(commits.all, [])
            checkpointer.checkpointIfDue(3, now: 501)
            await checkpointer.waitForInFlight()
            XCTAssertEqual(commits.all, [3], "no checkpoint one interval after the first bytes")
            checkpointer.checkpointIfDue(4, now: 501.5)
            checkpointer.checkpointIfDue(5, now: 502)
            await checkpointer.waitForInFlight()
            XCTAssertEqual(commits.all, [3, 5])
            try checkpointer.check()
        }
    }
}

/// The snapshots a checkpointer committed, in order.
private final class Commits: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Int] = []

    func append(_ value: Int) { lock.withLock { values.append(value) } }
    var all: [Int] { lock.withLock { values } }
}
