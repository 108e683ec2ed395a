import Foundation
import HaulCore
@testable import HaulKit
import HaulTestSupport
import XCTest

/// A bounded, seeded stress test of the queue's invariants across features: many downloads added at once with
/// colliding names and both conflict policies, random pauses, resumes, cancels and removes, some servers slow.
/// Afterwards every file on disk holds its own URL's bytes, no two unfinished downloads share a name, every
/// download is in a definite state, and no store error (a raw SQLite error) was ever raised.
///
/// The seeds are fixed (`HAUL_STRESS_SEEDS=1,2,3` picks others); each failure message names its seed, so a
/// failing run can be replayed with that seed alone.
final class QueueStressTests: ManagerTestCase {
  enum Operation: CustomStringConvertible {
    case add(source: Int, ConflictPolicy)
    case pause(Int), resume(Int), cancel(Int), remove(Int)

    var description: String {
      switch self {
      case .add(let source, let policy): return "add(u\(source), \(policy))"
      case .pause(let pick): return "pause(#\(pick))"
      case .resume(let pick): return "resume(#\(pick))"
      case .cancel(let pick): return "cancel(#\(pick))"
      case .remove(let pick): return "remove(#\(pick))"
      }
    }
  }

  /// Eight sources under three names: `/s<i>/name<i % 3>.bin`, each with its own bytes; every third one slow.
  static let sources = 8

  static func content(_ source: Int) -> [UInt8] {
    deterministicBytes(count: (96 + 32 * source) << 10, seed: UInt64(100 + source))
  }

  static func path(_ source: Int) -> String { "/s\(source)/name\(source % 3).bin" }

  func testConcurrentAddsWithCollidingNamesAndRandomCommandsKeepEveryInvariant() async throws {
    for seed in SeededGenerator.stressSeeds([1, 2, 3]) {
      try await run(seed: seed, rounds: 10, batch: 4)
    }
  }

  private func run(seed: UInt64, rounds: Int, batch: Int) async throws {
    var random = SeededGenerator(seed: seed)
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        let throttle = Switch(on: true)
        for source in 0..<Self.sources {
          serve(server, Self.path(source), Self.content(source), rate: source % 3 == 0 ? 256 << 10 : nil, while: throttle)
        }
        try await withHarness(dir, server: server) { harness in
          let manager = manager(harness, maxConcurrent: 3)
          let known = KnownIDs()
          var log: [String] = []
          for round in 0..<rounds {
            var operations: [Operation] = []
            for _ in 0..<batch {
              let pick = Int(random.next() % 1000)
              switch random.next() % 10 {
              case 0...4:
                let source = Int(random.next() % UInt64(Self.sources))
                operations.append(.add(source: source, random.next() % 3 == 0 ? .fail : .rename))
              case 5: operations.append(.pause(pick))
              case 6, 7: operations.append(.resume(pick))
              case 8: operations.append(.cancel(pick))
              default: operations.append(.remove(pick))
              }
            }
            log.append("round \(round): \(operations)")
            // One batch at once: the adds race each other (and the commands) for names in the store.
            let failures = await withTaskGroup(of: String?.self) { group in
              for operation in operations {
                group.addTask { await Self.perform(operation, manager: manager, harness: harness, server: server, known: known) }
              }
              var failures: [String] = []
              for await failure in group { if let failure { failures.append(failure) } }
              return failures
            }
            XCTAssertEqual(failures, [], "seed \(seed), round \(round): \(log.joined(separator: "; "))")
            try await assertNoLivePartVanished(manager, seed: seed, round: round)
          }
          // Let everything finish: unthrottle, resume what is paused or failed, wait for the queue to settle.
          throttle.isOn = false
          await manager.resumeAll()
          await manager.waitUntilIdle()
          let snapshots = await manager.snapshots
          var unfinishedNames: [String: DownloadID] = [:]
          for snapshot in snapshots {
            XCTAssertTrue(
              snapshot.state == .completed,
              "seed \(seed): download \(snapshot.id) (\(snapshot.url.path) at \(snapshot.destination)) ended \(snapshot.state): \(snapshot.errorMessage ?? ""); \(log.joined(separator: "; "))")
            XCTAssertFalse(snapshot.errorMessage?.contains("SQLite") ?? false, "seed \(seed): \(snapshot.errorMessage!)")
            if snapshot.state != .completed, let other = unfinishedNames.updateValue(snapshot.id, forKey: snapshot.destination.path) {
              XCTFail("seed \(seed): downloads \(other) and \(snapshot.id) both write \(snapshot.destination)")
            }
            guard snapshot.state == .completed else { continue }
            let source = try XCTUnwrap(
              (0..<Self.sources).first { server.url(Self.path($0)) == snapshot.url.absoluteString }, "seed \(seed)")
            XCTAssertTrue(
              contents(snapshot.destination.path) == Self.content(source),
              "seed \(seed): \(snapshot.destination) does not hold \(Self.path(source))'s bytes; \(log.joined(separator: "; "))")
            XCTAssertFalse(FileManager.default.fileExists(atPath: snapshot.destination.path + ".part"), "seed \(seed)")
          }
          // The store agrees with the queue: no record of a download the queue no longer has, none unfinished.
          let stored = try harness.client.store.all()
          XCTAssertEqual(Set(stored.map(\.id!)), Set(snapshots.map(\.id.rawValue)), "seed \(seed)")
          XCTAssertTrue(stored.allSatisfy { $0.downloadState == .completed }, "seed \(seed)")
          await manager.shutdown()
        }
      }
    }
  }

  /// A paused download that holds bytes still has its `.part` (a later add never deleted it).
  private func assertNoLivePartVanished(_ manager: DownloadManager, seed: UInt64, round: Int) async throws {
    for snapshot in await manager.snapshots where snapshot.state == .paused && snapshot.bytesDone > 0 {
      XCTAssertTrue(
        FileManager.default.fileExists(atPath: snapshot.destination.path + ".part"),
        "seed \(seed), round \(round): paused download \(snapshot.id) lost \(snapshot.destination.path).part")
    }
  }

  /// Runs one operation; returns a description of an error that must never happen, or `nil`.
  private static func perform(
    _ operation: Operation, manager: DownloadManager, harness: Harness, server: ScriptedServer, known: KnownIDs
  ) async -> String? {
    do {
      switch operation {
      case .add(let source, let policy):
        let url = URL(string: server.url(path(source)))!
        let request = DownloadRequest(url: url, destination: harness.file("name\(source % 3).bin"), onConflict: policy)
        known.insert(try await manager.add(request))
      case .pause(let pick):
        if let id = known.pick(pick) { try await manager.pause(id) }
      case .resume(let pick):
        if let id = known.pick(pick) { try await manager.resume(id) }
      case .cancel(let pick):
        if let id = known.pick(pick) { try await manager.cancel(id) }
      case .remove(let pick):
        if let id = known.pick(pick) { try await manager.remove(id, deletingFile: true) }
      }
      return nil
    } catch let error as HaulError where error.illegalTransition != nil {
      return nil  // pausing a completed download, and the like: refused, as it should be
    } catch let error as HaulError {
      switch error.kind {
      case .destinationInUse, .fileExists:
        // `fail` met a taken name: allowed, but only for that policy.
        if case .add(_, .fail) = operation { return nil }
        return "\(operation): \(error.kind): \(error.message)"
      case .usage where error.remedy == .useAKnownDownloadID:
        return nil  // removed by another operation of the batch
      default:
        return "\(operation): \(error.kind): \(error.message)"
      }
    } catch {
      return "\(operation): \(error)"
    }
  }
}

/// The ids added so far, shared by the concurrent operations of a batch.
final class KnownIDs: @unchecked Sendable {
  private let lock = NSLock()
  private var ids: [DownloadID] = []

  func insert(_ id: DownloadID) {
    lock.withLock { if !ids.contains(id) { ids.append(id) } }
  }

  func pick(_ number: Int) -> DownloadID? {
    lock.withLock { ids.isEmpty ? nil : ids[number % ids.count] }
  }
}
