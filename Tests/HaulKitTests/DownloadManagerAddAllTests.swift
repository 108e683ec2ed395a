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
}
