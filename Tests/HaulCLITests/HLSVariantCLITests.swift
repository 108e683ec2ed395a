import Foundation
import HaulTestSupport
import XCTest

/// Master playlists and playlists not named `.m3u8` (issue 53 points 1 and 2; docs/hls.md).
final class HLSVariantCLITests: XCTestCase {
    /// A master with a 3 s variant at 160x120 and a 4 s one at 320x240 (the size is only the playlist's word).
    private func withMaster(_ body: (TestServer, URL, HLSStreamFixture, HLSStreamFixture) throws -> Void) async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                let source = dir.file("source")
                try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
                let low = try HLSStreamFixture.make(.mpegTS, in: source, name: "low", seconds: 3)
                let high = try HLSStreamFixture.make(.mpegTS, in: source, name: "high", seconds: 4)
                let master = """
                    #EXTM3U
                    #EXT-X-STREAM-INF:BANDWIDTH=300000,RESOLUTION=160x120,CODECS="avc1.42c00d,mp4a.40.2"
                    low.m3u8
                    #EXT-X-STREAM-INF:BANDWIDTH=900000,RESOLUTION=320x240
                    high.m3u8
                    """
                try Data(master.utf8).write(to: source.appendingPathComponent("master.m3u8"))
                try low.serve(on: server)
                try body(server, dir.url, low, high)
            }
        }
    }

    func testHLSVariantChoosesAnotherVariant() async throws {
        try await withMaster { server, dir, low, _ in
            let out = dir.appendingPathComponent("out")
            let result = try HaulProcess.run(
                ["--state-dir", dir.appendingPathComponent("s").path, "-d", out.path, "--hls-variant", "worst", server.url("/hls/master.m3u8")], in: dir)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertTrue(contents(out.appendingPathComponent("master.ts")) == (try low.expectedBytes()))
            XCTAssertTrue(server.requests(for: "/hls/high.m3u8").isEmpty)
            let byHeight = try HaulProcess.run(
                ["--state-dir", dir.appendingPathComponent("s").path, "-o", "h.ts", "--hls-variant", "200p", server.url("/hls/master.m3u8")], in: dir)
            XCTAssertEqual(byHeight.status, 0, byHeight.stderr)
            XCTAssertTrue(contents(dir.appendingPathComponent("h.ts")) == (try low.expectedBytes()), "200p: the closest height below")
            let intoDirectory = try HaulProcess.run(
                ["--state-dir", dir.appendingPathComponent("s").path, "-o", "sub/", "--hls-variant", "300000", server.url("/hls/master.m3u8")], in: dir)
            XCTAssertEqual(intoDirectory.status, 0, intoDirectory.stderr)
            XCTAssertTrue(contents(dir.appendingPathComponent("sub/master.ts")) == (try low.expectedBytes()), "-o DIR/: named after the playlist")
        }
    }

    /// `--hls-variant` chooses for the playlists of an `-i` list as for those on the command line: a list's
    /// playlist is saved by the queue's stream transfer from its request's choice, which the list's lines now get
    /// from the command (`DownloadPlan.Extras`); before, they were saved from the best variant whatever was asked.
    func testHLSVariantReachesTheEntriesOfAList() async throws {
        try await withMaster { server, dir, low, _ in
            let list = dir.appendingPathComponent("list.txt")
            try Data((server.url("/hls/master.m3u8") + "\n").utf8).write(to: list)
            let out = dir.appendingPathComponent("out")
            let result = try HaulProcess.run(
                ["--state-dir", dir.appendingPathComponent("s").path, "-q", "-d", out.path, "--hls-variant", "worst", "-i", list.path], in: dir)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertTrue(contents(out.appendingPathComponent("master.ts")) == (try low.expectedBytes()), "the worst variant")
            XCTAssertTrue(server.requests(for: "/hls/high.m3u8").isEmpty, "the best variant is never fetched")
        }
    }

    func testHLSListPrintsTheVariantsAndDownloadsNothing() async throws {
        try await withMaster { server, dir, _, _ in
            let result = try HaulProcess.run(["--state-dir", dir.appendingPathComponent("s").path, "--hls-list", server.url("/hls/master.m3u8")], in: dir)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertTrue(result.stdout.contains("2 variants"), result.stdout)
            XCTAssertTrue(result.stdout.contains("  300000 bit/s  160x120  avc1.42c00d,mp4a.40.2  \(server.url("/hls/low.m3u8"))"), result.stdout)
            XCTAssertTrue(result.stdout.contains("* 900000 bit/s  320x240  -  \(server.url("/hls/high.m3u8"))"), "the default choice marked: \(result.stdout)")
            XCTAssertTrue(server.requests(for: "/hls/high.m3u8").isEmpty && server.requests(for: "/hls/high-0.ts").isEmpty)
            let bad = try HaulProcess.run(["--hls-variant", "sharpest", server.url("/hls/master.m3u8")], in: dir)
            XCTAssertEqual(bad.status, 2, bad.stderr)
            XCTAssertTrue(bad.stderr.contains("--hls-variant must be best, worst"), bad.stderr)
        }
    }

    func testAPlaylistWithoutTheM3U8EndingIsRecognisedByItsStart() async throws {
        try await HLSStreamFixture.served(.mpegTS, seconds: 3) { stream, server, dir in
            let source = stream.directory
            let playlist = [UInt8](try Data(contentsOf: source.appendingPathComponent("index.m3u8")))
            server.serve("/hls/watch", FileResource(content: playlist, contentType: "application/x-mpegURL"))
            let out = dir.file("out")
            let result = try HaulProcess.run(["--state-dir", dir.file("s").path, "-d", out.path, server.url("/hls/watch")], in: dir.url)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertTrue(contents(out.appendingPathComponent("watch.ts")) == (try stream.expectedBytes()))
            XCTAssertFalse(FileManager.default.fileExists(atPath: out.appendingPathComponent("watch").path), "the playlist's text is not kept")
        }
    }

    /// ffmpeg's master with a video variant per size in `videoSizes` (the first the largest, each of half the
    /// bandwidth of the one before) and their audio as separate renditions (`AUDIO="group_aud"`), one per language,
    /// the first the default: segments `s_0_N.ts` are the first video's, ..., then `s_V_N.ts` (V the number of
    /// videos) the first language's, and so on.
    private func withSeparateAudio(
        videoSizes: [String] = ["160x120"], languages: [String] = ["en"], _ body: (TestServer, URL, URL) throws -> Void
    ) async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                let source = dir.file("source")
                try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
                let ffmpeg = try requireInstalled(HLSTools.path("ffmpeg"), package: "ffmpeg")
                var inputs = ["-f", "lavfi", "-i", "testsrc=duration=3:size=\(videoSizes[0]):rate=10"]
                var maps: [String] = []
                var streamMap: [String] = []
                for (index, size) in videoSizes.enumerated() {
                    maps += ["-map", "0:v", "-s:v:\(index)", size, "-b:v:\(index)", "\(400 >> index)k"]
                    streamMap.append("v:\(index),agroup:aud")
                }
                for (index, language) in languages.enumerated() {
                    inputs += ["-f", "lavfi", "-i", "sine=duration=3:frequency=\(440 + 220 * index)"]
                    maps += ["-map", "\(index + 1):a"]
                    streamMap.append("a:\(index),agroup:aud\(index == 0 ? ",default:yes" : ""),language:\(language)")
                }
                let made = try HLSTools.run(ffmpeg, ["-nostdin", "-loglevel", "error"] + inputs + maps + [
                    "-c:v", "libx264", "-preset", "ultrafast",
                    "-g", "10", "-c:a", "aac", "-f", "hls", "-hls_time", "1", "-hls_playlist_type", "vod", "-master_pl_name", "master.m3u8",
                    "-var_stream_map", streamMap.joined(separator: " "),
                    "-hls_segment_filename", source.appendingPathComponent("s_%v_%d.ts").path, source.appendingPathComponent("s_%v.m3u8").path,
                ])
                XCTAssertEqual(made.status, 0, made.stderr)
                for name in try FileManager.default.contentsOfDirectory(atPath: source.path) {
                    server.serve("/hls/\(name)", FileResource(content: [UInt8](try Data(contentsOf: source.appendingPathComponent(name)))))
                }
                try body(server, dir.url, source)
            }
        }
    }

    /// `--hls-audio LANG` takes the variant's audio in that language, not its default; a language it does not offer
    /// is refused with the ones it does, exit 2, and nothing is written.
    func testHLSAudioChoosesTheLanguageAndRefusesOneNotOffered() async throws {
        try await withSeparateAudio(languages: ["en", "de"]) { server, dir, source in
            let out = dir.appendingPathComponent("out")
            let noFFmpeg = ["PATH": dir.appendingPathComponent("no-programs-here").path]
            let result = try HaulProcess.run(
                ["--state-dir", dir.appendingPathComponent("s").path, "-d", out.path, "--hls-audio", "DE", server.url("/hls/master.m3u8")],
                in: dir, environment: noFFmpeg)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertTrue(contents(out.appendingPathComponent("master.audio.ts")) == (try concatenated(source, prefix: "s_2_")), "the German audio")
            XCTAssertTrue(server.requests(for: "/hls/s_1.m3u8").isEmpty, "the default (English) audio is not fetched")

            let refusedOut = dir.appendingPathComponent("refused")
            let refused = try HaulProcess.run(
                ["--state-dir", dir.appendingPathComponent("s").path, "-d", refusedOut.path, "--hls-audio", "fr", server.url("/hls/master.m3u8")],
                in: dir, environment: noFFmpeg)
            XCTAssertEqual(refused.status, 2, refused.stderr)
            XCTAssertTrue(refused.stderr.contains("no audio in 'fr' for this variant; it offers en, de"), refused.stderr)
            XCTAssertEqual((try? FileManager.default.contentsOfDirectory(atPath: refusedOut.path)) ?? [], [])
        }
    }

    private func concatenated(_ source: URL, prefix: String) throws -> [UInt8] {
        let names = try FileManager.default.contentsOfDirectory(atPath: source.path).filter { $0.hasPrefix(prefix) && $0.hasSuffix(".ts") }
            .sorted { Int($0.dropFirst(prefix.count).dropLast(3))! < Int($1.dropFirst(prefix.count).dropLast(3))! }
        return try names.reduce(into: []) { $0 += [UInt8](try Data(contentsOf: source.appendingPathComponent($1))) }
    }

    func testSeparateAudioIsMuxedWithFFmpegWhenItIsOnPath() async throws {
        try await withSeparateAudio { server, dir, _ in
            let out = dir.appendingPathComponent("out")
            let result = try HaulProcess.run(["--state-dir", dir.appendingPathComponent("s").path, "-d", out.path, server.url("/hls/master.m3u8")], in: dir)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertTrue(result.stderr.contains("the separate audio was muxed into master.ts with ffmpeg"), result.stderr)
            XCTAssertEqual(Set(try HLSTools.probedStreams(out.appendingPathComponent("master.ts").path)), ["audio", "video"])
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out.path), ["master.ts"], "nothing left beside it")
        }
    }

    func testWithoutFFmpegTheAudioIsSavedBesideAndSaidSo() async throws {
        try await withSeparateAudio { server, dir, source in
            let out = dir.appendingPathComponent("out")
            let result = try HaulProcess.run(
                ["--state-dir", dir.appendingPathComponent("s").path, "-d", out.path, server.url("/hls/master.m3u8")], in: dir,
                environment: ["PATH": dir.appendingPathComponent("no-programs-here").path])
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertTrue(result.stderr.contains("ffmpeg is not on PATH to mux it, so it is saved beside as master.audio.ts"), result.stderr)
            XCTAssertTrue(contents(out.appendingPathComponent("master.ts")) == (try concatenated(source, prefix: "s_0_")))
            XCTAssertEqual(Set(try HLSTools.probedStreams(out.appendingPathComponent("master.ts").path)), ["video"], "the variant alone has no audio")
            XCTAssertTrue(contents(out.appendingPathComponent("master.audio.ts")) == (try concatenated(source, prefix: "s_1_")))
        }
    }

    /// The issue's master with three variants and a separate audio rendition: the highest bandwidth is taken with
    /// the audio muxed in (ffprobe sees both, the video at its size); `--hls-variant worst` takes the lowest with
    /// the same audio; the variants not chosen are never fetched.
    func testAMasterWithThreeVariantsAndSeparateAudioGivesTheChosenOneWithItsAudio() async throws {
        try await withSeparateAudio(videoSizes: ["320x240", "240x180", "160x120"]) { server, dir, source in
            let best = dir.appendingPathComponent("best")
            let result = try HaulProcess.run(["--state-dir", dir.appendingPathComponent("s").path, "-d", best.path, server.url("/hls/master.m3u8")], in: dir)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertTrue(result.stderr.contains("the separate audio was muxed into master.ts with ffmpeg"), result.stderr)
            let saved = best.appendingPathComponent("master.ts").path
            XCTAssertEqual(Set(try HLSTools.probedStreams(saved)), ["audio", "video"])
            let ffprobe = try requireInstalled(HLSTools.path("ffprobe"), package: "ffmpeg")
            let width = try HLSTools.run(ffprobe, ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width", "-of", "csv=p=0", saved])
            // (ffprobe says a stream of an MPEG-TS program twice: under the program, and under the file's streams.)
            XCTAssertEqual(Set(width.stdout.split(separator: "\n").map(String.init)), ["320"], "the highest-bandwidth variant")
            XCTAssertEqual(server.requests(for: "/hls/s_1.m3u8").count + server.requests(for: "/hls/s_2.m3u8").count, 0)

            let worst = dir.appendingPathComponent("worst")
            let lowest = try HaulProcess.run(
                ["--state-dir", dir.appendingPathComponent("s").path, "-d", worst.path, "--hls-variant", "worst", server.url("/hls/master.m3u8")],
                in: dir, environment: ["PATH": dir.appendingPathComponent("no-programs-here").path])
            XCTAssertEqual(lowest.status, 0, lowest.stderr)
            XCTAssertTrue(contents(worst.appendingPathComponent("master.ts")) == (try concatenated(source, prefix: "s_2_")), "the 160x120 video")
            XCTAssertTrue(contents(worst.appendingPathComponent("master.audio.ts")) == (try concatenated(source, prefix: "s_3_")), "its audio")
            XCTAssertTrue(server.requests(for: "/hls/s_1.m3u8").isEmpty, "the middle variant is never fetched")
        }
    }
}
