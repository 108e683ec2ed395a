import Foundation
import HaulCore
import HaulKit
import HaulTestSupport
import XCTest

@testable import HaulDaemon
@testable import haul

/// The same cookies, mirrors and HLS choice give the same download from every front-end that takes them (issue #52,
/// point 1): `haul get` (a URL argument and an `-i` line), `haul add`, the daemon's `aria2.addUri` and a library
/// `DownloadRequest` with those fields set. All go through `DownloadPlan.Extras`; a front-end that drops one, or
/// reads it in a way of its own, fails here. What a front-end does not take is named where it is left out.
extension URLFrontEndTests {
    /// The front-ends' requests for the same URL, each made comparable to the library's: an RPC add is a download of
    /// its own and takes the server's name without `out` (`testEveryFrontEndBuildsTheSameRequest`).
    private func comparable(_ request: DownloadRequest) -> DownloadRequest {
        var same = request
        same.takesUpSameDownload = true
        same.nameFromContentDisposition = false
        return same
    }

    func testEveryFrontEndGivesTheSameCookies() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let downloads = directory.file("downloads").resolvingSymlinksInPath().path
        try FileManager.default.createDirectory(atPath: downloads, withIntermediateDirectories: true)
        // One cookie for the domain and its subdomains below /files (secure, until 2100), one expired in 1970.
        let cookies = directory.file("cookies.txt")
        try Data("""
            .example.test\tTRUE\t/files\tTRUE\t4102444800\tlong\tl1
            example.test\tFALSE\t/\tFALSE\t1000\told\to1

            """.utf8).write(to: cookies)
        let list = directory.file("list.txt")
        try Data("\(url.absoluteString)\n".utf8).write(to: list)
        let options = ["-d", downloads, "--load-cookies", cookies.path, "-b", "a=1; b=2"]
        let get = try DownloadCommand.parse(options + [url.absoluteString]).options.makeRequests().0
        let line = try DownloadCommand.parse(options + ["-i", list.path]).options.makeRequests().0
        var library = DownloadRequest(url: url, destination: URL(fileURLWithPath: downloads + "/a.iso"), onConflict: .rename)
        // The loaded cookie that has not expired, then `-b`'s, for the URL's own host only.
        library.cookies = [
            Cookie(name: "long", value: "l1", domain: "example.test", hostOnly: false, path: "/files", secure: true, expires: 4102444800),
            Cookie(name: "a", value: "1", domain: "example.test", hostOnly: true),
            Cookie(name: "b", value: "2", domain: "example.test", hostOnly: true),
        ]
        XCTAssertEqual(get.map(comparable), [library], "haul get URL")
        XCTAssertEqual(line.map(comparable), [library], "haul get -i: a line takes the command's cookies")
        // `haul add` takes no cookie option, and over RPC a `Cookie` header stays a header (aria2's `load-cookies`
        // is a file on the daemon's side, ignored): neither has cookies to give.
    }

    func testEveryFrontEndGivesTheSameMirrors() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let downloads = directory.file("downloads").resolvingSymlinksInPath().path
        try FileManager.default.createDirectory(atPath: downloads, withIntermediateDirectories: true)
        let (service, client) = try daemon(directory, downloads: downloads)
        let mirrors = ["http://m1.example.test/a.iso", "HTTPS://user:pw@[::1]:8443/m/a.iso?x=1"]
        let list = directory.file("list.txt")
        try Data("\(([url.absoluteString] + mirrors).joined(separator: "\t"))\n".utf8).write(to: list)
        let get = try DownloadCommand.parse(["-d", downloads] + mirrors.flatMap { ["--mirror", $0] } + [url.absoluteString])
            .options.makeRequests().0
        let line = try DownloadCommand.parse(["-d", downloads, "-i", list.path]).options.makeRequests().0
        var directories: [String?: String] = [:]
        let rpc = try await service.request(
            for: AddURIs(uris: ([url.absoluteString] + mirrors).map { URL(string: $0)! }, options: Aria2Options.parseAdd([:])),
            directories: &directories)
        var library = DownloadRequest(url: url, destination: URL(fileURLWithPath: downloads + "/a.iso"), onConflict: .rename)
        library.mirrors = mirrors.map { URL(string: $0)! }
        XCTAssertEqual(get.map(comparable), [library], "haul get --mirror")
        XCTAssertEqual(line.map(comparable), [library], "haul get -i: a line's TAB-separated URLs")
        XCTAssertEqual(comparable(rpc), library, "aria2.addUri's other URIs")
        // `haul add` takes no `--mirror`.
        try await client.shutdown()
    }

    func testEveryFrontEndGivesTheSameHLSChoice() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let downloads = directory.file("downloads").resolvingSymlinksInPath().path
        try FileManager.default.createDirectory(atPath: downloads, withIntermediateDirectories: true)
        let (service, client) = try daemon(directory, downloads: downloads)
        let choices: [(line: [String], rpc: [String: JSONValue], variant: HLSVariantChoice, audio: String?)] = [
            ([], [:], .best, nil),
            (["--hls-variant", "720p", "--hls-audio", "de"], ["haul-hls-variant": "720p", "haul-hls-audio": "de"], HLSVariantChoice("720p")!, "de"),
            (["--hls-variant", "worst"], ["haul-hls-variant": "worst"], .worst, nil),
            (["--hls-variant", "800000"], ["haul-hls-variant": "800000"], HLSVariantChoice("800000")!, nil),
            (["--hls-audio", "en"], ["haul-hls-audio": "en"], .best, "en"),
        ]
        for choice in choices {
            let name = choice.line.joined(separator: " ")
            var library = DownloadRequest(url: url, destination: URL(fileURLWithPath: downloads + "/a.iso"), onConflict: .rename)
            library.hlsVariant = choice.variant
            library.hlsAudioLanguage = choice.audio
            let add = try AddCommand.parse(["-d", downloads] + choice.line + ["--state-dir", directory.file("state").path, url.absoluteString])
                .requests(beside: nil)
            var directories: [String?: String] = [:]
            let rpc = try await service.request(
                for: AddURIs(uris: [url], options: Aria2Options.parseAdd(choice.rpc)), directories: &directories)
            XCTAssertEqual(add.map(comparable), [library], "haul add \(name)")
            XCTAssertEqual(comparable(rpc), library, "aria2.addUri \(choice.rpc)")
            // `haul get` gives the choice to its stream runner (a URL argument that is a playlist) and to every
            // request (an `-i` line's playlist is saved by the queue's stream transfer, from its request's choice).
            let get = try DownloadCommand.parse(["-d", downloads] + choice.line + [url.absoluteString]).options
            XCTAssertEqual(get.hlsChoice, DownloadPlan.HLSChoice(variant: choice.variant, audioLanguage: choice.audio), "haul get \(name)")
            XCTAssertEqual(try get.makeRequests().0.map(comparable), [library], "haul get \(name)")
        }
        try await client.shutdown()
    }
}
