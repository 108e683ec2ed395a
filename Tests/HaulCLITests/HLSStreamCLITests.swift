import Foundation
import HaulTestSupport
import XCTest

/// `haul URL.m3u8` saves the stream as one file (issue 53, docs/hls.md): checked two ways, ffprobe reads it with
/// the source's duration, and its bytes are the segments' bytes in order (decrypted by openssl for AES-128).
final class HLSStreamCLITests: XCTestCase {
    private func download(
        _ kind: HLSStreamFixture.Kind, twoHundredSegments: Bool = false, extra: [String] = [],
        check: (HLSStreamFixture, URL, TestServer) throws -> Void
    ) async throws {
        let size = twoHundredSegments ? HLSStreamFixture.twoHundredSegments : (seconds: 6, segmentSeconds: 1)
        try await HLSStreamFixture.served(kind, seconds: size.seconds, segmentSeconds: size.segmentSeconds) { stream, server, dir in
            let out = dir.file("out")
            let result = try HaulProcess.run(
                ["--state-dir", dir.file("s").path, "-d", out.path] + extra + [server.url("/hls/\(stream.playlistName)")], in: dir.url)
            XCTAssertEqual(result.status, 0, result.stderr)
            try check(stream, out, server)
        }
    }

    private func assertPlayable(_ path: String, seconds: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        let duration = try XCTUnwrap(try HLSTools.probedDuration(path), "ffprobe reads \(path)", file: file, line: line)
        XCTAssertEqual(duration, Double(seconds), accuracy: 1.0, "within one segment of the source's", file: file, line: line)
        XCTAssertEqual(Set(try HLSTools.probedStreams(path)), ["video", "audio"], file: file, line: line)
    }

    /// The issue's 200-segment VOD in MPEG-TS.
    func testAnMPEGTSStreamIsSavedAsOneTSFileWithEverySegmentOnceInOrder() async throws {
        try await download(.mpegTS, twoHundredSegments: true, extra: ["-x", "3"]) { stream, out, server in
            let saved = out.appendingPathComponent("index.ts")
            XCTAssertEqual(contents(saved), try stream.expectedBytes(), "the segments concatenated in order: nothing added or dropped")
            try assertPlayable(saved.path, seconds: stream.seconds)
            XCTAssertFalse(FileManager.default.fileExists(atPath: saved.path + ".part"))
            XCTAssertEqual(stream.pieceNames.count, 200)
            for name in stream.pieceNames {
                XCTAssertEqual(server.requests(for: "/hls/\(name)").count, 1, "\(name) fetched once")
            }
        }
    }

    /// A segment whose first answer ends before its `Content-Length` is not written short: it is asked again under
    /// the retry rules, and the file still holds every byte once.
    func testASegmentCutShortIsFetchedAgainAndNothingIsDropped() async throws {
        try await HLSStreamFixture.served(.mpegTS, seconds: 4) { stream, server, dir in
            let source = stream.directory
            let third = stream.pieceNames[2]
            let file = FileResource(content: [UInt8](try Data(contentsOf: source.appendingPathComponent(third))))
            let cut = Switch(on: true)
            server.route("/hls/\(third)") { request in
                var response = file.response(for: request)
                if cut.isOn {
                    cut.isOn = false
                    response.closeAfterBodyBytes = 100
                }
                return response
            }
            let out = dir.file("out")
            let result = try HaulProcess.run(["--state-dir", dir.file("s").path, "-d", out.path, server.url("/hls/index.m3u8")], in: dir.url)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(server.requests(for: "/hls/\(third)").count, 2, "the cut answer was not taken")
            XCTAssertTrue(contents(out.appendingPathComponent("index.ts")) == (try stream.expectedBytes()))
        }
    }

    /// The same 200 segments encrypted with AES-128 (`-hls_key_info_file`), decrypted as they arrive.
    func testAnAES128StreamIsDecryptedAndItsKeyFetchedOnce() async throws {
        try await download(.aes128, twoHundredSegments: true) { stream, out, server in
            XCTAssertEqual(stream.pieceNames.count, 200)
            let saved = out.appendingPathComponent("index.ts")
            let expected = try stream.expectedBytes()
            XCTAssertEqual(contents(saved)?.count, expected.count)
            XCTAssertTrue(contents(saved) == expected, "the segments decrypted by openssl, in order")
            try assertPlayable(saved.path, seconds: stream.seconds)
            XCTAssertEqual(server.requests(for: "/hls/key.bin").count, 1, "one key URI, fetched once")
        }
    }

    func testAnFMP4StreamIsSavedAsMP4WithItsInitSectionFirst() async throws {
        try await download(.fmp4) { stream, out, _ in
            let saved = out.appendingPathComponent("index.mp4")
            XCTAssertEqual(stream.pieceNames.first, "index-init.mp4")
            XCTAssertTrue(contents(saved) == (try stream.expectedBytes()), "init section, then the segments")
            try assertPlayable(saved.path, seconds: stream.seconds)
        }
    }

    func testAMasterPlaylistGivesItsHighestBandwidthVariant() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                let source = dir.file("source")
                try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
                let low = try HLSStreamFixture.make(.mpegTS, in: source, name: "low", seconds: 3)
                let high = try HLSStreamFixture.make(.mpegTS, in: source, name: "high", seconds: 4)
                let master = """
                    #EXTM3U
                    #EXT-X-STREAM-INF:BANDWIDTH=300000,RESOLUTION=160x120
                    low.m3u8
                    #EXT-X-STREAM-INF:BANDWIDTH=900000,RESOLUTION=320x240
                    high.m3u8
                    """
                try Data(master.utf8).write(to: source.appendingPathComponent("master.m3u8"))
                try low.serve(on: server)
                let out = dir.file("out")
                let result = try HaulProcess.run(["--state-dir", dir.file("s").path, "-d", out.path, server.url("/hls/master.m3u8")], in: dir.url)
                XCTAssertEqual(result.status, 0, result.stderr)
                XCTAssertTrue(contents(out.appendingPathComponent("master.ts")) == (try high.expectedBytes()))
                XCTAssertTrue(server.requests(for: "/hls/low.m3u8").isEmpty, "the other variant is not fetched")
                XCTAssertTrue(result.stderr.contains("variant 320x240, 900000 bit/s"), result.stderr)
            }
        }
    }

    /// `--progress json` gives, as pieces are written, the share done, the size estimated from the playing time,
    /// the speed and the time left (docs/hls.md, "Progress"); the last line is exact: 100 %, the file's size.
    func testTheProgressSaysTheShareTheSizeTheSpeedAndTheTimeLeft() async throws {
        try await HLSStreamFixture.served(.mpegTS) { stream, server, dir in
            let out = dir.file("out")
            let result = try HaulProcess.run(
                ["--state-dir", dir.file("s").path, "-d", out.path, "--progress", "json", "-x", "1",
                 server.url("/hls/\(stream.playlistName)")], in: dir.url)
            XCTAssertEqual(result.status, 0, result.stderr)
            let lines = result.stdout.split(separator: "\n").compactMap {
                (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
            }
            XCTAssertGreaterThanOrEqual(lines.count, stream.pieceNames.count, "a line per piece written:\n\(result.stdout)")
            for line in lines {
                for key in ["percent", "total", "totalIsEstimate", "speed", "eta"] {
                    XCTAssertNotNil(line[key], "\(key) in \(line)")
                }
            }
            let percents = lines.compactMap { $0["percent"] as? Int }
            XCTAssertEqual(percents, percents.sorted(), "the share done only grows")
            let middle = try XCTUnwrap(lines.first { ($0["percent"] as? Int ?? 0) > 0 && ($0["percent"] as? Int ?? 0) < 100 })
            XCTAssertEqual(middle["totalIsEstimate"] as? Bool, true)
            XCTAssertGreaterThan(middle["total"] as? Int ?? 0, middle["bytes"] as? Int ?? .max, "an estimate beyond what is written")
            let size = try XCTUnwrap(contents(out.appendingPathComponent("index.ts"))).count
            let last = try XCTUnwrap(lines.last)
            XCTAssertEqual(last["segmentsDone"] as? Int, stream.pieceNames.count)
            XCTAssertEqual(last["percent"] as? Int, 100)
            XCTAssertEqual(last["total"] as? Int, size)
            XCTAssertEqual(last["totalIsEstimate"] as? Bool, false)
            XCTAssertEqual(last["eta"] as? Int, 0)
        }
    }

    func testRefusedPlaylistsExitWithASentenceAndWriteNothing() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/page.m3u8", FileResource(content: Array("<!DOCTYPE html><html>Sign in</html>\n".utf8), contentType: "text/html"))
                server.serve("/local.m3u8", FileResource(content: Array("#EXTM3U\n#EXTINF:1,\nfile:///etc/passwd\n#EXT-X-ENDLIST\n".utf8)))
                server.serve("/drm.m3u8", FileResource(content: Array("#EXTM3U\n#EXT-X-KEY:METHOD=SAMPLE-AES,URI=\"skd://k\",KEYFORMAT=\"com.apple.streamingkeydelivery\"\n#EXTINF:1,\na.ts\n".utf8)))
                server.serve("/shortkey.m3u8", FileResource(content: Array("#EXTM3U\n#EXT-X-KEY:METHOD=AES-128,URI=\"k\"\n#EXTINF:1,\na.ts\n#EXT-X-ENDLIST\n".utf8)))
                server.serve("/k", FileResource(content: [1, 2, 3]))
                server.serve("/oddblocks.m3u8", FileResource(content: Array("#EXTM3U\n#EXT-X-KEY:METHOD=AES-128,URI=\"k16\"\n#EXTINF:1,\nodd.ts\n#EXT-X-ENDLIST\n".utf8)))
                server.serve("/k16", FileResource(content: [UInt8](repeating: 7, count: 16)))
                server.serve("/odd.ts", FileResource(content: [UInt8](repeating: 0x47, count: 100)))
                server.serve("/loop.m3u8", FileResource(content: Array("#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\nloop.m3u8\n".utf8)))
                server.serve("/missing.m3u8", FileResource(content: Array("#EXTM3U\n#EXTINF:1,\ngone.ts\n#EXT-X-ENDLIST\n".utf8)))
                let cases: [(String, Int32, String)] = [
                    ("/page.m3u8", 5, "gave an HTML page, not an HLS playlist"),
                    ("/local.m3u8", 5, "uses the scheme file:; only http and https are fetched"),
                    ("/drm.m3u8", 5, "protected by DRM"),
                    ("/shortkey.m3u8", 5, "is 3 bytes, not 16"),
                    ("/oddblocks.m3u8", 5, "does not decrypt with its AES-128 key (100 bytes, not a whole number of 16-byte blocks"),
                    ("/loop.m3u8", 5, "is itself a master playlist; haul follows one level"),
                    ("/missing.m3u8", 4, "segment 0 (\(server.url("/gone.ts"))): "),
                ]
                for (path, status, message) in cases {
                    let out = dir.file("out\(status)\(path.count)")
                    let result = try HaulProcess.run(["--state-dir", dir.file("s").path, "-d", out.path, server.url(path)], in: dir.url)
                    XCTAssertEqual(result.status, status, "\(path): \(result.stderr)")
                    XCTAssertTrue(result.stderr.contains(message), "\(path): \(result.stderr)")
                    let written = (try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? []
                    XCTAssertTrue(written.allSatisfy { $0.hasSuffix(".part") }, "\(path): no final file: \(written)")
                }
            }
        }
    }
}
