import XCTest

@testable import HaulCore

/// `DownloadQuery`: what a page of the daemon's list asks for (issue 62, point 5; docs/daemon.md,
/// "haul.listDownloads").
final class DownloadQueryTests: XCTestCase {
    func testBoundsAreRefusedWithASentence() {
        XCTAssertThrowsError(try DownloadQuery(offset: -1)) { XCTAssertEqual("\($0)", "offset must be 0 or more (got -1)") }
        XCTAssertThrowsError(try DownloadQuery(limit: 0)) { XCTAssertEqual("\($0)", "limit must be 1 to 1000 (got 0)") }
        XCTAssertThrowsError(try DownloadQuery(limit: 1001))
        XCTAssertThrowsError(try DownloadQuery(search: String(repeating: "a", count: 501)))
        XCTAssertNoThrow(try DownloadQuery(offset: 29_999, limit: 1000))
    }

    func testEveryWordMustAppearInTheURLOrThePathWhateverItsCase() throws {
        let query = try DownloadQuery(search: "  Ubuntu\t ISO ")
        XCTAssertEqual(query.words, ["ubuntu", "iso"])
        XCTAssertTrue(query.matches(url: "https://mirror.example/UBUNTU-24.04.iso", path: "/d/x"))
        XCTAssertTrue(query.matches(url: "https://example/get?id=7", path: "/home/me/ubuntu/disk.iso"))
        XCTAssertFalse(query.matches(url: "https://example/ubuntu.img", path: "/d/ubuntu.img"), "iso appears nowhere")
        XCTAssertTrue(try DownloadQuery(search: "").matches(url: "a", path: "b"), "no words: everything matches")
    }

    /// The stored rows come first, the extra ones (a daemon's removed results) after them; a window across the
    /// seam takes the end of one and the start of the other.
    func testTheWindowRunsOverTheStoredRowsThenTheExtraOnes() throws {
        func window(_ offset: Int, _ limit: Int, stored: Int, extra: Int) throws -> [Range<Int>] {
            let parts = try DownloadQuery(offset: offset, limit: limit).window(stored: stored, extra: extra)
            return [parts.stored, parts.extra]
        }
        XCTAssertEqual(try window(0, 10, stored: 25, extra: 3), [0..<10, 0..<0])
        XCTAssertEqual(try window(20, 10, stored: 25, extra: 3), [20..<25, 0..<3])
        XCTAssertEqual(try window(26, 10, stored: 25, extra: 3), [25..<25, 1..<3])
        XCTAssertEqual(try window(40, 10, stored: 25, extra: 3), [25..<25, 3..<3], "past the end: nothing")
        XCTAssertEqual(try window(0, 10, stored: 0, extra: 2), [0..<0, 0..<2])
    }
}
