import Foundation
import HaulCore
@testable import HaulKit
import HaulTestSupport
import XCTest

/// Issue 53, point 7: a `DownloadRequest` of an HLS playlist is a stream in the queue, as `haul URL.m3u8` is: its
/// segments saved as one file (`NAME.ts`), progress in bytes and segments, pause, restart and cancel as for a file.
final class StreamDownloadTests: ManagerTestCase {
  /// Makes the stream with ffmpeg (skipped without it locally, a failure on CI).
  private func stream(in dir: TemporaryDirectory) throws -> TestHLSStream {
    if let stream = try TestHLSStream.make(in: dir.file("source")) { return stream }
    if ProcessInfo.processInfo.environment["CI"] == "true" { XCTFail("ffmpeg is not installed (.ci/run installs it)") }
    throw XCTSkip("ffmpeg is not installed")
  }

  private func segmentCounts(_ events: [ManagerEvent]) -> [(done: Int, total: Int, bytes: Int64, totalBytes: Int64?)] {
    events.compactMap { event in
      guard case .progress(_, let progress) = event, let done = progress.segmentsDone, let total = progress.segmentsTotal else { return nil }
      return (done, total, progress.bytesDone, progress.totalBytes)
    }
  }

  func testAPlaylistInTheQueueIsSavedAsItsSegmentsInOneFile() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        let stream = try stream(in: dir)
        let throttle = Switch(on: true)
        try stream.serve(on: server, segmentBytesPerSecond: 200 << 10, while: throttle)
        let expected = try stream.expectedBytes()
        try await withHarness(dir, server: server) { harness in
          let manager = manager(harness, maxConcurrent: 2)
          let events = collect(await manager.events())
          let id = try await manager.add(harness.request(server.url(TestHLSStream.playlistPath), to: "index.m3u8", connections: 2))
          await waitForState(manager, id, .completed)
          XCTAssertEqual(try Data(contentsOf: harness.file("index.ts")), Data(expected), "the segments' bytes, in order, nothing else")
          XCTAssertFalse(FileManager.default.fileExists(atPath: harness.path("index.m3u8")), "not the playlist's text")
          XCTAssertFalse(FileManager.default.fileExists(atPath: harness.path("index.ts.part")))
          let held = await manager.snapshot(id)
          let snapshot = try XCTUnwrap(held)
          XCTAssertEqual(snapshot.destination.lastPathComponent, "index.ts")
          XCTAssertEqual(snapshot.totalBytes, Int64(expected.count))
          XCTAssertEqual(try harness.client.store.record(id: id.rawValue)?.destination, harness.path("index.ts"))
          await manager.shutdown()
          let counts = segmentCounts(await events.value)
          let last = try XCTUnwrap(counts.last, "progress carries the segments")
          XCTAssertEqual(last.done, stream.segmentNames.count)
          XCTAssertEqual(last.total, stream.segmentNames.count)
          XCTAssertEqual(last.bytes, Int64(expected.count))
          XCTAssertEqual(last.totalBytes, Int64(expected.count), "the total ends at the file's length")
          XCTAssertTrue(counts.contains { $0.done > 0 && $0.done < $0.total && $0.totalBytes != nil }, "an estimated total while it ran")
          XCTAssertEqual(server.requests(for: "/hls/index-0.ts").count, 1)
        }
      }
    }
  }

  /// Two downloads of one playlist into one directory (as two `addUri` calls make: the queue names them
  /// `index.m3u8` and `index.1.m3u8`) are two streams, `index.ts` and `index.1.ts`, running at once. They wrote one
  /// `index.ts.part` at the same time: one of them failed to rename it, and their bytes could have mixed.
  func testTwoDownloadsOfOnePlaylistAreTwoFiles() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        let stream = try stream(in: dir)
        let throttle = Switch(on: true)
        try stream.serve(on: server, segmentBytesPerSecond: 200 << 10, while: throttle)
        let expected = try stream.expectedBytes()
        try await withHarness(dir, server: server) { harness in
          let manager = manager(harness, maxConcurrent: 2)
          let first = try await manager.add(harness.request(server.url(TestHLSStream.playlistPath), to: "index.m3u8", connections: 2))
          let second = try await manager.add(harness.request(server.url(TestHLSStream.playlistPath), to: "index.1.m3u8", connections: 2))
          await waitForState(manager, first, .completed)
          await waitForState(manager, second, .completed)
          XCTAssertEqual(try Data(contentsOf: harness.file("index.ts")), Data(expected))
          XCTAssertEqual(try Data(contentsOf: harness.file("index.1.ts")), Data(expected))
          await manager.shutdown()
        }
      }
    }
  }

  /// Stopped by a shutdown after two segments, the next process's queue fetches only the missing ones.
  func testAStreamStoppedByAShutdownGoesOnFromItsSavedSegmentsAfterARestart() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        let stream = try stream(in: dir)
        let throttle = Switch(on: true)
        try stream.serve(on: server, segmentBytesPerSecond: 32 << 10, while: throttle)
        let expected = try stream.expectedBytes()
        var id = DownloadID(0)
        try await withHarness(dir, server: server) { harness in
          let manager = manager(harness, maxConcurrent: 1)
          id = try await manager.add(harness.request(server.url(TestHLSStream.playlistPath), to: "index.m3u8", connections: 1))
          await waitFor(manager, id) { event in
            if case .progress(_, let progress) = event { return (progress.segmentsDone ?? 0) >= 2 }
            return false
          }
          await manager.shutdown()
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir.file("index.ts.part").path), "the segments written are kept")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file("index.ts").path))
        throttle.isOn = false
        server.clearRequests()
        try await withHarness(dir, server: server) { harness in
          let manager = manager(harness, maxConcurrent: 1)
          _ = try await manager.restore()
          await waitForState(manager, id, .completed)
          XCTAssertEqual(try Data(contentsOf: harness.file("index.ts")), Data(expected))
          XCTAssertEqual(server.requests(for: "/hls/index-0.ts").count, 0, "a saved segment is not fetched again")
          XCTAssertEqual(server.requests(for: "/hls/index-1.ts").count, 0, "a saved segment is not fetched again")
          XCTAssertEqual(server.requests(for: "/hls/\(stream.segmentNames.last!)").count, 1)
          await manager.shutdown()
        }
      }
    }
  }

  /// A cancelled stream leaves no `.part` file and no saved point.
  func testACancelledStreamLeavesNothing() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        let stream = try stream(in: dir)
        try stream.serve(on: server, segmentBytesPerSecond: 32 << 10)
        try await withHarness(dir, server: server) { harness in
          let manager = manager(harness, maxConcurrent: 1)
          let id = try await manager.add(harness.request(server.url(TestHLSStream.playlistPath), to: "index.m3u8", connections: 1))
          await waitFor(manager, id) { event in
            if case .progress(_, let progress) = event { return (progress.segmentsDone ?? 0) >= 1 }
            return false
          }
          XCTAssertNotNil(try harness.client.store.hlsStreamPoint(partPath: harness.path("index.ts.part")))
          try await manager.cancel(id)
          XCTAssertFalse(FileManager.default.fileExists(atPath: harness.path("index.ts.part")))
          XCTAssertFalse(FileManager.default.fileExists(atPath: harness.path("index.ts")))
          XCTAssertNil(try harness.client.store.hlsStreamPoint(partPath: harness.path("index.ts.part")))
          await manager.shutdown()
        }
      }
    }
  }
}
