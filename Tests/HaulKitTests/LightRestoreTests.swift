import Foundation
import HaulCore
import HaulTestSupport
import XCTest

@testable import HaulKit

/// A restored queue is held light (issue 62, point 3: restart with 100,000 queued answers within 1 s, waiting
/// downloads in SQLite, not in memory): no task and no decoded request for a download until it starts or someone
/// asks for its task or its request; what the queue needs (state, place, connections asked) and what a snapshot
/// shows come from one query.
final class LightRestoreTests: ManagerTestCase {
  func testARestoreDecodesNoRequestUntilADownloadIsAskedFor() async throws {
    try await withTemporaryDirectory { dir in
      try await withHarness(dir) { harness in
        var ids: [Int64] = []
        for index in 0..<30 {
          var request = harness.request("http://127.0.0.1:9/f\(index)", to: "f\(index)", connections: index == 4 ? 3 : 1)
          if index == 5 { request.maxBytesPerSecond = 4096 }
          if index == 6 {
            request.headers = [DownloadRequest.Header(name: "X-Token", value: "a b")]
            request.checksum = try Checksum(parsing: "sha256=" + String(repeating: "ab", count: 32))
            request.inOrder = true
          }
          let id = try harness.client.prepareBlocking(request).rowID
          try harness.client.store.setState(index == 7 ? .completed : .paused, of: id)
          ids.append(id)
        }
        try harness.client.store.saveSegments([SegmentRecord(downloadId: ids[9], start: 0, end: nil, next: 11)], of: ids[9])
        let manager = manager(harness, maxConcurrent: 0)
        let before = HaulClient.decodedRequests.withLockedValue { $0 }
        let restored = try await manager.restore()
        XCTAssertEqual(HaulClient.decodedRequests.withLockedValue { $0 } - before, 0, "a restore decoded stored requests")

        // What snapshots and the queue need is there without them.
        XCTAssertEqual(restored.map(\.id.rawValue), ids)
        XCTAssertEqual(restored[0].url.absoluteString, "http://127.0.0.1:9/f0")
        XCTAssertEqual(restored[0].destination.path, harness.file("f0").path)
        XCTAssertEqual(restored[0].state, .paused)
        XCTAssertEqual(restored[7].state, .completed)
        XCTAssertEqual(restored[5].rateLimit, 4096)
        XCTAssertEqual(restored[9].bytesDone, 11)
        let asked = await manager.machine.downloads[ids[4]]?.requestedConnections
        XCTAssertEqual(asked, 3, "the connections asked, read from the stored options by SQL")
        var tasks = await manager.taskCount
        XCTAssertEqual(tasks, 0, "a restore made tasks")

        // Details for a page of them: read from the stored options by SQL (one query), no request decoded, no task
        // made; the same values a decoded request gives.
        let page = [ids[4], ids[5], ids[6]].map(DownloadID.init(rawValue:))
        let details = await manager.requestDetails(of: page)
        XCTAssertEqual(details.map { $0?.connections }, [3, 1, 1])
        XCTAssertEqual(details.map { $0?.rateLimit }, [nil, 4096, nil])
        XCTAssertEqual(details.map { $0?.minimumSplitSize }, [4 << 20, 4 << 20, 4 << 20])
        XCTAssertEqual(details[2]?.headers.map(\.value), ["a b"])
        XCTAssertEqual(details[2]?.inOrder, true)
        XCTAssertNotNil(details[2]?.checksum)
        XCTAssertEqual(HaulClient.decodedRequests.withLockedValue { $0 } - before, 0)
        for (id, detail) in zip(page, details) {
          let record = try XCTUnwrap(harness.client.store.record(id: id.rawValue))
          let request = try JSONDecoder().decode(DownloadRequest.self, from: Data(record.optionsJSON.utf8))
          XCTAssertEqual(detail, RequestDetail(request, rateLimit: request.maxBytesPerSecond))
        }
        tasks = await manager.taskCount
        XCTAssertEqual(tasks, 0, "asking for details made tasks")

        // Its task, once asked for, is made once and kept; it tells the queue's state.
        let task = await manager.task(DownloadID(ids[0]))
        let again = await manager.task(DownloadID(ids[0]))
        XCTAssertTrue(task === again)
        XCTAssertEqual(HaulClient.decodedRequests.withLockedValue { $0 } - before, 1)
        let state = await task?.state
        XCTAssertEqual(state, .paused)

        // Commands on light downloads work as on any: a pause of a paused one does nothing, a move moves, a
        // removal deletes the record (its task made then, to delete its files).
        try await manager.pause(DownloadID(ids[1]))
        try await manager.moveToTop(DownloadID(ids[2]))
        let first = await manager.snapshots.first?.id.rawValue
        XCTAssertEqual(first, ids[2])
        try await manager.remove(DownloadID(ids[3]))
        XCTAssertNil(try harness.client.store.record(id: ids[3]))
        let held = await manager.holds(DownloadID(ids[3]))
        XCTAssertFalse(held)
        await manager.shutdown()
      }
    }
  }

  /// The manager's first look at the store after a restore reads no waiting download: the restore read them at
  /// the store's version, and only another process's commit since makes the look read them (it read all 100,000
  /// a second after a restart). Shown by a change made through this process's own connection, which SQLite's
  /// `data_version` does not count: the look does not see it.
  func testTheFirstLookAfterARestoreReadsNoWaitingDownload() async throws {
    try await withTemporaryDirectory { dir in
      try await withHarness(dir) { harness in
        var ids: [Int64] = []
        for index in 0..<20 {
          let id = try harness.client.prepareBlocking(harness.request("http://127.0.0.1:9/w\(index)", to: "w\(index)")).rowID
          try harness.client.store.setState(.paused, of: id)
          ids.append(id)
        }
        let manager = manager(harness, maxConcurrent: 0)
        try await manager.restore()
        // As a resume by another process would store it (nothing starts: no room).
        try harness.client.store.setState(.queued, of: ids[5])
        await manager.poll()
        let state = await manager.snapshot(DownloadID(ids[5]))?.state
        XCTAssertEqual(state, .paused, "the first look read the waiting downloads")
        await manager.shutdown()
      }
    }
  }

  /// A paused add is one write transaction: its record is inserted `paused` (it was inserted `queued`, then
  /// stored `paused`: two); observers still hear it added, then paused.
  func testAPausedAddIsOneWriteTransaction() async throws {
    try await withTemporaryDirectory { dir in
      try await withHarness(dir) { harness in
        let manager = manager(harness, maxConcurrent: 1)
        let events = collect(await manager.events())
        let before = harness.client.store.writeTransactions
        let id = try await manager.add(harness.request("http://127.0.0.1:9/p", to: "p"), paused: true)
        let writes = harness.client.store.writeTransactions - before
        XCTAssertEqual(writes, 1, "a paused add")
        XCTAssertEqual(try harness.client.store.record(id: id.rawValue)?.downloadState, .paused)
        let tasks = await manager.taskCount
        XCTAssertEqual(tasks, 0, "a paused add keeps its task")
        let state = await manager.snapshot(id)?.state
        XCTAssertEqual(state, .paused)
        await manager.shutdown()
        let heard = await events.value
        XCTAssertEqual(heard.filter { $0 == .stateChanged(id: id, .paused) }.count, 1, "\(heard)")
      }
    }
  }

  /// A waiting download that holds no byte and whose length is unknown keeps no progress entry (restored or added
  /// paused): its snapshot says the same without one. One that holds bytes keeps its count.
  func testAWaitingDownloadWithoutBytesKeepsNoProgressEntry() async throws {
    try await withTemporaryDirectory { dir in
      try await withHarness(dir) { harness in
        var ids: [Int64] = []
        for index in 0..<12 {
          let id = try harness.client.prepareBlocking(harness.request("http://127.0.0.1:9/z\(index)", to: "z\(index)")).rowID
          try harness.client.store.setState(.paused, of: id)
          ids.append(id)
        }
        try harness.client.store.saveSegments([SegmentRecord(downloadId: ids[3], start: 0, end: nil, next: 11)], of: ids[3])
        let manager = manager(harness, maxConcurrent: 0)
        let restored = try await manager.restore()
        var kept = await manager.progressEntries
        XCTAssertEqual(kept, 1, "only the download that holds bytes keeps a progress entry")
        XCTAssertEqual(restored[3].bytesDone, 11)
        XCTAssertEqual(restored[4].bytesDone, 0)
        XCTAssertNil(restored[4].totalBytes)
        XCTAssertEqual(restored[4].speed, 0)

        let added = try await manager.add(harness.request("http://127.0.0.1:9/new", to: "new"), paused: true)
        kept = await manager.progressEntries
        XCTAssertEqual(kept, 1, "a paused add keeps none either")
        let snapshot = await manager.snapshot(added)
        XCTAssertEqual(snapshot?.bytesDone, 0)
        XCTAssertNil(snapshot?.totalBytes)
        await manager.shutdown()
      }
    }
  }

  /// A restored download's URL is held as its stored text and parsed when a snapshot first shows it, once: a
  /// restart with 100,000 waiting parsed 100,000 URLs most of which no one looks at.
  func testARestoredURLIsParsedWhenFirstShownOnce() async throws {
    try await withTemporaryDirectory { dir in
      try await withHarness(dir) { harness in
        var ids: [Int64] = []
        for index in 0..<8 {
          let id = try harness.client.prepareBlocking(harness.request("http://127.0.0.1:9/u\(index)?x=1", to: "u\(index)")).rowID
          try harness.client.store.setState(.paused, of: id)
          ids.append(id)
        }
        let manager = manager(harness, maxConcurrent: 0)
        try await manager.restoreQueue()
        var parsed = await manager.snapshotURLs.parsed.count
        XCTAssertEqual(parsed, 0, "a restore parsed URLs")
        let states = await manager.states(of: ids.map(DownloadID.init(rawValue:)))
        XCTAssertEqual(states, Array(repeating: .paused, count: 8))
        for _ in 0..<3 {
          let shown = await manager.snapshot(DownloadID(ids[2]))
          XCTAssertEqual(shown?.url.absoluteString, "http://127.0.0.1:9/u2?x=1")
        }
        parsed = await manager.snapshotURLs.parsed.count
        XCTAssertEqual(parsed, 1, "parsed once, for the download shown")
        let destinations = await manager.snapshotURLs.destinations.count
        XCTAssertEqual(destinations, 0, "a waiting download's destination URL was kept: memory that grows with what a list showed")
        try await manager.remove(DownloadID(ids[2]))
        parsed = await manager.snapshotURLs.parsed.count
        XCTAssertEqual(parsed, 0, "a removed download's parsed URL goes with it")
        await manager.shutdown()
      }
    }
  }
}

extension DownloadManager {
  /// How many downloads have a task (the others are held light).
  var taskCount: Int { entries.values.filter { $0.task != nil }.count }
  /// How many downloads have a progress entry.
  var progressEntries: Int { latestProgress.withLockedValue { $0.count } }
}

extension LightRestoreTests {
  /// The destination URLs kept for running downloads' snapshots are bounded: past `destinationCapacity` they are
  /// all let go, so a daemon that ran 100,000 downloads keeps at most that many.
  func testKeptDestinationURLsAreBounded() {
    var urls = SnapshotURLs()
    let capacity = SnapshotURLs.destinationCapacity
    for id in 0..<Int64(capacity) { urls.keep(URL(fileURLWithPath: "/d/\(id)"), path: "/d/\(id)", of: id) }
    XCTAssertEqual(urls.destinations.count, capacity)
    urls.keep(URL(fileURLWithPath: "/d/0b"), path: "/d/0b", of: 0)
    XCTAssertEqual(urls.destinations.count, capacity, "a new path for a kept download replaces its URL")
    XCTAssertEqual(urls.destinations[0]?.path, "/d/0b")
    urls.keep(URL(fileURLWithPath: "/d/new"), path: "/d/new", of: Int64(capacity))
    XCTAssertEqual(urls.destinations.count, 1, "past the capacity, all are let go first")
    urls.forget(Int64(capacity))
    XCTAssertTrue(urls.destinations.isEmpty)
  }
}
