import Foundation
import HaulCore
import HaulTestSupport
import XCTest

/// A stream of `#EXT-X-BYTERANGE` pieces of one file (ffmpeg's `-hls_flags single_file`), saved as one file
/// (docs/hls.md, "Byte ranges"): each piece asked with `Range`, cut from a whole answer when the server ignores
/// ranges, and refused when the file changes between pieces.
final class HLSByteRangeCLITests: XCTestCase {
    /// ffmpeg's single-file stream in `DIR/source`: `index.m3u8` naming byte ranges of `stream.ts`; with
    /// `encrypted`, each range encrypted by itself with AES-128 (`-hls_key_info_file`, the key served at `/hls/key.bin`).
    func withSingleFileStream(encrypted: Bool = false, _ body: (TestServer, TemporaryDirectory, [UInt8]) async throws -> Void) async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                let source = dir.file("source")
                try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
                let ffmpeg = try requireInstalled(HLSTools.path("ffmpeg"), package: "ffmpeg")
                var encryption: [String] = []
                if encrypted {
                    let key = source.appendingPathComponent("key.bin")
                    try Data(deterministicBytes(count: 16, seed: 58)).write(to: key)
                    try Data("key.bin\n\(key.path)\n".utf8).write(to: source.appendingPathComponent("keyinfo.txt"))
                    encryption = ["-hls_key_info_file", source.appendingPathComponent("keyinfo.txt").path]
                    server.serve("/hls/key.bin", FileResource(content: [UInt8](try Data(contentsOf: key))))
                }
                let made = try HLSTools.run(ffmpeg, [
                    "-nostdin", "-loglevel", "error", "-y",
                    "-f", "lavfi", "-i", "testsrc=duration=6:size=160x120:rate=10", "-f", "lavfi", "-i", "sine=duration=6",
                    "-c:v", "libx264", "-preset", "ultrafast", "-g", "10", "-c:a", "aac",
                    "-f", "hls", "-hls_time", "1", "-hls_playlist_type", "vod", "-hls_flags", "single_file",
                ] + encryption + [
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

    /// Each range of an encrypted single-file stream decrypted by itself with openssl, in order.
    private func decryptedByOpenSSL(_ whole: [UInt8], in dir: TemporaryDirectory) throws -> [UInt8] {
        let playlist = [UInt8](try Data(contentsOf: dir.file("source/index.m3u8")))
        guard case .media(let media) = try HLSPlaylistParser.parse(playlist, url: URL(string: "http://fixture/hls/index.m3u8")!) else {
            throw XCTSkip("not a media playlist")
        }
        let key = [UInt8](try Data(contentsOf: dir.file("source/key.bin")))
        let openssl = try requireInstalled(HLSTools.path("openssl"), package: "openssl")
        let hex = { (bytes: [UInt8]) in bytes.map { String(format: "%02x", $0) }.joined() }
        var plain: [UInt8] = []
        for segment in media.segments {
            let range = try XCTUnwrap(segment.byteRange)
            let iv = try XCTUnwrap(segment.key).iv(forSequence: segment.sequence)
            try Data(whole[Int(range.offset)..<Int(range.offset + range.length)]).write(to: dir.file("part"))
            let result = try HLSTools.run(openssl, ["enc", "-d", "-aes-128-cbc", "-K", hex(key), "-iv", hex(iv), "-in", dir.file("part").path, "-out", dir.file("part.plain").path])
            XCTAssertEqual(result.status, 0, result.stderr)
            plain += [UInt8](try Data(contentsOf: dir.file("part.plain")))
        }
        return plain
    }

    /// An AES-128 stream of byte ranges: each range decrypted as it arrives (asked as a range), or once cut from
    /// the whole file a server that ignores ranges sends; both times the file is openssl's decryption of the ranges.
    func testAnEncryptedStreamOfByteRangesIsDecryptedRangeByRange() async throws {
        try await withSingleFileStream(encrypted: true) { server, dir, whole in
            let expected = try decryptedByOpenSSL(whole, in: dir)
            XCTAssertGreaterThan(expected.count, 0)
            server.serve("/hls/stream.ts", FileResource(content: whole))
            let ranged = try HaulProcess.run(["--state-dir", dir.file("s").path, "-d", dir.file("ranged").path, server.url("/hls/index.m3u8")], in: dir.url)
            XCTAssertEqual(ranged.status, 0, ranged.stderr)
            XCTAssertTrue(contents(dir.file("ranged/index.ts")) == expected, "the ranges decrypted by openssl, in order")
            XCTAssertTrue(server.requests(for: "/hls/stream.ts").allSatisfy { $0.header("Range") != nil })

            server.serve("/hls/stream.ts", FileResource(content: whole, acceptRanges: nil, honorsRanges: false))
            let cut = try HaulProcess.run(["--state-dir", dir.file("s").path, "-d", dir.file("cut").path, server.url("/hls/index.m3u8")], in: dir.url)
            XCTAssertEqual(cut.status, 0, cut.stderr)
            XCTAssertTrue(contents(dir.file("cut/index.ts")) == expected, "each range cut from the whole file, then decrypted")
            XCTAssertEqual(Set(try HLSTools.probedStreams(dir.file("cut/index.ts").path)), ["video", "audio"])
        }
    }
}
