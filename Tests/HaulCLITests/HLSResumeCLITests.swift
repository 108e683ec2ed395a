import Foundation
import HaulTestSupport
import XCTest

/// A stream killed with `kill -9` and run again fetches only the segments it had not saved; a playlist that changed
/// in between starts the file over and says so (issue 53 point 5, docs/hls.md "Resume").
final class HLSResumeCLITests: XCTestCase {
    /// Starts `haul -x 1` on a stream whose fourth segment crawls, waits until the server is asked for it (the three
    /// before it are then written, flushed and recorded: with one segment at once the next starts only after the
    /// checkpoint), kills it without warning, and lets the fourth segment go at full speed again.
    private func killWhileTheFourthSegmentCrawls(
        _ stream: HLSStreamFixture, server: TestServer, arguments: [String], in directory: URL
    ) throws {
        let slow = Switch(on: true)
        let fourth = stream.pieceNames[3]
        let bytes = [UInt8](try Data(contentsOf: stream.directory.appendingPathComponent(fourth)))
        server.serve("/hls/\(fourth)", FileResource(content: bytes), bytesPerSecond: 2_000, while: slow)
        let running = try HaulProcess(arguments, in: directory)
        XCTAssertTrue(waitUntil(timeout: 30) { !server.requests(for: "/hls/\(fourth)").isEmpty }, "the fourth segment is asked for")
        running.signal(SIGKILL)
        _ = running.finish()
        slow.isOn = false
    }

    func testKilledHalfwayTheSameCommandFetchesOnlyTheMissingSegments() async throws {
        try await HLSStreamFixture.served(.mpegTS) { stream, server, dir in
            let arguments = ["--state-dir", dir.file("s").path, "-x", "1", "-d", dir.file("out").path, server.url("/hls/index.m3u8")]
            try killWhileTheFourthSegmentCrawls(stream, server: server, arguments: arguments, in: dir.url)
            XCTAssertTrue(FileManager.default.fileExists(atPath: dir.file("out/index.ts.part").path))

            let again = try HaulProcess.run(arguments, in: dir.url)
            XCTAssertEqual(again.status, 0, again.stderr)
            XCTAssertTrue(again.stderr.contains("resuming: 3 of \(stream.pieceNames.count) pieces already saved"), again.stderr)
            XCTAssertTrue(contents(dir.file("out/index.ts")) == (try stream.expectedBytes()), "nothing added or dropped across the kill")
            for (index, name) in stream.pieceNames.enumerated() {
                XCTAssertEqual(server.requests(for: "/hls/\(name)").count, index == 3 ? 2 : 1, "\(name): only the missing are asked again")
            }
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file("out/index.ts.part").path))
        }
    }

    func testAPlaylistThatChangedBetweenRunsStartsOverAndSaysSo() async throws {
        try await HLSStreamFixture.served(.mpegTS) { stream, server, dir in
            let source = stream.directory
            let arguments = ["--state-dir", dir.file("s").path, "-x", "1", "-d", dir.file("out").path, server.url("/hls/index.m3u8")]
            try killWhileTheFourthSegmentCrawls(stream, server: server, arguments: arguments, in: dir.url)

            // The playlist now names its segments from the second on: different pieces.
            let playlist = try String(contentsOf: source.appendingPathComponent("index.m3u8"), encoding: .utf8)
            var lines = playlist.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let first = try XCTUnwrap(lines.firstIndex(of: stream.pieceNames[0]))
            lines.removeSubrange((first - 1)...first)  // its #EXTINF and its URI
            let changed = lines.joined(separator: "\n")
            server.serve("/hls/index.m3u8", FileResource(content: Array(changed.utf8)))

            let again = try HaulProcess.run(arguments, in: dir.url)
            XCTAssertEqual(again.status, 0, again.stderr)
            XCTAssertTrue(again.stderr.contains("the playlist changed since the last run (different segments); starting index.ts over"), again.stderr)
            var expected: [UInt8] = []
            for name in stream.pieceNames.dropFirst() { expected += [UInt8](try Data(contentsOf: source.appendingPathComponent(name))) }
            XCTAssertTrue(contents(dir.file("out/index.ts")) == expected, "the new playlist's segments only, from the start")
            XCTAssertEqual(server.requests(for: "/hls/\(stream.pieceNames[1])").count, 2, "fetched again after the change")
        }
    }
}
