import HaulCore
import HaulTestSupport
import XCTest

@testable import HaulKit

/// The state database's memory under `StoreMemory`'s limit (what `haul -i` sets): its page cache stops growing with
/// the database (docs/cli.md, "Long lists").
final class StoreMemoryTests: XCTestCase {
  private func record(_ index: Int) -> DownloadRecord {
    let name = "a-file-name-of-some-length-\(index).bin"
    return DownloadRecord(
      id: nil, url: "http://example.com/a/path/of/some/length/\(name)", finalURL: nil, destination: "/d/\(name)",
      partPath: "/d/\(name).part", etag: nil, lastModified: nil, lastModifiedIsStrong: false, totalBytes: 4096,
      state: DownloadState.completed.rawValue, errorMessage: nil, priority: 0, optionsJSON: "{}", createdAt: 1, updatedAt: 1
    )
  }

  /// SQLite's heap at its peak while 6,000 records are written one by one and some read back (as a list's downloads are), under `limit`.
  private func heapAfterManyRecords(limit: Int64) throws -> Int64 {
    let before = StoreMemory.limit(toBytes: limit)
    defer { StoreMemory.limit(toBytes: before) }
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    do {
      let store = try DownloadStore(directory: dir.url.path)
      var peak: Int64 = 0
      for index in 0..<6000 {
        let stored = try store.insert(record(index))
        if index % 7 == 0, let id = stored.id { _ = try store.record(id: id) }
        if index % 100 == 0 { peak = max(peak, StoreMemory.used) }
      }
      _ = try store.all().count  // every page read once more
      return max(peak, StoreMemory.used)
    }
  }

  /// Without a limit the cache grows toward SQLite's 2 MiB as a database of a few MiB is written (what a list's
  /// memory grew by); under the list's limit SQLite's whole heap stays within it and a little.
  func testTheListLimitBoundsTheCacheOfAGrowingDatabase() throws {
    let open = try heapAfterManyRecords(limit: 0)
    let limited = try heapAfterManyRecords(limit: StoreMemory.listLimit)
    XCTAssertGreaterThan(open, limited + (384 << 10), "with no limit the cache fills: \(open) bytes, \(limited) under the limit")
    XCTAssertLessThan(limited, StoreMemory.listLimit + (256 << 10), "under the limit: \(limited) bytes")
  }

  func testTheLimitIsSetAndGivenBack() {
    let before = StoreMemory.limit(toBytes: 123_456)
    XCTAssertEqual(StoreMemory.currentLimit, 123_456)
    StoreMemory.limit(toBytes: before)
    XCTAssertEqual(StoreMemory.currentLimit, before)
  }
}
