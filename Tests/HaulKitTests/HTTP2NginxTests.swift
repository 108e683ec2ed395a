import Foundation
@testable import HaulKit
import HaulTestSupport
import XCTest

/// HTTP/2 against nginx over TLS (`listen ... ssl http2`): what rides it and what does not, proven by nginx's own
/// access log (`$server_protocol`, and `$connection` for which TCP connection carried a request). HTTP/2 is opt-in
/// (`HaulConfiguration.allowsHTTP2`, `haul --http2`), so every client here asks for it.
final class HTTP2NginxTests: XCTestCase {
  private let mib = 1 << 20
  /// Each request for big.bin gets 4 MiB/s, so a split download's ranges overlap in time and need connections of
  /// their own (unthrottled on loopback, one kept-alive connection could serve them one after the other).
  private let throttle = "location = /big.bin { limit_rate 4m; }"

  /// Small files whose count Haul chooses (`-x auto`, as `haul -j8 -i list` asks them) share one HTTP/2 connection;
  /// a file asked for a fixed 4 connections sends every request, its first included, over HTTP/1.1 on connections
  /// of its own (`ConnectionRole.firstOfSplit`); a resume on one connection asks its range over HTTP/2 and a resume
  /// on several over HTTP/1.1, both intact.
  func testSmallFilesShareOneHTTP2ConnectionWhileSegmentsKeepTheirOwnHTTP1Connections() async throws {
    try await withTemporaryDirectory { dir in
      let small = (0..<4).map { deterministicBytes(count: 64 << 10, seed: UInt64(40 + $0)) }
      let big = deterministicBytes(count: 8 * mib, seed: 44)
      var files = ["big.bin": big]
      for (index, bytes) in small.enumerated() { files["s\(index).bin"] = bytes }
      let certificates = try TestCertificates.write(to: dir.url)
      guard let nginx = try NginxServer.serving(
        files, in: dir, extraLocations: throttle, tls: certificates, http2: true, logsRequests: true) else {
        throw XCTSkip("nginx is not installed")
      }
      defer { nginx.stop() }
      try await withHarness(dir, trusting: certificates.authority, allowsHTTP2: true) { harness in
        for (index, bytes) in small.enumerated() {
          var request = harness.request(nginx.url("/s\(index).bin"), to: "s\(index).bin", connections: 8, minimumSplitSize: 1 << 20)
          request.autoConnections = true
          let (outcome, _) = try await harness.run(request)
          assertCompleted(outcome, at: harness.path("s\(index).bin"), equals: bytes)
        }
        let smallLog = nginx.loggedRequests()
        XCTAssertEqual(smallLog.count, 4, "one request per small file: \(smallLog)")
        XCTAssertEqual(Set(smallLog.map(\.httpVersion)), ["HTTP/2.0"], "\(smallLog)")
        XCTAssertEqual(Set(smallLog.map(\.connection)).count, 1, "one TLS connection for all: \(smallLog)")
        let h2 = try XCTUnwrap(smallLog.first?.connection)

        let (split, _) = try await harness.run(
          harness.request(nginx.url("/big.bin"), to: "big.bin", connections: 4, minimumSplitSize: Int64(mib)))
        assertCompleted(split, at: harness.path("big.bin"), equals: big)
        let bigLog = nginx.loggedRequests().dropFirst(smallLog.count)
        let first = try XCTUnwrap(bigLog.first { $0.range == nil }, "\(bigLog)")
        XCTAssertEqual(first.httpVersion, "HTTP/1.1", "the first request of a fixed split is a segment to be: \(bigLog)")
        XCTAssertNotEqual(first.connection, h2, "it does not ride the connection the small files used")
        let ranges = bigLog.filter { $0.range != nil }
        XCTAssertGreaterThanOrEqual(ranges.count, 3, "\(bigLog)")
        XCTAssertEqual(Set(ranges.map(\.httpVersion)), ["HTTP/1.1"], "segments never share a connection: \(bigLog)")
        XCTAssertEqual(Set(ranges.map(\.status)), [206])
        XCTAssertGreaterThanOrEqual(Set(ranges.map(\.connection)).count, 3, "one connection per segment: \(bigLog)")
        XCTAssertFalse(ranges.contains { $0.connection == h2 })

        // Resumes, as a crash after 4 MiB left them: nginx's strong ETag guards the ranges either way.
        let etag = try XCTUnwrap(harness.client.store.all().first { $0.destination == harness.path("big.bin") }?.etag)
        for connections in [1, 4] {
          let name = "again\(connections).bin"
          let request = harness.request(nginx.url("/big.bin"), to: name, connections: connections, minimumSplitSize: Int64(mib))
          try harness.seedInterrupted(request, etag: etag, total: big.count, durable: Int64(4 * mib))
          try Data(big[0..<(4 * mib)]).write(to: dir.file(name + ".part"))
          let before = nginx.loggedRequests().count
          let (resumed, updates) = try await harness.run(request)
          assertCompleted(resumed, at: harness.path(name), equals: big)
          XCTAssertTrue(restarts(updates).isEmpty, "If-Range holds over either version: \(restarts(updates))")
          let log = nginx.loggedRequests().dropFirst(before)
          XCTAssertFalse(log.isEmpty)
          XCTAssertTrue(log.allSatisfy { $0.range != nil && $0.status == 206 }, "only the missing bytes: \(log)")
          if connections == 1 {
            XCTAssertEqual(log.map(\.range), ["bytes=\(4 * mib)-"], "\(log)")
            XCTAssertEqual(log.first?.httpVersion, "HTTP/2.0", "a single connection's resume may share: \(log)")
          } else {
            XCTAssertGreaterThanOrEqual(log.count, 2, "the rest is split again: \(log)")
            XCTAssertEqual(Set(log.map(\.httpVersion)), ["HTTP/1.1"], "resumed segments are segments: \(log)")
          }
        }
      }
    }
  }

  /// A redirect that sets a cookie, followed over HTTP/2 to a file served only with that cookie; a caller's
  /// `Connection` header, which HTTP/2 forbids (RFC 9113 §8.2.2), is dropped rather than failing the stream.
  func testRedirectsCookiesAndCallersHeadersBehaveOverHTTP2() async throws {
    try await withTemporaryDirectory { dir in
      let bytes = deterministicBytes(count: 64 << 10, seed: 47)
      let certificates = try TestCertificates.write(to: dir.url)
      let locations = """
        location = /go { add_header Set-Cookie "seen=1; Path=/" always; return 302 /gated.bin; }
        location = /gated.bin { if ($cookie_seen != "1") { return 403; } }
        """
      guard let nginx = try NginxServer.serving(
        ["gated.bin": bytes], in: dir, extraLocations: locations, tls: certificates, http2: true, logsRequests: true)
      else { throw XCTSkip("nginx is not installed") }
      defer { nginx.stop() }
      try await withHarness(dir, trusting: certificates.authority, allowsHTTP2: true) { harness in
        let request = harness.request(nginx.url("/go"), headers: [DownloadRequest.Header(name: "Connection", value: "keep-alive")])
        let (outcome, _) = try await harness.run(request)
        assertCompleted(outcome, at: harness.path("file.bin"), equals: bytes)
      }
      let log = nginx.loggedRequests()
      XCTAssertEqual(log.map(\.path), ["/go", "/gated.bin"])
      XCTAssertEqual(log.map(\.status), [302, 200], "the cookie the redirect set went with the next hop")
      XCTAssertEqual(Set(log.map(\.httpVersion)), ["HTTP/2.0"], "\(log)")
    }
  }

  /// A TLS server that does not offer HTTP/2 gets HTTP/1.1 from every request, small files and segments alike.
  func testAServerWithoutHTTP2StillServesSmallFilesAndSegmentsOverHTTP1() async throws {
    try await withTemporaryDirectory { dir in
      let small = deterministicBytes(count: 64 << 10, seed: 45)
      let big = deterministicBytes(count: 8 * mib, seed: 46)
      let certificates = try TestCertificates.write(to: dir.url)
      guard let nginx = try NginxServer.serving(
        ["s.bin": small, "big.bin": big], in: dir, extraLocations: throttle, tls: certificates, logsRequests: true)
      else { throw XCTSkip("nginx is not installed") }
      defer { nginx.stop() }
      try await withHarness(dir, trusting: certificates.authority, allowsHTTP2: true) { harness in
        for name in ["s.bin", "s2.bin"] {
          let (outcome, _) = try await harness.run(harness.request(nginx.url("/s.bin"), to: name, connections: 4))
          assertCompleted(outcome, at: harness.path(name), equals: small)
        }
        let (split, _) = try await harness.run(
          harness.request(nginx.url("/big.bin"), to: "big.bin", connections: 4, minimumSplitSize: Int64(mib)))
        assertCompleted(split, at: harness.path("big.bin"), equals: big)
      }
      let log = nginx.loggedRequests()
      XCTAssertGreaterThanOrEqual(log.count, 4, "\(log)")
      XCTAssertEqual(Set(log.map(\.httpVersion)), ["HTTP/1.1"], "\(log)")
      XCTAssertGreaterThanOrEqual(Set(log.filter { $0.range != nil }.map(\.connection)).count, 3, "\(log)")
    }
  }

  /// A connection the direct client kept for an https host (its socket, and its TLS session) is of no use to a
  /// request AsyncHTTPClient carries (HTTP/2 offered) under the same pool key: that request closes it rather than
  /// leaking it, and still gets its file.
  func testARequestAsyncHTTPClientCarriesClosesAKeptConnectionItCannotUse() async throws {
    try await withTemporaryDirectory { dir in
      let small = deterministicBytes(count: 16 << 10, seed: 48)
      let certificates = try TestCertificates.write(to: dir.url)
      guard let nginx = try NginxServer.serving(["s.bin": small], in: dir, tls: certificates, http2: true, logsRequests: true)
      else { throw XCTSkip("nginx is not installed") }
      defer { nginx.stop() }
      try await withHarness(dir, trusting: certificates.authority, allowsHTTP2: true) { harness in
        let transport = try XCTUnwrap(harness.client.transport as? HTTPTransport)
        let url = URL(string: nginx.url("/s.bin"))!
        var pair: [Int32] = [-1, -1]
        XCTAssertEqual(socketpair(AF_UNIX, streamSocket, 0, &pair), 0)
        defer { close(pair[1]) }
        let key = HTTPTransport.connectionKey(for: url, proxy: nil)
        try await transport.pool.lease(key).finish(keeping: pair[0])
        XCTAssertEqual(transport.pool.idleCount(key), 1)
        let opened = try await transport.open(url, plan: .wholeFile, role: .only, extraHeaders: [])
        let body = try await opened.body.collect(upTo: 1 << 20)
        XCTAssertEqual(body, small)
        var byte: UInt8 = 0
        XCTAssertEqual(recv(pair[1], &byte, 1, Int32(MSG_DONTWAIT)), 0, "the kept socket was closed, not leaked")
      }
      XCTAssertEqual(nginx.loggedRequests().map(\.httpVersion), ["HTTP/2.0"], "AsyncHTTPClient carried it")
    }
  }
}
