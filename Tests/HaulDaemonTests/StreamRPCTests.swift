import Foundation
import HaulDaemon
import HaulKit
import HaulTestSupport
import XCTest

/// Issue 53, point 7: `aria2.addUri` of an HLS playlist runs it as a stream (`NAME.ts`), and `tellStatus` reports
/// its lengths growing as segments arrive, with Haul's `haulSegmentsDone` / `haulSegments` (docs/daemon.md).
final class StreamRPCTests: XCTestCase {
    func testAddUriOfAPlaylistSavesTheStreamAndTellStatusCountsItsSegments() async throws {
        let fixture = try await DaemonFixture.start()
        guard let stream = try TestHLSStream.make(in: fixture.directory.file("source")) else {
            await fixture.stop()
            if ProcessInfo.processInfo.environment["CI"] == "true" { XCTFail("ffmpeg is not installed (.ci/run installs it)") }
            throw XCTSkip("ffmpeg is not installed")
        }
        let throttle = Switch(on: true)
        try stream.serve(on: fixture.server, segmentBytesPerSecond: 48 << 10, while: throttle)
        let expected = try stream.expectedBytes()
        let gid = try fixture.call("aria2.addUri", [[.string(fixture.server.url(TestHLSStream.playlistPath))], ["split": "1"]])
        // While it runs: some segments done, the lengths those of the segments so far and an estimate of the rest.
        var running: JSONValue?
        try await eventually(within: .seconds(20)) {
            let status = try fixture.call("aria2.tellStatus", [gid])
            guard let done = Int(status["haulSegmentsDone"]?.stringValue ?? ""), done >= 1, done < stream.segmentNames.count else {
                return false
            }
            running = status
            return true
        }
        let midway = try XCTUnwrap(running, "tellStatus never showed the segments done")
        XCTAssertEqual(midway["haulSegments"]?.stringValue, String(stream.segmentNames.count))
        let completedMidway = try XCTUnwrap(Int64(midway["completedLength"]?.stringValue ?? ""))
        let totalMidway = try XCTUnwrap(Int64(midway["totalLength"]?.stringValue ?? ""))
        XCTAssertGreaterThan(completedMidway, 0)
        XCTAssertGreaterThanOrEqual(totalMidway, completedMidway, "an estimated total, never below what is written")
        XCTAssertLessThan(completedMidway, Int64(expected.count))
        throttle.isOn = false
        try await fixture.wait(gid, for: "complete")
        let done = try fixture.call("aria2.tellStatus", [gid])
        XCTAssertEqual(done["completedLength"]?.stringValue, String(expected.count))
        XCTAssertEqual(done["totalLength"]?.stringValue, String(expected.count))
        XCTAssertEqual(done["haulSegmentsDone"]?.stringValue, String(stream.segmentNames.count))
        XCTAssertEqual(done["haulSegments"]?.stringValue, String(stream.segmentNames.count))
        XCTAssertEqual(done["files"]?.arrayValue?.first?["path"]?.stringValue, fixture.downloads + "/index.ts")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: fixture.downloads + "/index.ts")), Data(expected))
        XCTAssertFalse(FileManager.default.fileExists(atPath: fixture.downloads + "/index.m3u8"), "not the playlist's text")
        await fixture.stop()
    }

    func testAStreamsProgressPushCarriesItsSegments() throws {
        var notifier = Aria2Notifier()
        var progress = DownloadProgress(bytesDone: 300, totalBytes: 900)
        guard case .progress(let file)? = notifier.event(.progress(id: 2, progress)).first else { return XCTFail("no push") }
        XCTAssertNil(file["haulSegments"], "a file has no segments of a stream")
        progress.segmentsDone = 2
        progress.segmentsTotal = 6
        guard case .progress(let stream)? = notifier.event(.progress(id: 2, progress)).first else { return XCTFail("no push") }
        XCTAssertEqual(stream["haulSegmentsDone"], "2")
        XCTAssertEqual(stream["haulSegments"], "6")
    }

    func testTheSegmentFieldsAreThereOnlyForAStream() {
        var download = Aria2Download(id: 1, status: .active, url: "http://h/index.m3u8", path: "/d/index.ts", totalBytes: 900, bytesDone: 300)
        XCTAssertNil(Aria2StatusDictionary.status(download)["haulSegments"])
        download.segmentsDone = 2
        download.segmentsTotal = 6
        let status = Aria2StatusDictionary.status(download)
        XCTAssertEqual(status["haulSegmentsDone"], "2")
        XCTAssertEqual(status["haulSegments"], "6")
        XCTAssertEqual(Aria2StatusDictionary.status(download, keys: ["haulSegments"]), ["haulSegments": "6"])
    }

    /// `addUri` with Haul's `haul-hls-variant`: that variant is saved, the other never fetched; a value the command
    /// line refuses is refused in the same words, as a JSON-RPC error, and nothing is added.
    func testAddUriTakesTheVariantAndRefusesAnUnreadableOne() async throws {
        let fixture = try await DaemonFixture.start()
        guard let master = try TestHLSMaster.make(in: fixture.directory.file("source")) else {
            await fixture.stop()
            if ProcessInfo.processInfo.environment["CI"] == "true" { XCTFail("ffmpeg is not installed (.ci/run installs it)") }
            throw XCTSkip("ffmpeg is not installed")
        }
        try master.low.serve(on: fixture.server)
        let url = JSONValue.string(fixture.server.url(TestHLSMaster.playlistPath))
        let refused = try fixture.error("aria2.addUri", [[url], ["haul-hls-variant": "sharpest"]])
        XCTAssertEqual(refused, "haul-hls-variant must be best, worst, a height such as 720p, or a bandwidth in bit/s; 'sharpest' is none of these")
        XCTAssertEqual(try fixture.call("aria2.tellWaiting", [0, 10]).arrayValue?.count, 0, "nothing added")
        let gid = try fixture.call("aria2.addUri", [[url], ["haul-hls-variant": "worst", "haul-hls-audio": "en"]])
        try await fixture.wait(gid, for: "complete")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: fixture.downloads + "/master.ts")), Data(try master.low.expectedBytes()))
        XCTAssertTrue(fixture.server.requests(for: "/hls/high.m3u8").isEmpty, "the best variant is never fetched")
        XCTAssertTrue(master.high.segmentNames.allSatisfy { fixture.server.requests(for: "/hls/\($0)").isEmpty })
        await fixture.stop()
    }

    func testTheStreamOptionsAreRead() throws {
        let parsed = try Aria2Options.parseAdd(["haul-hls-variant": "720p", "haul-hls-audio": "de"])
        XCTAssertEqual(parsed.hlsVariant, .height(720))
        XCTAssertEqual(parsed.hlsAudioLanguage, "de")
        XCTAssertTrue(parsed.ignored.isEmpty, "Haul's own options are honoured, not ignored")
        let empty = try Aria2Options.parseAdd(["haul-hls-variant": "", "haul-hls-audio": ""])
        XCTAssertNil(empty.hlsVariant, "empty: the default, as for aria2's options")
        XCTAssertNil(empty.hlsAudioLanguage)
        XCTAssertThrowsError(try Aria2Options.parseAdd(["haul-hls-audio": "en\r\nX: y"]))
    }
}
