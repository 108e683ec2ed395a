import Foundation
import HaulCore
import HaulTestSupport
import XCTest

@testable import HaulKit

/// `DownloadManager.add(all:)`: a list is added as `add` one by one would (order, refusals), with its records
/// written together before any download starts.
final class DownloadManagerAddAllTests: ManagerTestCase {
  func testAListIsAddedInOrderAndARefusalStopsNothing() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        serve(server, "/a", small, rate: nil)
        serve(server, "/b", small, rate: nil)
        try await withHarness(dir, server: server) { harness in
          try Data("there".utf8).write(to: URL(fileURLWithPath: harness.path("exists")))
          let manager = manager(harness, maxConcurrent: 1)
          let results = await manager.add(all: [
            harness.request(server.url("/a"), to: "a"),
            harness.request("ftp://example.com/x", to: "x"),
            harness.request(server.url("/b"), to: "exists"),
            harness.request(server.url("/b"), to: "b"),
          ])
          XCTAssertEqual(results.count, 4)
          let a = try results[0].get(), b = try results[3].get()
          XCTAssertThrowsError(try results[1].get()) { XCTAssertEqual(($0 as? HaulError)?.kind, .usage) }
          XCTAssertThrowsError(try results[2].get()) { XCTAssertEqual(($0 as? HaulError)?.kind, .fileExists) }
          await manager.waitUntilIdle()
          let records = try harness.client.store.all()
          XCTAssertEqual(records.map(\.id), [a.rawValue, b.rawValue], "only the accepted requests are stored")
          XCTAssertLessThan(records[0].queueOrder, records[1].queueOrder, "in the list's order")
          XCTAssertEqual(records.map(\.downloadState), [.completed, .completed])
          XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: harness.path("b"))), Data(small))
          XCTAssertEqual(try String(contentsOfFile: harness.path("exists"), encoding: .utf8), "there", "never overwritten")
          await manager.shutdown()
        }
      }
    }
  }

  /// A batch looks at each destination directory once (`checkDestinationDirectory(of:found:)`): every add into a
  /// directory that exists is stored, every one into a missing directory is refused, whatever their order.
  func testABatchRefusesEachAddIntoAMissingDirectory() async throws {
    try await withTemporaryDirectory { dir in
      try await withHarness(dir) { harness in
        let manager = manager(harness, maxConcurrent: 1)
        let adds = (0..<6).map { index in
          DownloadManager.BatchAdd(
            harness.request("http://127.0.0.1:9/f\(index)", to: index % 2 == 0 ? "f\(index)" : "missing/f\(index)"), paused: true)
        }
        let results = await manager.add(batch: adds)
        for (index, result) in results.enumerated() {
          if index % 2 == 0 {
            XCTAssertNoThrow(try result.get(), "add \(index)")
          } else {
            XCTAssertThrowsError(try result.get(), "add \(index)") { XCTAssertEqual(($0 as? HaulError)?.kind, .io) }
          }
        }
        XCTAssertEqual(try harness.client.store.all().count, 3)
        await manager.shutdown()
      }
    }
  }

  /// A batch of paused adds wakes a subscriber that waits once, when it ends, not twice an add (each wake resumes
  /// the subscriber's task on a thread); the subscriber sees every add's events all the same, in order.
  func testABatchWakesAWaitingSubscriberOnceAndKeepsTheOrder() async throws {
    try await withTemporaryDirectory { dir in
      try await withHarness(dir) { harness in
        let manager = manager(harness, maxConcurrent: 1)
        let events = await manager.events()
        let channel = events.subscription.channel
        let count = 40
        let reader = Task { () -> [ManagerEvent] in
          var seen: [ManagerEvent] = []
          for await event in events {
            seen.append(event)
            if seen.count == 2 * count { break }
          }
          return seen
        }
        let adds = (0..<count).map { index in
          DownloadManager.BatchAdd(harness.request("http://127.0.0.1:9/f\(index)", to: "f\(index)"), paused: true)
        }
        let ids = try await manager.add(batch: adds).map { try $0.get() }
        let seen = await reader.value
        XCTAssertLessThanOrEqual(channel.handOvers, 1, "a waiting subscriber was woken \(channel.handOvers) times")
        let expected = ids.flatMap { id -> [String] in ["added \(id.rawValue)", "paused \(id.rawValue)"] }
        XCTAssertEqual(seen.map { event -> String in
          switch event {
          case .added(let snapshot): return "added \(snapshot.id.rawValue)"
          case .stateChanged(let id, let state): return "\(state.rawValue) \(id.rawValue)"
          default: return "\(event)"
          }
        }, expected)
        await manager.shutdown()
      }
    }
  }

  /// A batch of adds costs two write transactions whatever its length (the records, then the queue's states), not
  /// two per download (issue 62: one transaction per batch); what the queue held back is stored when it returns.
  func testABatchOfPausedAddsCostsTwoTransactionsNotTwoPerDownload() async throws {
    try await withTemporaryDirectory { dir in
      try await withHarness(dir) { harness in
        let manager = manager(harness, maxConcurrent: 2)
        let count = 100
        let adds = (0..<count).map { index in
          DownloadManager.BatchAdd(harness.request("http://127.0.0.1:9/f\(index)", to: "f\(index)"), paused: true)
        }
        let before = harness.client.store.writeTransactions
        let results = await manager.add(batch: adds)
        let writes = harness.client.store.writeTransactions - before
        let ids = try results.map { try $0.get() }
        XCTAssertEqual(ids.count, count)
        XCTAssertEqual(ids, ids.sorted(), "in the batch's order")
        XCTAssertLessThanOrEqual(writes, 2, "a batch of \(count) adds took \(writes) write transactions")
        let stored = try harness.client.store.all()
        XCTAssertEqual(stored.map(\.id), ids.map(\.rawValue))
        XCTAssertEqual(Set(stored.map(\.downloadState)), [.paused], "the held-back states are stored when the batch returns")
        let held = await manager.snapshots
        XCTAssertEqual(Set(held.map(\.state)), [.paused])
        // A second batch beside the first: each add of it checks its name through the index, in the same cost.
        let again = await manager.add(batch: [DownloadManager.BatchAdd(harness.request("http://127.0.0.1:9/g", to: "g"), paused: true)])
        XCTAssertNoThrow(try again[0].get())
        await manager.shutdown()
      }
    }
  }

  /// A paused add of a batch is held without a task (`holdWithoutTask`), and is held as a paused add on its own
  /// (which holds the task it prepared) is: the same snapshot (URL, name chosen, rate limit, bytes, state), a task
  /// when asked for with the request as asked at the name chosen, and a resume that fetches the file. An add of the
  /// batch that starts gets its task when held (`PreparedDownload.task`), at the name chosen too.
  func testAPausedAddOfABatchIsHeldAsOneOnItsOwnIs() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        serve(server, "/a", small, rate: nil)
        try await withHarness(dir, server: server) { harness in
          try Data("there".utf8).write(to: URL(fileURLWithPath: harness.path("taken")))
          let manager = manager(harness, maxConcurrent: 1)
          var request = harness.request(server.url("/a"), to: "taken")
          request.maxBytesPerSecond = 1 << 20
          request.onConflict = .rename
          request.takesUpSameDownload = false  // as the daemon's adds: the same URL again is a download of its own
          let alone = try await manager.add(request, paused: true)
          let results = await manager.add(batch: [DownloadManager.BatchAdd(request, paused: true), DownloadManager.BatchAdd(request)])
          let batched = try results[0].get(), started = try results[1].get()
          await manager.waitUntilIdle()
          XCTAssertEqual(try harness.client.store.record(id: started.rawValue)?.downloadState, .completed)
          XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: harness.path("taken.3"))), Data(small))
          XCTAssertEqual(try String(contentsOfFile: harness.path("taken"), encoding: .utf8), "there", "never overwritten")
          let startedTask = await manager.task(started)
          XCTAssertEqual(startedTask?.request.destinationPath, harness.path("taken.3"), "its request at the name chosen")
          let snapshots = await (manager.snapshot(alone), manager.snapshot(batched))
          var batchedSnapshot = try XCTUnwrap(snapshots.1)
          XCTAssertEqual(batchedSnapshot.destination.lastPathComponent, "taken.2", "a numbered name")
          XCTAssertEqual(batchedSnapshot.rateLimit, 1 << 20)
          batchedSnapshot.destination = try XCTUnwrap(snapshots.0).destination
          batchedSnapshot.id = alone
          batchedSnapshot.queueOrder = try XCTUnwrap(snapshots.0).queueOrder
          XCTAssertEqual(batchedSnapshot, snapshots.0)
          let held = await manager.task(batched)
          let task = try XCTUnwrap(held)
          XCTAssertEqual(task.request.url, request.url)
          XCTAssertEqual(task.request.maxBytesPerSecond, 1 << 20)
          let destination = await task.destination
          XCTAssertEqual(destination.lastPathComponent, "taken.2")
          let state = await task.state
          XCTAssertEqual(state, .paused)
          try await manager.resume(batched)
          try await manager.resume(alone)
          await manager.waitUntilIdle()
          XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: harness.path("taken.2"))), Data(small))
          XCTAssertEqual(try harness.client.store.record(id: batched.rawValue)?.downloadState, .completed)
          await manager.shutdown()
        }
      }
    }
  }

  /// In a batch of adds, one that starts at once has its state stored before its transfer starts: nothing runs
  /// on a record whose state is held back.
  func testAStartInABatchWritesWhatWasHeldBackFirst() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        serve(server, "/a", small, rate: nil)
        try await withHarness(dir, server: server) { harness in
          let manager = manager(harness, maxConcurrent: 1)
          let results = await manager.add(batch: [
            DownloadManager.BatchAdd(harness.request("http://127.0.0.1:9/p", to: "p"), paused: true),
            DownloadManager.BatchAdd(harness.request(server.url("/a"), to: "a")),
          ])
          let paused = try results[0].get(), started = try results[1].get()
          await manager.waitUntilIdle()
          XCTAssertEqual(try harness.client.store.record(id: paused.rawValue)?.downloadState, .paused)
          XCTAssertEqual(try harness.client.store.record(id: started.rawValue)?.downloadState, .completed)
          XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: harness.path("a"))), Data(small))
          await manager.shutdown()
        }
      }
    }
  }

  /// While a batch holds its queue changes back the store lags the queue: a paused add is still stored `queued`.
  /// The manager's look at the store waits for the batch's end (it would take that `queued` for another process's
  /// resume and start the download), and a restore of new records (the daemon's look for other processes' adds)
  /// leaves the batch's own records to it.
  func testWhileABatchHoldsChangesTheStoreIsNotTakenForNews() async throws {
    try await withTemporaryDirectory { dir in
      try await withHarness(dir) { harness in
        let manager = manager(harness, maxConcurrent: 2)
        let id = try await manager.add(harness.request("http://127.0.0.1:9/p", to: "p"), paused: true)
        // The stored state lags, as in a batch before its end.
        try harness.client.store.setState(.queued, of: id.rawValue)
        await manager.holdChangesForTest(alsoAdding: [])
        await manager.poll()
        let state = await manager.snapshot(id)?.state
        XCTAssertEqual(state, .paused, "a look at a lagging store resumed a paused add")
        // A record a batch has stored and not yet held is not taken up by a restore.
        let stored = try harness.client.prepareBlocking(harness.request("http://127.0.0.1:9/q", to: "q")).id
        await manager.holdChangesForTest(alsoAdding: [stored.rawValue])
        let restored = try await manager.restore([stored])
        XCTAssertTrue(restored.isEmpty)
        let holds = await manager.holds(stored)
        XCTAssertFalse(holds, "a restore took up a record a batch is adding")
        await manager.endHeldChangesForTest()
        await manager.shutdown()
      }
    }
  }
}

extension DownloadManager {
  /// Puts the manager in the state of a batch of adds under way (`add(batch:)`), with `ids` stored and not held.
  fileprivate func holdChangesForTest(alsoAdding ids: Set<Int64>) {
    if heldChanges == nil { heldChanges = [] }
    beingAdded.formUnion(ids)
  }

  fileprivate func endHeldChangesForTest() {
    beingAdded = []
    writeHeldChanges()
  }
}
