import ArgumentParser
import Foundation
import HaulCore
import HaulTestSupport
import MCP
import XCTest

@testable import HaulDaemon
@testable import HaulKit
@testable import haul

/// Every front-end decides "is this a URL Haul downloads" in one place, `DownloadURLRule`, and refuses the same bad
/// URL with its sentence (issue #52, point 1): `haul get`, `haul add`, a library `prepare`/`download`,
/// `DownloadManager.changeSource`, the daemon's `aria2.addUri` and `aria2.changeUri`, the MCP `add_downloads` tool
/// and `--refresh-url-command`. Each keeps its own error type and code; a front-end with a check of its own, in
/// words of its own, fails here.
final class URLRefusalFrontEndTests: XCTestCase {
    /// Texts no front-end downloads: another scheme, no URL at all, no host, a space or control character (a CR LF
    /// would smuggle a header into the request line). Not among them: a text without `://` that begins with a host
    /// (`example.test/a`, `mailto:me@example.test`), which `haul get` alone takes as `http://` + it, as curl does.
    private let bad = [
        "ftp://example.test/a", "not a url", "http://", "http:///a", "HTTPS://", "file:///etc/passwd", "",
        "javascript:alert(1)", "http://example.test/a b", "http://exa mple.test/a", "http://example.test/a\tb",
        "http://example.test/a\r\nX-Injected: 1", "http://example.test/\u{7F}", "http://:80/a", "http://h:port/a",
    ]
    /// Texts every front-end downloads: either scheme in any case, credentials, a port, an IPv6 host, escapes.
    private let good = [
        "http://example.test/a.iso", "HTTPS://Example.Test:8443/a.iso?b=c#f", "http://user:pw@example.test/a.iso",
        "http://[::1]:8080/a.iso", "https://example.test/a%20b.iso",
    ]

    func testEveryFrontEndRefusesABadURLWithTheSameSentence() async throws {
        let (service, client, downloads) = try daemon()
        defer { try? FileManager.default.removeItem(atPath: (downloads as NSString).deletingLastPathComponent) }
        let tools = AgentTools(service: service)
        let paused = try await service.add(AddURIs(uris: [URL(string: good[0])!], options: Aria2Options.parseAdd(["pause": "true"])))
        for text in bad {
            let sentence = try XCTUnwrap(DownloadURLRule.refusal(of: text), "\(text.debugDescription) was taken")
            XCTAssertNil(DownloadURLRule.url(text), text.debugDescription)
            var heard: [(String, String)] = []
            // haul get checks its URLs when it runs (DownloadOptions+Run.swift), haul add when it parses.
            do {
                try await DownloadCommand.parse(["-d", downloads, text]).options.run()
            } catch { heard.append(("get", DownloadCommand.message(for: error))) }
            XCTAssertThrowsError(try AddCommand.parse(["-d", downloads, text])) { heard.append(("add", AddCommand.message(for: $0))) }
            // aria2.addUri and aria2.changeUri: aria2's error (code 1) over RPC.
            do {
                _ = try await Aria2Methods.call("aria2.addUri", [[.string(text)]], on: service, context: CallContext())
            } catch {
                XCTAssertEqual(error.code, 1, text.debugDescription)
                heard.append(("addUri", error.message))
            }
            do {
                _ = try await Aria2Methods.call(
                    "aria2.changeUri", [.string(paused.description), 1, [], [.string(text)]], on: service, context: CallContext())
            } catch {
                XCTAssertEqual(error.code, 1, text.debugDescription)
                heard.append(("changeUri", error.message))
            }
            let tool = await tools.call("add_downloads", ["urls": [.string(text)]])
            if tool.isError == true, case .text(let words, _, _)? = tool.content.first { heard.append(("mcp", words)) }
            // A library's request holds a `URL`: only texts that are one (as written, nothing escaped) can be given.
            if let url = URL(string: text, encodingInvalidCharacters: false) {
                XCTAssertEqual(url.absoluteString, text)
                let request = DownloadRequest(url: url, destination: URL(fileURLWithPath: downloads + "/lib.iso"))
                let calls: [(String, @Sendable (DownloadRequest) async throws -> DownloadTask)] = [
                    ("prepare", { try await client.prepare($0) }), ("download", { try await client.download($0) }),
                ]
                for (front, call) in calls {
                    do {
                        _ = try await call(request)
                    } catch let error as HaulError {
                        XCTAssertEqual(error.kind, .usage, "\(front) \(text.debugDescription)")
                        heard.append((front, error.message))
                    }
                }
                do {
                    try await service.manager.changeSource(of: DownloadID(paused.id), to: url)
                } catch let error as HaulError {
                    XCTAssertEqual(error.kind, .usage, "changeSource \(text.debugDescription)")
                    heard.append(("changeSource", error.message))
                }
            }
            var expected = ["get", "add", "addUri", "changeUri", "mcp"]
            if URL(string: text, encodingInvalidCharacters: false) != nil { expected += ["prepare", "download", "changeSource"] }
            XCTAssertEqual(heard.map(\.0), expected, "\(text.debugDescription) was taken by the others")
            for (front, words) in heard { XCTAssertEqual(words, sentence, "\(front) \(text.debugDescription)") }
            // The command a user gives to refresh a link: what it printed, after the sentence's context.
            if !text.isEmpty, !text.contains(where: \.isNewline), text == text.trimmingCharacters(in: .whitespaces) {
                XCTAssertThrowsError(try RefreshURLCommand.url(fromOutput: Data((text + "\n").utf8)), text.debugDescription) {
                    XCTAssertEqual("\($0)", "--refresh-url-command printed a link Haul cannot fetch: " + sentence)
                }
            }
        }
        let source = try await service.download(paused.description).url
        XCTAssertEqual(source, good[0], "no refused URL became the source")
        try await client.shutdown()
    }

    func testEveryFrontEndTakesAGoodURL() async throws {
        let (service, client, downloads) = try daemon()
        defer { try? FileManager.default.removeItem(atPath: (downloads as NSString).deletingLastPathComponent) }
        let tools = AgentTools(service: service)
        for (index, text) in good.enumerated() {
            XCTAssertNil(DownloadURLRule.refusal(of: text), text)
            let url = try XCTUnwrap(DownloadURLRule.url(text), text)
            XCTAssertEqual(url.absoluteString, text)
            XCTAssertTrue(OptionChecks.isWebURL(text), text)
            XCTAssertEqual(try DownloadCommand.parse(["-d", downloads, text]).options.makeRequests().0.map(\.url), [url])
            XCTAssertEqual(try AddCommand.parse(["-d", downloads, text]).urls, [text])
            let added = try await Aria2Methods.call(
                "aria2.addUri", [[.string(text)], ["pause": "true", "out": .string("rpc-\(index).iso")]], on: service, context: CallContext())
            let gid = try XCTUnwrap(added.stringValue)
            _ = try await Aria2Methods.call("aria2.changeUri", [.string(gid), 1, [], [.string(good[(index + 1) % good.count])]], on: service, context: CallContext())
            try await service.manager.changeSource(of: DownloadID(GID(parsing: gid)!.id), to: url)
            let source = try await service.download(gid).url
            XCTAssertEqual(source, text)
            let tool = await tools.call("add_downloads", ["urls": [.string(text)], "paused": true, "name": .string("mcp-\(index).iso")])
            XCTAssertNotEqual(tool.isError, true, "\(text): \(tool.content)")
            let request = DownloadRequest(url: url, destination: URL(fileURLWithPath: downloads + "/lib-\(index).iso"))
            _ = try await client.prepare(request)
            XCTAssertEqual(try RefreshURLCommand.url(fromOutput: Data((text + "\n").utf8)), url)
        }
        try await client.shutdown()
    }

    /// A URL line of an `-i` list and a checksum list's URL (`--checksum-file`, a line's `checksum-file=`, the
    /// daemon's `checksum-file`) are refused with the same sentence, after the list's name and line or the option:
    /// the parser's refusal (a scheme, no host, a space) and Foundation's (a port that is no number) alike.
    func testAnInputLineAndAChecksumFileURLAreRefusedWithTheSentence() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let downloads = directory.file("downloads").resolvingSymlinksInPath().path
        let list = directory.file("list.txt").path
        // What a line can hold: no line break or TAB (a mirror's), nothing a line's spaces would lose.
        let onALine = bad.filter { !$0.isEmpty && !$0.contains { $0.isNewline || $0 == "\t" } && $0 == $0.trimmingCharacters(in: .whitespaces) }
        XCTAssertEqual(onALine.count, 12)
        for text in onALine {
            let sentence = try XCTUnwrap(DownloadURLRule.refusal(of: text))
            func refusal(_ listed: String, _ arguments: [String] = []) -> String? {
                do {
                    try Data(listed.utf8).write(to: URL(fileURLWithPath: list))
                    _ = try DownloadCommand.parse(["-d", downloads, "-i", list] + arguments).options.makeRequests()
                    return nil
                } catch { return DownloadCommand.message(for: error) }
            }
            let line = refusal("http://example.test/ok.iso\n\(text)\n")
            XCTAssertTrue(
                [list + ": line 2: " + sentence, list + " line 2: " + sentence].contains(line ?? ""),
                "-i \(text.debugDescription): \(line ?? "taken")")
            guard text.contains("://") else { continue }  // else a path
            XCTAssertThrowsError(try DownloadCommand.parse(["--checksum-file", text, "http://example.test/a.iso"])) {
                XCTAssertEqual(DownloadCommand.message(for: $0), "--checksum-file " + sentence, text.debugDescription)
            }
            let option = refusal("http://example.test/ok.iso\n  checksum-file=\(text)\n")
            XCTAssertEqual(option, list + " line 1: --checksum-file " + sentence, "checksum-file=\(text.debugDescription)")
            // The daemon's `checksum-file`, which takes no path either.
            XCTAssertThrowsError(try Aria2Options.parseAdd(["checksum-file": .string(text)])) {
                XCTAssertTrue("\($0)".hasPrefix("checksum-file " + sentence + "; "), "\($0)")
            }
        }
    }

    /// The sentence: the text as given (control characters written out, cut after 200), and why when the scheme
    /// does not say it.
    func testTheSentenceSaysWhatIsWrong() {
        XCTAssertEqual(DownloadURLRule.refusal(of: "ftp://h/f"), "'ftp://h/f' is not an http or https URL")
        XCTAssertEqual(DownloadURLRule.refusal(of: "not a url"), "'not a url' is not an http or https URL")
        XCTAssertEqual(DownloadURLRule.refusal(of: "http://"), "'http://' is not an http or https URL: it has no host")
        XCTAssertEqual(DownloadURLRule.refusal(of: "http://h/a\r\nX: 1"),
                       "'http://h/a\\u{d}\\u{a}X: 1' is not an http or https URL: it has a space or control character (write a space as %20)")
        let long = "ftp://h/" + String(repeating: "a", count: 300)
        XCTAssertEqual(DownloadURLRule.refusal(of: long), "'\(long.prefix(200))…' is not an http or https URL")
    }

    /// A daemon's service (with its manager and client) on a fresh downloads directory.
    private func daemon() throws -> (Aria2Service, HaulClient, String) {
        let directory = try TemporaryDirectory()
        let downloads = directory.file("downloads").resolvingSymlinksInPath().path
        try FileManager.default.createDirectory(atPath: downloads, withIntermediateDirectories: true)
        var settings = HaulConfiguration()
        settings.stateDirectory = directory.file("state")
        let client = try HaulClient(configuration: settings)
        let manager = try DownloadManager(client: client)
        let globals = Aria2GlobalOptions(maxConcurrent: 5, maxOverallLimit: 0, maxDownloadLimit: 0, connections: 3, directory: downloads)
        return (Aria2Service(manager: manager, globals: globals, directories: DirectoryPolicy(allowed: [downloads])), client, downloads)
    }
}
