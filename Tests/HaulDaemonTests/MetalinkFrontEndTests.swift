import ArgumentParser
import Foundation
import HaulCore
import HaulDaemon
import HaulKit
import HaulTestSupport
import XCTest

@testable import haul

/// Every front-end builds the same downloads for the same Metalink document and options (issue #52, point 1):
/// `haul get --metalink` and `aria2.addMetalink` both go through `DownloadPlan.MetalinkFiles`. docs/architecture.md,
/// "Where downloads are built".
final class MetalinkFrontEndTests: XCTestCase {
    private let sha256 = String(repeating: "e", count: 64), piece = String(repeating: "f", count: 64)

    private var xml: String {
        """
        <?xml version="1.0"?><metalink xmlns="urn:ietf:params:xml:ns:metalink">
          <file name="a.iso"><size>6</size><hash type="sha-256">\(sha256)</hash>
            <pieces length="4" type="sha-256"><hash>\(piece)</hash><hash>\(piece)</hash></pieces>
            <url priority="2">http://mirror.example/a.iso</url><url priority="1">http://first.example/a.iso</url></file>
          <file name="own/b.iso"><url>http://first.example/b.iso</url></file>
          <file name="c.txt"><url>https://first.example/c.txt</url></file>
        </metalink>
        """
    }

    func testTheCLIAndTheDaemonBuildTheSameRequests() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let downloads = directory.file("downloads").resolvingSymlinksInPath().path
        try FileManager.default.createDirectory(atPath: downloads, withIntermediateDirectories: true)
        let metalink = try Metalink.parse(Array(xml.utf8))

        let options = try DownloadCommand.parse([
            "-x", "4", "--limit-rate", "1M", "--min-split-size", "1M", "--on-conflict", "rename", "-H", "X-Token: t",
            "--referer", "*", "--folder-rule", "*.iso=isos", "http://placeholder.example/x",
        ]).options
        let cli = try options.metalinkRequests(
            for: metalink, directory: downloads, headers: options.headers.map(DownloadRequest.Header.init(option:)), cookies: [],
            absolute: { ($0 as NSString).standardizingPath })  // as --metalink's

        var settings = HaulConfiguration()
        settings.stateDirectory = directory.file("state")
        let client = try HaulClient(configuration: settings)
        let manager = try DownloadManager(client: client)
        var globals = Aria2GlobalOptions(maxConcurrent: 5, maxOverallLimit: 0, maxDownloadLimit: 0, connections: 3, directory: downloads)
        globals.folderRules = "*.iso=isos"
        let service = Aria2Service(manager: manager, globals: globals, directories: DirectoryPolicy(allowed: [downloads]))
        let rpc = try await service.metalinkRequests(AddMetalink(document: Data(xml.utf8), options: Aria2Options.parseAdd([
            "split": "4", "max-download-limit": "1M", "min-split-size": "1M", "header": ["X-Token: t"], "referer": "*",
        ]))).map { $0.placedByFolderRules() }
        try await client.shutdown()

        XCTAssertEqual(cli.count, 3)
        XCTAssertEqual(rpc.count, 3)
        for (fromCLI, fromRPC) in zip(cli, rpc) {
            // The two differences the front-ends mean: an RPC add is a download of its own, as in aria2; a rule's
            // directory is made absolute by the daemon when read, by the CLI when placed.
            XCTAssertTrue(fromCLI.takesUpSameDownload)
            XCTAssertFalse(fromRPC.takesUpSameDownload)
            XCTAssertEqual(fromCLI.folderRules == nil, fromRPC.folderRules == nil, fromCLI.url.absoluteString)
            var same = fromCLI
            same.takesUpSameDownload = false
            same.folderRules = fromRPC.folderRules
            XCTAssertEqual(same, fromRPC, fromCLI.url.absoluteString)
        }
        XCTAssertEqual(cli.map(\.destinationPath), [downloads + "/isos/a.iso", downloads + "/own/b.iso", downloads + "/c.txt"])
        XCTAssertEqual(cli.map { $0.folderRules != nil }, [true, false, true], "no rule for a file named with its own directory")
        XCTAssertEqual(cli[0].url.absoluteString, "http://first.example/a.iso")
        XCTAssertEqual(cli[0].mirrors.map(\.absoluteString), ["http://mirror.example/a.iso"])
        XCTAssertEqual(cli[0].checksum?.hex, sha256)
        XCTAssertEqual(cli[0].pieceHashes?.digests, [piece, piece])
        XCTAssertEqual(cli[0].headers.map(\.name), ["X-Token", "Referer"])
        XCTAssertEqual(cli[0].maxBytesPerSecond, 1 << 20)
        XCTAssertEqual(cli[0].connectionCount, .fixed(4))
        XCTAssertEqual(cli[0].minimumSplitSize, 1 << 20)
        XCTAssertTrue(FileManager.default.fileExists(atPath: downloads + "/own"), "a file's own directory is made")
    }
}
