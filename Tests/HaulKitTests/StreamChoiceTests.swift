import Foundation
import HaulCore
@testable import HaulKit
import HaulTestSupport
import XCTest

/// A stream's choices in the queue and the library (docs/hls.md, "In the queue and the library"): the variant and
/// audio a `DownloadRequest` names, the name a taken file gives it (`NAME.1.ts`) and what a cancel then removes, and
/// the opt-out that saves a playlist's text (`savesPlaylistAsStream`).
final class StreamChoiceTests: ManagerTestCase {
  private func skipWithoutFFmpeg() throws -> Never {
    if ProcessInfo.processInfo.environment["CI"] == "true" { XCTFail("ffmpeg is not installed (.ci/run installs it)") }
    throw XCTSkip("ffmpeg is not installed")
  }

  func testTheRequestsVariantIsTheOneSavedAndTheOthersAreNeverFetched() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        guard let master = try TestHLSMaster.make(in: dir.file("source")) else { try skipWithoutFFmpeg() }
        try master.low.serve(on: server)
        try await withHarness(dir, server: server) { harness in
          let manager = manager(harness, maxConcurrent: 1)
          var request = harness.request(server.url(TestHLSMaster.playlistPath), to: "master.m3u8", connections: 2)
          request.hlsVariant = .worst
          let id = try await manager.add(request)
          await waitForState(manager, id, .completed)
          XCTAssertEqual(try Data(contentsOf: harness.file("master.ts")), Data(try master.low.expectedBytes()), "the worst variant's segments")
          XCTAssertTrue(server.requests(for: "/hls/high.m3u8").isEmpty, "the other variant is never fetched")
          XCTAssertTrue(master.high.segmentNames.allSatisfy { server.requests(for: "/hls/\($0)").isEmpty })
          await manager.shutdown()
        }
      }
    }
  }

  /// A language the variant does not offer fails the download with the direct mode's sentence: the request's
  /// language reaches `HLSDownload` (without it, the default audio would be taken and the download complete).
  func testTheRequestsAudioLanguageReachesTheStream() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        guard let master = try TestHLSMaster.make(in: dir.file("source")) else { try skipWithoutFFmpeg() }
        let text = """
          #EXTM3U
          #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",NAME="English",LANGUAGE="en",DEFAULT=YES,URI="low.m3u8"
          #EXT-X-STREAM-INF:BANDWIDTH=900000,AUDIO="a"
          high.m3u8

          """
        try Data(text.utf8).write(to: master.low.directory.appendingPathComponent("audio.m3u8"))
        try master.low.serve(on: server)
        try await withHarness(dir, server: server) { harness in
          let manager = manager(harness, maxConcurrent: 1)
          var request = harness.request(server.url("/hls/audio.m3u8"), to: "audio.m3u8", connections: 2)
          request.hlsAudioLanguage = "fr"
          let id = try await manager.add(request)
          await waitForState(manager, id, .failed)
          let failed = await manager.snapshot(id)
          XCTAssertTrue(failed?.errorMessage?.contains("no audio in 'fr' for this variant; it offers en") == true, "\(String(describing: failed?.errorMessage))")
          XCTAssertTrue(master.high.segmentNames.allSatisfy { server.requests(for: "/hls/\($0)").isEmpty }, "refused before fetching")
          await manager.shutdown()
        }
      }
    }
  }

  /// `NAME.ts` taken: the stream goes to `NAME.1.ts`, whose `.part` and saved point a cancel removes.
  func testACancelledStreamRenamedByTheConflictPolicyLeavesNothing() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        guard let stream = try TestHLSStream.make(in: dir.file("source")) else { try skipWithoutFFmpeg() }
        try stream.serve(on: server, segmentBytesPerSecond: 32 << 10)
        try await withHarness(dir, server: server) { harness in
          try Data("taken".utf8).write(to: harness.file("index.ts"))
          let manager = manager(harness, maxConcurrent: 1)
          var request = harness.request(server.url(TestHLSStream.playlistPath), to: "index.m3u8", connections: 1)
          request.onConflict = .rename
          let id = try await manager.add(request)
          await waitFor(manager, id) { event in
            if case .progress(_, let progress) = event { return (progress.segmentsDone ?? 0) >= 1 }
            return false
          }
          let part = harness.path("index.1.ts.part")
          XCTAssertTrue(FileManager.default.fileExists(atPath: part), "the stream is written under the free name")
          XCTAssertNotNil(try harness.client.store.hlsStreamPoint(partPath: part))
          try await manager.cancel(id)
          XCTAssertFalse(FileManager.default.fileExists(atPath: part))
          XCTAssertNil(try harness.client.store.hlsStreamPoint(partPath: part))
          XCTAssertEqual(try Data(contentsOf: harness.file("index.ts")), Data("taken".utf8), "the taken file is left alone")
          await manager.shutdown()
        }
      }
    }
  }

  /// `savesPlaylistAsStream: false`: the playlist's own text, fetched once, as any file; no segment.
  func testARequestThatOptsOutSavesThePlaylistsText() async throws {
    try await withScriptedServer { server in
      try await withTemporaryDirectory { dir in
        guard let stream = try TestHLSStream.make(in: dir.file("source")) else { try skipWithoutFFmpeg() }
        try stream.serve(on: server)
        try await withHarness(dir, server: server) { harness in
          let manager = manager(harness, maxConcurrent: 1)
          var request = harness.request(server.url(TestHLSStream.playlistPath), to: "index.m3u8", connections: 1)
          request.savesPlaylistAsStream = false
          let id = try await manager.add(request)
          await waitForState(manager, id, .completed)
          XCTAssertEqual(
            try Data(contentsOf: harness.file("index.m3u8")), try Data(contentsOf: stream.directory.appendingPathComponent("index.m3u8")))
          XCTAssertFalse(FileManager.default.fileExists(atPath: harness.path("index.ts")))
          XCTAssertTrue(stream.segmentNames.allSatisfy { server.requests(for: "/hls/\($0)").isEmpty }, "no segment fetched")
          await manager.shutdown()
        }
      }
    }
  }

  /// The choices are stored with the download (its JSON in the state database); a record from before they existed
  /// reads as the defaults.
  func testTheChoicesAreStoredAndOldRecordsReadAsTheDefaults() throws {
    var request = DownloadRequest(url: URL(string: "http://h/show.m3u8")!, destination: URL(fileURLWithPath: "/d/show.m3u8"))
    request.hlsVariant = .height(720)
    request.hlsAudioLanguage = "de"
    request.savesPlaylistAsStream = false
    let decoded = try JSONDecoder().decode(DownloadRequest.self, from: JSONEncoder().encode(request))
    XCTAssertEqual(decoded.hlsVariant, .height(720))
    XCTAssertEqual(decoded.hlsAudioLanguage, "de")
    XCTAssertFalse(decoded.savesPlaylistAsStream)
    XCTAssertFalse(decoded.isStream, "the opt-out makes it a file")
    let old = try JSONDecoder().decode(DownloadRequest.self, from: Data(#"{"url":"http://h/show.m3u8","destination":"/d/show.m3u8"}"#.utf8))
    XCTAssertEqual(old.hlsVariant, .best)
    XCTAssertNil(old.hlsAudioLanguage)
    XCTAssertTrue(old.savesPlaylistAsStream)
    XCTAssertTrue(old.isStream)
    let corrupt = #"{"url":"http://h/show.m3u8","destination":"/d/show.m3u8","hlsVariant":"sharpest"}"#
    XCTAssertThrowsError(try JSONDecoder().decode(DownloadRequest.self, from: Data(corrupt.utf8)))
  }
}
