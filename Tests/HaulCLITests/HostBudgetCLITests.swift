import Foundation
import HaulCore
import HaulTestSupport
import XCTest

@testable import HaulKit

/// Issue 37, "per-host budget, remembered", against a real server: nginx's stock `limit_conn` (three connections per
/// client address, 503 to a fourth; `limit_rate` keeps each connection busy for a second or two, nginx sending a
/// second's worth at once). The first `haul -x 8` learns it from the 503s and still finishes; the lesson is
/// in the state database; a second `haul`, a new process, starts within it and gets no 503 at all.
final class HostBudgetCLITests: XCTestCase {
    func testA503ToAnExtraConnectionIsLearnedKeptAndHonouredByTheNextProcess() throws {
        try withTemporaryDirectorySync { dir in
            let bytes = deterministicBytes(count: 6 << 20, seed: 37)
            guard let nginx = try NginxServer.serving(
                ["f.bin": bytes, "g.bin": bytes], in: dir,
                extraLocations: "location ~ \\.bin$ { limit_conn perip 3; limit_rate 512k; }",
                httpDirectives: "limit_conn_zone $binary_remote_addr zone=perip:1m;", logsRequests: true
            ) else { throw XCTSkip("nginx is not installed") }
            defer { nginx.stop() }
            let state = dir.file("s").path
            let common = ["--state-dir", state, "-q", "-x", "8", "--min-split-size", "1M"]

            let first = try HaulProcess.run(common + ["-o", "f.bin", nginx.url("/f.bin")], in: dir.url)
            XCTAssertEqual(first.status, 0, first.stderr)
            XCTAssertTrue(contents(dir.file("f.bin")) == bytes)
            let firstLog = nginx.loggedRequests()
            XCTAssertTrue(firstLog.contains { $0.status == 503 }, "nginx never refused: the test proves nothing: \(firstLog)")

            let host = "127.0.0.1:\(nginx.port)"
            let learned = try XCTUnwrap(try DownloadStore(directory: state).hostBudget(for: host), "nothing kept")
            // The count that had been answered when the 503 came: three, or fewer when another connection's 206 was
            // still on its way (the budget errs on the polite side, and eases back by one an hour).
            XCTAssertTrue((1...3).contains(learned.limit), "\(learned)")
            XCTAssertEqual(learned.lesson, .refused)
            XCTAssertTrue(learned.reason.contains("503"), learned.reason)

            let second = try HaulProcess.run(common + ["-o", "g.bin", nginx.url("/g.bin")], in: dir.url)
            XCTAssertEqual(second.status, 0, second.stderr)
            XCTAssertTrue(contents(dir.file("g.bin")) == bytes)
            let secondLog = nginx.loggedRequests().dropFirst(firstLog.count)
            XCTAssertFalse(secondLog.isEmpty)
            XCTAssertFalse(secondLog.contains { $0.status == 503 }, "the next process asked for more than the host takes: \(secondLog)")
        }
    }
}
