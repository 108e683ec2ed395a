import Crypto
import Foundation
import HaulDaemon
import HaulTestSupport
import XCTest

/// `aria2.addMetalink`: each file of a Metalink v4 document becomes a download under its name, from its sources as
/// mirrors, checked against its hash; a hostile name refuses the whole call.
final class AddMetalinkTests: XCTestCase {
    private func hex(_ bytes: [UInt8]) -> String { SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined() }

    private func document(_ files: String) -> JSONValue {
        let xml = "<?xml version=\"1.0\"?><metalink xmlns=\"urn:ietf:params:xml:ns:metalink\">\(files)</metalink>"
        return .string(Data(xml.utf8).base64EncodedString())
    }

    func testEachFileIsADownloadFromItsMirrorsCheckedAgainstItsHash() async throws {
        let fixture = try await DaemonFixture.start()
        let a = deterministicBytes(count: 300_000, seed: 71), b = deterministicBytes(count: 2_000, seed: 72)
        let aURL = fixture.serve("/a.iso", a)
        let bURL = fixture.serve("/b.txt", b)
        let gids = try fixture.call("aria2.addMetalink", [document("""
            <file name="images/a.iso"><size>300000</size><hash type="sha-256">\(hex(a))</hash>
              <url priority="1">\(aURL.replacingOccurrences(of: "/a.iso", with: "/missing.iso"))</url>
              <url priority="2">\(aURL)</url></file>
            <file name="b.txt"><hash type="sha-256">\(String(repeating: "0", count: 64))</hash><url>\(bURL)</url></file>
            """), [:]])
        guard let list = gids.arrayValue, list.count == 2 else { return XCTFail("two GIDs expected: \(gids)") }
        try await fixture.wait(list[0], for: "complete")
        try await fixture.wait(list[1], for: "error")
        let saved = fixture.downloads + "/images/a.iso"
        XCTAssertEqual(FileManager.default.contents(atPath: saved).map { [UInt8]($0) }, a, "the missing first source was dropped, the mirror served")
        XCTAssertFalse(FileManager.default.fileExists(atPath: fixture.downloads + "/b.txt"), "a wrong hash keeps nothing")
        await fixture.stop()
    }

    func testAHostileNameRefusesTheWholeDocument() async throws {
        let fixture = try await DaemonFixture.start()
        let url = fixture.serve("/a", deterministicBytes(count: 10))
        let error = try fixture.error("aria2.addMetalink", [document("""
            <file name="ok.bin"><url>\(url)</url></file><file name="../../etc/cron.d/x"><url>\(url)</url></file>
            """)])
        XCTAssertTrue(error.contains("file name"), error)
        XCTAssertEqual(try fixture.call("aria2.tellWaiting", [0, 10]).arrayValue?.count, 0, "nothing was added")
        XCTAssertEqual(try fixture.call("aria2.tellActive").arrayValue?.count, 0)
        await fixture.stop()
    }

    /// A directory that cannot be made is refused in the words `haul` uses (`DownloadPlan.createDirectory`), for a
    /// Metalink file's own directory as for `dir`; it was "cannot create dir" here.
    func testADirectoryThatCannotBeMadeIsWordedAsTheCommandLineWordsIt() async throws {
        let fixture = try await DaemonFixture.start()
        let url = fixture.serve("/a", deterministicBytes(count: 10))
        try Data("a file".utf8).write(to: URL(fileURLWithPath: fixture.downloads + "/plain"))
        let fromMetalink = try fixture.error("aria2.addMetalink", [document("<file name=\"plain/a\"><url>\(url)</url></file>")])
        XCTAssertTrue(fromMetalink.contains("cannot create directory \(fixture.downloads)/plain: "), fromMetalink)
        let fromDir = try fixture.error("aria2.addUri", [[.string(url)], ["dir": .string(fixture.downloads + "/plain/sub")]])
        XCTAssertTrue(fromDir.contains("cannot create directory \(fixture.downloads)/plain/sub: "), fromDir)
        XCTAssertEqual(try fixture.call("aria2.tellWaiting", [0, 10]).arrayValue?.count, 0, "nothing was added")
        await fixture.stop()
    }
}
