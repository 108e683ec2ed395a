import Foundation
import HaulCore
@testable import HaulKit
import HaulTestSupport
import XCTest

/// A link that expires: a signed URL that answers 403 after serving part of the file, and the client's
/// `refreshURL` handing out a fresh one.
final class ExpiringLinkTests: XCTestCase {
  private let content = deterministicBytes(count: 3 << 20, seed: 11)
  private let cut = 1_000_000

  /// Records the provider's calls and answers with the next of `answers` (nil when none is left).
  private final class Provider: @unchecked Sendable {
    private let lock = NSLock()
    private var answers: [URL?]
    private var recorded: [(URL, Int)] = []
    init(_ answers: [URL?]) { self.answers = answers }
    var calls: [(URL, Int)] { lock.withLock { recorded } }
    var closure: URLProvider {
      { url, status in
        self.lock.withLock {
          self.recorded.append((url, status))
          return self.answers.isEmpty ? nil : self.answers.removeFirst()
        }
      }
    }
  }

  func testAnExpiredLinkIsRefreshedAndTheBytesOnDiskAreKept() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        let file = FileResource(content: content)
        server.serveSigned("/signed", SignedLinks(files: ["1": file, "2": file], afterByte: cut))
        let provider = Provider([URL(string: server.url("/signed?sig=2"))!])
        try await withHarness(dir, server: server, refreshURL: provider.closure) { harness in
          let (outcome, updates) = try await harness.run(harness.request(server.url("/signed?sig=1")))
          assertCompleted(outcome, at: harness.path("file.bin"), equals: content)
          XCTAssertEqual(provider.calls.map(\.0.absoluteString), [server.url("/signed?sig=1")])
          XCTAssertEqual(provider.calls.map(\.1), [403])
          let fresh = server.requests(for: "/signed").filter { $0.uri.hasSuffix("sig=2") }
          XCTAssertEqual(fresh.count, 1)
          let offset = try XCTUnwrap(fresh.first.flatMap(resumeOffset))
          XCTAssertTrue((1...Int64(cut)).contains(offset), "resumed at \(offset)")
          XCTAssertEqual(fresh.first?.header("If-Range"), "\"v1\"")
          XCTAssertTrue(notices(updates).contains { $0.contains("expired (HTTP 403); continuing from a fresh link") }, "\(notices(updates))")
          XCTAssertTrue(restarts(updates).isEmpty, "nothing started over: \(restarts(updates))")
        }
      }
    }
  }

  func testAFreshLinkToAnotherVersionStartsOver() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        let other = deterministicBytes(count: 3 << 20, seed: 12)
        server.serveSigned("/signed", SignedLinks(
          files: ["1": FileResource(content: content), "2": FileResource(content: other, etag: "\"v2\"")], afterByte: cut))
        let provider = Provider([URL(string: server.url("/signed?sig=2"))!])
        try await withHarness(dir, server: server, refreshURL: provider.closure) { harness in
          let (outcome, updates) = try await harness.run(harness.request(server.url("/signed?sig=1")))
          assertCompleted(outcome, at: harness.path("file.bin"), equals: other)
          XCTAssertTrue(restarts(updates).contains(RestartReason.versionChanged.description), "\(restarts(updates))")
        }
      }
    }
  }

  func testNoFreshLinkFailsWithTheStatusAndTheDownloadStaysResumable() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        let file = FileResource(content: content)
        server.serveSigned("/signed", SignedLinks(files: ["1": file, "2": file], afterByte: cut))
        // The first expiry finds no fresh link; the next run's does.
        let provider = Provider([nil, URL(string: server.url("/signed?sig=2"))!])
        try await withHarness(dir, server: server, refreshURL: provider.closure) { harness in
          let request = harness.request(server.url("/signed?sig=1"))
          let (first, _) = try await harness.run(request)
          guard case .failed(let error) = first else { return XCTFail("expected a failure, got \(first)") }
          XCTAssertEqual(error.httpStatus, 403)
          XCTAssertGreaterThan(try FileManager.default.attributesOfItem(atPath: request.partPath)[.size] as? Int ?? 0, 0)
          let (second, _) = try await harness.run(request)
          assertCompleted(second, at: harness.path("file.bin"), equals: content)
          let fresh = server.requests(for: "/signed").filter { $0.uri.hasSuffix("sig=2") }
          XCTAssertGreaterThan(try XCTUnwrap(fresh.first.flatMap(resumeOffset)), 0)
        }
      }
    }
  }

  func testWithoutAProviderAnExpiredLinkFailsAsBefore() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        server.serveSigned("/signed", SignedLinks(files: ["1": FileResource(content: content)], afterByte: cut))
        try await withHarness(dir, server: server) { harness in
          let (outcome, _) = try await harness.run(harness.request(server.url("/signed?sig=1")))
          guard case .failed(let error) = outcome else { return XCTFail("expected a failure, got \(outcome)") }
          XCTAssertEqual(error.httpStatus, 403)
          XCTAssertEqual(server.requests(for: "/signed").count, 2)
        }
      }
    }
  }

  func testASegmentedDownloadResumesEverySegmentFromTheFreshLink() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        let file = FileResource(content: content)
        // Late in the file, so that every connection's first range is served and bytes are held when the link
        // expires (the probe's whole-file stream is dropped at its head, issue 56: it holds none).
        server.serveSigned("/signed", SignedLinks(files: ["1": file, "2": file], afterByte: 2_500_000))
        let provider = Provider([URL(string: server.url("/signed?sig=2"))!])
        try await withHarness(dir, server: server, refreshURL: provider.closure) { harness in
          let request = harness.request(server.url("/signed?sig=1"), connections: 4, minimumSplitSize: 256 << 10)
          let (outcome, _) = try await harness.run(request)
          assertCompleted(outcome, at: harness.path("file.bin"), equals: content)
          XCTAssertEqual(provider.calls.map(\.1), [403])
          // Only what the expired link did not deliver is fetched again: no fresh request starts at byte 0.
          let fresh = server.requests(for: "/signed").filter { $0.uri.hasSuffix("sig=2") }
          XCTAssertFalse(fresh.isEmpty)
          XCTAssertTrue(fresh.allSatisfy { $0.header("Range").map { !$0.hasPrefix("bytes=0-") } ?? false }, "\(fresh.map { $0.header("Range") })")
        }
      }
    }
  }

  /// With mirrors (here one that is missing and dropped at once), the fresh link replaces the main URL: the
  /// connections routed to the main source go to the fresh link, not to the expired one again.
  func testWithMirrorsTheFreshLinkReplacesTheMainURL() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        let file = FileResource(content: content)
        server.serveSigned("/signed", SignedLinks(files: ["1": file, "2": file], afterByte: cut))
        let provider = Provider([URL(string: server.url("/signed?sig=2"))!])
        try await withHarness(dir, server: server, refreshURL: provider.closure) { harness in
          var request = harness.request(server.url("/signed?sig=1"), connections: 4, minimumSplitSize: 256 << 10)
          request.mirrors = [URL(string: server.url("/missing.bin"))!]
          let (outcome, updates) = try await harness.run(request)
          assertCompleted(outcome, at: harness.path("file.bin"), equals: content)
          XCTAssertTrue(notices(updates).contains { $0.hasPrefix("dropping mirror \(server.url("/missing.bin"))") }, "\(notices(updates))")
          XCTAssertEqual(provider.calls.map(\.1), [403])
          XCTAssertFalse(server.requests(for: "/signed").filter { $0.uri.hasSuffix("sig=2") }.isEmpty)
        }
      }
    }
  }

  func testADownloadManagerDownloadUsesTheClientsProvider() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        let file = FileResource(content: content)
        server.serveSigned("/signed", SignedLinks(files: ["1": file, "2": file], afterByte: cut))
        let provider = Provider([URL(string: server.url("/signed?sig=2"))!])
        try await withHarness(dir, server: server, refreshURL: provider.closure) { harness in
          let manager = try DownloadManager(
            client: harness.client, limits: QueueLimits(maxConcurrent: 1, maxTotalConnections: 8), pollInterval: .milliseconds(100))
          let id = try await manager.add(harness.request(server.url("/signed?sig=1")))
          await manager.waitUntilIdle()
          let state = await manager.snapshot(id)?.state
          XCTAssertEqual(state, .completed)
          XCTAssertTrue(contents(harness.path("file.bin")) == content)
          XCTAssertEqual(provider.calls.count, 1)
          await manager.shutdown()
        }
      }
    }
  }

  func testAPauseWhileAskingForAFreshLinkKeepsTheProgressAndFailsNothing() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        server.serveSigned("/signed", SignedLinks(files: ["1": FileResource(content: content)], afterByte: cut))
        let asked = AsyncStream<Void>.makeStream()
        // A provider that takes its time: the pause comes while it runs.
        let slow: URLProvider = { _, _ in
          asked.continuation.yield()
          try await FixtureDelay.pause(.seconds(30))
          return nil
        }
        try await withHarness(dir, server: server, refreshURL: slow) { harness in
          let task = try harness.client.prepareBlocking(harness.request(server.url("/signed?sig=1")))
          try await task.start()
          for await _ in asked.stream { break }
          try await task.pause()
          let state = await task.state
          XCTAssertEqual(state, .paused)
          let segments = try harness.client.store.segments(of: task.id.rawValue)
          XCTAssertGreaterThan(segments.first?.next ?? 0, 0, "the bytes before the expiry stay recorded")
        }
      }
    }
  }
}
