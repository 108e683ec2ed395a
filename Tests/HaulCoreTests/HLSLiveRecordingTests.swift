import Foundation
import XCTest

@testable import HaulCore

/// A live playlist's recording rules (`HLSLiveRecording`, docs/hls.md "Live playlists"): where it starts, what each
/// reload adds, when it reloads and when it ends.
final class HLSLiveRecordingTests: XCTestCase {
    /// A live window of the segments `first...last` (one second each), ended with `EXT-X-ENDLIST` when `ended`.
    private func window(_ first: Int, _ last: Int, ended: Bool = false, map: Bool = false) throws -> HLSMediaPlaylist {
        var text = "#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXT-X-MEDIA-SEQUENCE:\(first)\n"
        if map { text += "#EXT-X-MAP:URI=\"init.mp4\"\n" }
        for number in first...last { text += "#EXTINF:1,\ns\(number).ts\n" }
        if ended { text += "#EXT-X-ENDLIST\n" }
        return try HLSPlaylistParserTests.media(text)
    }

    private func names(_ take: HLSLiveRecording.Take) -> [String] { take.segments.map(\.url.lastPathComponent) }

    func testItStartsThreeSegmentsBeforeTheLiveEdgeThenTakesOnlyWhatIsNew() throws {
        var recording = HLSLiveRecording()
        XCTAssertEqual(names(recording.take(try window(0, 9))), ["s7.ts", "s8.ts", "s9.ts"])
        XCTAssertEqual(names(recording.take(try window(1, 10))), ["s10.ts"])
        XCTAssertEqual(names(recording.take(try window(3, 12))), ["s11.ts", "s12.ts"])
        XCTAssertEqual(recording.newest, 12)
        XCTAssertEqual(recording.secondsTaken, 6)
        XCTAssertNil(recording.end)
    }

    func testSegmentsThatLeftTheWindowBeforeAReloadAreCountedAsLost() throws {
        var recording = HLSLiveRecording()
        _ = recording.take(try window(0, 5))
        let take = recording.take(try window(10, 15))  // 6...9 slid away unseen
        XCTAssertEqual(take.lost, 4)
        XCTAssertEqual(names(take).first, "s10.ts")
    }

    func testTheEndListEndsItWithEverySegmentUpToIt() throws {
        var recording = HLSLiveRecording()
        _ = recording.take(try window(0, 5))
        XCTAssertEqual(names(recording.take(try window(2, 8, ended: true))), ["s6.ts", "s7.ts", "s8.ts"])
        XCTAssertEqual(recording.end, .streamEnded)
        XCTAssertEqual(recording.take(try window(2, 9, ended: true)).segments, [], "nothing after the end")
    }

    /// A playlist that already ended when first read is taken whole (it is a finished stream, not a live edge).
    func testAPlaylistEndedAtTheFirstReadIsTakenWhole() throws {
        var recording = HLSLiveRecording()
        XCTAssertEqual(recording.take(try window(0, 5, ended: true)).segments.count, 6)
        XCTAssertEqual(recording.end, .streamEnded)
    }

    func testTheTimeLimitStopsAtTheSegmentThatReachesIt() throws {
        var recording = HLSLiveRecording(limitSeconds: 4.5)
        XCTAssertEqual(names(recording.take(try window(0, 9))), ["s7.ts", "s8.ts", "s9.ts"])
        XCTAssertNil(recording.end)
        XCTAssertEqual(names(recording.take(try window(2, 14))), ["s10.ts", "s11.ts"], "3 s + 2 s reaches 4.5 s")
        XCTAssertEqual(recording.end, .durationReached)
        XCTAssertEqual(recording.secondsTaken, 5)
    }

    func testAPlaylistThatStopsGrowingEndsAfterTheStalledReloads() throws {
        var recording = HLSLiveRecording()
        _ = recording.take(try window(0, 5))
        for _ in 1..<HLSLiveRecording.stalledReloads {
            XCTAssertTrue(recording.take(try window(0, 5)).segments.isEmpty)
            XCTAssertNil(recording.end)
        }
        _ = recording.take(try window(0, 5))
        XCTAssertEqual(recording.end, .stalled)
    }

    func testAReloadThatGrewResetsTheStalledCount() throws {
        var recording = HLSLiveRecording()
        _ = recording.take(try window(0, 5))
        for _ in 1..<HLSLiveRecording.stalledReloads { _ = recording.take(try window(0, 5)) }
        _ = recording.take(try window(0, 6))
        XCTAssertEqual(recording.fruitlessReloads, 0)
        _ = recording.take(try window(0, 6))
        XCTAssertNil(recording.end)
    }

    /// RFC 8216 §6.3.4: a target duration after a reload that grew, half of one after one that did not.
    func testTheReloadWaitsATargetDurationOrHalfOfOne() {
        XCTAssertEqual(HLSLiveRecording.reloadDelay(targetDuration: 6, grew: true), 6)
        XCTAssertEqual(HLSLiveRecording.reloadDelay(targetDuration: 6, grew: false), 3)
        XCTAssertEqual(HLSLiveRecording.reloadDelay(targetDuration: 0, grew: true), 1, "at least a second")
        XCTAssertEqual(HLSLiveRecording.reloadDelay(targetDuration: 1, grew: false), 0.5)
    }

    /// The next part of a recording follows the init section already written: it is not fetched again.
    func testAReloadsPlanDoesNotRepeatTheInitSectionInForce() throws {
        var recording = HLSLiveRecording()
        let first = try HLSDownloadPlan(segments: recording.take(try window(0, 5, map: true)).segments, after: nil)
        XCTAssertEqual(first.pieces.map(\.isInitSection), [true, false, false, false])
        XCTAssertEqual(first.container, .fragmentedMP4)
        let next = try HLSDownloadPlan(segments: recording.take(try window(1, 7, map: true)).segments, after: first.lastMap)
        XCTAssertEqual(next.pieces.map(\.isInitSection), [false, false])
        XCTAssertEqual(next.container, .fragmentedMP4, "the container of the file it continues")
    }

    func testDurationsAsPeopleTypeThem() {
        XCTAssertEqual(DurationText.parse("90"), 90)
        XCTAssertEqual(DurationText.parse("90s"), 90)
        XCTAssertEqual(DurationText.parse("10m"), 600)
        XCTAssertEqual(DurationText.parse("1h30m"), 5400)
        XCTAssertEqual(DurationText.parse("1h0m15s"), 3615)
        XCTAssertEqual(DurationText.parse("2.5m"), 150)
        for bad in ["", "0", "0s", "m", "10x", "1m1h", "1m1m", "-5", "5 m", "inf", "1h-"] {
            XCTAssertNil(DurationText.parse(bad), bad)
        }
    }
}
