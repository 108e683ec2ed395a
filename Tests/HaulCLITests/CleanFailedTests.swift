import Foundation
import HaulTestSupport
import XCTest

@testable import haul

/// `haul clean --failed` (issue 60, point 6): failed records with no bytes piled up in `haul list`, and `haul clean`
/// removed completed records only, without a word about the rest.
final class CleanFailedTests: XCTestCase {
    private let content = deterministicBytes(count: 100_000, seed: 606)

    func testCleanKeepsFailedDownloadsAndSaysSoThenForgetsThemWithFailed() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/ok.bin", FileResource(content: content))
                let state = ["--state-dir", dir.file("s").path]
                XCTAssertEqual(try HaulProcess.run(state + [server.url("/ok.bin")], in: dir.url).status, 0)
                for name in ["a", "b"] {
                    XCTAssertEqual(try HaulProcess.run(state + [server.url("/missing-\(name).bin")], in: dir.url).status, 4)
                }

                let clean = try HaulProcess.run(["clean"] + state, in: dir.url)
                XCTAssertEqual(clean.status, 0, clean.stderr)
                XCTAssertEqual(clean.stdout, """
                    removed 1 completed download
                    kept 2 failed downloads ('haul resume ID' retries one; 'haul clean --failed' forgets them)

                    """)
                XCTAssertTrue(FileManager.default.fileExists(atPath: dir.file("ok.bin").path), "a completed file stays")

                let failed = try HaulProcess.run(["clean", "--failed"] + state, in: dir.url)
                XCTAssertEqual(failed.status, 0, failed.stderr)
                XCTAssertTrue(failed.stdout.contains("removed failed download 2 missing-a.bin (no bytes held)"), failed.stdout)
                XCTAssertTrue(failed.stdout.contains("removed failed download 3 missing-b.bin (no bytes held)"), failed.stdout)
                XCTAssertTrue(failed.stdout.hasSuffix("removed 0 completed downloads\nremoved 2 failed downloads\n"), failed.stdout)
                let list = try HaulProcess.run(["list"] + state, in: dir.url)
                XCTAssertTrue(list.stdout.hasPrefix("no downloads"), list.stdout)
            }
        }
    }

    func testTheReportNamesWhatAFailedDownloadHeld() {
        let report = CleanReport(failed: [.init(id: 7, name: "big.iso", bytes: 3 << 20)], completed: 1, failedKept: 0)
        XCTAssertEqual(report.lines, [
            "removed failed download 7 big.iso (its partial file of 3.00 MiB deleted)",
            "removed 1 completed download",
            "removed 1 failed download",
        ])
        XCTAssertEqual(CleanReport().lines, ["removed 0 completed downloads"])
    }
}
