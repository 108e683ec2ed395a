import Foundation
import HaulTestSupport
import XCTest

/// Issue 53, point 7: `haul add URL.m3u8` queues a stream, and the queue (`haul resume`) saves it as one file, as
/// `haul URL.m3u8` does (docs/hls.md, "In the queue and the library").
final class HLSQueueCLITests: XCTestCase {
    func testAnAddedPlaylistIsSavedByTheQueueAsItsStream() async throws {
        try await HLSStreamFixture.served(.mpegTS) { stream, server, dir in
            let (state, out) = (dir.file("s").path, dir.file("out"))
            let added = try HaulProcess.run(["add", "--state-dir", state, "-d", out.path, server.url("/hls/\(stream.playlistName)")], in: dir.url)
            XCTAssertEqual(added.status, 0, added.stderr)
            XCTAssertEqual(server.requests(for: "/hls/\(stream.playlistName)").count, 0, "add only queues")
            let resumed = try HaulProcess.run(["resume", "--state-dir", state, "-q"], in: dir.url)
            XCTAssertEqual(resumed.status, 0, resumed.stderr)
            let saved = out.appendingPathComponent("index.ts")
            XCTAssertEqual(contents(saved), try stream.expectedBytes(), "the segments concatenated in order")
            XCTAssertFalse(FileManager.default.fileExists(atPath: out.appendingPathComponent(stream.playlistName).path), "not the playlist's text")
            XCTAssertFalse(FileManager.default.fileExists(atPath: saved.path + ".part"))
            for name in stream.pieceNames {
                XCTAssertEqual(server.requests(for: "/hls/\(name)").count, 1, "\(name) fetched once")
            }
            let listed = try HaulProcess.run(["list", "--state-dir", state, "--json"], in: dir.url)
            XCTAssertTrue(listed.stdout.contains("index.ts"), listed.stdout)
            XCTAssertTrue(listed.stdout.contains("completed"), listed.stdout)
        }
    }

    /// `haul add --hls-variant worst` (and `--hls-audio`) are kept with the download: `haul resume` saves that
    /// variant, the other never fetched; a value the direct mode refuses is refused in the same words (exit 2).
    func testAddKeepsTheChosenVariantForTheQueue() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                guard let master = try TestHLSMaster.make(in: dir.file("source")) else {
                    if ProcessInfo.processInfo.environment["CI"] == "true" { XCTFail("ffmpeg is not installed") }
                    throw XCTSkip("ffmpeg is not installed")
                }
                try master.low.serve(on: server)
                let (state, out) = (dir.file("s").path, dir.file("out"))
                let url = server.url(TestHLSMaster.playlistPath)
                let bad = try HaulProcess.run(["add", "--state-dir", state, "--hls-variant", "sharpest", url], in: dir.url)
                XCTAssertEqual(bad.status, 2, bad.stderr)
                XCTAssertTrue(bad.stderr.contains("--hls-variant must be best, worst, a height such as 720p, or a bandwidth in bit/s; 'sharpest' is none of these"), bad.stderr)
                let added = try HaulProcess.run(["add", "--state-dir", state, "-d", out.path, "--hls-variant", "worst", "--hls-audio", "en", url], in: dir.url)
                XCTAssertEqual(added.status, 0, added.stderr)
                let resumed = try HaulProcess.run(["resume", "--state-dir", state, "-q"], in: dir.url)
                XCTAssertEqual(resumed.status, 0, resumed.stderr)
                XCTAssertEqual(contents(out.appendingPathComponent("master.ts")), try master.low.expectedBytes(), "the worst variant")
                XCTAssertTrue(server.requests(for: "/hls/high.m3u8").isEmpty, "the best variant is never fetched")
                XCTAssertTrue(master.high.segmentNames.allSatisfy { server.requests(for: "/hls/\($0)").isEmpty })
            }
        }
    }

    /// Folder rules place a stream by its own name and type (`NAME.ts`, `video/mp2t`), as they place a file, in the
    /// direct mode and in the queue: a `*.ts` rule moved nothing (the rules saw only `index.m3u8`), and a rule that
    /// matched the playlist's name sent the stream into a directory nobody made (the download failed).
    func testFolderRulesPlaceAStreamByItsOwnNameAndType() async throws {
        try await HLSStreamFixture.served(.mpegTS) { stream, server, dir in
            let work = dir.file("work")
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
            let url = server.url("/hls/\(stream.playlistName)")
            let direct = try HaulProcess.run(["--state-dir", dir.file("s").path, "-q", "--folder-rule", "*.ts=videos", url], in: work)
            XCTAssertEqual(direct.status, 0, direct.stderr)
            XCTAssertEqual(contents(work.appendingPathComponent("videos/index.ts")), try stream.expectedBytes())
            let playlists = try HaulProcess.run(["--state-dir", dir.file("s").path, "-q", "--folder-rule", "*.m3u8=lists", url], in: work)
            XCTAssertEqual(playlists.status, 0, playlists.stderr)
            XCTAssertEqual(contents(work.appendingPathComponent("index.ts")), try stream.expectedBytes(), "a stream is no playlist")

            let state = dir.file("q").path
            let added = try HaulProcess.run(["add", "--state-dir", state, "--folder-rule", "video/mp2t=by-type", url], in: work)
            XCTAssertEqual(added.status, 0, added.stderr)
            let resumed = try HaulProcess.run(["resume", "--state-dir", state, "-q"], in: work)
            XCTAssertEqual(resumed.status, 0, resumed.stderr)
            XCTAssertEqual(contents(work.appendingPathComponent("by-type/index.ts")), try stream.expectedBytes())
        }
    }

    /// A playlist under another name (`/hls/manifest`) is a file to the queue until its answer is in: then its
    /// `#EXTM3U` start makes it a stream, saved beside it as `manifest.ts`, the playlist's text removed, and stored as
    /// a stream. It was saved as the playlist's text.
    func testAPlaylistUnderAnotherNameBecomesItsStreamInTheQueue() async throws {
        try await HLSStreamFixture.served(.mpegTS) { stream, server, dir in
            let playlist = try Data(contentsOf: stream.directory.appendingPathComponent(stream.playlistName))
            server.serve("/hls/manifest", FileResource(content: [UInt8](playlist)))
            let (state, out) = (dir.file("s").path, dir.file("out"))
            let added = try HaulProcess.run(["add", "--state-dir", state, "-d", out.path, server.url("/hls/manifest")], in: dir.url)
            XCTAssertEqual(added.status, 0, added.stderr)
            let resumed = try HaulProcess.run(["resume", "--state-dir", state], in: dir.url)
            XCTAssertEqual(resumed.status, 0, resumed.stderr)
            XCTAssertEqual(resumed.stderr.components(separatedBy: "saving as").count - 1, 1, "the stream's name said once: \(resumed.stderr)")
            XCTAssertEqual(contents(out.appendingPathComponent("manifest.ts")), try stream.expectedBytes(), "the segments, in order")
            XCTAssertFalse(FileManager.default.fileExists(atPath: out.appendingPathComponent("manifest").path), "not the playlist's text")
            for name in stream.pieceNames {
                XCTAssertEqual(server.requests(for: "/hls/\(name)").count, 1, "\(name) fetched once")
            }
            let listed = try HaulProcess.run(["list", "--state-dir", state, "--json"], in: dir.url)
            XCTAssertTrue(listed.stdout.contains("manifest.ts"), listed.stdout)
        }
    }
}
