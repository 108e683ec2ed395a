import Foundation
import HaulCore
import HaulDaemon
import HaulTestSupport
import XCTest

@testable import HaulKit

/// `haul.getHostBudgets` and `haul.resetHostBudgets` (issue 37, "per-host budget, remembered"): what hosts taught,
/// read from and forgotten in the daemon's state database, behind the secret.
final class HostBudgetRPCTests: XCTestCase {
    /// Stores lessons in the daemon's state database, as a `haul` process sharing it would.
    private func learn(_ budgets: [LearnedHostBudget], in fixture: DaemonFixture) throws {
        let store = try DownloadStore(directory: fixture.configuration.stateDirectory)
        for budget in budgets { try store.saveHostBudget(budget) }
    }

    func testTheLessonsAreListedWithTheBudgetNowAndWhenTheyWereLearned() async throws {
        let fixture = try await DaemonFixture.start()
        XCTAssertEqual(try fixture.call("haul.getHostBudgets"), [])
        let twoHoursAgo = (Date().timeIntervalSince1970 - 7200).rounded(.down)
        try learn([
            LearnedHostBudget(host: "mirror.example.org:443", limit: 4, learnedAt: twoHoursAgo, reason: "429 to connection 5"),
            LearnedHostBudget(host: "127.0.0.1:8080", limit: 3, learnedAt: twoHoursAgo, reason: "no faster past 3", lesson: .slower),
        ], in: fixture)
        let listed = try XCTUnwrap(try fixture.call("haul.getHostBudgets").arrayValue)
        XCTAssertEqual(listed.map { $0["host"] }, ["127.0.0.1:8080", "mirror.example.org:443"], "in host order")
        let mirror = listed[1]
        XCTAssertEqual(mirror["connections"], "6", "4 learned, eased by one an hour")
        XCTAssertEqual(mirror["learned"], "4")
        XCTAssertEqual(mirror["reason"], "429 to connection 5")
        XCTAssertEqual(mirror["lesson"], "refused")
        let learnedAt = try XCTUnwrap(mirror["learnedAt"]?.stringValue)
        XCTAssertEqual(ISO8601DateFormatter().date(from: learnedAt)?.timeIntervalSince1970, twoHoursAgo, learnedAt)
        XCTAssertEqual(listed[0]["lesson"], "slower")
        await fixture.stop()
    }

    func testResettingForgetsTheNamedHostsOrAllAndSaysHowMany() async throws {
        let fixture = try await DaemonFixture.start()
        let now = Date().timeIntervalSince1970
        try learn(["a.example:80", "a.example:443", "a.example:8080", "b.example:443"].map {
            LearnedHostBudget(host: $0, limit: 2, learnedAt: now, reason: "503")
        }, in: fixture)
        XCTAssertEqual(try fixture.call("haul.resetHostBudgets", [["A.example"]]), "2", "a name: its ports 80 and 443")
        XCTAssertEqual(try fixture.call("haul.resetHostBudgets", [["nowhere.example:443"]]), "0")
        XCTAssertTrue(try fixture.error("haul.resetHostBudgets", [["not a host/"]]).contains("is not a host"))
        XCTAssertNotNil(try fixture.answer("haul.resetHostBudgets", ["a.example:8080"])["error"], "hosts must be an array")
        XCTAssertEqual(try fixture.call("haul.getHostBudgets").arrayValue?.map { $0["host"] }, ["a.example:8080", "b.example:443"])
        XCTAssertEqual(try fixture.call("haul.resetHostBudgets"), "2", "no hosts: every one")
        XCTAssertEqual(try fixture.call("haul.getHostBudgets"), [])
        await fixture.stop()
    }

    func testBothNeedTheSecretAndAreListed() async throws {
        let fixture = try await DaemonFixture.start()
        try learn([LearnedHostBudget(host: "a.example:443", limit: 2, learnedAt: Date().timeIntervalSince1970, reason: "503")], in: fixture)
        for method in ["haul.getHostBudgets", "haul.resetHostBudgets"] {
            XCTAssertEqual(try fixture.answer(method, token: "wrong")["error"]?["message"], "Unauthorized", method)
        }
        XCTAssertEqual(try fixture.call("haul.getHostBudgets").arrayValue?.count, 1, "the refused reset forgot nothing")
        let methods = try fixture.call("system.listMethods").arrayValue ?? []
        XCTAssertTrue(methods.contains("haul.getHostBudgets") && methods.contains("haul.resetHostBudgets"))
        await fixture.stop()
    }
}
