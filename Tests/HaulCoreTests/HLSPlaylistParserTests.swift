import Foundation
import HaulCore
import XCTest

/// The M3U8 reader's rules (docs/hls.md, "What a playlist may say").
final class HLSPlaylistParserTests: XCTestCase {
    static let base = URL(string: "https://cdn.example/videos/show/index.m3u8?token=1")!

    static func media(_ text: String, base: URL = base) throws -> HLSMediaPlaylist {
        guard case .media(let playlist) = try HLSPlaylistParser.parse(Array(text.utf8), url: base) else {
            throw HLSPlaylist.Failure("not a media playlist")
        }
        return playlist
    }

    static func refusal(_ text: String, limits: HLSPlaylist.Limits = .standard) -> String? {
        do {
            _ = try HLSPlaylistParser.parse(Array(text.utf8), url: base, limits: limits)
            return nil
        } catch {
            return error.reason
        }
    }

    func testAVODPlaylistGivesItsSegmentsInOrderWithSequenceNumbersAndRelativeURIsResolved() throws {
        let playlist = try Self.media("""
        #EXTM3U
        #EXT-X-VERSION:3
        #EXT-X-TARGETDURATION:2
        #EXT-X-MEDIA-SEQUENCE:7
        #EXTINF:2.000,
        seg0.ts
        # a comment
        #EXTINF:1.5,title, with comma
        ../other/seg1.ts?x=1
        #EXT-X-DISCONTINUITY
        #EXTINF:1,
        /root/seg2.ts
        #EXTINF:0.5,
        http://elsewhere.example/seg3.ts
        #EXT-X-ENDLIST
        """)
        XCTAssertEqual(playlist.targetDuration, 2)
        XCTAssertEqual(playlist.mediaSequence, 7)
        XCTAssertTrue(playlist.hasEnded)
        XCTAssertEqual(playlist.segments.map(\.url.absoluteString), [
            "https://cdn.example/videos/show/seg0.ts",
            "https://cdn.example/videos/other/seg1.ts?x=1",
            "https://cdn.example/root/seg2.ts",
            "http://elsewhere.example/seg3.ts",
        ])
        XCTAssertEqual(playlist.segments.map(\.sequence), [7, 8, 9, 10])
        XCTAssertEqual(playlist.segments.map(\.duration), [2, 1.5, 1, 0.5])
        XCTAssertEqual(playlist.segments.map(\.discontinuity), [false, false, true, false])
        XCTAssertEqual(playlist.duration, 5)
    }

    func testCRLFLinesAByteOrderMarkAndBlankLinesAreAccepted() throws {
        let playlist = try Self.media("\u{FEFF}\r\n#EXTM3U\r\n\r\n#EXTINF:1,\r\na.ts\r\n")
        XCTAssertEqual(playlist.segments.map(\.url.lastPathComponent), ["a.ts"])
        XCTAssertFalse(playlist.hasEnded, "no EXT-X-ENDLIST: a live playlist")
    }

    func testByteRangesWithAndWithoutOffsets() throws {
        let playlist = try Self.media("""
        #EXTM3U
        #EXTINF:1,
        #EXT-X-BYTERANGE:100@0
        all.ts
        #EXTINF:1,
        #EXT-X-BYTERANGE:50
        all.ts
        #EXTINF:1,
        #EXT-X-BYTERANGE:25@1000
        all.ts
        """)
        XCTAssertEqual(playlist.segments.map(\.byteRange), [
            HLSByteRange(offset: 0, length: 100), HLSByteRange(offset: 100, length: 50), HLSByteRange(offset: 1000, length: 25),
        ])
        XCTAssertEqual(playlist.segments[1].byteRange?.rangeHeader, "bytes=100-149")
    }

    func testAByteRangeWithoutOffsetAfterAnotherResourceIsRefused() {
        let reason = Self.refusal("#EXTM3U\n#EXTINF:1,\n#EXT-X-BYTERANGE:10@0\na.ts\n#EXTINF:1,\n#EXT-X-BYTERANGE:10\nb.ts\n")
        XCTAssertEqual(reason, "Line 7: #EXT-X-BYTERANGE has no offset and does not follow a sub-range of the same resource.")
        XCTAssertNotNil(Self.refusal("#EXTM3U\n#EXTINF:1,\n#EXT-X-BYTERANGE:0@0\na.ts\n"), "a zero length")
        XCTAssertNotNil(Self.refusal("#EXTM3U\n#EXTINF:1,\n#EXT-X-BYTERANGE:10@-1\na.ts\n"), "a negative offset")
        XCTAssertNotNil(Self.refusal("#EXTM3U\n#EXTINF:1,\n#EXT-X-BYTERANGE:10@9223372036854775800\na.ts\n"), "an end past Int64")
    }

    func testAES128KeysApplyUntilTheNextKeyAndTheIVIsTheTagsOrTheSequenceNumber() throws {
        let playlist = try Self.media("""
        #EXTM3U
        #EXT-X-MEDIA-SEQUENCE:258
        #EXTINF:1,
        clear.ts
        #EXT-X-KEY:METHOD=AES-128,URI="keys/k1.bin",IV=0x000102030405060708090A0B0C0D0E0F
        #EXTINF:1,
        a.ts
        #EXT-X-KEY:METHOD=AES-128,URI="https://keys.example/k2",KEYFORMAT="identity"
        #EXTINF:1,
        b.ts
        #EXT-X-KEY:METHOD=NONE
        #EXTINF:1,
        c.ts
        """)
        XCTAssertEqual(playlist.segments.map(\.key?.url.absoluteString), [
            nil, "https://cdn.example/videos/show/keys/k1.bin", "https://keys.example/k2", nil,
        ])
        XCTAssertEqual(playlist.segments[1].key?.iv(forSequence: 259), Array(0..<16))
        XCTAssertEqual(playlist.segments[2].key?.iv(forSequence: 260), [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 4], "260 = 0x0104, big-endian")
    }

    func testAShortIVIsLeftPaddedAndABadOneIsRefused() throws {
        let playlist = try Self.media("#EXTM3U\n#EXT-X-KEY:METHOD=AES-128,URI=\"k\",IV=0x1ff\n#EXTINF:1,\na.ts\n")
        XCTAssertEqual(playlist.segments[0].key?.iv, [UInt8](repeating: 0, count: 14) + [1, 0xff])
        XCTAssertEqual(Self.refusal("#EXTM3U\n#EXT-X-KEY:METHOD=AES-128,URI=\"k\",IV=12\n"),
                       "#EXT-X-KEY has an IV that is not 0x followed by up to 32 hex digits.")
        XCTAssertNotNil(Self.refusal("#EXTM3U\n#EXT-X-KEY:METHOD=AES-128,URI=\"k\",IV=0x\(String(repeating: "0", count: 33))\n"))
        XCTAssertNotNil(Self.refusal("#EXTM3U\n#EXT-X-KEY:METHOD=AES-128,URI=\"k\",IV=0xZZ\n"))
    }

    /// A playlist comes from a server: an IV of fullwidth digits (hex digits to `Character.isHexDigit`, not to
    /// `UInt8(_:radix:)`) stopped the process on a force unwrap; it is refused as any other bad IV.
    func testAnIVOfFullwidthDigitsIsRefusedNotATrap() {
        for iv in ["0x\u{FF11}\u{FF12}", "0x\u{FF41}0", "0x" + String(repeating: "\u{FF10}", count: 32)] {
            XCTAssertEqual(Self.refusal("#EXTM3U\n#EXT-X-KEY:METHOD=AES-128,URI=\"k\",IV=\(iv)\n#EXTINF:1,\na.ts\n"),
                           "#EXT-X-KEY has an IV that is not 0x followed by up to 32 hex digits.", iv)
        }
    }

    func testSampleAESAndDRMKeyFormatsAreRefusedWithASentence() {
        XCTAssertEqual(Self.refusal("#EXTM3U\n#EXT-X-KEY:METHOD=SAMPLE-AES,URI=\"k\"\n"),
                       "The stream is encrypted with SAMPLE-AES, which needs a player that holds the key; Haul downloads only streams with no encryption or plain AES-128.")
        XCTAssertEqual(Self.refusal("#EXTM3U\n#EXT-X-KEY:METHOD=SAMPLE-AES,URI=\"skd://x\",KEYFORMAT=\"com.apple.streamingkeydelivery\"\n"),
                       "The stream is protected by DRM (key format com.apple.streamingkeydelivery); Haul downloads only streams with no encryption or plain AES-128.")
        XCTAssertNotNil(Self.refusal("#EXTM3U\n#EXT-X-KEY:METHOD=AES-128,URI=\"k\",KEYFORMAT=\"urn:uuid:edef8ba9\"\n"))
        XCTAssertNotNil(Self.refusal("#EXTM3U\n#EXT-X-KEY:METHOD=ROT13,URI=\"k\"\n"))
        XCTAssertNotNil(Self.refusal("#EXTM3U\n#EXT-X-KEY:METHOD=AES-128\n"), "no key URI")
    }

    func testSegmentKeyAndMapURIsOtherThanHTTPAreRefused() {
        for uri in ["file:///etc/passwd", "data:video/mp2t;base64,AAAA", "ftp://host/a.ts", "javascript:alert(1)", "skd://key"] {
            XCTAssertNotNil(Self.refusal("#EXTM3U\n#EXTINF:1,\n\(uri)\n"), uri)
            XCTAssertNotNil(Self.refusal("#EXTM3U\n#EXT-X-KEY:METHOD=AES-128,URI=\"\(uri)\"\n#EXTINF:1,\na.ts\n"), uri)
            XCTAssertNotNil(Self.refusal("#EXTM3U\n#EXT-X-MAP:URI=\"\(uri)\"\n#EXTINF:1,\na.ts\n"), uri)
        }
        XCTAssertEqual(Self.refusal("#EXTM3U\n#EXTINF:1,\nfile:///etc/passwd\n"),
                       "Line 3: the URI file:///etc/passwd uses the scheme file:; only http and https are fetched.")
    }

    func testHTMLAndOtherTextAreRefused() {
        XCTAssertEqual(Self.refusal("<!DOCTYPE html>\n<html><body>Sign in</body></html>\n"),
                       "The address gave an HTML page, not an HLS playlist (it does not begin with #EXTM3U).")
        XCTAssertEqual(Self.refusal("seg0.ts\n#EXTM3U\n"), "This is not an HLS playlist: it does not begin with #EXTM3U.")
        XCTAssertEqual(Self.refusal(""), "The playlist is empty: an HLS playlist begins with #EXTM3U.")
        XCTAssertEqual(Self.refusal("#EXTM3U\na.ts\n"), "Line 2 of the playlist is a URI with no #EXTINF before it.")
        XCTAssertNotNil(Self.refusal("#EXTM3U\n#EXTINF:abc,\na.ts\n"))
        XCTAssertNotNil(Self.refusal("#EXTM3U\n#EXTINF:nan,\na.ts\n"))
        XCTAssertNotNil(Self.refusal("#EXTM3U\n#EXT-X-MEDIA-SEQUENCE:-1\n"))
        XCTAssertEqual(Self.refusal("#EXTM3U\n#EXTINF:1,\na.ts\n#EXT-X-MEDIA-SEQUENCE:9223372036854775807\n"),
                       "Line 4: #EXT-X-MEDIA-SEQUENCE comes after the first segment; it must come before.", "found by HLSPlaylistFuzzTests")
    }

    func testLimitsOnLinesSegmentsAndSizeAreEnforced() {
        let small = HLSPlaylist.Limits(lineLength: 100, segments: 3, variants: 2, bytes: 10_000)
        XCTAssertEqual(Self.refusal("#EXTM3U\n#EXTINF:1,\n\(String(repeating: "a", count: 101))\n", limits: small),
                       "Line 3 of the playlist is 101 bytes long, more than the 100 a line may have.")
        let four = "#EXTM3U\n" + String(repeating: "#EXTINF:1,\na.ts\n", count: 4)
        XCTAssertEqual(Self.refusal(four, limits: small), "The playlist has more than 3 segments.")
        XCTAssertNotNil(Self.refusal("#EXTM3U\n" + String(repeating: "#x\n", count: 4_000), limits: small))
        let three = "#EXTM3U\n" + String(repeating: "#EXT-X-STREAM-INF:BANDWIDTH=1\nv.m3u8\n", count: 3)
        XCTAssertEqual(Self.refusal(three, limits: small), "The master playlist has more than 2 variants and renditions.")
    }

    func testAMillionSegmentsAndATenMegabyteLineAreRefusedByTheStandardLimits() {
        var million = "#EXTM3U\n"
        million.reserveCapacity(16 * 1_000_000)
        for _ in 0..<1_000_000 { million += "#EXTINF:1,\na.ts\n" }
        XCTAssertNotNil(Self.refusal(million))
        XCTAssertEqual(Self.refusal("#EXTM3U\n#EXTINF:1,\n" + String(repeating: "x", count: 10 * 1024 * 1024) + "\n"),
                       "Line 3 of the playlist is 10485760 bytes long, more than the 65536 a line may have.")
    }

    func testInitSectionsApplyToTheSegmentsAfterThem() throws {
        let playlist = try Self.media("""
        #EXTM3U
        #EXT-X-MAP:URI="init.mp4"
        #EXTINF:1,
        s0.m4s
        #EXTINF:1,
        s1.m4s
        #EXT-X-DISCONTINUITY
        #EXT-X-MAP:URI="init2.mp4",BYTERANGE="720@16"
        #EXTINF:1,
        s2.m4s
        """)
        XCTAssertEqual(playlist.segments.map { $0.initSection?.url.lastPathComponent }, ["init.mp4", "init.mp4", "init2.mp4"])
        XCTAssertEqual(playlist.segments[2].initSection?.byteRange, HLSByteRange(offset: 16, length: 720))
        XCTAssertEqual(Self.refusal("#EXTM3U\n#EXT-X-KEY:METHOD=AES-128,URI=\"k\"\n#EXT-X-MAP:URI=\"i.mp4\"\n"),
                       "Line 3: an encrypted #EXT-X-MAP needs the IV attribute on its #EXT-X-KEY.")
    }

    func testAMasterPlaylistGivesItsVariantsAndRenditions() throws {
        let text = """
        #EXTM3U
        #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aac",NAME="English",LANGUAGE="en",DEFAULT=YES,URI="audio/en.m3u8"
        #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aac",NAME="Deutsch",LANGUAGE="de",DEFAULT=NO,URI="audio/de.m3u8"
        #EXT-X-STREAM-INF:BANDWIDTH=1280000,AVERAGE-BANDWIDTH=1000000,RESOLUTION=640x360,CODECS="avc1.4d401e,mp4a.40.2",AUDIO="aac"
        360/index.m3u8
        #EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=90000,URI="iframes.m3u8"
        #EXT-X-STREAM-INF:BANDWIDTH=2560000,RESOLUTION=1280x720
        720/index.m3u8
        """
        guard case .master(let master) = try HLSPlaylistParser.parse(Array(text.utf8), url: Self.base) else {
            return XCTFail("a master playlist")
        }
        XCTAssertEqual(master.variants.map(\.url.absoluteString), [
            "https://cdn.example/videos/show/360/index.m3u8", "https://cdn.example/videos/show/720/index.m3u8",
        ])
        XCTAssertEqual(master.variants[0].codecs, "avc1.4d401e,mp4a.40.2", "a quoted value keeps its commas")
        XCTAssertEqual(master.variants[0].resolution?.description, "640x360")
        XCTAssertEqual(master.variants[0].averageBandwidth, 1_000_000)
        XCTAssertEqual(master.audioRendition(of: master.variants[0])?.language, "en", "the default")
        XCTAssertEqual(master.audioRendition(of: master.variants[0], language: "DE")?.name, "Deutsch")
        XCTAssertNil(master.audioRendition(of: master.variants[1]), "muxed audio")
    }

    func testAPlaylistMixingVariantsAndSegmentsOrWithAStreamInfAtTheEndIsRefused() {
        XCTAssertNotNil(Self.refusal("#EXTM3U\n#EXTINF:1,\na.ts\n#EXT-X-STREAM-INF:BANDWIDTH=1\nv.m3u8\n"))
        XCTAssertNotNil(Self.refusal("#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\nv.m3u8\n#EXTINF:1,\na.ts\n"))
        XCTAssertEqual(Self.refusal("#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\n"),
                       "The playlist ends with an #EXT-X-STREAM-INF that has no URI after it.")
        XCTAssertNotNil(Self.refusal("#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=\"1\n"), "an unterminated quote")
    }

    func testRecognisingAPlaylistByItsStartContentTypeOrExtension() {
        XCTAssertTrue(HLSPlaylist.looksLikePlaylist(Array("#EXTM3U\n".utf8)))
        XCTAssertTrue(HLSPlaylist.looksLikePlaylist([0xEF, 0xBB, 0xBF] + Array("\r\n #EXTM3U".utf8)))
        XCTAssertFalse(HLSPlaylist.looksLikePlaylist(Array("<html>#EXTM3U".utf8)))
        XCTAssertFalse(HLSPlaylist.looksLikePlaylist([0x47, 0x40, 0x00]), "an MPEG-TS packet")
        XCTAssertTrue(HLSPlaylist.isPlaylistContentType("application/vnd.apple.mpegurl"))
        XCTAssertTrue(HLSPlaylist.isPlaylistContentType("Application/X-MpegURL; charset=utf-8"))
        XCTAssertTrue(HLSPlaylist.isPlaylistContentType("audio/mpegurl"))
        XCTAssertFalse(HLSPlaylist.isPlaylistContentType("video/mp2t"))
        XCTAssertTrue(HLSPlaylist.hasPlaylistExtension(URL(string: "https://h/a/INDEX.M3U8?x=1")!))
        XCTAssertFalse(HLSPlaylist.hasPlaylistExtension(URL(string: "https://h/a/index.mp4")!))
    }
}
