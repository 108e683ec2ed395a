import Foundation
import HaulCore
@testable import HaulKit
import HaulTestSupport
import XCTest

/// A download's cookies in the engine: chosen per request URL (redirect hops included), and the `Set-Cookie`s a
/// server answers with kept for the download's later requests, its retries, and a resume after a restart.
final class CookieEngineTests: XCTestCase {
  private let content = deterministicBytes(count: 300_000, seed: 41)

  private static func cookies(_ request: TestRequest) -> [String] {
    (request.header("Cookie") ?? "").split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
  }

  /// `/login` answers 302 with `Set-Cookie: sid=fresh` the first time only (as a sign-in link does), and the file
  /// is served only to a request that carries it.
  private func serveSignedInFile(_ server: ScriptedServer, cutFirstAfter cut: Int? = nil) {
    let file = FileResource(content: content)
    server.route("/login") { request in
      var response = TestResponse.redirect(to: "/files/a.bin")
      if request.index == 0 { response.headers.append(("Set-Cookie", "sid=fresh; Path=/; HttpOnly")) }
      return response
    }
    server.route("/files/a.bin") { request in
      guard Self.cookies(request).contains("sid=fresh") else { return .text(403, "sign in first") }
      var response = file.response(for: request)
      if let cut, request.index == 0 { response.closeAfterBodyBytes = cut }
      return response
    }
  }

  func testACookieSetByARedirectGoesWithTheFileAndItsRetries() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        serveSignedInFile(server, cutFirstAfter: 100_000)
        try await withHarness(dir, server: server) { harness in
          let (outcome, _) = try await harness.run(harness.request(server.url("/login")))
          assertCompleted(outcome, at: harness.path("file.bin"), equals: content)
          let fileRequests = server.requests(for: "/files/a.bin")
          XCTAssertGreaterThanOrEqual(fileRequests.count, 2, "the first response was cut: a retry must follow")
          for request in fileRequests { XCTAssertTrue(Self.cookies(request).contains("sid=fresh"), "\(request.headers)") }
          XCTAssertEqual(resumeOffset(fileRequests.last!), 100_000, "the retry resumed, with the cookie")
        }
      }
    }
  }

  func testACookieSetByARedirectIsSentAgainAfterARestart() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        serveSignedInFile(server, cutFirstAfter: 100_000)
        try await withHarness(dir, server: server, retries: 0) { harness in
          let (outcome, _) = try await harness.run(harness.request(server.url("/login")))
          guard case .failed = outcome else { return XCTFail("expected the cut to fail the run, got \(outcome)") }
        }
        // A new client on the same state directory, as `haul` run again after a crash: `/login` sets nothing now.
        try await withHarness(dir, server: server) { harness in
          let (outcome, _) = try await harness.run(harness.request(server.url("/login")))
          assertCompleted(outcome, at: harness.path("file.bin"), equals: content)
          let last = try XCTUnwrap(server.requests(for: "/files/a.bin").last)
          XCTAssertEqual(Self.cookies(last), ["sid=fresh"], "the stored cookie went with the resumed request")
          XCTAssertEqual(resumeOffset(last), 100_000)
        }
      }
    }
  }

  /// The same through a queue, for a download that waits there without a task (a list's, or one restored): the task
  /// made when its turn comes (`DownloadManager.heldTask`) runs with the stored jar.
  func testACookieSetByARedirectIsSentAgainWhenAQueuedDownloadsTurnComes() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        serveSignedInFile(server, cutFirstAfter: 100_000)
        try await withHarness(dir, server: server, retries: 0) { harness in
          let (outcome, _) = try await harness.run(harness.request(server.url("/login")))
          guard case .failed = outcome else { return XCTFail("expected the cut to fail the run, got \(outcome)") }
        }
        try await withHarness(dir, server: server) { harness in
          let id = try XCTUnwrap(harness.client.store.unfinished(url: server.url("/login")).first?.id)
          try harness.client.store.setState(.queued, of: id)
          let manager = try DownloadManager(client: harness.client, limits: QueueLimits(maxConcurrent: 0, maxTotalConnections: 0))
          _ = try await manager.restore([DownloadID(id)])
          try await manager.setLimits(QueueLimits(maxConcurrent: 1, maxTotalConnections: 4))
          await manager.waitUntilIdle()
          XCTAssertEqual(try harness.client.store.record(id: id)?.downloadState, .completed)
          let last = try XCTUnwrap(server.requests(for: "/files/a.bin").last)
          XCTAssertEqual(Self.cookies(last), ["sid=fresh"], "the stored cookie went with the resumed request")
          XCTAssertEqual(resumeOffset(last), 100_000)
          await manager.shutdown()
        }
      }
    }
  }

  func testEachHopCarriesOnlyItsOwnSitesCookies() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        server.route("/go") { _ in
          // a.example tries to plant a cookie on b.example: refused (RFC 6265 §5.3 step 6).
          var response = TestResponse.redirect(to: "http://cdn.b.example/files/a.bin")
          response.headers.append(("Set-Cookie", "planted=1; Domain=b.example; Path=/"))
          response.headers.append(("Set-Cookie", "visited=1; Path=/"))
          return response
        }
        server.serve("/files/a.bin", FileResource(content: content))
        try await withHarness(dir, server: server) { harness in
          var request = harness.request("http://a.example/go")
          request.cookies = [
            Cookie(name: "sid", value: "for-a", domain: "a.example", hostOnly: true),
            Cookie(name: "cdn", value: "for-b", domain: "b.example", hostOnly: false, path: "/files"),
            Cookie(name: "tls", value: "https-only", domain: "b.example", hostOnly: false, secure: true),
          ]
          request.headers = [DownloadRequest.Header(name: "Cookie", value: "own=header")]
          let (outcome, _) = try await harness.run(request)
          assertCompleted(outcome, at: harness.path("file.bin"), equals: content)
          let first = try XCTUnwrap(server.requests(for: "/go").first)
          XCTAssertEqual(Self.cookies(first), ["own=header", "sid=for-a"])
          let second = try XCTUnwrap(server.requests(for: "/files/a.bin").first)
          XCTAssertEqual(
            Self.cookies(second), ["cdn=for-b"],
            "the other site gets its own cookie only: not a.example's, not the caller's header, not a planted one, not a Secure one over http")
        }
      }
    }
  }

  func testAServerCanDeleteACookieByExpiringIt() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        server.route("/logout") { _ in
          var response = TestResponse.redirect(to: "/files/a.bin")
          response.headers.append(("Set-Cookie", "sid=; Path=/; Max-Age=0"))
          return response
        }
        server.serve("/files/a.bin", FileResource(content: content))
        try await withHarness(dir, server: server) { harness in
          var request = harness.request(server.url("/logout"))
          request.cookies = [Cookie(name: "sid", value: "old", domain: "scripted.test", hostOnly: true)]
          let (outcome, _) = try await harness.run(request)
          assertCompleted(outcome, at: harness.path("file.bin"), equals: content)
          XCTAssertEqual(Self.cookies(try XCTUnwrap(server.requests(for: "/logout").first)), ["sid=old"])
          XCTAssertNil(server.requests(for: "/files/a.bin").first?.header("Cookie"))
        }
      }
    }
  }

  func testAStoredRequestWithoutCookiesStillDecodes() throws {
    let old = #"{"url":"http://a.example/f","destination":"/tmp/f","headers":[],"overwrite":false,"nameFromContentDisposition":false,"connections":4,"minimumSplitSize":4194304}"#
    let request = try JSONDecoder().decode(DownloadRequest.self, from: Data(old.utf8))
    XCTAssertEqual(request.cookies, [])
    XCTAssertEqual(request.connections, 4)
  }

  func testTheStateDatabaseIsTheOwnersOnly() async throws {
    try await withTemporaryDirectory { dir in
      try await withHarness(dir) { harness in
        _ = harness
        for name in ["state", "state/haul.sqlite", "state/haul.sqlite-wal", "state/haul.sqlite.lock"] {
          let attributes = try FileManager.default.attributesOfItem(atPath: dir.file(name).path)
          let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
          XCTAssertEqual(mode & 0o077, 0, "\(name) is readable by others: \(String(mode, radix: 8))")
        }
      }
    }
  }
}
