import Foundation
import HaulCore
@testable import HaulKit
import HaulTestSupport
import XCTest

/// The single-connection engine against a server that misbehaves on purpose, one rule of docs/http-rules.md at a time.
final class ResumeRulesTests: XCTestCase {
  private let content = deterministicBytes(count: 3 << 20, seed: 7)

  func testDownloadsAFileIntactAndAsksForIdentityEncoding() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        server.serve("/f", FileResource(content: content))
        try await withHarness(dir, server: server) { harness in
          let (outcome, updates) = try await harness.run(harness.request(server.url("/f")))
          assertCompleted(outcome, at: harness.path("file.bin"), equals: content)
          // docs/http-rules.md rule 1
          XCTAssertEqual(server.requests(for: "/f").first?.header("Accept-Encoding"), "identity")
          XCTAssertTrue(updates.contains(.state(.completed)))
          let last = updates.compactMap {
            if case .progress(let p) = $0 { return p } else { return nil }
          }.last
          XCTAssertEqual(last?.bytesDone, Int64(content.count))
        }
      }
    }
  }

  // Rules 2, 3, 10: a short body is incomplete; the next request resumes with one range and a strong If-Range.
  func testShortBodyIsResumedWithRangeAndIfRange() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        server.route("/f", cutFirstResponse(FileResource(content: content), after: 1_000_000))
        try await withHarness(dir, server: server) { harness in
          let (outcome, updates) = try await harness.run(harness.request(server.url("/f")))
          assertCompleted(outcome, at: harness.path("file.bin"), equals: content)
          let requests = server.requests(for: "/f")
          XCTAssertEqual(requests.count, 2)
          XCTAssertNil(requests[0].header("Range"))
          XCTAssertNil(requests[0].header("If-Range"), "docs/http-rules.md rule 4: never If-Range without Range")
          // Bytes still in flight when the connection closed may be lost; everything that arrived is kept.
          let offset = try XCTUnwrap(resumeOffset(requests[1]))
          XCTAssertTrue((1...1_000_000).contains(offset), "resumed at \(offset)")
          XCTAssertEqual(requests[1].header("If-Range"), "\"v1\"")
          XCTAssertTrue(
            updates.contains { if case .retrying = $0 { return true } else { return false } })
          XCTAssertTrue(restarts(updates).isEmpty)
        }
      }
    }
  }

  // Rule 5: a 200 to a resume starts over; it is never appended.
  func testServerIgnoringRangesRestartsFromZero() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        server.route(
          "/f",
          cutFirstResponse(FileResource(content: content, honorsRanges: false), after: 1_000_000))
        try await withHarness(dir, server: server) { harness in
          let (outcome, updates) = try await harness.run(harness.request(server.url("/f")))
          assertCompleted(outcome, at: harness.path("file.bin"), equals: content)
          XCTAssertGreaterThan(try XCTUnwrap(resumeOffset(server.requests(for: "/f")[1])), 0)
          XCTAssertEqual(restarts(updates).count, 1)
        }
      }
    }
  }

  // Rule 6: an earlier start is legal and written at the server's offset.
  func testEarlierStartIsWrittenAtTheServersOffset() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        server.route(
          "/f",
          cutFirstResponse(
            FileResource(content: content, rangeFault: .startEarlierBy(4096)), after: 1_000_000))
        try await withHarness(dir, server: server) { harness in
          let (outcome, updates) = try await harness.run(harness.request(server.url("/f")))
          assertCompleted(outcome, at: harness.path("file.bin"), equals: content)
          XCTAssertTrue(restarts(updates).isEmpty, "an earlier start needs no restart")
        }
      }
    }
  }

  // Rule 6: a 206 that lies about its range, or has none, is not merged.
  func testBadPartialResponsesAreNeverMerged() async throws {
    let faults: [RangeFault] = [
      .wrongStart(0), .wrongTotal(5), .missingContentRange, .malformedContentRange("bytes x-y/z"),
      .multipart,
    ]
    try await withScriptedServer { server in
      for (index, fault) in faults.enumerated() {
        try await withTemporaryDirectory { dir in
          let path = "/f\(index)"
          server.route(
            path,
            cutFirstResponse(FileResource(content: content, rangeFault: fault), after: 1_000_000))
          try await withHarness(dir, server: server) { harness in
            let (outcome, updates) = try await harness.run(harness.request(server.url(path)))
            assertCompleted(outcome, at: harness.path("file.bin"), equals: content)
            XCTAssertEqual(restarts(updates).count, 1, "\(fault)")
            let last = server.requests(for: path).last
            XCTAssertNil(
              last?.header("Range"), "after a bad 206 the file is fetched whole (\(fault))")
          }
        }
      }
    }
  }

  // Rule 1: a gzip-encoded range cannot be spliced.
  func testEncodedRangeIsNotMerged() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        let file = FileResource(
          content: content, contentEncoding: "gzip", onlyOnRangedResponses: true)
        server.route("/f", cutFirstResponse(file, after: 1_000_000))
        try await withHarness(dir, server: server) { harness in
          let (outcome, updates) = try await harness.run(harness.request(server.url("/f")))
          assertCompleted(outcome, at: harness.path("file.bin"), equals: content)
          XCTAssertEqual(restarts(updates).count, 1)
        }
      }
    }
  }

  // Rule 7: when the file changes between requests, the partial bytes of the old version are dropped.
  func testChangedFileIsDownloadedAgainWhole() async throws {
    let newer = deterministicBytes(count: (3 << 20) + 100, seed: 99)
    for serverHonoursIfRange in [true, false] {
      try await withScriptedServer { server in
        try await withTemporaryDirectory { dir in
          let old = FileResource(content: content, etag: "\"v1\"")
          let new = FileResource(
            content: newer, etag: "\"v2\"", honorsIfRange: serverHonoursIfRange)
          server.route("/f") { request in
            if request.index == 0 {
              var response = old.response(for: request)
              response.closeAfterBodyBytes = 1_000_000
              return response
            }
            return new.response(for: request)
          }
          try await withHarness(dir, server: server) { harness in
            let (outcome, updates) = try await harness.run(harness.request(server.url("/f")))
            assertCompleted(outcome, at: harness.path("file.bin"), equals: newer)
            XCTAssertEqual(restarts(updates).count, 1, "honours If-Range: \(serverHonoursIfRange)")
          }
        }
      }
    }
  }

  // Rule 3: without a strong validator, a resume starts over from byte 0.
  func testWeakValidatorMeansNoResume() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        server.route(
          "/f",
          cutFirstResponse(FileResource(content: content, etag: "W/\"weak\""), after: 1_000_000))
        try await withHarness(dir, server: server) { harness in
          let (outcome, _) = try await harness.run(harness.request(server.url("/f")))
          assertCompleted(outcome, at: harness.path("file.bin"), equals: content)
          let second = server.requests(for: "/f")[1]
          XCTAssertNil(second.header("Range"))
          XCTAssertNil(second.header("If-Range"))
        }
      }
    }
  }

  func testStrongLastModifiedIsUsedWhenThereIsNoETag() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        let modified = httpDate(Date(timeIntervalSinceNow: -3600))
        server.route(
          "/f",
          cutFirstResponse(
            FileResource(content: content, etag: nil, lastModified: modified), after: 1_000_000))
        try await withHarness(dir, server: server) { harness in
          let (outcome, _) = try await harness.run(harness.request(server.url("/f")))
          assertCompleted(outcome, at: harness.path("file.bin"), equals: content)
          XCTAssertEqual(server.requests(for: "/f")[1].header("If-Range"), modified)
        }
      }
    }
  }

  // Rule 10: a chunked body cut before its final chunk is incomplete.
  func testUnknownLengthWorksAndCutChunkedBodyResumes() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        let file = FileResource(content: content)
        server.route("/f") { request in
          var response = file.response(for: request)
          if request.header("Range") == nil {
            response.chunked = true
            if request.index == 0 { response.closeAfterBodyBytes = 500_000 }
          }
          return response
        }
        try await withHarness(dir, server: server) { harness in
          let (outcome, _) = try await harness.run(harness.request(server.url("/f")))
          assertCompleted(outcome, at: harness.path("file.bin"), equals: content)
          XCTAssertEqual(server.requests(for: "/f").count, 2)
        }
      }
    }
  }

  func testChunkedBodyOfUnknownLength() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        let file = FileResource(content: content, etag: nil)
        server.route("/f") { request in
          var response = file.response(for: request)
          response.chunked = true
          return response
        }
        try await withHarness(dir, server: server) { harness in
          let (outcome, _) = try await harness.run(harness.request(server.url("/f")))
          assertCompleted(outcome, at: harness.path("file.bin"), equals: content)
        }
      }
    }
  }

  // Rule 11: error bodies never reach the file.
  func testErrorPageIsNeverWritten() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        server.route("/missing") { _ in .text(404, "<html>not here</html>") }
        try await withHarness(dir, server: server) { harness in
          let (outcome, updates) = try await harness.run(harness.request(server.url("/missing")))
          guard case .failed(let error) = outcome else { return XCTFail("\(outcome)") }
          XCTAssertEqual(error.kind, .http)
          XCTAssertEqual(error.httpStatus, 404)
          XCTAssertFalse(FileManager.default.fileExists(atPath: harness.path("file.bin")))
          XCTAssertEqual(FileSystemSteps.size(of: harness.path("file.bin.part")) ?? 0, 0)
          XCTAssertTrue(updates.contains(.state(.failed)))
          XCTAssertEqual(server.requests(for: "/missing").count, 1, "a 404 is not retried")
        }
      }
    }
  }

  // Rule 11: 503 with Retry-After is retried after the server's delay, on a clock the test moves.
  func testRetryAfterIsHonoured() async throws {
    let clock = ManualClock()
    let arrivals = ArrivalLog()
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        let file = FileResource(content: content)
        server.route("/f") { request in
          arrivals.record(clock)
          return request.index == 0
            ? .text(503, "busy", headers: [("Retry-After", "3")]) : file.response(for: request)
        }
        try await withHarness(dir, server: server, clock: clock) { harness in
          let run = try await ClockedRun.start(harness.request(server.url("/f")), on: harness, clock: clock)
          assertCompleted(try await run.outcome(), at: harness.path("file.bin"), equals: content)
          XCTAssertEqual(run.retryDelays, [3], "the wait comes from Retry-After, not from the backoff (at most 1 s)")
          XCTAssertEqual(arrivals.gaps.count, 1)
          XCTAssertGreaterThanOrEqual(arrivals.gaps.first ?? 0, 3, "asked again only once the server's 3 s had passed")
        }
      }
    }
  }

  // Failed attempts without progress wait the library's own backoff (RetryPolicy: 1 s, doubling, equal jitter),
  // on a clock the test moves: seconds of waiting, none of them real.
  func testFailedAttemptsWaitTheGrowingBackoff() async throws {
    let clock = ManualClock()
    let arrivals = ArrivalLog()
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        let file = FileResource(content: content)
        server.route("/f") { request in
          arrivals.record(clock)
          return request.index < 3 ? .text(500, "broken") : file.response(for: request)
        }
        try await withHarness(dir, server: server, retries: 5, clock: clock) { harness in
          let run = try await ClockedRun.start(harness.request(server.url("/f")), on: harness, clock: clock)
          assertCompleted(try await run.outcome(), at: harness.path("file.bin"), equals: content)
          let delays = run.retryDelays
          XCTAssertEqual(delays.count, 3, "\(delays)")
          for (failure, delay) in delays.enumerated() {
            let backoff = RetryPolicy().backoff(afterFailure: failure + 1).inSeconds
            XCTAssertTrue((backoff / 2...backoff).contains(delay), "wait \(failure + 1): \(delay) s, not within [\(backoff / 2), \(backoff)]")
          }
          XCTAssertEqual(arrivals.gaps.count, 3)
          for (gap, delay) in zip(arrivals.gaps, delays) {
            // The announced wait is a `Duration` (whole attoseconds) read back in seconds: equal to a nanosecond.
            XCTAssertGreaterThanOrEqual(gap, delay - 1e-9, "asked again before its backoff was over: \(arrivals.all)")
          }
        }
      }
    }
  }

  func testRetryBudgetEndsAHopelessDownload() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        server.route("/f") { _ in .text(500, "broken") }
        try await withHarness(dir, server: server, retries: 2) { harness in
          let (outcome, _) = try await harness.run(harness.request(server.url("/f")))
          guard case .failed(let error) = outcome else { return XCTFail("\(outcome)") }
          XCTAssertEqual(error.httpStatus, 500)
          XCTAssertEqual(server.requests(for: "/f").count, 3, "one attempt plus two retries")
        }
      }
    }
  }

  // A flaky server that keeps delivering bytes is never given up on, even with one retry allowed.
  func testFlakyServerThatMakesProgressFinishes() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        let file = FileResource(content: content)
        server.route("/f") { request in
          var response = file.response(for: request)
          response.closeAfterBodyBytes = 300_000
          return response
        }
        try await withHarness(dir, server: server, retries: 1) { harness in
          let (outcome, _) = try await harness.run(harness.request(server.url("/f")))
          assertCompleted(outcome, at: harness.path("file.bin"), equals: content)
          XCTAssertGreaterThan(server.requests(for: "/f").count, 5)
        }
      }
    }
  }

  /// Over http and over https (`TestServer.start(tls:)`): the same stall, the same resume.
  func testStalledConnectionIsDroppedAndResumed() async throws {
    for tls in [false, true] {
      try await withTestServer(tls: tls) { server in
        try await withTemporaryDirectory { dir in
          let file = FileResource(content: content)
          server.route("/f") { request in
            var response = file.response(for: request)
            if request.index == 0 { response.stallAfterBodyBytes = 800_000 }
            return response
          }
          try await withHarness(dir, stallTimeout: 0.5, trusting: tls ? testAuthorityFile.path : nil) { harness in
            let (outcome, _) = try await harness.run(harness.request(server.url("/f")))
            assertCompleted(outcome, at: harness.path("file.bin"), equals: content)
            XCTAssertEqual(server.requests(for: "/f").last?.header("Range"), "bytes=800000-", server.scheme)
          }
        }
      }
    }
  }

  func testConnectionRefusedFailsAsNetworkError() async throws {
    try await withTemporaryDirectory { dir in
      try await withHarness(dir, retries: 1) { harness in
        let (outcome, _) = try await harness.run(harness.request("http://127.0.0.1:9/f"))
        guard case .failed(let error) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertEqual(error.kind, .network)
      }
    }
  }
}
