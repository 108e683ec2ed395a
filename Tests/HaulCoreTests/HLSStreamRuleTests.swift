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
}
