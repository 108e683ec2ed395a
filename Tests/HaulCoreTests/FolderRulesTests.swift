import XCTest

@testable import HaulCore

/// `--folder-rule`: which directory a name or a Content-Type sends a download to.
final class FolderRulesTests: XCTestCase {
    private func rules(_ texts: String...) throws -> FolderRules {
        var rules = FolderRules()
        for text in texts { try rules.add(parsing: text) }
        return rules
    }

    func testNamePatternsMatchTheWholeNameInAnyCase() throws {
        let rules = try rules("*.iso,*.img=~/Images")
        XCTAssertEqual(rules.directory(forName: "debian-12.ISO", contentType: nil), "~/Images")
        XCTAssertEqual(rules.directory(forName: "disk.img", contentType: "application/octet-stream"), "~/Images")
        XCTAssertNil(rules.directory(forName: "disk.img.sig", contentType: nil), "the whole name, not a part")
        XCTAssertNil(rules.directory(forName: "iso", contentType: nil))
    }

    func testMediaTypesMatchWithoutParametersAndByFamily() throws {
        let rules = try rules("video/*=/srv/Videos", "application/zip=/srv/Archives")
        XCTAssertEqual(rules.directory(forName: "x", contentType: "Video/MP4; codecs=avc1"), "/srv/Videos")
        XCTAssertEqual(rules.directory(forName: "x", contentType: "application/zip"), "/srv/Archives")
        XCTAssertNil(rules.directory(forName: "x", contentType: "application/zipx"))
        XCTAssertNil(rules.directory(forName: "x.mp4", contentType: nil), "no type, no media rule")
    }

    func testTheLastMatchingRuleWins() throws {
        let rules = try rules("*=~/Downloads/other", "*.iso=~/Images", "ubuntu-*.iso=~/Images/ubuntu")
        XCTAssertEqual(rules.directory(forName: "ubuntu-24.04.iso", contentType: nil), "~/Images/ubuntu")
        XCTAssertEqual(rules.directory(forName: "debian.iso", contentType: nil), "~/Images")
        XCTAssertEqual(rules.directory(forName: "notes.txt", contentType: nil), "~/Downloads/other")
    }

    func testGlobsBacktrackWithoutBlowingUp() {
        XCTAssertTrue(FolderRules.glob("*.tar.*", matches: "a.tar.gz"))
        XCTAssertTrue(FolderRules.glob("a?c*", matches: "abcdef"))
        XCTAssertFalse(FolderRules.glob("a?c", matches: "ac"))
        let long = String(repeating: "a", count: 5000)
        XCTAssertFalse(FolderRules.glob(Substring(String(repeating: "*a", count: 50) + "b"), matches: Substring(long)))
    }

    func testBadRulesSayWhy() {
        for (text, expected) in [
            ("*.iso", "expected PATTERNS=DIRECTORY"), ("*.iso=", "no directory"), ("=/tmp", "no patterns"),
            ("*/*=/tmp", "neither a media type"), ("video/=/tmp", "neither a media type"),
        ] {
            var rules = FolderRules()
            XCTAssertThrowsError(try rules.add(parsing: text), text) { XCTAssertTrue("\($0)".contains(expected), "\($0)") }
        }
    }
}
