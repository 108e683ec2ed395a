import Foundation
import HaulCore
import XCTest

/// Hostile and random playlists: seeded texts built from the pieces of real playlists and their near misses must
/// give a playlist or a `Failure`, never a trap, and whatever is accepted keeps the rules (only http(s) URLs,
/// bounded counts, sequence numbers in order).
final class HLSPlaylistFuzzTests: XCTestCase {
    static let pieces: [String] = [
        "#EXTINF:1,", "#EXTINF:", "#EXTINF:-1,", "#EXTINF:1e308,", "#EXTINF:inf,", "seg.ts", "../../../etc/passwd", "/abs.ts",
        "file:///etc/passwd", "data:,x", "http://[::1]:80/a.ts", "https://h/a b.ts", "%zz", "#EXT-X-BYTERANGE:10",
        "#EXT-X-BYTERANGE:10@5", "#EXT-X-BYTERANGE:@", "#EXT-X-BYTERANGE:9223372036854775807@1", "#EXT-X-MEDIA-SEQUENCE:9223372036854775807",
        "#EXT-X-MEDIA-SEQUENCE:x", "#EXT-X-KEY:METHOD=AES-128,URI=\"k\"", "#EXT-X-KEY:METHOD=AES-128,URI=\"k\",IV=0x01",
        "#EXT-X-KEY:METHOD=NONE", "#EXT-X-KEY:METHOD=SAMPLE-AES,URI=\"k\"", "#EXT-X-KEY:URI=\"", "#EXT-X-KEY:=,=,",
        "#EXT-X-MAP:URI=\"init.mp4\"", "#EXT-X-MAP:URI=\"i\",BYTERANGE=\"5\"", "#EXT-X-MAP:", "#EXT-X-DISCONTINUITY",
        "#EXT-X-ENDLIST", "#EXT-X-TARGETDURATION:99999999999999999999", "#EXT-X-STREAM-INF:BANDWIDTH=5,RESOLUTION=1x1",
        "#EXT-X-STREAM-INF:", "#EXT-X-STREAM-INF:RESOLUTION=axb,AUDIO=\"g\"", "v.m3u8",
        "#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID=\"g\",URI=\"a.m3u8\",DEFAULT=YES", "#EXT-X-MEDIA:TYPE=AUDIO", "#EXTM3U", "",
        "  ", "\u{0}", "\u{FFFD}", "<html>", "#", "#EXT", "é.ts", "#EXTINF:1,\u{202E}",
    ]

    func testSeededHostilePlaylistsGiveAPlaylistOrAFailureAndKeepTheRules() {
        var random = SeededRandom(seed: 0x484C_535F_4655_5A5A)
        let base = URL(string: "https://cdn.example/a/b/index.m3u8")!
        let limits = HLSPlaylist.Limits(lineLength: 200, segments: 50, variants: 20, bytes: 4_000)
        var accepted = (media: 0, master: 0, segments: 0)
        for _ in 0..<20_000 {
            var lines = Int.random(in: 0..<20, using: &random) == 0 ? [] : ["#EXTM3U"]
            // Mostly well-formed units (a segment, or a variant), with hostile pieces among them one time in six.
            let unit = Int.random(in: 0..<4, using: &random) == 0
                ? ["#EXT-X-STREAM-INF:BANDWIDTH=5", "v.m3u8"] : ["#EXTINF:1,", "seg.ts"]
            for _ in 0..<Int.random(in: 0..<40, using: &random) {
                if Int.random(in: 0..<6, using: &random) == 0 {
                    lines.append(Self.pieces.randomElement(using: &random)!)
                } else {
                    lines += unit
                }
            }
            let separator = Int.random(in: 0..<4, using: &random) == 0 ? "\r\n" : "\n"
            let text = lines.joined(separator: separator)
            let result: HLSPlaylist
            do {
                result = try HLSPlaylistParser.parse(Array(text.utf8), url: base, limits: limits)
            } catch {
                XCTAssertFalse(error.reason.isEmpty)
                continue
            }
            switch result {
            case .media(let media):
                accepted.media += 1
                accepted.segments += media.segments.count
                XCTAssertLessThanOrEqual(media.segments.count, limits.segments)
                for (offset, segment) in media.segments.enumerated() {
                    XCTAssertEqual(segment.sequence, media.mediaSequence + Int64(offset))
                    XCTAssertTrue(["http", "https"].contains(segment.url.scheme), segment.url.absoluteString)
                    if let key = segment.key { XCTAssertTrue(["http", "https"].contains(key.url.scheme)) }
                    if let range = segment.byteRange { XCTAssertTrue(range.length > 0 && range.offset >= 0) }
                    XCTAssertEqual(segment.key?.iv(forSequence: segment.sequence).count ?? 16, 16)
                }
                if let plan = try? HLSDownloadPlan(playlist: media) {
                    XCTAssertEqual(plan.segmentCount, media.segments.count)
                }
            case .master(let master):
                accepted.master += 1
                XCTAssertFalse(master.variants.isEmpty)
                XCTAssertLessThanOrEqual(master.variants.count + master.renditions.count, limits.variants)
                XCTAssertNotNil(HLSVariantChoice.best.choose(from: master.variants))
            }
        }
        XCTAssertGreaterThan(accepted.media, 500, "the texts reach accepted playlists, not only refusals")
        XCTAssertGreaterThan(accepted.segments, 500)
        XCTAssertGreaterThan(accepted.master, 20)
    }

    func testRandomBytesNeverTrap() {
        var random = SeededRandom(seed: 0x4259_5445_5321)
        let base = URL(string: "http://h/x.m3u8")!
        for _ in 0..<5_000 {
            var bytes = Array("#EXTM3U\n".utf8)
            for _ in 0..<Int.random(in: 0..<300, using: &random) {
                bytes.append(Int.random(in: 0..<4, using: &random) == 0 ? UInt8(ascii: "\n") : UInt8.random(in: 0...255, using: &random))
            }
            _ = try? HLSPlaylistParser.parse(bytes, url: base)
        }
    }
}
