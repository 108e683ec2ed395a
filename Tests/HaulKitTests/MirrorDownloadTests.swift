import Foundation
import HaulCore
@testable import HaulKit
import HaulTestSupport
import XCTest

/// Several sources for one file over scripted servers: one missing, one serving another length, one slow, one good.
final class MirrorDownloadTests: XCTestCase {
  private let content = deterministicBytes(count: 3 << 20, seed: 31)

  /// The file is c's: the first answer sets the length (the README's rule), so the mirror serving another length is
  /// listed after it.
  func testBadMirrorsAreDroppedAndSaidAndTheFileComesFromTheGoodOnes() async throws {
    for connections in [1, 4] {
      try await withScriptedServer { server in
        try await withTemporaryDirectory { dir in
          server.serve("/b", FileResource(content: deterministicBytes(count: (3 << 20) + 1, seed: 32), etag: "\"b\""))
          server.serve("/c", FileResource(content: content, etag: "\"c\""))
          server.serve("/d", FileResource(content: content, etag: "\"d\""), bytesPerSecond: 2 << 20)
          try await withHarness(dir, server: server) { harness in
            var request = harness.request(server.url("/a"), connections: connections, minimumSplitSize: 256 << 10)
            request.mirrors = ["/c", "/b", "/d"].map { URL(string: server.url($0))! }
            let (outcome, updates) = try await harness.run(request)
            assertCompleted(outcome, at: harness.path("file.bin"), equals: content)
            let said = notices(updates)
            XCTAssertTrue(said.contains("dropping mirror \(server.url("/a")): HTTP 404 Not Found"), "\(connections): \(said)")
            // The first answer (c's) sets the length; b is asked once connections spread (one connection stays on c).
            if connections > 1 {
              XCTAssertTrue(said.contains("dropping mirror \(server.url("/b")): serves 3145729 bytes where the file has 3145728"), "\(said)")
              XCTAssertFalse(server.requests(for: "/d").isEmpty, "the slow mirror gets a connection too")
            }
            XCTAssertFalse(said.contains { $0.contains("/c") }, "\(said)")
            XCTAssertFalse(server.requests(for: "/c").isEmpty)
          }
        }
      }
    }
  }

  func testEveryMirrorFailingFailsTheDownload() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        try await withHarness(dir, server: server) { harness in
          var request = harness.request(server.url("/a"), connections: 4)
          request.mirrors = [URL(string: server.url("/b"))!]
          let (outcome, updates) = try await harness.run(request)
          guard case .failed(let error) = outcome else { return XCTFail("expected a failure, got \(outcome)") }
          XCTAssertEqual(error.httpStatus, 404)
          XCTAssertEqual(notices(updates).filter { $0.hasPrefix("dropping mirror") }.count, 1)
          XCTAssertEqual(server.requests(for: "/a").count, 1)
          XCTAssertEqual(server.requests(for: "/b").count, 1)
        }
      }
    }
  }
}
