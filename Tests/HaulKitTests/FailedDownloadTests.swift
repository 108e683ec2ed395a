import Foundation
import HaulCore
import HaulKit
import HaulTestSupport
import XCTest

/// What a failed download leaves on disk: nothing when it kept no byte, its resumable bytes otherwise.
final class FailedDownloadTests: XCTestCase {
  func testFailureWithoutBytesLeavesNoPartFile() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        let harness = try Harness(directory: dir, retries: 0, server: server)
        defer { Task { try? await harness.client.shutdown() } }
        let (missing, _) = try await harness.run(harness.request(server.url("/missing.bin"), to: "missing.bin"))
        guard case .failed(let error) = missing else { return XCTFail("a 404 did not fail: \(missing)") }
        XCTAssertEqual(error.kind, .http)
        XCTAssertFalse(FileManager.default.fileExists(atPath: harness.path("missing.bin.part")), "a 404 left an empty .part")
      }
    }
  }

  /// A download run on its own (no queue) stores what kind of failure it had beside the message: a 404 is an HTTP
  /// failure with status 404 for whoever reads the store later (the daemon's aria2 `errorCode` after a restart).
  func testAFailureOnItsOwnIsStoredWithItsKind() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        let harness = try Harness(directory: dir, retries: 0, server: server)
        defer { Task { try? await harness.client.shutdown() } }
        let task = try harness.client.prepareBlocking(harness.request(server.url("/gone.bin"), to: "gone.bin"))
        try await task.start()
        guard case .failed = try await task.outcome() else { return XCTFail("a 404 did not fail") }
        let stored = try XCTUnwrap(harness.client.storedFailure(id: task.id.rawValue))
        XCTAssertEqual(stored.kind, .http)
        XCTAssertEqual(stored.httpStatus, 404)
        XCTAssertEqual(try harness.client.storedDownloadBlocking(id: task.id.rawValue)?.errorMessage, stored.message)
      }
    }
  }

  /// On a real socket: a refused connection is the operating system's answer, which a scripted transport can only
  /// imitate.
  func testARefusedConnectionLeavesNoPartFile() async throws {
    try await withTemporaryDirectory { dir in
      let harness = try Harness(directory: dir, retries: 0)
      defer { Task { try? await harness.client.shutdown() } }
      // A port nothing listens on: the connection is refused.
      let closed = try await withTestServer { other in other.port }
      let (refused, _) = try await harness.run(harness.request("http://127.0.0.1:\(closed)/f.bin", to: "refused.bin"))
      guard case .failed = refused else { return XCTFail("a refused connection did not fail: \(refused)") }
      XCTAssertFalse(FileManager.default.fileExists(atPath: harness.path("refused.bin.part")), "a refused connection left an empty .part")
    }
  }

  func testFailureAfterDurableBytesKeepsThePartFile() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        let content = deterministicBytes(count: 1 << 20, seed: 81)
        let file = FileResource(content: content)
        server.route("/cut.bin") { request in
          var response = file.response(for: request)
          response.closeAfterBodyBytes = 300 << 10
          return response
        }
        let harness = try Harness(directory: dir, retries: 0, server: server)
        defer { Task { try? await harness.client.shutdown() } }
        let (outcome, _) = try await harness.run(harness.request(server.url("/cut.bin"), to: "cut.bin"))
        guard case .failed = outcome else { return XCTFail("a cut body with no retries left did not fail: \(outcome)") }
        let size = (try? FileManager.default.attributesOfItem(atPath: harness.path("cut.bin.part"))[.size] as? Int) ?? 0
        XCTAssertGreaterThan(size, 0, "the resumable bytes were thrown away")
      }
    }
  }
}
