import Foundation
import HaulTestSupport
import XCTest

/// `--queue-schedule` on the command line: a bad rule is a usage error naming it (for `haul get` and
/// `haul daemon`); a window that holds now lets the run go through.
final class QueueScheduleCLITests: XCTestCase {
    func testABadRuleIsAUsageErrorThatNamesIt() throws {
        for command in [[], ["resume", "--all"], ["daemon"]] {
            let result = try HaulProcess.run(
                command + ["--queue-schedule", "Mon-Fri 1-7"] + (command.isEmpty ? ["http://127.0.0.1:9/f"] : []),
                in: FileManager.default.temporaryDirectory)
            XCTAssertEqual(result.status, 2, "\(command): \(result.stderr)")
            XCTAssertTrue(
                result.stderr.contains("--queue-schedule: 'Mon-Fri 1-7': '1-7' is not a time range"), "\(command): \(result.stderr)")
        }
    }

    /// A window of the whole day, every day: the download runs at once.
    func testAWindowThatHoldsNowLetsTheRunGoThrough() async throws {
        let content = deterministicBytes(count: 64 << 10, seed: 62)
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/f.bin", FileResource(content: content))
                let result = try HaulProcess.run(
                    ["--queue-schedule", "00:00-24:00", "--state-dir", dir.file("s").path, server.url("/f.bin")],
                    in: dir.url)
                XCTAssertEqual(result.status, 0, result.stderr)
                XCTAssertTrue(contents(dir.file("f.bin")) == content)
            }
        }
    }
}
