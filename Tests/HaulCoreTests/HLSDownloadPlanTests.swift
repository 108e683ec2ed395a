import Foundation
import HaulCore
import XCTest

/// The plan of pieces, the output's name and container, and the variant choice (docs/hls.md).
final class HLSDownloadPlanTests: XCTestCase {
    func testPiecesAreTheSegmentsInOrderWithTheirRangesAndIVs() throws {
        let playlist = try HLSPlaylistParserTests.media("""
        #EXTM3U
        #EXT-X-MEDIA-SEQUENCE:5
        #EXTINF:1,
        a.ts
        #EXT-X-KEY:METHOD=AES-128,URI="k"
        #EXTINF:2,
        #EXT-X-BYTERANGE:10@20
        b.ts
        #EXT-X-ENDLIST
        """)
        let plan = try HLSDownloadPlan(playlist: playlist)
        XCTAssertEqual(plan.container, .mpegTS)
        XCTAssertEqual(plan.pieces.map(\.index), [0, 1])
        XCTAssertEqual(plan.pieces.map(\.sequence), [5, 6])
        XCTAssertEqual(plan.pieces.map(\.url.lastPathComponent), ["a.ts", "b.ts"])
        XCTAssertEqual(plan.pieces.map(\.byteRange), [nil, HLSByteRange(offset: 20, length: 10)])
        XCTAssertNil(plan.pieces[0].decryption)
        XCTAssertEqual(plan.pieces[1].decryption?.iv.last, 6)
        XCTAssertEqual(plan.keyURLs.map(\.lastPathComponent), ["k"])
        XCTAssertEqual(plan.duration, 3)
        XCTAssertEqual(plan.segmentCount, 2)
    }

    func testAnInitSectionGoesFirstAndAgainWhereTheMapChangesAndMakesTheFileMP4() throws {
        let playlist = try HLSPlaylistParserTests.media("""
        #EXTM3U
        #EXT-X-MAP:URI="init.mp4"
        #EXTINF:1,
        s0.m4s
        #EXTINF:1,
        s1.m4s
        #EXT-X-DISCONTINUITY
        #EXT-X-MAP:URI="init2.mp4"
        #EXTINF:1,
        s2.m4s
        """)
        let plan = try HLSDownloadPlan(playlist: playlist)
        XCTAssertEqual(plan.container, .fragmentedMP4)
        XCTAssertEqual(plan.pieces.map(\.url.lastPathComponent), ["init.mp4", "s0.m4s", "s1.m4s", "init2.mp4", "s2.m4s"])
        XCTAssertEqual(plan.pieces.map(\.isInitSection), [true, false, false, true, false])
        XCTAssertEqual(plan.segmentCount, 3)
        XCTAssertEqual(plan.pieces.map(\.index), Array(0..<5))
    }

    func testAnEmptyPlaylistHasNoPlan() throws {
        let playlist = try HLSPlaylistParserTests.media("#EXTM3U\n#EXT-X-ENDLIST\n")
        XCTAssertThrowsError(try HLSDownloadPlan(playlist: playlist)) { error in
            XCTAssertEqual((error as? HLSPlaylist.Failure)?.reason, "The playlist has no segments.")
        }
    }

    func testTheFileIsNamedAfterThePlaylist() {
        func name(_ url: String, _ container: HLSDownloadPlan.Container = .mpegTS) -> String {
            HLSDownloadPlan.fileName(forPlaylist: URL(string: url)!, container: container)
        }
        XCTAssertEqual(name("https://h/show/index.m3u8?token=abc"), "index.ts")
        XCTAssertEqual(name("https://h/show/Episode%201.M3U8", .fragmentedMP4), "Episode 1.mp4")
        XCTAssertEqual(name("https://h/playlist"), "playlist.ts")
        XCTAssertEqual(name("https://h/"), "stream.ts")
        XCTAssertEqual(name("https://h/.m3u8"), ".m3u8.ts", "nothing left before the extension: the whole name is kept")
    }

    func testTheFingerprintChangesExactlyWhenThePiecesDo() throws {
        let one = try HLSDownloadPlan(playlist: HLSPlaylistParserTests.media("#EXTM3U\n#EXTINF:1,\na.ts\n#EXTINF:1,\nb.ts\n"))
        let same = try HLSDownloadPlan(playlist: HLSPlaylistParserTests.media("#EXTM3U\n#EXTINF:3,\na.ts\n# note\n#EXTINF:4,\nb.ts\n#EXT-X-ENDLIST\n"))
        let other = try HLSDownloadPlan(playlist: HLSPlaylistParserTests.media("#EXTM3U\n#EXTINF:1,\na.ts\n#EXTINF:1,\nc.ts\n"))
        let swapped = try HLSDownloadPlan(playlist: HLSPlaylistParserTests.media("#EXTM3U\n#EXTINF:1,\nb.ts\n#EXTINF:1,\na.ts\n"))
        XCTAssertEqual(one.fingerprint, same.fingerprint)
        XCTAssertNotEqual(one.fingerprint, other.fingerprint)
        XCTAssertNotEqual(one.fingerprint, swapped.fingerprint)
        XCTAssertEqual(one.fingerprint.count, 16)
    }

    // MARK: variants

    static let variants: [HLSVariant] = [
        variant("a", 800_000, 480), variant("b", 5_000_000, 1080), variant("c", 2_500_000, 720),
        variant("d", 3_000_000, 720), variant("e", 200_000, nil),
    ]

    static func variant(_ name: String, _ bandwidth: Int, _ height: Int?) -> HLSVariant {
        HLSVariant(url: URL(string: "https://h/\(name).m3u8")!, bandwidth: bandwidth, averageBandwidth: nil,
                   resolution: height.map { .init(width: $0 * 16 / 9, height: $0) }, codecs: nil, audioGroup: nil)
    }

    func choose(_ text: String) -> String? {
        HLSVariantChoice(text)?.choose(from: Self.variants)?.url.lastPathComponent
    }

    func testTheVariantChoice() {
        XCTAssertEqual(choose("best"), "b.m3u8")
        XCTAssertEqual(choose("WORST"), "e.m3u8")
        XCTAssertEqual(choose("720p"), "d.m3u8", "of two at 720p, the higher bandwidth")
        XCTAssertEqual(choose("600p"), "a.m3u8", "none at 600: the closest below")
        XCTAssertEqual(choose("240p"), "a.m3u8", "none below: the lowest above")
        XCTAssertEqual(choose("2600000"), "c.m3u8", "the highest bandwidth at or below")
        XCTAssertEqual(choose("100"), "e.m3u8", "none at or below: the lowest")
        XCTAssertNil(HLSVariantChoice("fast"))
        XCTAssertNil(HLSVariantChoice("0p"))
        XCTAssertNil(HLSVariantChoice("-5"))
        XCTAssertNil(HLSVariantChoice.best.choose(from: []))
        XCTAssertEqual(HLSVariantChoice("720P")?.description, "720p")
    }

    func testATieGoesToTheFirstInPlaylistOrder() {
        let tied = [Self.variant("x", 100, 360), Self.variant("y", 100, 360)]
        XCTAssertEqual(HLSVariantChoice.best.choose(from: tied)?.url.lastPathComponent, "x.m3u8")
        XCTAssertEqual(HLSVariantChoice.worst.choose(from: tied)?.url.lastPathComponent, "x.m3u8")
        XCTAssertEqual(HLSVariantChoice.height(360).choose(from: tied)?.url.lastPathComponent, "x.m3u8")
    }
}
