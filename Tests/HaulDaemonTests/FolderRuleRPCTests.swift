import Foundation
import HaulDaemon
import HaulTestSupport
import XCTest

/// The `folder-rule` global option (`haul daemon --folder-rule`, the page's Settings): checked, shown, applied to
/// downloads added without `dir` (and never to one added with it), its directories inside the allowed ones, and
/// kept across a restart.
final class FolderRuleRPCTests: XCTestCase {
    private let content = deterministicBytes(count: 100 << 10, seed: 83)

    private func path(of gid: JSONValue, _ fixture: DaemonFixture) throws -> String? {
        try fixture.call("aria2.tellStatus", [gid])["files"]?.arrayValue?.first?["path"]?.stringValue
    }

    func testAFolderRuleIsCheckedAppliedAndKept() async throws {
        let fixture = try await DaemonFixture.start()
        XCTAssertTrue(try fixture.error("aria2.changeGlobalOption", [["folder-rule": "*.iso"]])
            .contains("folder-rule: folder rule '*.iso': expected PATTERNS=DIRECTORY"))
        XCTAssertTrue(try fixture.error("aria2.changeGlobalOption", [["folder-rule": "*.iso=/etc"]])
            .contains("folder-rule: /etc is outside the allowed directories"), "a rule never widens where files go")
        XCTAssertTrue(try fixture.error("aria2.changeGlobalOption", [["folder-rule": "*.iso=a/../../x"]]).contains("'..'"))
        let rules = "*.iso,*.img=isos; video/*=\(fixture.downloads)/videos"
        XCTAssertEqual(try fixture.call("aria2.changeGlobalOption", [["folder-rule": .string(rules)]]), "OK")
        XCTAssertEqual(try fixture.call("aria2.getGlobalOption")["folder-rule"], .string(rules))

        // By the URL's name, by the Content-Type; with `dir` given, where it says.
        let iso = try fixture.call("aria2.addUri", [[.string(fixture.serve("/disk.iso", content))]])
        fixture.server.serve("/watch", FileResource(content: content, contentType: "video/mp4"))
        let video = try fixture.call("aria2.addUri", [[.string(fixture.server.url("/watch"))]])
        let given = try fixture.call("aria2.addUri", [[.string(fixture.serve("/given.iso", content))], ["dir": .string(fixture.downloads)]])
        for gid in [iso, video, given] { try await fixture.wait(gid, for: "complete") }
        XCTAssertEqual(try path(of: iso, fixture), fixture.downloads + "/isos/disk.iso")
        XCTAssertEqual(try path(of: video, fixture), fixture.downloads + "/videos/watch")
        XCTAssertEqual(try path(of: given, fixture), fixture.downloads + "/given.iso")
        XCTAssertEqual(try fixture.call("aria2.getOption", [iso])["dir"], .string(fixture.downloads + "/isos"))
        for file in ["isos/disk.iso", "videos/watch", "given.iso"] {
            XCTAssertTrue(FileManager.default.contents(atPath: fixture.downloads + "/" + file).map { [UInt8]($0) } == content, file)
        }

        try await fixture.restart()
        XCTAssertEqual(try fixture.call("aria2.getGlobalOption")["folder-rule"], .string(rules), "kept")
        let after = try fixture.call("aria2.addUri", [[.string(fixture.serve("/later.img", content))]])
        try await fixture.wait(after, for: "complete")
        XCTAssertEqual(try path(of: after, fixture), fixture.downloads + "/isos/later.img", "applied after the restart")

        XCTAssertEqual(try fixture.call("aria2.changeGlobalOption", [["folder-rule": ""]]), "OK")
        XCTAssertEqual(try fixture.call("aria2.getGlobalOption")["folder-rule"], "")
        let plain = try fixture.call("aria2.addUri", [[.string(fixture.serve("/plain.iso", content))]])
        try await fixture.wait(plain, for: "complete")
        XCTAssertEqual(try path(of: plain, fixture), fixture.downloads + "/plain.iso")
        await fixture.stop()
    }

    /// From the command line too, a rule's directory must be one the daemon allows: it does not start otherwise.
    func testACommandLineRuleOutsideTheAllowedDirectoriesStopsTheStart() async throws {
        do {
            let fixture = try await DaemonFixture.start { $0.folderRules = "*.iso=/etc/isos" }
            await fixture.stop()
            XCTFail("started with a rule outside the allowed directories")
        } catch let error as DaemonError {
            XCTAssertTrue(error.message.contains("--folder-rule: /etc/isos is outside the allowed directories"), error.message)
        }
    }
}
