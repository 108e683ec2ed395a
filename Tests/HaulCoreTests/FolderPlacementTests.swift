import Foundation
import XCTest

@testable import HaulCore

/// Folder rules applied to a download: a list of rules read from one line, their directories made absolute, where a
/// file is placed before its first request, whether a response moves it, and which name it takes where it goes.
final class FolderPlacementTests: XCTestCase {
    func testAListIsSeparatedBySemicolonsOrLines() throws {
        let rules = try FolderRules(parsingList: "*.iso,*.img=~/Images; video/*=Videos\n\n*.zip = /srv/zips ;")
        XCTAssertEqual(rules.rules.map(\.directory), ["~/Images", "Videos", "/srv/zips"])
        XCTAssertEqual(rules.rules[0].namePatterns, ["*.iso", "*.img"])
        XCTAssertEqual(rules.rules[1].mediaTypes, ["video/*"])
        XCTAssertEqual(try FolderRules(parsingList: " ; \n").rules, [])
        XCTAssertThrowsError(try FolderRules(parsingList: "*.iso=/a; *.img")) { error in
            XCTAssertEqual("\(error)", "folder rule '*.img': expected PATTERNS=DIRECTORY, e.g. '*.iso,*.img=~/Images'")
        }
    }

    func testDirectoriesAreMadeAbsolute() {
        func absolute(_ directory: String) -> String { FolderRules.absolute(directory, home: "/home/u", base: "/dl") }
        XCTAssertEqual(absolute("~"), "/home/u")
        XCTAssertEqual(absolute("~/Images/"), "/home/u/Images")
        XCTAssertEqual(absolute("isos"), "/dl/isos", "relative: below the download's own directory")
        XCTAssertEqual(absolute("./a//b/."), "/dl/a/b")
        XCTAssertEqual(absolute("/srv//x/"), "/srv/x")
        XCTAssertEqual(absolute("~user/x"), "/dl/~user/x", "only ~ and ~/ are the home directory")
        XCTAssertEqual(absolute("/"), "/")
    }

    private func placement(_ texts: String...) throws -> FolderPlacement {
        var rules = FolderRules()
        for text in texts { try rules.add(parsing: text) }
        return FolderPlacement(rules: rules, fallback: "/dl", home: "/home/u")
    }

    func testTheDirectoryIsTheLastMatchingRulesOrTheDownloadsOwn() throws {
        let placement = try placement("*.iso=~/Images", "video/*=Videos")
        XCTAssertEqual(placement.directory(forName: "a.iso", contentType: nil), "/home/u/Images")
        XCTAssertEqual(placement.directory(forName: "a.bin", contentType: nil), "/dl")
        XCTAssertEqual(placement.directory(forName: "a.iso", contentType: "video/mp4"), "/dl/Videos", "the later rule wins")
    }

    func testAResponseMovesAFileOnceFromWhereItWasPlaced() throws {
        let placement = try placement("*.iso=/img", "video/*=/vid")
        // Named by the URL, placed in /dl: the type sends it to /vid.
        XCTAssertEqual(placement.moveAfterResponse(current: "/dl/watch", placed: "/dl/watch", contentType: "video/webm"), "/vid")
        XCTAssertNil(placement.moveAfterResponse(current: "/dl/watch", placed: "/dl/watch", contentType: "text/html"))
        // A Content-Disposition name (already adopted in the placed directory) decides by itself.
        XCTAssertEqual(placement.moveAfterResponse(current: "/dl/d.iso", placed: "/dl/get.php", contentType: nil), "/img")
        // Placed in /img by its URL's name, named otherwise by the server: back to the download's own directory.
        XCTAssertEqual(placement.moveAfterResponse(current: "/img/notes.txt", placed: "/img/x.iso", contentType: "text/plain"), "/dl")
        XCTAssertNil(placement.moveAfterResponse(current: "/img/x.iso", placed: "/img/x.iso", contentType: "application/octet-stream"))
        // Moved already (a later connection, a resume): it stays, whatever this response says.
        XCTAssertNil(placement.moveAfterResponse(current: "/vid/watch", placed: "/dl/watch", contentType: "application/x-iso9660-image"))
        XCTAssertNil(placement.moveAfterResponse(current: "/vid/watch", placed: "/dl/watch", contentType: "text/html"))
    }

    func testANameTakenWhereTheFileGoesFollowsTheConflictPolicy() {
        let held: [String: FolderPlacement.Occupant] = ["/t/a.iso": .file, "/t/a.1.iso": .download, "/t/b.iso": .download]
        func target(_ path: String, _ policy: ConflictPolicy, server: Bool = false) -> FolderPlacement.Target {
            FolderPlacement.target(path, policy: policy, serverNamed: server) { held[$0] ?? .free }
        }
        XCTAssertEqual(target("/t/c.iso", .fail), .path("/t/c.iso", replacing: false))
        XCTAssertEqual(target("/t/a.iso", .rename), .path("/t/a.2.iso", replacing: false), "another download's name is not free")
        XCTAssertEqual(target("/t/a.iso", .overwrite), .path("/t/a.iso", replacing: true))
        XCTAssertEqual(target("/t/a.iso", .overwrite, server: true), .refused("/t/a.iso"), "a server's name never replaces a file")
        XCTAssertEqual(target("/t/b.iso", .overwrite), .refused("/t/b.iso"), "another download is never replaced")
        XCTAssertEqual(target("/t/a.iso", .fail), .refused("/t/a.iso"))
        XCTAssertEqual(
            FolderPlacement.target("/t/x", policy: .rename, serverNamed: false) { _ in .file }, .refused("/t/x"),
            "no free numbered name")
    }

    func testRulesAreStoredAndReadBack() throws {
        var rules = FolderRules()
        try rules.add(parsing: "*.ISO,video/*=~/V")
        let decoded = try JSONDecoder().decode(FolderRules.self, from: JSONEncoder().encode(rules))
        XCTAssertEqual(decoded, rules)
    }
}
