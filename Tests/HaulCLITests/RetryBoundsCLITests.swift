import Foundation
import HaulTestSupport
import XCTest

/// `--retry-wait` and `--retry-max-time` on a server that keeps answering 500.
final class RetryBoundsCLITests: XCTestCase {
    private func retryObjects(_ stdout: String) -> [[String: Any]] {
        stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }.filter { $0["type"] as? String == "retrying" }
    }

    /// `--retries 1000 --retry-wait 0.2 --retry-max-time 2`: every wait is 0.2 s, and the run gives up after about
    /// 2 s of failures (exit 4, the last status) instead of a thousand attempts; no `.part` is left.
    func testAFixedWaitAndATimeBudgetEndAStreakOf500s() async throws {
        try await withTestServer { server in
            server.route("/busy.bin") { _ in .text(500, "try later") }
            try await withTemporaryDirectory { dir in
                let result = try HaulProcess.run(
                    ["--state-dir", dir.file("s").path, "--progress", "json", "--retries", "1000",
                     "--retry-wait", "0.2", "--retry-max-time", "2", server.url("/busy.bin")],
                    in: dir.url
                )
                XCTAssertEqual(result.status, 4, result.stderr)
                XCTAssertTrue(result.stdout.contains("HTTP 500"), result.stdout)
                let retries = retryObjects(result.stdout)
                XCTAssertEqual(Set(retries.compactMap { $0["delay"] as? Double }), [0.2], result.stdout)
                // 2 s of 0.2 s waits (plus each request's own time) is at most 10 retries, far from 1000.
                XCTAssertGreaterThanOrEqual(retries.count, 3, result.stdout)
                XCTAssertLessThanOrEqual(retries.count, 10, result.stdout)
                XCTAssertLessThanOrEqual(server.requests(for: "/busy.bin").count, 11)
                XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file("busy.bin.part").path))
            }
        }
    }

    func testBadRetryBoundsAreUsageErrors() async throws {
        try await withTemporaryDirectory { dir in
            for arguments in [["--retry-wait", "-1"], ["--retry-max-time", "0"], ["--retry-wait", "abc"]] {
                let result = try HaulProcess.run(arguments + ["http://127.0.0.1:9/x.bin"], in: dir.url)
                XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
                XCTAssertTrue(result.stderr.contains(arguments[0]), result.stderr)
            }
        }
    }
}
