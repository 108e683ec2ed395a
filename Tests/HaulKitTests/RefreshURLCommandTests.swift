import Foundation
@testable import HaulKit
import HaulTestSupport
import XCTest

/// The program behind `--refresh-url-command`: how it is split, what its output means, and its time limit.
final class RefreshURLCommandTests: XCTestCase {
  func testTheCommandIsSplitIntoWordsWithQuotesKeepingSpaces() {
    XCTAssertEqual(RefreshURLCommand.split("refresh  --bucket b\t'a b' \"c d\"e ''"), ["refresh", "--bucket", "b", "a b", "c de", ""])
    XCTAssertEqual(RefreshURLCommand.split("   "), [])
    XCTAssertThrowsError(try RefreshURLCommand(" "))
  }

  func testTheFirstLineIsTheURLAndNoOutputIsNoURL() throws {
    XCTAssertEqual(try RefreshURLCommand.url(fromOutput: Data("https://cdn.example/f?sig=2\nmore\n".utf8))?.absoluteString, "https://cdn.example/f?sig=2")
    XCTAssertNil(try RefreshURLCommand.url(fromOutput: Data()))
    XCTAssertNil(try RefreshURLCommand.url(fromOutput: Data("\n".utf8)))
    XCTAssertThrowsError(try RefreshURLCommand.url(fromOutput: Data("file:///etc/passwd\n".utf8)))
    XCTAssertThrowsError(try RefreshURLCommand.url(fromOutput: Data("error: not allowed\n".utf8)))
  }

  func testTheProgramGetsTheExpiredURLAndStatusAndIsStoppedAfterItsTimeout() async throws {
    try await withTemporaryDirectory { dir in
      let path = dir.file("refresh.sh").path
      try Data("#!/bin/sh\n[ \"$1\" = slow ] && sleep 10\necho \"https://fresh.example/$HAUL_STATUS?from=$HAUL_URL\"\n".utf8)
        .write(to: URL(fileURLWithPath: path))
      chmod(path, 0o755)
      let url = try await RefreshURLCommand(path).run(expired: URL(string: "https://old.example/f")!, status: 410)
      XCTAssertEqual(url?.absoluteString, "https://fresh.example/410?from=https://old.example/f")
      do {
        _ = try await RefreshURLCommand("\(path) slow", timeoutSeconds: 0.3).run(expired: URL(string: "https://old.example/f")!, status: 403)
        XCTFail("a program past its timeout gives no URL")
      } catch {
        XCTAssertTrue("\(error)".contains("stopped after"), "\(error)")
      }
      do {
        _ = try await RefreshURLCommand("/nonexistent/refresh").run(expired: URL(string: "https://old.example/f")!, status: 403)
        XCTFail("a missing program gives no URL")
      } catch {
        XCTAssertTrue("\(error)".contains("no such program"), "\(error)")
      }
    }
  }
}
