import ArgumentParser
import Foundation
import HaulCore
import HaulKit
import HaulTestSupport
import XCTest

@testable import HaulDaemon
@testable import haul

/// Every front-end builds the same download for the same URL and options (issue #52, point 1): `haul get`,
/// `haul add`, the daemon's `aria2.addUri` and a library `DownloadRequest` built as docs/library.md shows. The first
/// three go through `DownloadPlan.destination` and `DownloadPlan.request`. docs/architecture.md, "Where downloads are
/// built".
final class URLFrontEndTests: XCTestCase {
    let url = URL(string: "http://example.test/files/a.iso")!
    private let digest = String(repeating: "ab", count: 32)

    /// One option set as each front-end spells it, and the library's request for it.
    private struct Case {
        var name: String
        var get: [String]
        var add: [String]
        var rpc: [String: JSONValue]
        var library: (URL) -> DownloadRequest
    }

    private func cases(_ downloads: String) -> [Case] {
        let folder = URL(fileURLWithPath: downloads, isDirectory: true)
        func library(_ name: String = "a.iso", in directory: URL = folder, _ change: @escaping (inout DownloadRequest) -> Void = { _ in }) -> (URL) -> DownloadRequest {
            { url in
                var request = DownloadRequest(url: url, destination: directory.appendingPathComponent(name), onConflict: .rename)
                change(&request)
                return request
            }
        }
        let sub = downloads + "/sub"
        return [
            Case(name: "nothing", get: [], add: [], rpc: [:], library: library()),
            Case(name: "output name", get: ["-o", "b.bin"], add: ["-o", "b.bin"], rpc: ["out": "b.bin"], library: library("b.bin")),
            Case(name: "directory", get: ["-d", sub], add: ["-d", sub], rpc: ["dir": .string(sub)],
                 library: library(in: URL(fileURLWithPath: sub, isDirectory: true))),
            Case(name: "connections", get: ["-x", "4"], add: ["-x", "4"], rpc: ["split": "4"],
                 library: library { $0.connectionCount = .fixed(4) }),
            Case(name: "headers", get: ["-H", "X-Token: t", "-H", "Accept: */*"], add: ["-H", "X-Token: t", "-H", "Accept: */*"],
                 rpc: ["header": ["X-Token: t", "Accept: */*"]],
                 library: library { $0.headers = [.init(name: "X-Token", value: "t"), .init(name: "Accept", value: "*/*")] }),
            Case(name: "rate", get: ["--limit-rate", "1M"], add: ["--limit-rate", "1M"], rpc: ["max-download-limit": "1M"],
                 library: library { $0.maxBytesPerSecond = 1 << 20 }),
            Case(name: "checksum", get: ["--checksum", "sha256=\(digest)"], add: ["--checksum", "sha256=\(digest)"],
                 rpc: ["checksum": .string("sha-256=\(digest)")],
                 library: library { $0.checksum = try? Checksum(parsing: "sha256=\(self.digest)") }),
            Case(name: "all at once", get: ["-o", "c.bin", "-d", sub, "-x", "2", "-H", "X-Token: t", "--limit-rate", "2K"],
                 add: ["-o", "c.bin", "-d", sub, "-x", "2", "-H", "X-Token: t", "--limit-rate", "2K"],
                 rpc: ["out": "c.bin", "dir": .string(sub), "split": "2", "header": ["X-Token: t"], "max-download-limit": "2K"],
                 library: library("c.bin", in: URL(fileURLWithPath: sub, isDirectory: true)) {
                     $0.connectionCount = .fixed(2)
                     $0.headers = [.init(name: "X-Token", value: "t")]
                     $0.maxBytesPerSecond = 2048
                 }),
        ]
    }

    func testEveryFrontEndBuildsTheSameRequest() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let downloads = directory.file("downloads").resolvingSymlinksInPath().path
        try FileManager.default.createDirectory(atPath: downloads, withIntermediateDirectories: true)
        let (service, client) = try daemon(directory, downloads: downloads)
        for test in cases(downloads) {
            let get = try DownloadCommand.parse(["-d", downloads] + test.get + [url.absoluteString]).options.makeRequests().0
            let add = try AddCommand.parse(["-d", downloads] + test.add + ["--state-dir", directory.file("state").path, url.absoluteString])
                .requests(beside: nil)
            var directories: [String?: String] = [:]
            let rpc = try await service.request(
                for: AddURIs(uris: [url], options: Aria2Options.parseAdd(test.rpc)), directories: &directories)
            let library = test.library(url)
            XCTAssertEqual(get.count, 1, test.name)
            XCTAssertEqual(add.count, 1, test.name)
            // The differences the front-ends mean:
            // - an RPC add is a download of its own, as in aria2 (the same URL again gets a new GID and a numbered name);
            XCTAssertFalse(rpc.takesUpSameDownload, test.name)
            // - over RPC without `out` the server's Content-Disposition name is taken, as aria2 does (`haul get -J`);
            XCTAssertEqual(rpc.nameFromContentDisposition, test.rpc["out"] == nil, test.name)
            // - a `haul get` with neither `-d` nor `-o` would follow its folder rules: none are given here.
            for (front, request) in [("get", get[0]), ("add", add[0]), ("rpc", rpc)] {
                var same = request
                same.takesUpSameDownload = true
                same.nameFromContentDisposition = false
                XCTAssertEqual(same, library, "\(test.name): \(front)")
            }
        }
        try await client.shutdown()
    }

    func testTheConflictPolicyIsTheSameWhereAFrontEndHasOne() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let downloads = directory.file("downloads").resolvingSymlinksInPath().path
        try FileManager.default.createDirectory(atPath: downloads, withIntermediateDirectories: true)
        let (service, client) = try daemon(directory, downloads: downloads)
        let choices: [([String], [String: JSONValue], ConflictPolicy)] = [
            (["--on-conflict", "rename"], [:], .rename),
            (["--overwrite"], ["allow-overwrite": "true"], .overwrite),
            (["--on-conflict", "fail"], ["auto-file-renaming": "false"], .fail),
        ]
        for (get, rpc, policy) in choices {
            let fromGet = try DownloadCommand.parse(["-d", downloads] + get + [url.absoluteString]).options.makeRequests().0[0]
            var directories: [String?: String] = [:]
            let fromRPC = try await service.request(for: AddURIs(uris: [url], options: Aria2Options.parseAdd(rpc)), directories: &directories)
            XCTAssertEqual(fromGet.onConflict, policy, get.joined(separator: " "))
            XCTAssertEqual(fromRPC.onConflict, policy, "\(rpc)")
        }
        // `haul add` has no conflict option: it queues with `rename`, the daemon's default (aria2's
        // auto-file-renaming), whatever the line.
        let add = try AddCommand.parse(["-d", downloads, "--state-dir", directory.file("state").path, url.absoluteString]).requests(beside: nil)
        XCTAssertEqual(add[0].onConflict, .rename)
        try await client.shutdown()
    }

    func testTheNamesEachFrontEndRefuses() {
        XCTAssertEqual(DownloadPlan.refusal(ofName: "-", bare: false), .standardOutput, "-o -, out=-")
        XCTAssertNil(DownloadPlan.refusal(ofName: "../up/a.iso", bare: false), "-o is a path: the user may write where they can")
        XCTAssertNil(DownloadPlan.refusal(ofName: "-", bare: true), "aria2's out: '-' is a file name")
        for name in ["", ".", "..", "sub/a.iso", "a\0b"] {
            XCTAssertEqual(DownloadPlan.refusal(ofName: name, bare: true), .notBare, name)
        }
        let long = String(repeating: "n", count: DownloadPlan.maxNameBytes + 1)
        XCTAssertEqual(DownloadPlan.refusal(ofName: long, bare: true), .tooLong(bytes: DownloadPlan.maxNameBytes + 1))
        XCTAssertNil(DownloadPlan.refusal(ofName: String(long.dropFirst()), bare: true))
        XCTAssertThrowsError(try DownloadCommand.parse(["-o", "-", "http://example.test/a"]))
        XCTAssertThrowsError(try AddCommand.parse(["-o", "-", "http://example.test/a"]))
        XCTAssertThrowsError(try Aria2Options.parseAdd(["out": "../a"]))
        // aria2's `dir`: `..` refused, not interpreted; `.` and doubled slashes cleaned.
        XCTAssertNil(DownloadPlan.lexicalDirectory("../up", base: "/d"))
        XCTAssertNil(DownloadPlan.lexicalDirectory("/d/sub/../x", base: "/d"))
        XCTAssertEqual(DownloadPlan.lexicalDirectory("./sub//x/", base: "/d"), "/d/sub/x")
        XCTAssertEqual(DownloadPlan.lexicalDirectory("/e/./f", base: "/d"), "/e/f")
        XCTAssertThrowsError(try DirectoryPolicy.normalised("a/../b", base: "/d"))
    }

    /// `haul get` and `haul add` refuse a wrong `-x`, `-H`, `--limit-rate`, `--checksum`, `--hls-variant` or
    /// `--folder-rule` in the same words (`OptionChecks`).
    func testGetAndAddRefuseTheSharedOptionsAlike() {
        let wrong: [([String], String)] = [
            (["-x", "40"], "--connections must be auto or a count between 1 and 32, not 40"),
            (["-H", "NoColon"], "header 'NoColon' is not of the form 'Name: value'"),
            (["--limit-rate", "0"], "--limit-rate must be a rate of at least 1 byte per second, like 500K or 2M"),
            (["--checksum", "sha256=12"], "--checksum: "),
            (["--hls-variant", "tallest"], "--hls-variant "),
            (["--folder-rule", "nodirectory"], "folder rule"),
        ]
        for (arguments, words) in wrong {
            for (front, parse) in [("get", { try DownloadCommand.parse($0) as ParsableCommand }), ("add", { try AddCommand.parse($0) })] as [(String, ([String]) throws -> ParsableCommand)] {
                do {
                    let command = try parse(arguments + ["http://example.test/a"])
                    if let add = command as? AddCommand { _ = try add.requests(beside: nil) }  // `haul add` reads the digest when it runs
                    XCTFail("\(front) \(arguments) was taken")
                } catch {
                    let message = front == "get" ? DownloadCommand.message(for: error) : AddCommand.message(for: error)
                    XCTAssertTrue(message.hasPrefix(words), "\(front) \(arguments): \(message)")
                }
            }
        }
    }

    /// `haul get` and `haul add` refuse `-o -` and a URL that is not http(s) in the same words (`OptionChecks`).
    func testGetAndAddRefuseStandardOutputAndOtherSchemesAlike() async throws {
        for (arguments, words) in [
            (["-o", "-", "http://example.test/a"], "-o - (standard output) is not supported: haul saves files it can resume and verify"),
            (["ftp://example.test/a"], "'ftp://example.test/a' is not an http or https URL"),
        ] {
            var messages: [String] = []
            do {
                // `haul get` checks its URLs when it runs (DownloadOptions+Run.swift says why), before anything else.
                try await DownloadCommand.parse(arguments).options.run()
            } catch {
                messages.append(DownloadCommand.message(for: error))
            }
            XCTAssertThrowsError(try AddCommand.parse(arguments)) { messages.append(AddCommand.message(for: $0)) }
            XCTAssertEqual(messages.count, 2, "\(arguments) was taken")
            for message in messages { XCTAssertTrue(message.hasPrefix(words), "\(arguments): \(message)") }
        }
    }

    /// Each option `haul add` takes is `haul get`'s as ArgumentParser describes it: the same names, value name, help
    /// and default (issue #52, point 1: both declare them once, `RequestArguments` and `BandwidthArguments`). An
    /// option declared again for `haul add`, in words of its own, fails here.
    func testAddDescribesEachOptionAsGetDoes() throws {
        let get = try Self.options(of: DownloadCommand.self)
        let add = try Self.options(of: AddCommand.self)
        var compared: [String] = []
        for (name, description) in add.sorted(by: { $0.key < $1.key }) where !["paused", "help"].contains(name) {
            XCTAssertEqual(description, get[name], "haul add --\(name) is not described as haul get's")
            compared.append(name)
        }
        XCTAssertEqual(compared.count, 10, "9 options shared with haul get, and --state-dir: \(compared)")
    }

    /// The same option through `haul get` and `haul add` makes the same request, for every option `haul add` takes
    /// (read from ArgumentParser's model, so a new one needs a sample here), and each changes the request.
    func testGetAndAddMakeTheSameRequestForEachOptionAddTakes() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let downloads = directory.file("downloads").resolvingSymlinksInPath().path
        let state = directory.file("state").path
        let into = ["-d", downloads]
        let samples: [String: [String]] = [
            "output": into + ["-o", "b.bin"], "dir": ["-d", downloads + "/sub"],
            // Without -d: a directory given is not ruled.
            "folder-rule": ["--folder-rule", "*.iso=isos"],
            "header": into + ["-H", "X-Token: t"], "checksum": into + ["--checksum", "sha256=\(digest)"],
            "hls-variant": into + ["--hls-variant", "720p"], "hls-audio": into + ["--hls-audio", "de"],
            "connections": into + ["-x", "4"], "limit-rate": into + ["--limit-rate", "1M"],
        ]
        func requests(_ line: [String]) throws -> (get: DownloadRequest, add: DownloadRequest) {
            let options = try DownloadCommand.parse(line + [url.absoluteString]).options
            var get = try options.makeRequests().0[0]
            // `haul get` gives these to its `StreamRunner`; the queue reads them from the request.
            get.hlsVariant = options.hlsVariant.flatMap(HLSVariantChoice.init) ?? .best
            get.hlsAudioLanguage = options.hlsAudio
            let add = try AddCommand.parse(line + ["--state-dir", state, url.absoluteString]).requests(beside: nil)[0]
            // Placed as the client places it when it is added (`haul get`'s are placed already).
            return (get, add.placedByFolderRules())
        }
        let plain = try requests(into)
        XCTAssertEqual(plain.get, plain.add)
        let names = try Self.options(of: AddCommand.self).keys.filter { !["paused", "help", "state-dir"].contains($0) }
        XCTAssertEqual(names.count, 9)
        for name in names.sorted() {
            guard let line = samples[name] else {
                XCTFail("--\(name) has no sample here: add one")
                continue
            }
            let made = try requests(line)
            XCTAssertEqual(made.get, made.add, "\(line)")
            XCTAssertNotEqual(made.add, plain.add, "\(line) did not reach haul add's request")
        }
    }

    /// The options `command`'s ArgumentParser model lists (`--experimental-dump-help`), by first long name, each
    /// described as the dump does (its JSON with sorted keys).
    private static func options(of command: ParsableCommand.Type) throws -> [String: String] {
        let info = try JSONSerialization.jsonObject(with: Data(command._dumpHelp().utf8)) as? [String: Any]
        let arguments = (info?["command"] as? [String: Any])?["arguments"] as? [[String: Any]] ?? []
        var options: [String: String] = [:]
        for argument in arguments where argument["kind"] as? String != "positional" {
            let names = argument["names"] as? [[String: Any]] ?? []
            guard let long = names.first(where: { $0["kind"] as? String == "long" })?["name"] as? String else { continue }
            let text = try JSONSerialization.data(withJSONObject: argument, options: [.sortedKeys])
            options[long] = String(decoding: text, as: UTF8.self)
        }
        return options
    }

    /// A daemon's service on `downloads`, with aria2's own defaults where the test needs them: connections left to
    /// Haul, as `haul get` and the library leave them.
    func daemon(_ directory: TemporaryDirectory, downloads: String) throws -> (Aria2Service, HaulClient) {
        var settings = HaulConfiguration()
        settings.stateDirectory = directory.file("state")
        let client = try HaulClient(configuration: settings)
        let manager = try DownloadManager(client: client)
        var globals = Aria2GlobalOptions(maxConcurrent: 5, maxOverallLimit: 0, maxDownloadLimit: 0, connections: 3, directory: downloads)
        globals.connectionCount = .default
        return (Aria2Service(manager: manager, globals: globals, directories: DirectoryPolicy(allowed: [downloads])), client)
    }
}
