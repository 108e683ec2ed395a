import Foundation
import HaulTestSupport
import XCTest

/// Live playlists (issue 53, point 6; docs/hls.md "Live playlists"): a playlist without `EXT-X-ENDLIST`, served by
/// the test server as a window that moves on by one segment at each reload, is recorded from three segments before
/// its live edge until it ends, `--hls-duration` is recorded, or Ctrl-C; each time the file is whole segments in
/// order that ffprobe reads.
final class HLSLiveCLITests: XCTestCase {
    /// Serves `/hls/live.m3u8` over the VOD `stream`'s segments: the first answer shows segments 0...3, each later
    /// one a segment more (a window of four), `EXT-X-ENDLIST` with the last when `ends`, else the last forever.
    private func serveLive(_ stream: HLSStreamFixture, on server: TestServer, ends: Bool = true) throws -> [String] {
        try serveLive(stream.directory.appendingPathComponent(stream.playlistName), at: "/hls/live.m3u8", on: server, ends: ends)
    }

    /// Serves the VOD `playlist`'s segments as a live window at `route`, as above.
    private func serveLive(_ playlist: URL, at route: String, on server: TestServer, ends: Bool = true) throws -> [String] {
        let text = try String(contentsOf: playlist, encoding: .utf8)
        var segments: [(info: String, name: String)] = []
        var info = ""
        for line in text.split(separator: "\n").map(String.init) {
            if line.hasPrefix("#EXTINF") { info = line } else if !line.hasPrefix("#"), !line.isEmpty { segments.append((info, line)) }
        }
        let reloads = Counter()
        let listed = segments
        server.route(route) { _ in
            let last = min(3 + reloads.next(), listed.count - 1)
            let first = max(0, last - 3)
            var body = "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:1\n#EXT-X-MEDIA-SEQUENCE:\(first)\n"
            for segment in listed[first...last] { body += "\(segment.info)\n\(segment.name)\n" }
            if ends, last == listed.count - 1 { body += "#EXT-X-ENDLIST\n" }
            return TestResponse(status: 200, headers: [("Content-Type", "application/vnd.apple.mpegurl")], body: Array(body.utf8))
        }
        return segments.map(\.name)
    }

    private func bytes(of names: ArraySlice<String>, in stream: HLSStreamFixture) throws -> [UInt8] {
        try names.flatMap { [UInt8](try Data(contentsOf: stream.directory.appendingPathComponent($0))) }
    }

    func testALivePlaylistIsRecordedFromNearItsEdgeUntilItEnds() async throws {
        try await HLSStreamFixture.served(.mpegTS, seconds: 7) { stream, server, dir in
            let names = try serveLive(stream, on: server)
            let result = try HaulProcess.run(["--state-dir", dir.file("s").path, "-d", "out", server.url("/hls/live.m3u8")], in: dir.url)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertTrue(result.stderr.contains("(live; the stream ended)"), result.stderr)
            let saved = dir.file("out/live.ts")
            XCTAssertTrue(contents(saved) == (try bytes(of: names[1...], in: stream)),
                          "from the third segment before the first edge (1 of 0...3) to the last, each once, in order")
            XCTAssertNotNil(try HLSTools.probedDuration(saved.path), "ffprobe reads it")
            XCTAssertEqual(Set(try HLSTools.probedStreams(saved.path)), ["video", "audio"])
            for name in names[1...] { XCTAssertEqual(server.requests(for: "/hls/\(name)").count, 1, name) }
            XCTAssertEqual(server.requests(for: "/hls/\(names[0])").count, 0, "before the start")
            XCTAssertEqual(server.requests(for: "/hls/live.m3u8").count, names.count - 3, "one reload a new segment")
        }
    }

    func testHLSDurationRecordsThatMuchAndStops() async throws {
        try await HLSStreamFixture.served(.mpegTS, seconds: 7) { stream, server, dir in
            let names = try serveLive(stream, on: server, ends: false)
            let result = try HaulProcess.run(
                ["--state-dir", dir.file("s").path, "-o", "rec.ts", "--hls-duration", "4s", server.url("/hls/live.m3u8")], in: dir.url)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertTrue(result.stderr.contains("(live; the time asked for is recorded)"), result.stderr)
            XCTAssertTrue(contents(dir.file("rec.ts")) == (try bytes(of: names[1...4], in: stream)), "four one-second segments")
            let duration = try XCTUnwrap(try HLSTools.probedDuration(dir.file("rec.ts").path))
            XCTAssertEqual(duration, 4, accuracy: 1)
        }
    }

    func testAnUnreadableDurationIsAUsageError() throws {
        try withTemporaryDirectorySync { dir in
            let result = try HaulProcess.run(["--hls-duration", "ten minutes", "http://127.0.0.1:9/live.m3u8"], in: dir.url)
            XCTAssertEqual(result.status, 2)
            XCTAssertTrue(result.stderr.contains("--hls-duration must be a playing time such as 90s, 10m or 1h30m"), result.stderr)
        }
    }

    /// Ctrl-C stops the recording: the segments in are saved under the final name as a playable file, and the
    /// run exits 130 (interrupted) saying so.
    func testCtrlCStopsTheRecordingAndSavesAPlayableFile() async throws {
        try await HLSStreamFixture.served(.mpegTS, seconds: 7) { stream, server, dir in
            let names = try serveLive(stream, on: server, ends: false)
            let running = try HaulProcess(["--state-dir", dir.file("s").path, "-o", "rec.ts", "--progress", "lines", server.url("/hls/live.m3u8")], in: dir.url)
            let part = dir.file("rec.ts.part").path
            XCTAssertTrue(waitUntil(timeout: 30) { server.requests(for: "/hls/live.m3u8").count >= 2 && ((try? FileManager.default.attributesOfItem(atPath: part)[.size] as? Int) ?? 0) > 0 })
            running.signal(SIGINT)
            let result = running.finish(timeout: 30)
            XCTAssertEqual(result.status, 130, result.stderr)
            XCTAssertTrue(result.stderr.contains("(live; recording stopped)"), result.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: part))
            let saved = contents(dir.file("rec.ts"))
            let recorded = (4...names.count).first { (try? bytes(of: names[1..<$0], in: stream)) == saved }
            XCTAssertNotNil(recorded, "whole segments from the start, in order (\(saved?.count ?? 0) bytes)")
            XCTAssertNotNil(try HLSTools.probedDuration(dir.file("rec.ts").path), "ffprobe reads it")
        }
    }

    /// On a terminal, `q` stops the recording the same way, and the bar said how far it was while it recorded.
    func testQOnTheTerminalStopsTheRecordingAndSaves() async throws {
        try await HLSStreamFixture.served(.mpegTS, seconds: 7) { stream, server, dir in
            _ = try serveLive(stream, on: server, ends: false)
            let session = try TerminalSession(["--state-dir", dir.file("s").path, "-o", "rec.ts", server.url("/hls/live.m3u8")], in: dir.url)
            defer { session.hangUp() }
            XCTAssertTrue(session.waitFor("recording live: "), TerminalSession.visible(session.output))
            XCTAssertTrue(waitUntil(timeout: 30) { server.requests(for: "/hls/live.m3u8").count >= 2 })
            session.type("q")
            let result = session.finish()
            let shown = TerminalSession.visible(result.output)
            XCTAssertEqual(result.status, 130, shown)
            XCTAssertTrue(shown.contains("(live; recording stopped)"), shown)
            XCTAssertNotNil(try HLSTools.probedDuration(dir.file("rec.ts").path), "ffprobe reads it")
        }
    }
}

extension HLSLiveCLITests {
    /// A live master (`/hls/live.m3u8`) whose one variant (`live_0.m3u8`) has its audio as a separate rendition
    /// (`live_1.m3u8`), both live windows over 7 s of ffmpeg's segments (`s_0_N.ts` the video's, `s_1_N.ts` the
    /// audio's); `body` gets the server, the directory and the two playlists' segment names.
    private func withLiveAudio(_ body: (TestServer, TemporaryDirectory, [String], [String]) throws -> Void) async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                let source = dir.file("source")
                try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
                let ffmpeg = try requireInstalled(HLSTools.path("ffmpeg"), package: "ffmpeg")
                let made = try HLSTools.run(ffmpeg, [
                    "-nostdin", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc=duration=7:size=160x120:rate=10",
                    "-f", "lavfi", "-i", "sine=duration=7", "-map", "0:v", "-map", "1:a", "-c:v", "libx264", "-preset", "ultrafast",
                    "-g", "10", "-c:a", "aac", "-f", "hls", "-hls_time", "1", "-hls_playlist_type", "vod",
                    "-var_stream_map", "v:0,agroup:aud a:0,agroup:aud,default:yes,language:en",
                    "-hls_segment_filename", source.appendingPathComponent("s_%v_%d.ts").path, source.appendingPathComponent("s_%v.m3u8").path,
                ])
                XCTAssertEqual(made.status, 0, made.stderr)
                for name in try FileManager.default.contentsOfDirectory(atPath: source.path) {
                    server.serve("/hls/\(name)", FileResource(content: [UInt8](try Data(contentsOf: source.appendingPathComponent(name)))))
                }
                let video = try serveLive(source.appendingPathComponent("s_0.m3u8"), at: "/hls/live_0.m3u8", on: server)
                let audio = try serveLive(source.appendingPathComponent("s_1.m3u8"), at: "/hls/live_1.m3u8", on: server)
                let master = """
                    #EXTM3U
                    #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="English",DEFAULT=YES,LANGUAGE="en",URI="live_1.m3u8"
                    #EXT-X-STREAM-INF:BANDWIDTH=300000,RESOLUTION=160x120,AUDIO="aud"
                    live_0.m3u8

                    """
                server.serve("/hls/live.m3u8", FileResource(content: Array(master.utf8), contentType: "application/vnd.apple.mpegurl"))
                try body(server, dir, video, audio)
            }
        }
    }

    private func concatenated(_ names: ArraySlice<String>, in dir: TemporaryDirectory) throws -> [UInt8] {
        try names.flatMap { [UInt8](try Data(contentsOf: dir.file("source/\($0)"))) }
    }

    /// Both live playlists are recorded by the live rules (from three segments before each edge to the end, each
    /// segment once), then muxed with ffmpeg: one file in which ffprobe sees the video and the audio.
    func testALiveVariantWithSeparateAudioRecordsBothAndMuxesThem() async throws {
        try await withLiveAudio { server, dir, video, audio in
            let result = try HaulProcess.run(["--state-dir", dir.file("s").path, "-d", "out", server.url("/hls/live.m3u8")], in: dir.url)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertTrue(result.stderr.contains("the separate audio was muxed into live.ts with ffmpeg"), result.stderr)
            XCTAssertTrue(result.stderr.contains("(live; the stream ended)"), result.stderr)
            let saved = dir.file("out/live.ts").path
            XCTAssertEqual(Set(try HLSTools.probedStreams(saved)), ["video", "audio"])
            XCTAssertEqual(try XCTUnwrap(try HLSTools.probedDuration(saved)), Double(video.count - 1), accuracy: 1.5)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.file("out").path), ["live.ts"], "nothing left beside it")
            for name in video[1...] + audio[1...] { XCTAssertEqual(server.requests(for: "/hls/\(name)").count, 1, name) }
            XCTAssertGreaterThan(server.requests(for: "/hls/live_1.m3u8").count, 1, "the audio playlist reloaded too")
        }
    }

    /// Without ffmpeg, the video takes the name and the audio is saved beside it, each exactly its live
    /// playlist's segments from three before the first edge to the end.
    func testALiveVariantWithSeparateAudioWithoutFFmpegSavesTheAudioBeside() async throws {
        try await withLiveAudio { server, dir, video, audio in
            let result = try HaulProcess.run(
                ["--state-dir", dir.file("s").path, "-d", "out", server.url("/hls/live.m3u8")], in: dir.url,
                environment: ["PATH": dir.file("no-programs-here").path])
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertTrue(result.stderr.contains("ffmpeg is not on PATH to mux it, so it is saved beside as live.audio.ts"), result.stderr)
            XCTAssertTrue(contents(dir.file("out/live.ts")) == (try concatenated(video[1...], in: dir)), "the video's segments")
            XCTAssertTrue(contents(dir.file("out/live.audio.ts")) == (try concatenated(audio[1...], in: dir)), "the audio's segments")
        }
    }
}

extension HLSLiveCLITests {
    /// Ctrl-C stops both recordings; what each recorded is muxed into one file ffprobe reads with both streams, and
    /// the run exits 130.
    func testCtrlCStopsALiveRecordingWithSeparateAudioAndMuxesWhatWasRecorded() async throws {
        try await withLiveAudio { server, dir, _, _ in
            let running = try HaulProcess(["--state-dir", dir.file("s").path, "-o", "rec.ts", server.url("/hls/live.m3u8")], in: dir.url)
            func length(_ name: String) -> Int { (try? FileManager.default.attributesOfItem(atPath: dir.file(name).path)[.size] as? Int) ?? 0 }
            XCTAssertTrue(waitUntil(timeout: 30) {
                server.requests(for: "/hls/live_1.m3u8").count >= 2 && length("rec.video.ts.part") > 0 && length("rec.audio.ts.part") > 0
            })
            running.signal(SIGINT)
            let result = running.finish(timeout: 30)
            XCTAssertEqual(result.status, 130, result.stderr)
            XCTAssertTrue(result.stderr.contains("(live; recording stopped)"), result.stderr)
            XCTAssertTrue(result.stderr.contains("the separate audio was muxed into rec.ts with ffmpeg"), result.stderr)
            XCTAssertEqual(Set(try HLSTools.probedStreams(dir.file("rec.ts").path)), ["video", "audio"])
            let left = try FileManager.default.contentsOfDirectory(atPath: dir.url.path).filter { $0.hasPrefix("rec.") }
            XCTAssertEqual(left, ["rec.ts"], "nothing left beside it")
        }
    }

    /// An audio segment that fails (a 404) stops the video's recording too: the run exits with the segment's
    /// failure (4), naming it, and each recording is saved beside the other, whole segments in order.
    func testAFailedAudioSegmentStopsBothAndKeepsWhatEachRecorded() async throws {
        try await withLiveAudio { server, dir, video, audio in
            server.removeRoute("/hls/\(audio[5])")
            let result = try HaulProcess.run(["--state-dir", dir.file("s").path, "-o", "rec.ts", server.url("/hls/live.m3u8")], in: dir.url)
            XCTAssertEqual(result.status, 4, result.stderr)
            XCTAssertTrue(result.stderr.contains("segment 5"), result.stderr)
            let savedAudio = try XCTUnwrap(contents(dir.file("rec.audio.ts")))
            XCTAssertTrue(savedAudio == (try concatenated(audio[1..<5], in: dir)), "the audio up to the failed segment")
            let savedVideo = try XCTUnwrap(contents(dir.file("rec.video.ts")))
            XCTAssertTrue((2...video.count).contains { (try? concatenated(video[1..<$0], in: dir)) == savedVideo }, "whole video segments in order")
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file("rec.ts").path), "nothing muxed")
        }
    }
}

/// A count that goes up by one at each `next()`, from 0, across threads.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func next() -> Int { lock.withLock { defer { value += 1 }; return value } }
}
