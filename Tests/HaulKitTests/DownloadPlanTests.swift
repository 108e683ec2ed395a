import Foundation
import HaulCore
import HaulTestSupport
import XCTest

@testable import HaulKit

/// `DownloadPlan`: when folder rules apply, a Metalink document's files as requests (the same for `haul get` and
/// `aria2.addMetalink`), and the one wording of a directory that cannot be made.
final class DownloadPlanTests: XCTestCase {
    private let sha1 = String(repeating: "a", count: 40), sha256 = String(repeating: "b", count: 64)

    private func document(_ files: String) throws -> Metalink {
        try Metalink.parse(Array("<?xml version=\"1.0\"?><metalink xmlns=\"urn:ietf:params:xml:ns:metalink\">\(files)</metalink>".utf8))
    }

    /// The front-end's own request for a URL: what it sets must survive, what the plan decides must replace it.
    private func frontEnd(_ url: URL) -> DownloadRequest {
        var request = DownloadRequest(
            url: url, destination: URL(fileURLWithPath: "/elsewhere/x"), headers: [.init(name: "X-Front", value: url.host ?? "")],
            onConflict: .rename, checksum: try! Checksum(parsing: "sha256=" + String(repeating: "c", count: 64)), maxBytesPerSecond: 77)
        request.takesUpSameDownload = false
        return request
    }

    func testAFolderRuleAppliesOnlyWhereNobodyChoseThePlace() {
        XCTAssertTrue(DownloadPlan.followsFolderRules(directoryChosen: false, name: nil))
        XCTAssertTrue(DownloadPlan.followsFolderRules(directoryChosen: false, name: "a.iso"))
        XCTAssertFalse(DownloadPlan.followsFolderRules(directoryChosen: false, name: "sub/a.iso"), "a path in the name is chosen")
        XCTAssertFalse(DownloadPlan.followsFolderRules(directoryChosen: true, name: nil))
        XCTAssertFalse(DownloadPlan.followsFolderRules(directoryChosen: true, name: "a.iso"))
    }

    func testSourcesByPriorityTheFirstAsTheURLTheOthersAsMirrorsTheStrongestHashAsChecksum() throws {
        let metalink = try document("""
            <file name="a.iso"><size>10</size><hash type="sha-1">\(sha1)</hash><hash type="sha-256">\(sha256)</hash>
              <url>http://last/a</url><url priority="2">http://second/a</url><url priority="1">http://first/a</url></file>
            """)
        for unusable in [DownloadPlan.MetalinkFiles.UnusableSources.firstRequired, .skipped] {
            let files = DownloadPlan.MetalinkFiles(metalink, directory: "/d", folderRules: nil, unusableSources: unusable)
            let requests = try files.requests(frontEnd)
            XCTAssertEqual(requests.count, 1)
            XCTAssertEqual(requests[0].url.absoluteString, "http://first/a", "\(unusable)")
            XCTAssertEqual(requests[0].mirrors.map(\.absoluteString), ["http://second/a", "http://last/a"])
            XCTAssertEqual(requests[0].checksum, try Checksum(parsing: "sha256=" + sha256), "the strongest hash, not --checksum's")
            XCTAssertEqual(requests[0].destinationPath, "/d/a.iso")
            XCTAssertEqual(requests[0].expectedLength, 10)
            XCTAssertEqual(requests[0].headers, [.init(name: "X-Front", value: "first")], "the front-end's request for the first source")
            XCTAssertEqual(requests[0].maxBytesPerSecond, 77)
            XCTAssertFalse(requests[0].takesUpSameDownload)
        }
    }

    func testAFileWithoutAHashHasNoChecksumAndPieceHashesGoWithItsSize() throws {
        let piece = String(repeating: "d", count: 64)
        let metalink = try document("""
            <file name="p.bin"><size>6</size><pieces length="4" type="sha-256"><hash>\(piece)</hash><hash>\(piece)</hash></pieces>
              <url>http://h/p</url></file>
            """)
        let request = try DownloadPlan.MetalinkFiles(metalink, directory: "/d", folderRules: nil, unusableSources: .skipped).requests(frontEnd)[0]
        XCTAssertNil(request.checksum, "the front-end's checksum does not stay")
        XCTAssertEqual(request.pieceHashes, PieceLedger.Hashes(length: 4, algorithm: "sha256", digests: [piece, piece]))
    }

    func testFolderRulesGoOnlyWithAFileWhoseNameHasNoSlash() throws {
        var rules = FolderRules()
        try rules.add(parsing: "*.iso=isos")
        let metalink = try document("<file name=\"a.iso\"><url>http://h/a</url></file><file name=\"own/b.iso\"><url>http://h/b</url></file>")
        let requests = try DownloadPlan.MetalinkFiles(metalink, directory: "/d", folderRules: rules, unusableSources: .firstRequired).requests(frontEnd)
        XCTAssertEqual(requests.map(\.folderRules), [rules, nil])
        XCTAssertEqual(requests.map { $0.placedByFolderRules().destinationPath }, ["/d/isos/a.iso", "/d/own/b.iso"])
    }

    /// The one place the two front-ends differ: `haul get` refuses a first source that is no URL Haul downloads
    /// (`DownloadURLRule`, in its sentence), as it refuses such a URL argument; `aria2.addMetalink` skips it.
    func testASourceThatIsNoURLIsRefusedFirstByTheCLIAndSkippedByTheDaemon() throws {
        let metalink = try document("<file name=\"a\"><url priority=\"1\">http:///nohost</url><url priority=\"2\">http://h/a</url></file>")
        XCTAssertThrowsError(try DownloadPlan.MetalinkFiles(metalink, directory: "/d", folderRules: nil, unusableSources: .firstRequired).requests(frontEnd)) {
            XCTAssertEqual(($0 as? HaulError)?.message, "'http:///nohost' is not an http or https URL: it has no host")
        }
        let skipped = try DownloadPlan.MetalinkFiles(metalink, directory: "/d", folderRules: nil, unusableSources: .skipped).requests(frontEnd)
        XCTAssertEqual(skipped[0].url.absoluteString, "http://h/a", "a URL without a host is skipped, as addUri refuses it")
        XCTAssertEqual(skipped[0].mirrors, [])
    }

    func testDirectoriesAreMadeOnlyForADocumentTakenWholeInOneWording() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let base = directory.url.path
        let good = try document("<file name=\"sub/deeper/a\"><url>http://h/a</url></file>")
        _ = try DownloadPlan.MetalinkFiles(good, directory: base, folderRules: nil, unusableSources: .skipped).requestsMakingDirectories(frontEnd)
        var isDirectory: ObjCBool = false
        XCTAssertTrue(FileManager.default.fileExists(atPath: base + "/sub/deeper", isDirectory: &isDirectory) && isDirectory.boolValue)

        let refused = try document("<file name=\"made/a\"><url>http://h/a</url></file><file name=\"b\"><url>http://h/b</url></file>")
        XCTAssertThrowsError(try DownloadPlan.MetalinkFiles(refused, directory: base, folderRules: nil, unusableSources: .skipped).requestsMakingDirectories { url in
            if url.lastPathComponent == "b" { throw HaulError(.usage, "refused") }
            return self.frontEnd(url)
        })
        XCTAssertFalse(FileManager.default.fileExists(atPath: base + "/made"), "nothing made for a document refused")

        try Data("a file".utf8).write(to: URL(fileURLWithPath: base + "/plain"))
        let blocked = try document("<file name=\"plain/a\"><url>http://h/a</url></file>")
        XCTAssertThrowsError(try DownloadPlan.MetalinkFiles(blocked, directory: base, folderRules: nil, unusableSources: .skipped).requestsMakingDirectories(frontEnd)) {
            let error = $0 as? HaulError
            XCTAssertEqual(error?.kind, .io)
            XCTAssertTrue(error?.message.hasPrefix("cannot create directory \(base)/plain: ") ?? false, "\($0)")
        }
    }
}
