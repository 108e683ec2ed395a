import Foundation
import HaulCore
@testable import HaulKit
import HaulTestSupport
import XCTest

/// The role the engine gives each request, which decides whether it may share an HTTP/2 connection
/// (`HTTPVersionChoice`): a split download's ranges are segments, its first request `firstOfSplit` when the count
/// is fixed, a single connection's attempts its only connection.
final class ConnectionRoleTests: XCTestCase {
  private let content = deterministicBytes(count: 8 << 20, seed: 23)

  func testASplitDownloadsRangesAreSegmentsAndItsFirstRequestIsTheFirstOfTheSplit() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        server.serve("/f", FileResource(content: content))
        try await withHarness(dir, server: server) { harness in
          let (outcome, _) = try await harness.run(
            harness.request(server.url("/f"), connections: 4, minimumSplitSize: 1 << 20))
          assertCompleted(outcome, at: harness.path("file.bin"), equals: content)
          let opened = try XCTUnwrap(harness.client.transport as? ScriptedTransport).opened
          XCTAssertEqual(opened.first?.range, nil, "the first request asks for the whole file")
          XCTAssertEqual(opened.first?.role, .firstOfSplit, "a fixed count of 4: the first request is a segment to be")
          let ranges = opened.dropFirst()
          XCTAssertGreaterThanOrEqual(ranges.count, 3, "three more connections open")
          for request in ranges {
            XCTAssertNotNil(request.range)
            XCTAssertEqual(request.role, .segment, "\(request.range ?? "whole file") would share a connection")
          }
        }
      }
    }
  }

  func testASingleConnectionsResumeIsStillItsOnlyConnection() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        server.route("/f", cutFirstResponse(FileResource(content: content), after: 1_000_000))
        try await withHarness(dir, server: server) { harness in
          let (outcome, _) = try await harness.run(harness.request(server.url("/f"), connections: 1))
          assertCompleted(outcome, at: harness.path("file.bin"), equals: content)
          let opened = try XCTUnwrap(harness.client.transport as? ScriptedTransport).opened
          XCTAssertEqual(opened.count, 2, "the whole file, then the rest after the cut")
          XCTAssertEqual(opened.last?.range?.hasPrefix("bytes="), true)
          XCTAssertEqual(opened.map(\.role), [.only, .only])
        }
      }
    }
  }
}
