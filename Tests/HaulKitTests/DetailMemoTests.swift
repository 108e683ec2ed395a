import Foundation
import HaulCore
import HaulTestSupport
import XCTest

@testable import HaulKit

/// What the lists show from the state database (`DownloadStore.details(of:)`) is read again only when the database
/// changed (issue 62, point 4: a page polling `tellActive` read the running downloads' rows on every call): this
/// store's writes and another connection's commits (`data_version`) both make the next call read.
final class DetailMemoTests: ManagerTestCase {
  func testDetailsAreReadAgainOnlyAfterAWriteHereOrElsewhere() async throws {
    try await withTemporaryDirectory { dir in
      try await withHarness(dir) { harness in
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

        // A commit of another connection (another process): read again.
        let other = try DownloadStore(directory: URL(fileURLWithPath: store.path).deletingLastPathComponent().path)
        try other.saveSegments([SegmentRecord(downloadId: b, start: 0, end: nil, next: 8)], of: b)
        XCTAssertEqual(try store.details(of: [a, b])[b]?.held, [0..<8])
        XCTAssertEqual(store.detailReads.rows, 4)
        XCTAssertEqual(try store.details(of: [a, b])[b]?.held, [0..<8])
        XCTAssertEqual(store.detailReads.rows, 4)
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
