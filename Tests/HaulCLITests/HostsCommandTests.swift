import Foundation
import HaulCore
import HaulTestSupport
import XCTest

@testable import HaulKit
@testable import haul

/// `haul hosts` (issue 37): what hosts taught about how many connections they accept, shown and forgotten from the
/// state database a `haul` run learned it in.
final class HostsCommandTests: XCTestCase {
    /// Stores lessons in `state`, as a download that met a refusing host would.
    private func learn(_ budgets: [LearnedHostBudget], state: String) throws {
        let store = try DownloadStore(directory: state)
        for budget in budgets { try store.saveHostBudget(budget) }
    }

    func testNothingLearnedYetSaysSo() throws {
        try withTemporaryDirectorySync { dir in
            let state = dir.file("s").path
            let shown = try HaulProcess.run(["hosts", "--state-dir", state], in: dir.url)
            XCTAssertEqual(shown.status, 0, shown.stderr)
            XCTAssertTrue(shown.stdout.hasPrefix("nothing learned yet: every host gets 16 connections"), shown.stdout)
            let json = try HaulProcess.run(["hosts", "--json", "--state-dir", state], in: dir.url)
            XCTAssertEqual((try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [Any])?.count, 0, json.stdout)
            // Before: `[`, a blank line, `]` (issue 60, point 9); `haul list --json` likewise.
            XCTAssertEqual(json.stdout, "[]\n")
            XCTAssertEqual(try HaulProcess.run(["list", "--json", "--state-dir", state], in: dir.url).stdout, "[]\n")
        }
    }

    func testTheTableAndTheJSONShowEachHostsBudgetNowAndWhatWasLearned() throws {
        try withTemporaryDirectorySync { dir in
            let state = dir.file("s").path
            let hourAndAHalfAgo = (Date().timeIntervalSince1970 - 5400).rounded(.down)
            try learn([
                LearnedHostBudget(host: "mirror.example.org:443", limit: 2, learnedAt: hourAndAHalfAgo, reason: "429 to connection 3"),
                LearnedHostBudget(host: "127.0.0.1:8080", limit: 5, learnedAt: Date().timeIntervalSince1970, reason: "no faster past 5", lesson: .slower),
            ], state: state)
            let shown = try HaulProcess.run(["hosts", "--state-dir", state], in: dir.url)
            XCTAssertEqual(shown.status, 0, shown.stderr)
            let lines = shown.stdout.split(separator: "\n").map(String.init)
            XCTAssertEqual(lines.count, 3, shown.stdout)
            XCTAssertEqual(lines[0].split(separator: " ", omittingEmptySubsequences: true), ["HOST", "BUDGET", "LEARNED", "WHEN", "WHY", "KIND"])
            XCTAssertTrue(lines[1].hasPrefix("127.0.0.1:8080") && lines[1].contains("just now") && lines[1].hasSuffix("no faster"), lines[1])
            let mirror = lines[2].split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            XCTAssertEqual(Array(mirror.prefix(3)), ["mirror.example.org:443", "3", "2"], "eased by one after an hour")
            XCTAssertTrue(lines[2].contains("1 h ago") && lines[2].contains("429 to connection 3") && lines[2].hasSuffix("refused"), lines[2])

            let json = try HaulProcess.run(["hosts", "--json", "--state-dir", state], in: dir.url)
            let objects = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
            XCTAssertEqual(objects.map { $0["host"] as? String }, ["127.0.0.1:8080", "mirror.example.org:443"])
            XCTAssertEqual(objects[1]["connections"] as? Int, 3)
            XCTAssertEqual(objects[1]["learned"] as? Int, 2)
            XCTAssertEqual(objects[1]["lesson"] as? String, "refused")
            XCTAssertEqual(objects[0]["lesson"] as? String, "slower")
            XCTAssertEqual((objects[1]["learnedAt"] as? String).flatMap { ISO8601DateFormatter().date(from: $0) }?.timeIntervalSince1970, hourAndAHalfAgo)
        }
    }

    func testResetForgetsOneHostByNameOrPortOrAllAndRefusesAnUnknownOne() throws {
        try withTemporaryDirectorySync { dir in
            let state = dir.file("s").path
            let now = Date().timeIntervalSince1970
            try learn(["a.example:80", "a.example:443", "b.example:8443", "c.example:443"].map {
                LearnedHostBudget(host: $0, limit: 2, learnedAt: now, reason: "503")
            }, state: state)
            let byName = try HaulProcess.run(["hosts", "--reset", "a.example", "--state-dir", state], in: dir.url)
            XCTAssertEqual(byName.status, 0, byName.stderr)
            XCTAssertEqual(byName.stdout, "forgot 2 learned host budgets\n")

            let unknown = try HaulProcess.run(["hosts", "--reset", "b.example:8443", "nowhere.example", "--state-dir", state], in: dir.url)
            XCTAssertEqual(unknown.status, 2, "a usage error, as an unknown download id is")
            XCTAssertTrue(unknown.stderr.contains("nothing was learned about nowhere.example"), unknown.stderr)
            XCTAssertEqual(Set(try DownloadStore(directory: state).hostBudgets(at: now, policy: HostBudgetPolicy()).map(\.host)),
                           ["b.example:8443", "c.example:443"], "nothing forgotten when one host is unknown")

            let byPort = try HaulProcess.run(["hosts", "--reset", "B.example:8443", "--state-dir", state], in: dir.url)
            XCTAssertEqual(byPort.stdout, "forgot 1 learned host budget\n", byPort.stderr)
            let all = try HaulProcess.run(["hosts", "--reset", "--state-dir", state], in: dir.url)
            XCTAssertEqual(all.stdout, "forgot 1 learned host budget\n", all.stderr)
            XCTAssertTrue(try HaulProcess.run(["hosts", "--state-dir", state], in: dir.url).stdout.hasPrefix("nothing learned yet"))
        }
    }

    func testAHostWithoutResetOrAMalformedOneIsAUsageError() throws {
        try withTemporaryDirectorySync { dir in
            let state = dir.file("s").path
            let stray = try HaulProcess.run(["hosts", "a.example", "--state-dir", state], in: dir.url)
            XCTAssertEqual(stray.status, 2)
            XCTAssertTrue(stray.stderr.contains("only with --reset"), stray.stderr)
            let malformed = try HaulProcess.run(["hosts", "--reset", "a.example:http", "--state-dir", state], in: dir.url)
            XCTAssertEqual(malformed.status, 2)
            XCTAssertTrue(malformed.stderr.contains("is not a host"), malformed.stderr)
        }
    }

    // MARK: the table, without a process

    func testWhenIsRecentTimesAgoAndOlderOnesTheLocalDateAndTime() {
        let now = 1_800_000_000.0
        XCTAssertEqual(HostBudgetTable.when(now - 5, now: now), "just now")
        XCTAssertEqual(HostBudgetTable.when(now - 12 * 60 - 30, now: now), "12 min ago")
        XCTAssertEqual(HostBudgetTable.when(now - 3 * 3600 - 59, now: now), "3 h ago")
        let utc = TimeZone(identifier: "UTC")!
        XCTAssertEqual(HostBudgetTable.when(now - 2 * 86400, now: now, timeZone: utc), "2027-01-13 08:00")
        XCTAssertEqual(HostBudgetTable.when(now + 600, now: now, timeZone: utc), "2027-01-15 08:10", "a clock that went back")
    }

    func testTheTableAlignsItsColumnsAndShowsTheBudgetAfterEasing() {
        let now = 1_800_000_000.0
        let policy = HostBudgetPolicy(defaultLimit: 16, easingEvery: .seconds(3600))
        let table = HostBudgetTable([
            LearnedHostBudget(host: "a.example:443", limit: 1, learnedAt: now - 7200, reason: "reset while 1 was open"),
            LearnedHostBudget(host: "mirror.example.org:8443", limit: 12, learnedAt: now, reason: String(repeating: "x", count: 60), lesson: .slower),
        ], now: now, policy: policy)
        XCTAssertEqual(table.rows.map(\.connections), [3, 12])
        XCTAssertEqual(table.text(), """
            HOST                     BUDGET  LEARNED  WHEN      WHY                                               KIND
            a.example:443                 3        1  2 h ago   reset while 1 was open                            refused
            mirror.example.org:8443      12       12  just now  \(String(repeating: "x", count: 47))…  no faster

            """)
    }
}
