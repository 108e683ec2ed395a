import Foundation
import HaulCore
import XCTest

/// The one rule that makes a download a stream (docs/hls.md, "Recognising a playlist"; "In the queue").
final class HLSStreamRuleTests: XCTestCase {
  func testAPlaylistURLWithoutMirrorsIsAStream() {
    XCTAssertTrue(HLSStreamRule.isStream(url: URL(string: "https://h/show/index.m3u8")!))
    XCTAssertTrue(HLSStreamRule.isStream(url: URL(string: "https://h/show/INDEX.M3U8?token=1")!))
    XCTAssertFalse(HLSStreamRule.isStream(url: URL(string: "https://h/show/index.m3u8")!, hasMirrors: true))
    XCTAssertFalse(HLSStreamRule.isStream(url: URL(string: "https://h/show/index.ts")!))
    XCTAssertFalse(HLSStreamRule.isStream(url: URL(string: "https://h/watch")!))
    XCTAssertFalse(
      HLSStreamRule.isStream(url: URL(string: "https://h/show/index.m3u8")!, savesPlaylistAsStream: false), "the library's opt-out: the text")
  }

  func testAPlaylistNamedDestinationPutsTheStreamBesideItUnderThePlaylistsName() {
    XCTAssertEqual(HLSStreamRule.target(destinationPath: "/d/index.m3u8"), .stem("/d/index"))
    XCTAssertEqual(HLSStreamRule.target(destinationPath: "/d/list.M3U"), .stem("/d/list"))
    // A second download of the same playlist, named apart by the queue, writes its own file (it wrote the first
    // one's `.part` at the same time: one of the two failed to rename, and their bytes could mix).
    XCTAssertEqual(HLSStreamRule.target(destinationPath: "/d/index.1.m3u8"), .stem("/d/index.1"))
    XCTAssertEqual(HLSStreamRule.partPaths(url: URL(string: "https://h/show/index.m3u8")!, target: .stem("/d/index.1")).first, "/d/index.1.ts.part")
    XCTAssertEqual(HLSStreamRule.target(destinationPath: "/d/talk.ts"), .file("/d/talk.ts"))
    let url = URL(string: "https://h/show/index.m3u8")!
    XCTAssertEqual(HLSStreamRule.partPaths(url: url, target: .stem("/d/index")).prefix(2), ["/d/index.ts.part", "/d/index.mp4.part"])
    XCTAssertEqual(HLSStreamRule.partPaths(url: url, target: .file("/d/talk.ts")).first, "/d/talk.ts.part")
  }

  /// A variant with separate audio writes `NAME.video.EXT.part` and `NAME.audio.EXT.part` (`HLSDownload+Audio`):
  /// a cancel removes them too, under the name the run chose (`talk.1.ts`).
  func testTheSeparateAudiosPartFilesAreTheStreamsToo() {
    let url = URL(string: "https://h/show/index.m3u8")!
    XCTAssertEqual(HLSStreamRule.partPaths(url: url, target: .file("/d/talk.1.ts")), [
      "/d/talk.1.ts.part", "/d/talk.1.video.ts.part", "/d/talk.1.video.mp4.part", "/d/talk.1.audio.ts.part", "/d/talk.1.audio.mp4.part",
    ])
    let beside = Set(HLSStreamRule.partPaths(url: url, target: .stem("/d/index")))
    XCTAssertEqual(beside, [
      "/d/index.ts.part", "/d/index.mp4.part", "/d/index.video.ts.part", "/d/index.video.mp4.part", "/d/index.audio.ts.part",
      "/d/index.audio.mp4.part",
    ])
  }

  /// A file that was a playlist under another name: `#EXTM3U` first, no larger than a playlist is read, and nobody
  /// asked for its own bytes; its stream goes beside it (`manifest.ts`), or where a run stored it.
  func testAPlaylistAnswerUnderAnotherNameIsAStreamBesideIt() {
    let playlist = Array("\u{FEFF}#EXTM3U\n#EXTINF:1,\na.ts\n".utf8)
    func answer(_ bytes: [UInt8], size: Int64 = 40, mirrors: Bool = false, checksum: Bool = false, saves: Bool = true) -> Bool {
      HLSStreamRule.isPlaylistAnswer(firstBytes: bytes, size: size, playlistBytes: 1 << 20, hasMirrors: mirrors, hasChecksum: checksum, savesPlaylistAsStream: saves)
    }
    XCTAssertTrue(answer(playlist))
    XCTAssertFalse(answer(Array("<html>#EXTM3U".utf8)))
    XCTAssertFalse(answer(playlist, size: (1 << 20) + 1), "larger than a playlist is read")
    XCTAssertFalse(answer(playlist, mirrors: true))
    XCTAssertFalse(answer(playlist, checksum: true), "a checksum asks for that file's own bytes")
    XCTAssertFalse(answer(playlist, saves: false))
    XCTAssertEqual(HLSStreamRule.recognisedTarget(destinationPath: "/d/manifest"), .stem("/d/manifest"))
    XCTAssertEqual(HLSStreamRule.recognisedTarget(destinationPath: "/d/play.php"), .stem("/d/play"))
    XCTAssertEqual(HLSStreamRule.recognisedTarget(destinationPath: "/d/manifest.1.ts"), .file("/d/manifest.1.ts"))
    XCTAssertTrue(HLSStreamRule.isStream(url: URL(string: "https://h/live/manifest")!, recognised: true))
    XCTAssertFalse(HLSStreamRule.isStream(url: URL(string: "https://h/live/manifest")!, savesPlaylistAsStream: false, recognised: true))
  }
}
