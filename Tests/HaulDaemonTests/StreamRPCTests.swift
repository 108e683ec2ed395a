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
        for _ in 0..<800 {
            let status = try fixture.call("aria2.tellStatus", [gid])
            if let done = Int(status["haulSegmentsDone"]?.stringValue ?? ""), done >= 1, done < stream.segmentNames.count {
                running = status
                break
            }
            try await Task.sleep(for: .milliseconds(25))
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
}
