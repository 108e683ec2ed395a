import Foundation
import HaulCore
import HaulTestSupport
import XCTest

@testable import HaulKit

/// What the lists show from the state database (`DownloadStore.details(of:)`) is read again only when the database
/// changed (issue 62, point 4: a page polling `tellActive` read the running downloads' rows on every call): this
/// store's writes at once, and another connection's commits (`data_version`) once the store looks again, at most
/// `DetailMemo.versionLookSeconds` after it last looked.
final class DetailMemoTests: ManagerTestCase {
  func testDetailsAreReadAgainOnlyAfterAWriteHereOrElsewhere() async throws {
    let clock = ManualClock()
    try await withTemporaryDirectory { dir in
      try await withHarness(dir, server: ScriptedServer(), clock: clock) { harness in
        let store = harness.client.store
        let a = try harness.client.prepareBlocking(harness.request("http://127.0.0.1:9/a", to: "a")).rowID
        let b = try harness.client.prepareBlocking(harness.request("http://127.0.0.1:9/b", to: "b")).rowID
        try store.saveSegments([SegmentRecord(downloadId: a, start: 0, end: nil, next: 10)], of: a)

        let first = try store.details(of: [a, b])
        XCTAssertEqual(first[a]?.held, [0..<10])
        XCTAssertEqual(store.detailReads.rows, 1)
        // Nothing written: the same answer, no rows read.
        XCTAssertEqual(try store.details(of: [a, b]), first)
        XCTAssertEqual(store.detailReads.rows, 1)
        XCTAssertEqual(store.detailReads.kept, 1)
        // Another list is its own read, and both are kept.
        XCTAssertEqual(try store.details(of: [b])[b]?.held, [])
        XCTAssertEqual(try store.details(of: [a, b]), first)
        XCTAssertEqual(store.detailReads.rows, 2)

        // A write of this store: read again, and the new bytes are there.
        try store.saveSegments([SegmentRecord(downloadId: b, start: 0, end: nil, next: 5)], of: b)
        XCTAssertEqual(try store.details(of: [a, b])[b]?.held, [0..<5])
        XCTAssertEqual(store.detailReads.rows, 3)

        // A commit of another connection (another process): seen once the store looks at `data_version` again.
        let other = try DownloadStore(directory: URL(fileURLWithPath: store.path).deletingLastPathComponent().path)
        try other.saveSegments([SegmentRecord(downloadId: b, start: 0, end: nil, next: 8)], of: b)
        clock.advance(by: .seconds(DetailMemo.versionLookSeconds))
        XCTAssertEqual(try store.details(of: [a, b])[b]?.held, [0..<8])
        XCTAssertEqual(store.detailReads.rows, 4)
        XCTAssertEqual(try store.details(of: [a, b])[b]?.held, [0..<8])
        XCTAssertEqual(store.detailReads.rows, 4)
      }
    }
  }

  /// Within `versionLookSeconds` of its last look, a kept answer is given without going to the database at all (no
  /// hop onto the store's queue, no `PRAGMA data_version`): what a page's polling load paid on every call. Another
  /// process's commit shows at the first call after the window; this store's own write at the next call.
  func testAKeptAnswerWithinTheWindowDoesNotAskTheDatabase() async throws {
    let clock = ManualClock()
    try await withTemporaryDirectory { dir in
      try await withHarness(dir, server: ScriptedServer(), clock: clock) { harness in
        let store = harness.client.store
        let a = try harness.client.prepareBlocking(harness.request("http://127.0.0.1:9/a", to: "a")).rowID
        try store.saveSegments([SegmentRecord(downloadId: a, start: 0, end: nil, next: 10)], of: a)
        XCTAssertEqual(try store.details(of: [a])[a]?.held, [0..<10])
        let reads = store.readTransactions
        for _ in 0..<5 { XCTAssertEqual(try store.details(of: [a])[a]?.held, [0..<10]) }
        XCTAssertEqual(store.readTransactions, reads, "a kept answer inside the window went to the database")

        let other = try DownloadStore(directory: URL(fileURLWithPath: store.path).deletingLastPathComponent().path)
        try other.saveSegments([SegmentRecord(downloadId: a, start: 0, end: nil, next: 20)], of: a)
        clock.advance(by: .seconds(DetailMemo.versionLookSeconds / 2))
        XCTAssertEqual(try store.details(of: [a])[a]?.held, [0..<10], "inside the window: not looked at yet")
        XCTAssertEqual(store.readTransactions, reads)
        clock.advance(by: .seconds(DetailMemo.versionLookSeconds / 2))
        XCTAssertEqual(try store.details(of: [a])[a]?.held, [0..<20], "after the window: another process's commit")
        XCTAssertEqual(store.readTransactions, reads + 1)

        // This store's write is seen at the next call, whatever the window.
        try store.saveSegments([SegmentRecord(downloadId: a, start: 0, end: nil, next: 30)], of: a)
        XCTAssertEqual(try store.details(of: [a])[a]?.held, [0..<30])
      }
    }
  }
}

extension DetailMemoTests {
  /// What the lists show of each request (`requestDetails(of:)`: connections, rate limit...) is kept alike, and
  /// read again once a write changed it.
  func testRequestDetailsAreKeptUntilAWrite() async throws {
    try await withTemporaryDirectory { dir in
      try await withHarness(dir) { harness in
        let store = harness.client.store
        var request = harness.request("http://127.0.0.1:9/a", to: "a")
        request.connections = 3
        let a = try harness.client.prepareBlocking(request).rowID
        XCTAssertEqual(try store.requestDetails(of: [a])[a]?.connections, 3)
        let rows = store.detailReads.rows
        XCTAssertEqual(try store.requestDetails(of: [a])[a]?.connections, 3)
        XCTAssertEqual(store.detailReads.rows, rows, "nothing written: kept")
        request.connections = 5
        try store.saveOptions(String(decoding: try JSONEncoder().encode(request), as: UTF8.self), of: a)
        XCTAssertEqual(try store.requestDetails(of: [a])[a]?.connections, 5, "a write: read again")
        XCTAssertEqual(store.detailReads.rows, rows + 1)
      }
    }
  }
}
