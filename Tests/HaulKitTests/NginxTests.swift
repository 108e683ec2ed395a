import Foundation
@testable import HaulKit
import HaulTestSupport
import XCTest

/// The engine against a real nginx from Debian's packages (skipped where nginx is not installed).
final class NginxTests: XCTestCase {
  func testDownloadAndResumeFromNginx() async throws {
    try await withTemporaryDirectory { dir in
      let content = deterministicBytes(count: 8 << 20, seed: 11)
      guard let nginx = try NginxServer.serving(["big.bin": content], in: dir) else {
        throw XCTSkip("nginx is not installed")
      }
      defer { nginx.stop() }
      try await withHarness(dir) { harness in

        let (outcome, _) = try await harness.run(harness.request(nginx.url("/big.bin")))
        assertCompleted(outcome, at: harness.path("file.bin"), equals: content)

        // A crash left half of the file durable: nginx's strong ETag lets the next run resume it.
        let request = harness.request(nginx.url("/big.bin"), to: "again.bin")
        let etag = try XCTUnwrap(harness.client.store.all().first?.etag)
        try harness.seedInterrupted(request, etag: etag, total: content.count, durable: 4 << 20)
        try Data(content[0..<(4 << 20)]).write(to: dir.file("again.bin.part"))
        let (resumed, updates) = try await harness.run(request)
        assertCompleted(resumed, at: harness.path("again.bin"), equals: content)
        XCTAssertTrue(restarts(updates).isEmpty, "nginx honours If-Range with its own ETag")

        let (missing, _) = try await harness.run(
          harness.request(nginx.url("/nope.bin"), to: "nope.bin"))
        guard case .failed(let error) = missing else { return XCTFail("\(missing)") }
        XCTAssertEqual(error.httpStatus, 404)
      }
    }
  }

  /// HTTPS from nginx: with the server's private authority trusted (`--cacert`) the download works over one
  /// connection and several; without it the certificate is refused at once as `.tls`, never retried, and no file
  /// is left.
  func testHTTPSWithThePrivateAuthorityTrustedAndWithout() async throws {
    try await withTemporaryDirectory { dir in
      let content = deterministicBytes(count: 12 << 20, seed: 12)
      let certificates = try TestCertificates.write(to: dir.url)
      guard let nginx = try NginxServer.serving(["big.bin": content], in: dir, tls: certificates) else {
        throw XCTSkip("nginx is not installed")
      }
      defer { nginx.stop() }
      XCTAssertTrue(nginx.url("/big.bin").hasPrefix("https://127.0.0.1:"))

      // Closing pooled TLS connections must not wait for nginx's close_notify (NIOSSL waits 5 s by default, and
      // nginx keeps connections alive): the run and the client's shutdown take well under that.
      let started = Date()
      try await withHarness(dir, trusting: certificates.authority) { harness in
        let (split, updates) = try await harness.run(
          harness.request(nginx.url("/big.bin"), connections: 4, minimumSplitSize: 1 << 20))
        assertCompleted(split, at: harness.path("file.bin"), equals: content)
        let connections = updates.compactMap { if case .progress(let p) = $0 { return p.connections.count } else { return nil } }
        XCTAssertGreaterThan(connections.max() ?? 0, 1, "several TLS connections at once")
      }
      XCTAssertLessThan(Date().timeIntervalSince(started), 4.5, "closing the TLS connections waited for the server")
      try await withHarness(dir, trusting: certificates.authority) { harness in
        let (single, _) = try await harness.run(harness.request(nginx.url("/big.bin"), to: "one.bin"))
        assertCompleted(single, at: harness.path("one.bin"), equals: content)
      }

      try await withHarness(dir, retries: 5) { harness in
        let (outcome, updates) = try await harness.run(harness.request(nginx.url("/big.bin"), to: "untrusted.bin"))
        guard case .failed(let error) = outcome else { return XCTFail("an untrusted certificate was accepted: \(outcome)") }
        XCTAssertEqual(error.kind, .tls, error.message)
        XCTAssertEqual(error.remedy, .trustCertificateAuthority, "says what fixes it: \(error.message)")
        XCTAssertFalse(error.message.contains("--cacert"), "the library does not speak the CLI's language")
        XCTAssertFalse(updates.contains { if case .retrying = $0 { return true } else { return false } }, "a certificate is not retried")
        XCTAssertFalse(FileManager.default.fileExists(atPath: harness.path("untrusted.bin")))
      }
    }
  }
}
