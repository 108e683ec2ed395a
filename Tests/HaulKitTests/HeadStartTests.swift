import Foundation
import HaulCore
@testable import HaulKit
import HaulTestSupport
import NIOCore
import XCTest

/// `EarlyStart.client(configuration:sendingFirst:)`: a new download's first request leaves while the store opens, and the
/// download takes that response instead of sending its own; anything that may start differently is not sent early.
final class HeadStartTests: XCTestCase {
  private let content = deterministicBytes(count: 3 << 20, seed: 41)

  func testTheDownloadTakesTheRequestSentEarly() async throws {
    try await withTestServer { server in
      try await withTemporaryDirectory { dir in
        server.serve("/f", FileResource(content: content))
        let request = Self.request(server.url("/f"), in: dir)
        // On the wire before the download is even prepared.
        let client = try await Self.client(sending: request, to: server, in: dir)
        let outcome = try await Self.download(request, with: client)
        assertCompleted(outcome, at: request.destinationPath, equals: content)
        XCTAssertEqual(server.requests(for: "/f").count, 1, "the download sent no request of its own")
        XCTAssertNil(server.requests(for: "/f").first?.header("Range"), "the whole file")
        XCTAssertEqual(try client.store.all().first?.downloadState, .completed)
      }
    }
  }

  func testARequestThatDiffersIsSentAgainAndTheEarlyOneDropped() async throws {
    try await withTestServer { server in
      try await withTemporaryDirectory { dir in
        server.serve("/f", FileResource(content: content))
        var early = Self.request(server.url("/f"), in: dir)
        early.headers = [.init(name: "X-Run", value: "early")]
        var request = early
        request.headers = [.init(name: "X-Run", value: "download")]
        let client = try await Self.client(sending: early, to: server, in: dir)
        let outcome = try await Self.download(request, with: client)
        assertCompleted(outcome, at: request.destinationPath, equals: content)
        XCTAssertEqual(server.requests(for: "/f").map { $0.header("X-Run") }, ["early", "download"])
      }
    }
  }

  func testOnlyTheWholeFileTakesTheEarlyResponse() async throws {
    try await withTestServer { server in
      try await withTemporaryDirectory { dir in
        server.serve("/f", FileResource(content: content))
        let request = Self.request(server.url("/f"), in: dir)
        let client = try await Self.client(sending: request, to: server, in: dir)
        // A range (a resume, a segment) is another request: sent, and the early response left alone.
        let version = ResourceIdentity(
          entityTag: EntityTag("\"v\""), lastModified: nil, totalLength: nil, lastModifiedIsStrong: false)
        let ranged = try await client.transport.open(
          request.url, plan: .fetch(ByteRange(100, 200), of: version), role: .only, extraHeaders: [])
        _ = try await ranged.body.collect(upTo: 8 << 20)
        XCTAssertEqual(server.requests(for: "/f").count, 2)
        XCTAssertEqual(server.requests(for: "/f").last?.header("Range"), "bytes=100-199")
        // The whole file in the role the run gives its first request (`firstOfSplit`: a fixed 8) is the early request.
        let whole = try await client.transport.open(
          request.url, plan: .wholeFile, role: TransferRunner.role(of: request, bodyEnd: nil), extraHeaders: [])
        let body = try await whole.body.collect(upTo: 8 << 20)
        try await client.shutdown()
        XCTAssertEqual(body, content)
        XCTAssertEqual(server.requests(for: "/f").count, 2, "the whole file was not asked for again")
      }
    }
  }

  func testAResponseNobodyTakesIsDroppedAtShutdown() async throws {
    try await withTestServer { server in
      try await withTemporaryDirectory { dir in
        server.serve("/f", FileResource(content: content))
        let client = try await Self.client(sending: Self.request(server.url("/f"), in: dir), to: server, in: dir)
        // 3 MiB that nobody reads: shutting down must not wait for them.
        try await client.shutdown()
        let opened = try? await client.transport.open(
          URL(string: server.url("/f"))!, plan: .wholeFile, role: .only, extraHeaders: [])
        XCTAssertNil(opened, "a transport that was shut down hands out nothing, an early response included")
        await eventually { server.openConnections == 0 }
        XCTAssertEqual(server.openConnections, 0, "the untaken response's connection is closed")
      }
    }
  }

  /// The early request's connection serves the next download from the same host: a plain `http` request goes
  /// direct (`DirectHTTPRequest`), and its connection is kept for reuse in the one pool (`ConnectionPool`).
  func testTheEarlyRequestsConnectionServesTheNextDownload() async throws {
    do {
      try await withTestServer { server in
        try await withTemporaryDirectory { dir in
          server.serve("/f", FileResource(content: content))
          server.serve("/g", FileResource(content: content))
          let first = Self.request(server.url("/f"), in: dir)
          let second = DownloadRequest(url: URL(string: server.url("/g"))!, destination: dir.file("second.bin"))
          let client = try EarlyStart(stateDirectory: nil).client(
            configuration: HaulConfiguration(stateDirectory: dir.file("state"), timeouts: .init(connect: .seconds(2), stall: .seconds(5))),
            sendingFirst: [first])
          try await Self.waitFor { server.requests(for: "/f").count == 1 }
          assertCompleted(try await (try await client.download(first)).outcome(), at: first.destinationPath, equals: content)
          assertCompleted(try await (try await client.download(second)).outcome(), at: second.destinationPath, equals: content)
          try await client.shutdown()
          XCTAssertEqual(server.requests(for: "/f").count, 1, "the first download took the early response")
          XCTAssertEqual(server.connectionsAccepted, 1)
        }
      }
    }
  }

  /// What may start differently is not sent: a `.part` to resume, a destination that may not be replaced, a
  /// download's own proxy, cookies or mirrors, a scheme that is not http(s).
  func testOnlyADownloadCertainToStartWithTheWholeFileStartsEarly() throws {
    try withTemporaryDirectoryThrowing { dir in
      let configuration = HaulConfiguration(stateDirectory: dir.file("state"))
      func startsEarly(_ request: DownloadRequest) -> Bool {
        EarlyStart.firstRequest(of: request, configuration: configuration) != nil
      }
      let plain = Self.request("http://127.0.0.1:9/f", in: dir)
      let first = try XCTUnwrap(EarlyStart.firstRequest(of: plain, configuration: configuration))
      XCTAssertEqual(first.plan, .wholeFile, "the machine's own first request: the whole file")
      XCTAssertEqual(first.role, .only, "a request made in code has the one default count, automatic, as -x auto")
      var fixed = plain
      fixed.connectionCount = .fixed(8)
      XCTAssertEqual(EarlyStart.firstRequest(of: fixed, configuration: configuration)?.role, .firstOfSplit, "-x 8")

      FileManager.default.createFile(atPath: plain.partPath, contents: Data([1]))
      XCTAssertFalse(startsEarly(plain), "a .part file may be resumed")
      try FileManager.default.removeItem(atPath: plain.partPath)

      FileManager.default.createFile(atPath: plain.destinationPath, contents: Data([1]))
      XCTAssertFalse(startsEarly(plain), "the download stops at the existing file")
      var replacing = plain
      replacing.overwrite = true
      XCTAssertTrue(startsEarly(replacing))
      try FileManager.default.removeItem(atPath: plain.destinationPath)

      var proxied = plain
      proxied.proxy = "http://127.0.0.1:3128"
      XCTAssertFalse(startsEarly(proxied))
      var withCookie = plain
      withCookie.cookies = [Cookie(name: "a", value: "1", domain: "127.0.0.1", hostOnly: true)]
      XCTAssertFalse(startsEarly(withCookie))
      var mirrored = plain
      mirrored.mirrors = [URL(string: "http://127.0.0.2/f")!]
      XCTAssertFalse(startsEarly(mirrored))
      var notAFile = plain
      notAFile.destination = URL(string: "http://127.0.0.1/f")!
      XCTAssertFalse(startsEarly(notAFile), "prepare refuses it before any request")
      var ftp = plain
      ftp.url = URL(string: "ftp://127.0.0.1/f")!
      XCTAssertFalse(startsEarly(ftp))
    }
  }

  private static func request(_ url: String, in dir: TemporaryDirectory) -> DownloadRequest {
    DownloadRequest(url: URL(string: url)!, destination: dir.file("file.bin"))
  }

  /// A client whose head start for `early` has reached `server` (its only request so far for that path).
  private static func client(
    sending early: DownloadRequest, to server: TestServer, in dir: TemporaryDirectory
  ) async throws -> HaulClient {
    let client = try EarlyStart(stateDirectory: nil).client(
      configuration: HaulConfiguration(
        stateDirectory: dir.file("state"), timeouts: .init(connect: .seconds(2), stall: .seconds(5)),
        intervals: .init(checkpoint: .milliseconds(50))),
      sendingFirst: [early])
    try await waitFor { server.requests(for: early.url.path).count == 1 }
    return client
  }

  /// Downloads `request` to its end, then shuts the client down.
  private static func download(_ request: DownloadRequest, with client: HaulClient) async throws -> DownloadOutcome {
    let outcome = try await (try await client.download(request)).outcome()
    try await client.shutdown()
    return outcome
  }

  private static func waitFor(_ condition: @Sendable () -> Bool) async throws {
    let held = await eventually(within: .seconds(5)) { condition() }
    XCTAssertTrue(held, "not within 5 s")
  }
}

private func withTemporaryDirectoryThrowing(_ body: (TemporaryDirectory) throws -> Void) throws {
  let dir = try TemporaryDirectory()
  defer { dir.remove() }
  try body(dir)
}
