import Foundation
import HaulCore
@testable import HaulKit
import HaulTestSupport
import XCTest

/// "One destination, one download" in the library: a second download never touches the first one's file or
/// record; the same URL is the same download, a completed one is given back; pausing everything starts nothing.
final class OneDestinationTests: ManagerTestCase {
  private func request(_ harness: Harness, _ url: String, to name: String, _ policy: ConflictPolicy) -> DownloadRequest {
    DownloadRequest(url: URL(string: url)!, destination: harness.file(name), onConflict: policy)
  }

  /// Before: the second add deleted the running download's record and `.part` ("FOREIGN KEY constraint failed"
  /// in its next checkpoint), and the second download then waited forever.
  func testASecondURLNeverTakesARunningDownloadsName() async throws {
    let other = deterministicBytes(count: 300 << 10, seed: 21)
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        let throttle = Switch(on: true)
        serve(server, "/a/same.bin", medium, rate: 256 << 10, while: throttle)
        serve(server, "/b/same.bin", other, rate: nil)
        try await withHarness(dir, server: server) { harness in
          let manager = manager(harness, maxConcurrent: 3)
          let first = try await manager.add(request(harness, server.url("/a/same.bin"), to: "same.bin", .fail))
          await waitForBytes(manager, first, above: 64 << 10)

          for policy in [ConflictPolicy.fail, .overwrite] {
            do {
              _ = try await manager.add(request(harness, server.url("/b/same.bin"), to: "same.bin", policy))
              XCTFail("\(policy): another URL took a running download's name")
            } catch let error as HaulError {
              XCTAssertEqual(error.kind, .destinationInUse, "\(policy)")
              XCTAssertTrue(error.message.contains("download \(first)"), "names the other download: \(error.message)")
              XCTAssertTrue(error.message.contains("/a/same.bin"), "names its URL: \(error.message)")
            }
          }
          await assertState(manager, first, .downloading)
          XCTAssertTrue(FileManager.default.fileExists(atPath: harness.path("same.bin.part")), "the running .part is kept")

          let second = try await manager.add(request(harness, server.url("/b/same.bin"), to: "same.bin", .rename))
          XCTAssertNotEqual(second, first)
          let renamed = await manager.snapshot(second)?.destination.path
          XCTAssertEqual(renamed, harness.path("same.1.bin"))
          await waitForState(manager, second, .completed)
          throttle.isOn = false
          await manager.waitUntilIdle()
          await assertState(manager, first, .completed)
          XCTAssertTrue(contents(harness.path("same.bin")) == medium, "the first download's bytes, whole")
          XCTAssertTrue(contents(harness.path("same.1.bin")) == other)
          await manager.shutdown()
        }
      }
    }
  }

  /// The same URL and name: an unfinished one is taken up, a completed one given back as it is (no request),
  /// and fetched again only with `overwrite`.
  func testTheSameURLIsTheSameDownloadAndACompletedOneIsAlreadyComplete() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        serve(server, "/f.bin", small, rate: nil)
        try await withHarness(dir, server: server) { harness in
          let manager = manager(harness, maxConcurrent: 2)
          let first = try await manager.add(request(harness, server.url("/f.bin"), to: "f.bin", .rename))
          await manager.waitUntilIdle()
          await assertState(manager, first, .completed)
          let asked = server.requests(for: "/f.bin").count

          for policy in [ConflictPolicy.rename, .fail] {
            let again = try await manager.add(request(harness, server.url("/f.bin"), to: "f.bin", policy))
            XCTAssertEqual(again, first, "\(policy): the same download, given back")
            await assertState(manager, again, .completed)
          }
          // Straight through the client as well: `download` gives back a task that is already complete.
          let task = try await harness.client.download(request(harness, server.url("/f.bin"), to: "f.bin", .fail))
          XCTAssertEqual(task.id, first)
          guard case .completed(let path) = try await task.outcome() else { return XCTFail("not complete") }
          XCTAssertEqual(path.path, harness.path("f.bin"))
          await manager.waitUntilIdle()
          XCTAssertEqual(server.requests(for: "/f.bin").count, asked, "nothing was fetched again")
          XCTAssertFalse(FileManager.default.fileExists(atPath: harness.path("f.1.bin")), "not renamed either")

          let fresh = try await manager.add(request(harness, server.url("/f.bin"), to: "f.bin", .overwrite))
          XCTAssertNotEqual(fresh, first, "overwrite downloads it again")
          await manager.waitUntilIdle()
          await assertState(manager, fresh, .completed)
          XCTAssertGreaterThan(server.requests(for: "/f.bin").count, asked)
          XCTAssertTrue(contents(harness.path("f.bin")) == small)

          // A file someone changed since is not that download's any more: a file like any other.
          try Data("edited".utf8).write(to: URL(fileURLWithPath: harness.path("f.bin")))
          XCTAssertThrowsError(try harness.client.prepareBlocking(request(harness, server.url("/f.bin"), to: "f.bin", .fail))) {
            XCTAssertEqual(($0 as? HaulError)?.kind, .fileExists)
          }
          await manager.shutdown()
        }
      }
    }
  }

  /// One list with two URLs of one name (`haul -j 3 a/mid.bin b/mid.bin`): before, the second deleted the
  /// first's record in the same transaction and the first failed with a raw SQLite error.
  func testOneListWithTwoURLsOfOneName() async throws {
    let other = deterministicBytes(count: 300 << 10, seed: 22)
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        serve(server, "/a/mid.bin", small, rate: nil)
        serve(server, "/b/mid.bin", other, rate: nil)
        try await withHarness(dir, server: server) { harness in
          let manager = manager(harness, maxConcurrent: 3)
          let results = await manager.add(all: [
            request(harness, server.url("/a/mid.bin"), to: "mid.bin", .rename),
            request(harness, server.url("/b/mid.bin"), to: "mid.bin", .rename),
            request(harness, server.url("/b/mid.bin"), to: "mid.bin", .rename),
          ])
          let ids = try results.map { try $0.get() }
          XCTAssertEqual(ids[1], ids[2], "the same URL twice in one list is one download")
          await manager.waitUntilIdle()
          for id in Set(ids) { await assertState(manager, id, .completed) }
          XCTAssertTrue(contents(harness.path("mid.bin")) == small)
          XCTAssertTrue(contents(harness.path("mid.1.bin")) == other)
          await manager.shutdown()
        }
      }
    }
  }

  /// Pausing everything starts nothing: before, pausing a running download freed its slot and the next queued
  /// one started (connected, fetched bytes) before its own pause came.
  func testPauseAllStartsNothing() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        let throttle = Switch(on: true)
        for index in 0..<6 { serve(server, "/f\(index)", medium, rate: 128 << 10, while: throttle) }
        try await withHarness(dir, server: server) { harness in
          let manager = manager(harness, maxConcurrent: 2)
          let events = collect(await manager.events())
          var ids: [DownloadID] = []
          for index in 0..<6 { ids.append(try await manager.add(harness.request(server.url("/f\(index)"), to: "f\(index)"))) }
          for id in ids.prefix(2) { await waitForBytes(manager, id, above: 0) }
          await manager.pauseAll()
          for id in ids { await assertState(manager, id, .paused) }
          await manager.shutdown()
          let seen = await events.value
          let started = Set(seen.compactMap { event -> DownloadID? in
            if case .stateChanged(let id, .downloading) = event { return id }
            return nil
          })
          XCTAssertEqual(started, Set(ids.prefix(2)), "only the two running before the pause ever ran")
          for index in 2..<6 {
            XCTAssertTrue(server.requests(for: "/f\(index)").isEmpty, "f\(index) was asked for during the pause")
          }
        }
      }
    }
  }
}
