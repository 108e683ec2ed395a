import Foundation
import HaulTestSupport
import XCTest

@testable import haul

/// curl and wget habits (issue 60, point 8): each gets a one-line hint saying what haul does instead, not a bare
/// "Unknown option"; `haul -V` names the option instead of asking for a URL; `haul version` answers.
final class ForeignOptionTests: XCTestCase {
    func testCurlAndWgetOptionsGetAHintOnTheCommandLine() throws {
        try withTemporaryDirectorySync { dir in
            let url = "http://127.0.0.1:9/f.bin"
            let cases: [([String], String)] = [
                (["-O", url], "haul names the file after the URL already"),
                (["-L", url], "haul follows redirects already"),
                (["-s", url], "use -q (--quiet)"),
                (["-#", url], "the progress bar is haul's default"),
                (["-V"], "haul's version is --version"),
                (["-sSL", url], "-L: haul follows redirects already"),
                (["-O", "out.bin", url], "use -o FILE (wget's -O FILE)"),
                (["--tries=3", url], "use --retries N"),
            ]
            for (arguments, hint) in cases {
                let result = try HaulProcess.run(arguments, in: dir.url)
                XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
                let first = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
                XCTAssertTrue(first.hasPrefix("haul: error: unknown option '\(arguments[0])': "), "\(arguments): \(result.stderr)")
                XCTAssertTrue(first.contains(hint), "\(arguments): \(result.stderr)")
                XCTAssertFalse(result.stderr.contains("at least one URL") || result.stderr.contains("is not a URL"), "\(arguments): \(result.stderr)")
                XCTAssertTrue(result.stderr.contains("See 'haul get --help'"), result.stderr)
            }
            let version = try HaulProcess.run(["version"], in: dir.url)
            XCTAssertEqual(version.status, 0, version.stderr)
            let expected = try HaulProcess.run(["--version"], in: dir.url)
            XCTAssertEqual(version.stdout, expected.stdout)
            XCTAssertFalse(version.stdout.isEmpty)
            // The version and the commit it was built from (HAUL_BUILD_COMMIT; "unknown" for a build without it, as
            // `swift test`'s): Packaging/check.sh checks the packaged binary names a real commit.
            let line = version.stdout.trimmingCharacters(in: .newlines)
            XCTAssertNotNil(line.range(of: #"^[0-9]+\.[0-9]+\.[0-9]+ \(commit ([0-9a-f]{7,40}(-dirty)?|unknown)\)$"#, options: .regularExpression), line)
        }
    }

    func testHintsAreForOptionsOnlyAndStopAtDoubleDash() {
        XCTAssertNotNil(ForeignOptions.hint(for: "-Ofile"), "wget's -Ofile")
        XCTAssertNotNil(ForeignOptions.hint(for: "-P/tmp"))
        XCTAssertNotNil(ForeignOptions.hint(for: "--location"))
        XCTAssertNil(ForeignOptions.hint(for: "-q"), "haul's own")
        XCTAssertNil(ForeignOptions.hint(for: "-qc"), "haul's own, run together")
        XCTAssertNil(ForeignOptions.hint(for: "--output-dir"), "an alias of -d, not foreign")
        XCTAssertNil(ForeignOptions.hint(for: "http://h/-L"))
        XCTAssertNil(ForeignOptions.firstHint(in: ["--", "-L"]), "after --, words are URLs")
        XCTAssertEqual(ForeignOptions.firstHint(in: ["-q", "-L", "-s"])?.option, "-L")
    }
}
