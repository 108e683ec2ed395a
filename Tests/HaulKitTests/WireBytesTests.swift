import Foundation
@testable import HaulKit
import HaulTestSupport
import XCTest

/// Issue 56: a split download fetches each byte once. nginx's access log says what it sent for every request
/// (`$body_bytes_sent`, which also counts what sat unread in Haul's socket buffers when a connection closed).
final class WireBytesTests: XCTestCase {
  func testEightConnectionsFromNginxCarryTheFileAtMostOnceAndTwoPercent() async throws {
    try await withTemporaryDirectory { dir in
      let content = deterministicBytes(count: 40_000_000, seed: 56)
      // A 64 KiB send buffer (the kernel doubles it): what nginx logs as sent is then what crossed the wire, plus at
      // most that much per request. With the default one, a stream dropped at its head is charged the megabytes
      // sendfile put in the buffer, which never left this machine's memory.
      guard let nginx = try NginxServer.serving(["big.bin": content], in: dir, logsRequests: true, listenParameters: "sndbuf=64k")
      else {
        throw XCTSkip("nginx is not installed")
      }
      defer { nginx.stop() }
      try await withHarness(dir) { harness in
        let (outcome, updates) = try await harness.run(harness.request(nginx.url("/big.bin"), connections: 8))
        assertCompleted(outcome, at: harness.path("file.bin"), equals: content)
        // Counted by Haul itself: the last progress has the run's totals.
        let last = try XCTUnwrap(updates.compactMap { if case .progress(let p) = $0 { p } else { nil } }.last)
        XCTAssertEqual(last.bytesKept, Int64(content.count))
        XCTAssertGreaterThanOrEqual(last.bytesReceived, last.bytesKept)
        XCTAssertLessThanOrEqual(Double(last.bytesReceived), 1.02 * Double(content.count), "\(last)")
      }
      // nginx logs each request when it is done with it: the last before the last byte reached Haul, a dropped
      // one when Haul closed it.
      let sent = nginx.bodyBytesSent()
      let total = sent.reduce(0, +)
      let requests = nginx.loggedRequests().map { $0.range ?? "whole file" }
      XCTAssertGreaterThanOrEqual(total, Int64(content.count))
      XCTAssertLessThanOrEqual(
        Double(total), 1.02 * Double(content.count), "nginx sent \(total) bytes for \(content.count): \(zip(requests, sent).map { "\($0) \($1)" })")
    }
  }
}
