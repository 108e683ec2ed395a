import Foundation
import HaulTestSupport
import XCTest

/// What a newcomer reads first: `haul --help`, usage errors that point at the right help, and the manual.
final class UsageMessageTests: XCTestCase {
    /// `haul --help` starts with how to download: the usage `haul [<options>] <url>` and the common download
    /// options, then the subcommands and the exit codes; `haul help options` has every download option.
    func testTopLevelHelpShowsTheDownloadUsageAndOptionsFirst() throws {
        try withTemporaryDirectorySync { dir in
            for arguments in [["--help"], ["-h"], ["help"]] {
                let help = try HaulProcess.run(arguments, in: dir.url)
                XCTAssertEqual(help.status, 0, help.stderr)
                let text = help.stdout
                let usage = try XCTUnwrap(text.range(of: "USAGE: haul [<options>] <url>"), text)
                let output = try XCTUnwrap(text.range(of: "--output"), "the download options are on the first screen")
                let subcommands = try XCTUnwrap(text.range(of: "SUBCOMMANDS:"), text)
                XCTAssertLessThan(usage.lowerBound, output.lowerBound)
                XCTAssertLessThan(output.lowerBound, subcommands.lowerBound, "download options come before the subcommands")
                for option in ["--limit-rate", "-x, --connections", "--checksum"] {
                    XCTAssertTrue(text.contains(option), "\(option) missing from haul --help")
                }
                let flattened = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                XCTAssertTrue(flattened.contains("130 interrupted"), "the exit codes stay in the top-level help")
            }
            let all = try HaulProcess.run(["help", "options"], in: dir.url)
            XCTAssertEqual(all.status, 0, all.stderr)
            XCTAssertTrue(all.stdout.contains("USAGE: haul [get] "), all.stdout)
            for option in ["--limit-rate", "--proxy", "--insecure", "--retries", "-x, --connections"] {
                XCTAssertTrue(all.stdout.contains(option), "\(option) missing from haul help options")
            }
        }
    }

    /// An unknown option is reported as such, not as a bad URL made of its value.
    func testUnknownOptionIsNamed() throws {
        try withTemporaryDirectorySync { dir in
            let result = try HaulProcess.run(["--foo-bar", "2", "http://127.0.0.1:9/x"], in: dir.url)
            XCTAssertEqual(result.status, 2, result.stderr)
            XCTAssertTrue(result.stderr.contains("--foo-bar"), result.stderr)
            XCTAssertFalse(result.stderr.contains("'2' is not"), result.stderr)
        }
    }

    /// Every usage error ends with exactly one hint, and it names the subcommand that was run.
    func testUsageErrorsEndWithOneHintForTheRightSubcommand() throws {
        try withTemporaryDirectorySync { dir in
            try Data("abc".utf8).write(to: dir.file("f.txt"))
            let cases: [([String], String)] = [
                (["verify", "f.txt", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"], "haul verify --help"),
                (["verify", "f.txt"], "haul verify --help"),
                (["--connections", "0", "http://h/x"], "haul get --help"),
                (["move", "1"], "haul move --help"),
                (["zip"], "haul zip --help"),
            ]
            for (arguments, hint) in cases {
                let result = try HaulProcess.run(arguments, in: dir.url)
                XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
                let hints = result.stderr.components(separatedBy: "\n").filter { $0.contains("--help") }
                XCTAssertEqual(hints.count, 1, "\(arguments): one hint, not \(hints)")
                XCTAssertTrue(hints.first?.contains(hint) == true, "\(arguments): \(hints)")
                XCTAssertFalse(result.stderr.contains("haul <subcommand>"), "\(arguments): the top-level usage: \(result.stderr)")
            }
        }
    }

    /// Defaults are said once in the help: `(default: 6)`, never `(default 6). (default: 6)`.
    func testDefaultsAreNotSaidTwice() throws {
        try withTemporaryDirectorySync { dir in
            for command in ["get", "zip", "unzip", "resume", "list", "verify", "move"] {
                let help = try HaulProcess.run(["help", command], in: dir.url)
                XCTAssertEqual(help.status, 0, help.stderr)
                let flattened = help.stdout.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "  ", with: " ")
                XCTAssertNil(flattened.range(of: #"\(default [^:)]*\)[^(]*\(default: "#, options: .regularExpression), "\(command): \(help.stdout)")
            }
        }
    }

    /// `docs/generated/haul.1` is generated from the same option definitions: the definitions it was made from
    /// (`docs/generated/haul.dump-help.json`, written beside it by `docs/generated/update-manual.sh`) must be what the binary says now.
    func testManualIsCurrent() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let recorded = try String(contentsOf: repository.appendingPathComponent("docs/generated/haul.dump-help.json"), encoding: .utf8)
        let manual = try String(contentsOf: repository.appendingPathComponent("docs/generated/haul.1"), encoding: .utf8)
        try withTemporaryDirectorySync { dir in
            let dump = try HaulProcess.run(["--experimental-dump-help"], in: dir.url)
            XCTAssertEqual(dump.status, 0, dump.stderr)
            XCTAssertEqual(
                dump.stdout.trimmingCharacters(in: .whitespacesAndNewlines), recorded.trimmingCharacters(in: .whitespacesAndNewlines),
                "the options changed since docs/generated/haul.1 was generated: run docs/generated/update-manual.sh"
            )
        }
        for option in ["proxy", "noproxy", "insecure", "limit-rate", "cacert"] {
            XCTAssertTrue(manual.contains(option), "docs/generated/haul.1 does not mention --\(option)")
        }
    }
}
