import Foundation
import HaulTestSupport
import XCTest

/// A stream of byte ranges killed with `kill -9` and run again continues from its saved point when the file is the
/// version its saved parts came from, and starts over, saying so, when it changed in between (docs/hls.md,
/// "Byte ranges"; the decisions are `HLSByteRangeResume` and `HLSResourceVersions`).
extension HLSByteRangeCLITests {
    /// The ranges the playlist names, in order, as `Range` header values (`bytes=FIRST-LAST`).
    private func rangesOfThePlaylist(_ dir: TemporaryDirectory) throws -> [String] {
        let playlist = try String(contentsOf: dir.file("source/index.m3u8"), encoding: .utf8)
        return playlist.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("#EXT-X-BYTERANGE:") else { return nil }
            let parts = line.dropFirst("#EXT-X-BYTERANGE:".count).split(separator: "@").compactMap { Int64($0) }
            guard parts.count == 2 else { return nil }
            return "bytes=\(parts[1])-\(parts[1] + parts[0] - 1)"
        }
    }

    /// Starts `haul -x 1` while `first` serves the file, its fourth part crawling; waits until the fourth part is
    /// asked (the three before it are then written, flushed and recorded), kills it without warning, and has
    /// `later` serve the file from then on.
    private func killWhileTheFourthPartCrawls(
        server: TestServer, first: FileResource, later: FileResource, arguments: [String], in dir: TemporaryDirectory
    ) throws {
        let killed = Switch(on: false)
        server.route("/hls/stream.ts") { request in
            if killed.isOn { return later.response(for: request) }
            var response = first.response(for: request)
            if server.requests(for: "/hls/stream.ts").count >= 4 { response.bytesPerSecond = 2_000 }
            return response
        }
        let running = try HaulProcess(arguments, in: dir.url)
        XCTAssertTrue(waitUntil(timeout: 30) { server.requests(for: "/hls/stream.ts").count >= 4 }, "the fourth part is asked for")
        running.signal(SIGKILL)
        _ = running.finish()
        killed.isOn = true
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir.file("out/index.ts.part").path))
    }

    func testKilledHalfwayTheSameCommandFetchesOnlyTheMissingParts() async throws {
        try await withSingleFileStream { server, dir, whole in
            let ranges = try rangesOfThePlaylist(dir)
            XCTAssertGreaterThanOrEqual(ranges.count, 5, "ffmpeg cut the stream in parts")
            let file = FileResource(content: whole, etag: "\"v1\"")
            let arguments = ["--state-dir", dir.file("s").path, "-x", "1", "-d", dir.file("out").path, server.url("/hls/index.m3u8")]
            try killWhileTheFourthPartCrawls(server: server, first: file, later: file, arguments: arguments, in: dir)
            let askedBefore = server.requests(for: "/hls/stream.ts").count

            let again = try HaulProcess.run(arguments, in: dir.url)
            XCTAssertEqual(again.status, 0, again.stderr)
            XCTAssertTrue(again.stderr.contains("resuming: 3 of \(ranges.count) pieces already saved in index.ts.part"), again.stderr)
            XCTAssertFalse(again.stderr.contains("starting index.ts over"), again.stderr)
            let askedNow = server.requests(for: "/hls/stream.ts").dropFirst(askedBefore).map { $0.header("Range") ?? "none" }
            XCTAssertEqual(askedNow, Array(ranges.dropFirst(3)), "only the parts after the saved three are asked")
            XCTAssertTrue(contents(dir.file("out/index.ts")) == whole, "nothing added or dropped across the kill")
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file("out/index.ts.part").path))
        }
    }

    /// The file has another ETag (and other bytes) on the second run: its saved parts are of the old version, so
    /// the file starts over and says so; the result is the new version's parts, never a mix.
    func testAFileWhoseETagChangedBetweenRunsStartsOverAndSaysSo() async throws {
        try await withSingleFileStream { server, dir, whole in
            let ranges = try rangesOfThePlaylist(dir)
            let newBytes = whole.map { $0 ^ 0x5A }
            let arguments = ["--state-dir", dir.file("s").path, "-x", "1", "-d", dir.file("out").path, server.url("/hls/index.m3u8")]
            try killWhileTheFourthPartCrawls(
                server: server, first: FileResource(content: whole, etag: "\"v1\""), later: FileResource(content: newBytes, etag: "\"v2\""),
                arguments: arguments, in: dir)
            let askedBefore = server.requests(for: "/hls/stream.ts").count

            let again = try HaulProcess.run(arguments, in: dir.url)
            XCTAssertEqual(again.status, 0, again.stderr)
            XCTAssertTrue(
                again.stderr.contains("stream.ts changed since the last run (another version than the saved parts); starting index.ts over"),
                again.stderr)
            XCTAssertTrue(contents(dir.file("out/index.ts")) == newBytes, "the new version's parts only, from the start")
            let askedNow = server.requests(for: "/hls/stream.ts").dropFirst(askedBefore).map { $0.header("Range") ?? "none" }
            XCTAssertEqual(Array(askedNow.suffix(ranges.count)), ranges, "every part asked again after the change")
        }
    }

    /// Without a strong validator the saved parts' version cannot be proven on a later run (a length is not a
    /// version): the file starts over and says why.
    func testAFileWithoutAStrongValidatorStartsOverAndSaysWhy() async throws {
        try await withSingleFileStream { server, dir, whole in
            let ranges = try rangesOfThePlaylist(dir)
            let file = FileResource(content: whole, etag: "W/\"weak\"")
            let arguments = ["--state-dir", dir.file("s").path, "-x", "1", "-d", dir.file("out").path, server.url("/hls/index.m3u8")]
            try killWhileTheFourthPartCrawls(server: server, first: file, later: file, arguments: arguments, in: dir)
            let askedBefore = server.requests(for: "/hls/stream.ts").count

            let again = try HaulProcess.run(arguments, in: dir.url)
            XCTAssertEqual(again.status, 0, again.stderr)
            XCTAssertTrue(again.stderr.contains("stream.ts has no strong validator"), again.stderr)
            XCTAssertTrue(again.stderr.contains("starting index.ts over"), again.stderr)
            XCTAssertTrue(contents(dir.file("out/index.ts")) == whole)
            XCTAssertEqual(server.requests(for: "/hls/stream.ts").count - askedBefore, ranges.count, "every part asked again")
        }
    }
}
