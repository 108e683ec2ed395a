import Foundation
import HaulTestSupport
import XCTest

/// `--speed-schedule` on the command line: a bad rule is a usage error naming it; a rule that holds now limits the run.
final class SpeedScheduleCLITests: XCTestCase {
    func testABadRuleIsAUsageErrorThatNamesIt() throws {
        let result = try HaulProcess.run(
            ["--speed-schedule", "Mon-Fri 9-18 2M", "http://127.0.0.1:9/f"], in: FileManager.default.temporaryDirectory)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("--speed-schedule: 'Mon-Fri 9-18 2M': '9-18' is not a time range"), result.stderr)
    }

    /// A rule for the whole day, every day, holds now: 256 KiB at 64 KiB/s cannot take less than about 3 s (a lower
    /// bound only, which a slow machine cannot break). `--max-overall-rate 100M` is what holds where no rule does.
    func testARuleThatHoldsNowLimitsTheRun() async throws {
        let content = deterministicBytes(count: 256 << 10, seed: 61)
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/f.bin", FileResource(content: content))
                let started = Date()
                let result = try HaulProcess.run(
                    ["--speed-schedule", "00:00-24:00 64K", "--max-overall-rate", "100M", "-x", "1",
                     "--state-dir", dir.file("s").path, server.url("/f.bin")], in: dir.url)
                let seconds = Date().timeIntervalSince(started)
                XCTAssertEqual(result.status, 0, result.stderr)
                XCTAssertTrue(contents(dir.file("f.bin")) == content)
                XCTAssertGreaterThan(seconds, 2.5, "256 KiB at 64 KiB/s took \(seconds) s: the schedule's limit was not applied")
            }
        }
    }
}
