import Foundation
import HaulCore
import HaulKit
import HaulTestSupport
import XCTest

@testable import haul

/// What a newcomer meets first (issue 35): `haul --help` that starts with the options people type, `haul help
/// TOPIC` for the rest, a suggestion for a mistyped subcommand, a URL without a scheme taken as curl and wget take
/// it, and one voice for errors.
final class FrontDoorTests: XCTestCase {
    // MARK: help

    /// `haul --help`: the usage, the common download options and five examples come first; the rest is behind
    /// `haul help TOPIC`, listed at the end.
    func testTopLevelHelpStartsWithTheCommonOptionsAndExamples() throws {
        try withTemporaryDirectorySync { dir in
            let help = try HaulProcess.run(["--help"], in: dir.url)
            XCTAssertEqual(help.status, 0, help.stderr)
            let lines = help.stdout.components(separatedBy: "\n")
            let examples = try XCTUnwrap(lines.firstIndex(of: "EXAMPLES:"), help.stdout)
            XCTAssertLessThan(examples, 10, "the examples come first:\n\(help.stdout)")
            let options = try XCTUnwrap(lines.firstIndex(of: "OPTIONS:"), help.stdout)
            XCTAssertLessThan(options, 20, "then the common options:\n\(help.stdout)")
            let firstScreen = lines[options..<min(lines.count, options + 40)].joined(separator: "\n")
            var last = firstScreen.startIndex
            for option in ["-o, --output", "-d, --dir", "-x, --connections", "-j, --max-concurrent", "-i, --input-file",
                           "-c, --continue", "--limit-rate", "--checksum", "-q, --quiet", "--on-conflict"] {
                let found = try XCTUnwrap(firstScreen.range(of: option, range: last..<firstScreen.endIndex), "\(option) in order:\n\(firstScreen)")
                last = found.upperBound
            }
            XCTAssertEqual(lines[(examples + 1)...].prefix { !$0.isEmpty }.filter { $0.hasPrefix("  haul ") }.count, 5, help.stdout)
            for rare in ["--on-download-start", "--load-cookies", "--proxy", "--max-ratio", "COOKIES"] {
                XCTAssertFalse(help.stdout.contains(rare), "\(rare) belongs behind haul help TOPIC:\n\(help.stdout)")
            }
            XCTAssertTrue(help.stdout.contains("haul help TOPIC"), help.stdout)
            XCTAssertLessThan(lines.count, 120, "haul --help was 249 lines")
        }
    }

    func testEveryTopicHasItsOptions() throws {
        try withTemporaryDirectorySync { dir in
            let expected: [(String, [String])] = [
                ("hooks", ["--on-download-start", "--on-download-webhook", "HAUL_EVENT"]),
                ("cookies", ["--load-cookies", "--referer"]),
                ("proxy", ["--proxy", "--noproxy", "https_proxy"]),
                ("network", ["--retries", "--cacert", "--insecure"]),
                ("mirrors", ["--mirror", "--metalink"]),
                ("archive", ["--extract-to", "--max-ratio", "unzip"]),
                ("queue", ["--max-concurrent", "--speed-schedule", "--queue-schedule", "pause", "resume"]),
                ("exit-codes", ["130", "  8  checksum mismatch"]),
                ("environment", ["HAUL_STATE_DIR", "NO_COLOR"]),
                ("options", ["USAGE: haul [get] ", "--proxy", "--retries", "--on-download-start"]),
            ]
            for (topic, words) in expected {
                for arguments in [["help", topic], [topic, "--help"]] {
                    let help = try HaulProcess.run(arguments, in: dir.url)
                    XCTAssertEqual(help.status, 0, "\(arguments): \(help.stderr)")
                    for word in words { XCTAssertTrue(help.stdout.contains(word), "\(arguments) lacks \(word):\n\(help.stdout)") }
                }
            }
            let unknown = try HaulProcess.run(["help", "hoks"], in: dir.url)
            XCTAssertEqual(unknown.status, 2, unknown.stderr)
            XCTAssertTrue(unknown.stderr.hasPrefix("haul: error: no help topic or subcommand 'hoks'; did you mean 'hooks'?"), unknown.stderr)
        }
    }

    /// `-x` in `haul help daemon` is the daemon's, not `haul resume`'s.
    func testTheDaemonsHelpDoesNotTalkAboutResume() throws {
        try withTemporaryDirectorySync { dir in
            let help = try HaulProcess.run(["help", "daemon"], in: dir.url)
            XCTAssertEqual(help.status, 0, help.stderr)
            XCTAssertFalse(help.stdout.contains("replaces the stored"), help.stdout)
            XCTAssertTrue(help.stdout.contains("--rpc-listen-port"), help.stdout)
            let resume = try HaulProcess.run(["help", "resume"], in: dir.url)
            XCTAssertTrue(resume.stdout.replacingOccurrences(of: "\n", with: " ").contains("replace what the downloads were stored with"), resume.stdout)
        }
    }

    // MARK: messages

    func testAMistypedSubcommandGetsASuggestion() throws {
        XCTAssertEqual(Suggestion.closest(to: "lsit", among: HaulCommand.subcommandNames), "list")
        XCTAssertEqual(Suggestion.closest(to: "resme", among: HaulCommand.subcommandNames), "resume")
        XCTAssertEqual(Suggestion.closest(to: "daemno", among: HaulCommand.subcommandNames), "daemon")
        XCTAssertNil(Suggestion.closest(to: "banana", among: HaulCommand.subcommandNames))
        try withTemporaryDirectorySync { dir in
            for arguments in [["lsit"], ["lsit", "--json"], ["-q", "lsit"]] {
                let result = try HaulProcess.run(arguments, in: dir.url)
                XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
                XCTAssertTrue(result.stderr.hasPrefix("haul: error: "), "\(arguments): \(result.stderr)")
                XCTAssertTrue(result.stderr.contains("did you mean 'list'?"), "\(arguments): \(result.stderr)")
                XCTAssertFalse(result.stderr.contains("is not an http or https URL"), "\(arguments): \(result.stderr)")
            }
        }
    }

    func testAURLWithoutASchemeIsTakenAsHTTP() async throws {
        XCTAssertEqual(DownloadOptions.assumingHTTP("example.com/file.iso"), "http://example.com/file.iso")
        XCTAssertEqual(DownloadOptions.assumingHTTP("localhost:8080/x"), "http://localhost:8080/x")
        XCTAssertEqual(DownloadOptions.assumingHTTP("10.0.0.5/x?y=1"), "http://10.0.0.5/x?y=1")
        XCTAssertNil(DownloadOptions.assumingHTTP("lsit"))
        XCTAssertNil(DownloadOptions.assumingHTTP("ftp://example.com/x"))
        XCTAssertNil(DownloadOptions.assumingHTTP("/tmp/x.iso"))
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                let bytes = deterministicBytes(count: 10_000, seed: 35)
                server.serve("/plain.bin", FileResource(content: bytes))
                let bare = server.url("/plain.bin").replacingOccurrences(of: "http://", with: "")
                for arguments in [["-q", bare], ["--user-agent", "x", bare]] {  // the quick path, and ArgumentParser's
                    try? FileManager.default.removeItem(at: dir.file("plain.bin"))
                    let result = try HaulProcess.run(["--state-dir", dir.file("s").path] + arguments, in: dir.url)
                    XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
                    let notes = result.stderr.components(separatedBy: "\n").filter { $0.contains("has no scheme") }
                    XCTAssertEqual(notes, ["haul: note: '\(bare)' has no scheme; using http://\(bare)"], result.stderr)
                    XCTAssertTrue(contents(dir.file("plain.bin")) == bytes)
                }
            }
        }
    }

    /// Usage errors and run-time errors speak alike: `haul: error: ...`, never ArgumentParser's `Error:`.
    func testUsageErrorsStartLikeRunTimeErrors() throws {
        try withTemporaryDirectorySync { dir in
            for arguments in [["--connections", "0", "http://h/x"], ["--foo-bar", "2", "http://h/x"], ["zip"], ["verify", "nope"]] {
                let result = try HaulProcess.run(arguments, in: dir.url)
                XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
                XCTAssertTrue(result.stderr.hasPrefix("haul: error: "), "\(arguments): \(result.stderr)")
                XCTAssertFalse(result.stderr.contains("Error:"), "\(arguments): \(result.stderr)")
            }
        }
    }

    // MARK: narrow terminals

    /// A row with every byte of a known length is finishing (flushed and renamed; its place under -j is given back),
    /// and says so instead of a speed and an ETA; without a known length, or before the last byte, it is running.
    func testARowWithEveryByteSaysFinishing() {
        let whole = DownloadProgress(bytesDone: 1 << 20, totalBytes: 1 << 20)
        XCTAssertTrue(MultiProgressView.isFinishing(.downloading, whole))
        XCTAssertEqual(MultiProgressView.status(.downloading, whole), "finishing")
        let half = DownloadProgress(bytesDone: 1 << 19, totalBytes: 1 << 20)
        XCTAssertFalse(MultiProgressView.isFinishing(.downloading, half))
        XCTAssertTrue(MultiProgressView.status(.downloading, half).contains("ETA"))
        let unknown = DownloadProgress(bytesDone: 1 << 20, totalBytes: nil)
        XCTAssertFalse(MultiProgressView.isFinishing(.downloading, unknown), "a length never said cannot be complete yet")
        XCTAssertFalse(MultiProgressView.isFinishing(.paused, whole), "only a download that runs finishes")
        XCTAssertEqual(MultiProgressView.status(.paused, whole), "paused")
    }

    /// The multi view's total line gives up whole parts on a narrow terminal, never half a word.
    func testTheTotalLineDropsWholeParts() {
        let parts: [(text: String, rank: Int)] = [
            ("total  1/3 done", 0), (", 1 running", 5), (", 1 failed", 1), ("  74.4 MiB", 2), ("  6.2 MiB/s", 6), ("  16s", 7),
        ]
        XCTAssertEqual(MultiProgressView.fitted(parts, room: 80), "total  1/3 done, 1 running, 1 failed  74.4 MiB  6.2 MiB/s  16s")
        XCTAssertEqual(MultiProgressView.fitted(parts, room: 49), "total  1/3 done, 1 running, 1 failed  74.4 MiB")
        XCTAssertEqual(MultiProgressView.fitted(parts, room: 30), "total  1/3 done, 1 failed")
        for room in 1...80 {
            let text = MultiProgressView.fitted(parts, room: room)
            XCTAssertLessThanOrEqual(text.count, max(1, room))
            XCTAssertFalse(text.hasSuffix(" "), text)
        }
    }
}
