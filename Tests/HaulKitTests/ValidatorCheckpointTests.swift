import Foundation
import HaulCore
import HaulTestSupport
import XCTest

@testable import HaulKit

/// What the transfer learns about the file (validators, length, final URL) is stored with the first checkpoint
/// that counts bytes, in the same transaction, instead of in a transaction of its own when the head arrives: the
/// record never counts a byte without the validators that vouch for it, and a resume uses them.
final class ValidatorCheckpointTests: XCTestCase {
  private let content = deterministicBytes(count: 2 << 20, seed: 11)

  func testAPauseStoresTheValidatorsWithTheDurableBytes() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        server.serve("/f", FileResource(content: content, etag: "\"v7\""), bytesPerSecond: 2 << 20)
        try await withHarness(dir, server: server) { harness in
          let task = try await harness.client.download(harness.request(server.url("/f")))
          try await waitUntilReceived(task)
          try await task.pause()
          _ = try await task.outcome()
          // A second store on the same directory: what another process, or the next run, would read.
          let store = try DownloadStore(directory: dir.file("state").path)
          let record = try XCTUnwrap(store.record(id: task.id.rawValue))
          let durable = try store.segments(of: task.id.rawValue).reduce(Int64(0)) { $0 + ($1.next - $1.start) }
          XCTAssertGreaterThan(durable, 0)
          XCTAssertEqual(record.etag, "\"v7\"")
          XCTAssertEqual(record.totalBytes, Int64(content.count))
          XCTAssertEqual(record.finalURL, server.url("/f"))

          try await task.resume()
          assertCompleted(try await task.outcome(), at: harness.path("file.bin"), equals: content)
          let resumed = try XCTUnwrap(server.requests(for: "/f").last)
          XCTAssertEqual(resumeOffset(resumed), durable, "resumed with the stored validator, not restarted")
        }
      }
    }
  }
}
