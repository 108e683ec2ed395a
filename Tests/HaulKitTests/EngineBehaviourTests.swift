import Foundation
import HaulCore
@testable import HaulKit
import HaulTestSupport
import XCTest

/// Redirects, naming, pause/resume/cancel, crash recovery, and fetching into memory. The redirect and credential
/// cases run over http and over https (`TestServer.start(tls:)`), with the same outcome.
final class EngineBehaviourTests: XCTestCase {
  private let content = deterministicBytes(count: 2 << 20, seed: 3)

  // Rule 13: chains are followed and the final URL recorded; loops end with an error.
  func testRedirectChainIsFollowedAndRecorded() async throws {
    for tls in [false, true] {
      try await withTestServer(tls: tls) { server in
        try await withTemporaryDirectory { dir in
          server.route("/a") { _ in .redirect(301, to: "/b") }
          server.route("/b") { _ in .redirect(307, to: server.url("/c")) }
          server.serve("/c", FileResource(content: content))
          try await withHarness(dir, trusting: tls ? testAuthorityFile.path : nil) { harness in
            let (outcome, _) = try await harness.run(harness.request(server.url("/a")))
            assertCompleted(outcome, at: harness.path("file.bin"), equals: content)
            let record = try XCTUnwrap(harness.client.store.all().first)
            XCTAssertEqual(record.finalURL, server.url("/c"))
            XCTAssertEqual(record.downloadState, .completed)
          }
        }
      }
    }
  }

  func testRedirectLoopFails() async throws {
    for tls in [false, true] {
      try await withTestServer(tls: tls) { server in
        try await withTemporaryDirectory { dir in
          server.route("/a") { _ in .redirect(302, to: "/b") }
          server.route("/b") { _ in .redirect(302, to: "/a") }
          try await withHarness(dir, trusting: tls ? testAuthorityFile.path : nil) { harness in
            let (outcome, _) = try await harness.run(harness.request(server.url("/a")))
            guard case .failed(let error) = outcome else { return XCTFail("\(outcome)") }
            XCTAssertEqual(error.kind, .http)
            XCTAssertTrue(error.message.contains("loop"), error.message)
          }
        }
      }
    }
  }

  // Rule 14: credentials do not follow a redirect to another origin.
  func testCredentialsDoNotCrossOrigins() async throws {
    for tls in [false, true] {
      try await withTestServer(tls: tls) { origin in
        try await withTestServer(tls: tls) { other in
          try await withTemporaryDirectory { dir in
            origin.route("/a") { _ in .redirect(302, to: other.url("/b")) }
            other.serve("/b", FileResource(content: content))
            try await withHarness(dir, trusting: tls ? testAuthorityFile.path : nil) { harness in
              let headers = [
                DownloadRequest.Header(name: "Authorization", value: "Bearer secret"),
                .init(name: "Cookie", value: "c=1"), .init(name: "X-Trace", value: "t"),
              ]
              let userURL = origin.url("/a").replacingOccurrences(
                of: "://", with: "://user:pw@")
              let (outcome, _) = try await harness.run(harness.request(userURL, headers: headers))
              assertCompleted(outcome, at: harness.path("file.bin"), equals: content)
              let first = try XCTUnwrap(origin.requests(for: "/a").first)
              XCTAssertEqual(first.header("Authorization"), "Bearer secret", "same origin: sent")
              XCTAssertEqual(first.header("Cookie"), "c=1")
              let second = try XCTUnwrap(other.requests(for: "/b").first)
              XCTAssertNil(second.header("Authorization"))
              XCTAssertNil(second.header("Cookie"))
              XCTAssertEqual(second.header("X-Trace"), "t", "other headers follow")
            }
          }
        }
      }
    }
  }

  func testURLCredentialsBecomeBasicAuthOnTheSameOriginOnly() async throws {
    for tls in [false, true] {
      try await withTestServer(tls: tls) { server in
        try await withTemporaryDirectory { dir in
          server.serve("/f", FileResource(content: content))
          try await withHarness(dir, trusting: tls ? testAuthorityFile.path : nil) { harness in
            let url = server.url("/f").replacingOccurrences(of: "://", with: "://user:pw@")
            let (outcome, _) = try await harness.run(harness.request(url))
            assertCompleted(outcome, at: harness.path("file.bin"), equals: content)
            XCTAssertEqual(
              server.requests(for: "/f").first?.header("Authorization"), "Basic dXNlcjpwdw==")
          }
        }
      }
    }
  }

  // Rule 15: a Content-Disposition name is a sanitised basename and never overwrites.
  func testContentDispositionNameIsSanitised() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        server.serve(
          "/f",
          FileResource(
            content: content, contentDisposition: "attachment; filename=\"../../evil\t.sh\""))
        try await withHarness(dir, server: server) { harness in
          let (outcome, updates) = try await harness.run(
            harness.request(server.url("/f"), to: "f", contentDisposition: true))
          assertCompleted(outcome, at: harness.path("evil.sh"), equals: content)
          XCTAssertTrue(updates.contains(.named(file: harness.file("evil.sh"))))
          XCTAssertFalse(FileManager.default.fileExists(atPath: harness.path("f")))
        }
      }
    }
  }

  func testContentDispositionNeverOverwrites() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        server.serve(
          "/f",
          FileResource(content: content, contentDisposition: "attachment; filename=\"keep.txt\""))
        try await withHarness(dir, server: server) { harness in
          try Data("mine".utf8).write(to: dir.file("keep.txt"))
          let (outcome, _) = try await harness.run(
            harness.request(server.url("/f"), to: "f", overwrite: true, contentDisposition: true))
          guard case .failed(let error) = outcome else { return XCTFail("\(outcome)") }
          XCTAssertEqual(error.kind, .fileExists)
          XCTAssertTrue(contents(harness.path("keep.txt")) == Array("mine".utf8), "contents(harness.path('keep.txt'))")
        }
      }
    }
  }

  func testExistingFileIsRefusedUnlessOverwriteIsAsked() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        server.serve("/f", FileResource(content: content))
        try await withHarness(dir, server: server) { harness in
          try Data("old".utf8).write(to: dir.file("file.bin"))
          XCTAssertThrowsError(try harness.client.prepareBlocking(harness.request(server.url("/f")))) {
            XCTAssertEqual(($0 as? HaulError)?.kind, .fileExists)
          }
          XCTAssertTrue(contents(harness.path("file.bin")) == Array("old".utf8), "contents(harness.path('file.bin'))")
          XCTAssertTrue(server.requests().isEmpty, "refused before any request")
          let (outcome, _) = try await harness.run(
            harness.request(server.url("/f"), overwrite: true))
          assertCompleted(outcome, at: harness.path("file.bin"), equals: content)
        }
      }
    }
  }

  // Pause and resume in the library lose no bytes; cancel deletes the partial and the record.
  func testPauseResumeAndCancel() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        let file = FileResource(content: content)
        server.serve("/f", file, bytesPerSecond: 2 << 20)
        try await withHarness(dir, server: server) { harness in
          let task = try await harness.client.download(harness.request(server.url("/f")))
          try await waitUntilReceived(task)
          try await task.pause()
          let paused = try await task.outcome()
          XCTAssertEqual(paused, .paused)
          let state = await task.state
          XCTAssertEqual(state, .paused)
          let durable = try harness.client.store.segments(of: task.id.rawValue).first?.next ?? 0
          XCTAssertGreaterThan(durable, 0, "pausing makes the received bytes durable")
          XCTAssertEqual(FileSystemSteps.size(of: harness.path("file.bin.part")), Int64(content.count), "preallocated")
          try await task.resume()
          let finished = try await task.outcome()
          assertCompleted(finished, at: harness.path("file.bin"), equals: content)
          // Guarded: an earlier failure must fail the test, not crash the test process on the index.
          let resumeRequest = try XCTUnwrap(server.requests(for: "/f").dropFirst().first, "the resume asked again")
          let resumedAt = try XCTUnwrap(resumeOffset(resumeRequest))
          XCTAssertEqual(resumedAt, durable, "resumed exactly where the durable bytes end")
          do {
            try await task.pause()
            XCTFail("pausing a completed download must be refused")
          } catch let error as HaulError where error.illegalTransition != nil {
            XCTAssertEqual(error.illegalTransition?.state, .completed)
          }

          server.clearRequests()
          let second = try await harness.client.download(
            harness.request(server.url("/f"), to: "second.bin"))
          try await waitUntilReceived(second)
          try await second.cancel()
          let cancelled = try await second.outcome()
          XCTAssertEqual(cancelled, .cancelled)
          XCTAssertFalse(FileManager.default.fileExists(atPath: harness.path("second.bin.part")))
          XCTAssertFalse(FileManager.default.fileExists(atPath: harness.path("second.bin")))
          XCTAssertNil(try harness.client.store.record(id: second.id.rawValue))
        }
      }
    }
  }

  // Rule 17: a record whose .part file is missing or short restarts from zero.
  func testRecordIsDistrustedWhenThePartFileIsShort() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        server.serve("/f", FileResource(content: content))
        try await withHarness(dir, server: server) { harness in
          let request = harness.request(server.url("/f"))
          try harness.seedInterrupted(request, etag: "\"v1\"", total: content.count, durable: 1_000_000)
          try Data(content[0..<1000]).write(to: dir.file("file.bin.part"))
          let (outcome, updates) = try await harness.run(request)
          assertCompleted(outcome, at: harness.path("file.bin"), equals: content)
          XCTAssertNil(
            server.requests(for: "/f").first?.header("Range"), "no resume from a short part file")
          XCTAssertEqual(restarts(updates).count, 1)
        }
      }
    }
  }

  func testDurableRecordResumesAcrossClients() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        server.serve("/f", FileResource(content: content))
        let request = try await withHarness(dir, server: server) { first in
          let request = first.request(server.url("/f"))
          try first.seedInterrupted(request, etag: "\"v1\"", total: content.count, durable: 700_000)
          // Bytes past the durable offset are garbage left by a crash: they must be fetched again.
          var part = Array(content[0..<700_000])
          part += [UInt8](repeating: 0xEE, count: 5000)
          try Data(part).write(to: dir.file("file.bin.part"))
          return request
        }
        try await withHarness(dir, server: server) { second in
          let (outcome, _) = try await second.run(request)
          assertCompleted(outcome, at: second.path("file.bin"), equals: content)
          XCTAssertEqual(server.requests(for: "/f").first?.header("Range"), "bytes=700000-")
        }
      }
    }
  }

  // Rule 8: a 416 proving the held bytes are the whole file completes it.
  func testUnsatisfiableRangeWithAllBytesHeldCompletes() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        server.serve("/f", FileResource(content: content))
        try await withHarness(dir, server: server) { harness in
          let request = harness.request(server.url("/f"))
          try harness.seedInterrupted(request, etag: "\"v1\"", total: content.count, durable: Int64(content.count))
          try Data(content).write(to: dir.file("file.bin.part"))
          let (outcome, _) = try await harness.run(request)
          assertCompleted(outcome, at: harness.path("file.bin"), equals: content)
          XCTAssertEqual(
            server.requests(for: "/f").map { $0.header("Range") }, ["bytes=\(content.count)-"])
        }
      }
    }
  }

  func testAnotherProcessHoldingThePartFileIsRefused() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        server.serve("/f", FileResource(content: content))
        try await withHarness(dir, server: server) { harness in
          let lock = try PartFile(path: harness.path("file.bin.part"))
          // flock locks are per open file description: a second open in this process conflicts like another process would.
          let (outcome, _) = try await harness.run(harness.request(server.url("/f")))
          guard case .failed(let error) = outcome else { return XCTFail("\(outcome)") }
          XCTAssertEqual(error.kind, .busy)
          withExtendedLifetime(lock) {}
        }
      }
    }
  }

  func testFetchIntoMemory() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        let small = deterministicBytes(count: 5000)
        server.serve("/small", FileResource(content: small))
        server.serve("/big", FileResource(content: content))
        server.route("/gone") { _ in .text(410, "gone") }
        try await withHarness(dir, server: server) { harness in
          let data = try await harness.client.fetch(URL(string: server.url("/small"))!)
          XCTAssertEqual([UInt8](data), small)
          do {
            _ = try await harness.client.fetch(
              URL(string: server.url("/big"))!, maximumBytes: 100_000)
            XCTFail("over the cap")
          } catch let error as HaulError {
            XCTAssertEqual(error.kind, .usage)
          }
          do {
            _ = try await harness.client.fetch(URL(string: server.url("/gone"))!)
            XCTFail("410")
          } catch let error as HaulError {
            XCTAssertEqual(error.httpStatus, 410)
          }
        }
      }
    }
  }

  func testStateDirectoryDefaults() {
    XCTAssertEqual(
      HaulConfiguration.haulCommandStateDirectory(environment: [
        "HAUL_STATE_DIR": "/s", "XDG_STATE_HOME": "/x", "HOME": "/h",
      ]).path, "/s")
    XCTAssertEqual(
      HaulConfiguration.haulCommandStateDirectory(environment: ["XDG_STATE_HOME": "/x", "HOME": "/h"]).path,
      "/x/haul")
    XCTAssertEqual(
      HaulConfiguration.haulCommandStateDirectory(environment: [
        "XDG_STATE_HOME": "relative", "HOME": "/h",
      ]).path, "/h/.local/state/haul")
    XCTAssertEqual(
      HaulConfiguration.haulCommandStateDirectory(environment: ["HOME": "/h"]).path, "/h/.local/state/haul")
  }

  // The library's default is the application's, never the haul command's: an app's downloads stay out of `haul list`.
  func testTheLibraryDefaultStateDirectoryIsTheApplications() {
    #if !canImport(Darwin)
      let environment = ["HAUL_STATE_DIR": "/s", "XDG_STATE_HOME": "/x", "HOME": "/h"]
      XCTAssertEqual(
        HaulConfiguration.applicationStateDirectory(environment: environment, application: "Photos").path,
        "/x/Photos/haulkit")
      XCTAssertEqual(
        HaulConfiguration.applicationStateDirectory(environment: ["HOME": "/h"], application: "Photos").path,
        "/h/.local/state/Photos/haulkit")
    #endif
    XCTAssertNotEqual(HaulConfiguration().stateDirectory, HaulConfiguration.haulCommandStateDirectory())
  }
}
