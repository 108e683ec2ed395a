import ArgumentParser
import XCTest

import HaulKit

@testable import HaulCore
@testable import haul

/// `haul URL...` is read without ArgumentParser when it can be (QuickDownloadArguments): the options it reads must
/// be the ones ArgumentParser reads from the same words, every field, defaults included; and what it cannot read
/// exactly so must go to ArgumentParser. Both fill one `DownloadOptions`, whose `defaults` are the only place a
/// default is written: a declaration given a default of its own, or an option that does not reach the options
/// value, fails here.
final class QuickDownloadArgumentsTests: XCTestCase {
    private func assertSameAsArgumentParser(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        guard let quick = QuickDownloadArguments.options(arguments) else {
            return XCTFail("not read quickly: \(arguments)", file: file, line: line)
        }
        let parsed = try DownloadCommand.parse(arguments).options
        XCTAssertEqual(quick, parsed, "\(arguments)", file: file, line: line)
    }

    /// What ArgumentParser gives for a line without options is `DownloadOptions.defaults`, and so is what the quick
    /// reading gives: a default written into a declaration instead of taken from the defaults fails here.
    func testOneSetOfDefaults() throws {
        var expected = DownloadOptions.defaults
        expected.urls = ["http://h/f"]
        XCTAssertEqual(try DownloadCommand.parse(["http://h/f"]).options, expected)
        XCTAssertEqual(QuickDownloadArguments.options(["http://h/f"]), expected)
        try assertSameAsArgumentParser(["http://h/f"])
    }

    /// A value for every option `haul get --help` lists, by its long name. An option added without one fails the
    /// test below, which is the point: it must be shown to reach `DownloadOptions`.
    private func sampleValues() throws -> [String: String?] {
        [
            "input-file": "list.txt", "output": "out.bin", "dir": "d", "folder-rule": "*.iso=isos", "quiet": nil, "progress": "json", "connections": "4",
            "limit-rate": "2M", "retries": "7", "retry-wait": "3", "retry-max-time": "60", "stall-timeout": "9",
            "lowest-speed-limit": "2K", "lowest-speed-time": "20", "connect-timeout": "4", "proxy": "http://proxy.test:3128",
            "noproxy": "local.test", "cacert": try certificateFile(), "insecure": nil, "http1.1": nil, "http2": nil,
            "refresh-url-command": "refresh-link", "refresh-url-timeout": "5", "header": "A: b", "user-agent": "ua/1",
            "remote-name": nil, "overwrite": nil, "on-conflict": "skip", "state-dir": "/s", "min-split-size": "1M",
            "continue": nil, "checksum": "md5=d41d8cd98f00b204e9800998ecf8427e", "checksum-file": "SHA256SUMS", "require-checksum": nil, "in-order": nil,
            "extract": nil, "extract-to": "x", "max-size": "1G", "max-ratio": "50", "max-entries": "10",
            "max-concurrent": "2", "max-connections": "3", "max-overall-rate": "5M", "speed-schedule": "Mon-Fri 09:00-18:00 2M", "queue-schedule": "Mon-Fri 01:00-07:00", "on-download-start": "a",
            "on-download-pause": "b", "on-download-complete": "c", "on-download-error": "d", "on-download-stop": "e",
            "on-download-webhook": "http://hook.test/", "hook-timeout": "9", "load-cookies": "cookies.txt",
            "cookie": "a=b", "referer": "http://r.test/", "metalink": "f.meta4", "no-follow-metalink": nil,
            "mirror": "http://m.test/f", "max-redirects": "3", "allow-insecure-redirect": nil,
            "hls-variant": "720p", "hls-audio": "de", "hls-list": nil, "hls-duration": "10m",
        ]
    }

    /// Each option `haul get` declares (read from ArgumentParser's own model of the command, so a new one cannot
    /// be missed) changes the options value: none is declared without reaching it.
    func testEveryOptionReachesTheOptionsValue() throws {
        let info = try JSONSerialization.jsonObject(with: Data(DownloadCommand._dumpHelp().utf8)) as? [String: Any]
        let arguments = try XCTUnwrap((info?["command"] as? [String: Any])?["arguments"] as? [[String: Any]])
        let samples = try sampleValues()
        // What ArgumentParser reads without the option (not `DownloadOptions.defaults`: that the two agree is the
        // test above's business, and a disagreement must not hide an option that does not reach the value).
        let plain = try DownloadCommand.parse(["http://h/f"]).options
        var checked = 0
        for argument in arguments where argument["kind"] as? String != "positional" {
            let names = (argument["names"] as? [[String: Any]] ?? []).compactMap { name -> String? in
                name["kind"] as? String == "long" ? name["name"] as? String : nil
            }
            guard let long = names.first, !["help", "version"].contains(long) else { continue }
            guard let sample = samples[long] else {
                XCTFail("--\(long) has no sample value here: add one, and check that it reaches DownloadOptions")
                continue
            }
            // -i and --metalink are lines of their own; the others go with one URL.
            let urls = ["input-file", "metalink"].contains(long) ? [] : ["http://h/f"]
            // An option that only means something beside another is given with it, and compared with the line
            // that has only the other.
            let companions: [String: [String]] = ["require-checksum": ["--checksum", "auto"]]
            let extra = companions[long] ?? []
            let line = ["--\(long)"] + (sample.map { [$0] } ?? []) + extra + urls
            var unchanged = extra.isEmpty ? plain : try DownloadCommand.parse(extra + urls).options
            unchanged.urls = urls
            let parsed = try DownloadCommand.parse(line).options
            XCTAssertNotEqual(parsed, unchanged, "\(line) left the options as they were: --\(long) does not reach DownloadOptions")
            checked += 1
        }
        XCTAssertGreaterThan(checked, 40, "the options of haul get were not found in ArgumentParser's model")
    }

    func testTheLinesTheBenchmarksAndScriptsUse() throws {
        try assertSameAsArgumentParser(["-q", "--state-dir", "/s", "-o", "/o/f.bin", "http://127.0.0.1:1/f.bin"])
        try assertSameAsArgumentParser(["-q", "--state-dir", "/s", "-x", "16", "-o", "out", "http://h/f"])
        try assertSameAsArgumentParser(["-q", "--state-dir", "/s", "-j", "8", "-i", "list.txt", "-d", "dir"])
        try assertSameAsArgumentParser(["--progress", "json", "https://h/f"])
        try assertSameAsArgumentParser(["http://h/a", "http://h/b", "--overwrite", "-c", "--limit-rate", "2M"])
    }

    func testEverySpellingOfEveryOption() throws {
        let values: [QuickDownloadArguments.Option: String] = [
            .progress: "lines", .output: "out.bin", .directory: "d", .connections: "4", .maxConcurrent: "3",
            .inputFile: "list", .stateDirectory: "state", .certificates: try certificateFile(), .limitRate: "500K",
        ]
        for option in QuickDownloadArguments.Option.allCases {
            for name in option.names {
                guard let value = values[option] else {
                    try assertSameAsArgumentParser([name, "http://h/f"])
                    continue
                }
                // -i alone is a whole download line; the others need a URL.
                let url = option == .inputFile ? [] : ["http://h/f"]
                if option == .output { try assertSameAsArgumentParser(url + [name, value]) } else {
                    try assertSameAsArgumentParser([name, value] + url)
                }
                if name.hasPrefix("--") {
                    try assertSameAsArgumentParser(["\(name)=\(value)"] + url)
                } else if ["-o", "-d", "-x", "-j", "-i"].contains(name) {
                    try assertSameAsArgumentParser(["\(name)\(value)"] + url)
                }
            }
        }
    }

    /// Random lines drawn from the options read here, in any order, each compared with ArgumentParser's reading.
    func testRandomLinesReadAsArgumentParserReadsThem() throws {
        var generator = SplitMix(seed: 0x5eed_1234)
        let pool: [[String]] = [
            ["-q"], ["--quiet"], ["--progress", "none"], ["--progress=bar"], ["-x", "8"], ["-x2"], ["--connections=32"],
            ["-j", "1"], ["-j16"], ["--max-concurrent", "7"], ["-d", "downloads"], ["-ddl"], ["--dir=x/y"],
            ["--state-dir", "/tmp/s"], ["--limit-rate", "1M"], ["--overwrite"], ["-c"], ["--continue"],
        ]
        for _ in 0..<300 {
            var chosen = pool.shuffled(using: &generator).prefix(Int(generator.next() % 6))
            // One spelling of each option at most: a second one goes to ArgumentParser (see below).
            var seen = Set<QuickDownloadArguments.Option>()
            chosen = chosen.filter { seen.insert(QuickDownloadArguments.Option.named(in: $0[0])!.0).inserted }
            let urls = (0...Int(generator.next() % 3)).map { ["http://h/f\($0)"] }
            try assertSameAsArgumentParser((Array(chosen) + urls).shuffled(using: &generator).flatMap { $0 })
        }
    }

    /// What ArgumentParser must read: its answer (an error with its message, help, a subcommand) is the right one.
    func testEverythingElseGoesToArgumentParser() {
        let lines: [[String]] = [
            [],
            ["--help"], ["-h"], ["get", "http://h/f"], ["http://h/f", "list"], ["--version", "http://h/f"],
            ["--", "http://h/f"], ["-", "http://h/f"],
            ["-H", "A: b", "http://h/f"], ["--header=A: b", "http://h/f"], ["--mirror", "http://m/f", "http://h/f"],
            ["-q", "-q", "http://h/f"], ["-x", "2", "--connections", "3", "http://h/f"],
            ["-qc", "http://h/f"], ["-x=4", "http://h/f"], ["-q=1", "http://h/f"], ["--quiet=yes", "http://h/f"],
            ["-o", "-x", "http://h/f"], ["-o", "http://h/f"], ["--output=", "http://h/f"], ["http://h/f", "-o"],
            ["-x", "many", "http://h/f"], ["-x", "99", "http://h/f"], ["-j", "0", "http://h/f"],
            ["--progress", "fancy", "http://h/f"], ["--limit-rate", "0", "http://h/f"],
            ["--cacert", "/nonexistent/ca.pem", "https://h/f"],
            ["-o", "f", "http://h/a", "http://h/b"], ["-o", "-", "http://h/f"], ["-q"],
        ]
        for line in lines {
            XCTAssertNil(QuickDownloadArguments.options(line), "\(line)")
        }
    }

    private func certificateFile() throws -> String {
        let path = NSTemporaryDirectory() + "quick-args-ca-\(getpid()).pem"
        try "-----BEGIN CERTIFICATE-----\nMA==\n-----END CERTIFICATE-----\n".write(toFile: path, atomically: true, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    /// The state directory read ahead of the line, for the store to open early: the one the command will use, or
    /// nothing when the line is not a download.
    func testTheStateDirectoryIsReadAheadOnlyFromADownloadLine() {
        let fallback = HaulConfiguration.haulCommandStateDirectory().path
        XCTAssertEqual(QuickDownloadArguments.stateDirectoryOfDownload(["-q", "--state-dir", "/s", "-o", "x", "http://h/f"]), "/s")
        XCTAssertEqual(QuickDownloadArguments.stateDirectoryOfDownload(["http://h/f", "--state-dir=/t"]), "/t")
        XCTAssertEqual(QuickDownloadArguments.stateDirectoryOfDownload(["HTTPS://h/f"]), fallback)
        XCTAssertEqual(QuickDownloadArguments.stateDirectoryOfDownload(["http://h/f", "--", "--state-dir", "/u"]), fallback)
        XCTAssertNil(QuickDownloadArguments.stateDirectoryOfDownload([]))
        XCTAssertNil(QuickDownloadArguments.stateDirectoryOfDownload(["get", "http://h/f"]), "a subcommand reads its own line")
        XCTAssertNil(QuickDownloadArguments.stateDirectoryOfDownload(["list", "--state-dir", "/s"]))
        XCTAssertNil(QuickDownloadArguments.stateDirectoryOfDownload(["-o", "x", "ftp://h/f"]), "no http(s) URL")
        XCTAssertEqual(QuickDownloadArguments.stateDirectoryOfDownload(["-j", "8", "-i", "list.txt", "--state-dir", "/l"]), "/l", "a list")
        XCTAssertEqual(QuickDownloadArguments.stateDirectoryOfDownload(["--input-file=list.txt"]), fallback)
        // Wherever the quick parse reads a state directory, the read-ahead finds the same one.
        for line in [["--state-dir", "/a", "http://h/f"], ["http://h/f", "--state-dir=/b", "-q"], ["-x", "4", "http://h/f"],
                     ["-i", "list.txt", "--state-dir", "/c"]] {
            let command = QuickDownloadArguments.options(line)
            XCTAssertNotNil(command, "\(line)")
            XCTAssertEqual(command?.stateDirectory ?? fallback, QuickDownloadArguments.stateDirectoryOfDownload(line), "\(line)")
        }
    }

    /// A line that reads a list leaves the program's `.bss` unpopulated at start (issue 62: about 0.9 MiB of a
    /// list's resident set); any other line populates it as before.
    func testALineThatReadsAListIsToldFromOneThatDoesNot() {
        XCTAssertTrue(QuickDownloadArguments.readsList(["-q", "-j", "16", "-i", "list.txt"]))
        XCTAssertTrue(QuickDownloadArguments.readsList(["-ilist.txt"]), "joined, as the option allows")
        XCTAssertTrue(QuickDownloadArguments.readsList(["--input-file", "-"]))
        XCTAssertTrue(QuickDownloadArguments.readsList(["--input-file=list.txt", "-q"]))
        XCTAssertFalse(QuickDownloadArguments.readsList(["-q", "http://h/f"]))
        XCTAssertFalse(QuickDownloadArguments.readsList(["--version"]))
        XCTAssertFalse(QuickDownloadArguments.readsList(["http://h/f", "--", "-i"]), "after --, a word is an argument")
        XCTAssertFalse(QuickDownloadArguments.readsList([]))
    }
}

/// HaulCore's SplitMix64 as a `RandomNumberGenerator`, seeded, so that a failing random line can be replayed.
private struct SplitMix: RandomNumberGenerator {
    private var generator: SplitMix64
    init(seed: UInt64) { generator = SplitMix64(seed: seed) }
    mutating func next() -> UInt64 { generator.next() }
}
