import Foundation
import HaulTestSupport
import XCTest

/// A stream of `#EXT-X-BYTERANGE` pieces of one file (ffmpeg's `-hls_flags single_file`), saved as one file
/// (docs/hls.md, "Byte ranges"): each piece asked with `Range`, cut from a whole answer when the server ignores
/// ranges, and refused when the file changes between pieces.
final class HLSByteRangeCLITests: XCTestCase {
    /// ffmpeg's single-file stream in `DIR/source`: `index.m3u8` naming byte ranges of `stream.ts`.
    func withSingleFileStream(_ body: (TestServer, TemporaryDirectory, [UInt8]) async throws -> Void) async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                let source = dir.file("source")
                try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
                let ffmpeg = try requireInstalled(HLSTools.path("ffmpeg"), package: "ffmpeg")
                let made = try HLSTools.run(ffmpeg, [
                    "-nostdin", "-loglevel", "error", "-y",
                    "-f", "lavfi", "-i", "testsrc=duration=6:size=160x120:rate=10", "-f", "lavfi", "-i", "sine=duration=6",
                    "-c:v", "libx264", "-preset", "ultrafast", "-g", "10", "-c:a", "aac",
                    "-f", "hls", "-hls_time", "1", "-hls_playlist_type", "vod", "-hls_flags", "single_file",
                    "-hls_segment_filename", source.appendingPathComponent("stream.ts").path,
                    source.appendingPathComponent("index.m3u8").path,
                ])
                XCTAssertEqual(made.status, 0, made.stderr)
                let playlist = [UInt8](try Data(contentsOf: source.appendingPathComponent("index.m3u8")))
                XCTAssertTrue(String(decoding: playlist, as: UTF8.self).contains("#EXT-X-BYTERANGE:"), "ffmpeg wrote byte ranges")
                server.serve("/hls/index.m3u8", FileResource(content: playlist, contentType: "application/vnd.apple.mpegurl"))
                try await body(server, dir, [UInt8](try Data(contentsOf: source.appendingPathComponent("stream.ts"))))
            }
        }
    }

    func testEachPieceIsAskedAsItsRangeAndTheFileIsTheStreamsBytes() async throws {
        try await withSingleFileStream { server, dir, whole in
            server.serve("/hls/stream.ts", FileResource(content: whole))
            let out = dir.file("out")
            let result = try HaulProcess.run(["--state-dir", dir.file("s").path, "-x", "3", "-d", out.path, server.url("/hls/index.m3u8")], in: dir.url)
            XCTAssertEqual(result.status, 0, result.stderr)
            let saved = out.appendingPathComponent("index.ts")
            XCTAssertTrue(contents(saved) == whole, "the ranges put together in order are the file: nothing added or dropped")
            let requests = server.requests(for: "/hls/stream.ts")
            XCTAssertGreaterThanOrEqual(requests.count, 6)
            XCTAssertTrue(requests.allSatisfy { $0.header("Range")?.hasPrefix("bytes=") == true }, "every piece asked as a range")
            let duration = try XCTUnwrap(try HLSTools.probedDuration(saved.path))
            XCTAssertEqual(duration, 6, accuracy: 1.0)
        }
    }

    func testAServerThatIgnoresRangesGivesTheWholeFileAndEachPieceIsCutFromIt() async throws {
        try await withSingleFileStream { server, dir, whole in
            server.serve("/hls/stream.ts", FileResource(content: whole, acceptRanges: nil, honorsRanges: false))
            let out = dir.file("out")
            let result = try HaulProcess.run(["--state-dir", dir.file("s").path, "-d", out.path, server.url("/hls/index.m3u8")], in: dir.url)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertTrue(contents(out.appendingPathComponent("index.ts")) == whole)
        }
    }

    /// The file answers with another ETag after its first piece: the pieces would be of two versions, so the
    /// download stops with a sentence (exit 5) and no file gets the stream's name.
    func testAFileThatChangesBetweenPiecesIsRefusedNotStitched() async throws {
        try await withSingleFileStream { server, dir, whole in
            let first = FileResource(content: whole, etag: "\"v1\"")
            let later = FileResource(content: whole, etag: "\"v2\"")
            server.route("/hls/stream.ts") { request in
                server.requests(for: "/hls/stream.ts").count <= 1 ? first.response(for: request) : later.response(for: request)
            }
            let out = dir.file("out")
            let result = try HaulProcess.run(["--state-dir", dir.file("s").path, "-x", "1", "-d", out.path, server.url("/hls/index.m3u8")], in: dir.url)
            XCTAssertEqual(result.status, 5, result.stderr)
            XCTAssertTrue(result.stderr.contains("changed while the stream was fetched"), result.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: out.appendingPathComponent("index.ts").path))
        }
    }
}
