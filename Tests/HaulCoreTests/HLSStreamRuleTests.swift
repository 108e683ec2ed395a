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
  }

  func testAPlaylistNamedDestinationPutsTheStreamBesideItUnderThePlaylistsName() {
    XCTAssertEqual(HLSStreamRule.target(destinationPath: "/d/index.m3u8"), .directory("/d"))
    XCTAssertEqual(HLSStreamRule.target(destinationPath: "/d/list.M3U"), .directory("/d"))
    XCTAssertEqual(HLSStreamRule.target(destinationPath: "/d/talk.ts"), .file("/d/talk.ts"))
    let url = URL(string: "https://h/show/index.m3u8")!
    XCTAssertEqual(HLSStreamRule.partPaths(url: url, target: .directory("/d")), ["/d/index.ts.part", "/d/index.mp4.part"])
    XCTAssertEqual(HLSStreamRule.partPaths(url: url, target: .file("/d/talk.ts")), ["/d/talk.ts.part"])
  }
}
