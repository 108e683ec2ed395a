import ArgumentParser
import XCTest

import HaulKit

@testable import HaulCore
@testable import haul

/// `haul URL...` is read without ArgumentParser when it can be (QuickDownloadArguments): the command it builds must
/// be the one ArgumentParser builds from the same words, every field, defaults included; and what it cannot read
/// exactly so must go to ArgumentParser.
final class QuickDownloadArgumentsTests: XCTestCase {
    /// Every field of the command, through its property wrappers (`dump` walks them with `Mirror`). An option
    /// group's title is left out: it only places the group in `--help`, and ArgumentParser's decoding drops it.
    private func fields(_ command: DownloadCommand) -> String {
        var text = ""
        dump(command, to: &text)
        return text.split(separator: "\n").filter { !$0.contains("- title: ") }.joined(separator: "\n")
    }

    private func assertSameAsArgumentParser(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        guard let quick = QuickDownloadArguments.command(arguments) else {
            return XCTFail("not read quickly: \(arguments)", file: file, line: line)
        }
        let parsed = try DownloadCommand.parse(arguments)
        XCTAssertEqual(fields(quick), fields(parsed), "\(arguments)", file: file, line: line)
    }

    func testTheDefaultsAreTheDeclarations() throws {
        // A field missing from `withDefaults()` dumps as ArgumentParser's definition, not a value; a default
        // written differently dumps another value.
        try assertSameAsArgumentParser(["http://h/f"])
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
            XCTAssertNil(QuickDownloadArguments.command(line), "\(line)")
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
            let command = QuickDownloadArguments.command(line)
            XCTAssertNotNil(command, "\(line)")
            XCTAssertEqual(command?.stateDirectory ?? fallback, QuickDownloadArguments.stateDirectoryOfDownload(line), "\(line)")
        }
    }
}

/// HaulCore's SplitMix64 as a `RandomNumberGenerator`, seeded, so that a failing random line can be replayed.
private struct SplitMix: RandomNumberGenerator {
    private var generator: SplitMix64
    init(seed: UInt64) { generator = SplitMix64(seed: seed) }
    mutating func next() -> UInt64 { generator.next() }
}
