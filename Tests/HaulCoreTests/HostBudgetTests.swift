import XCTest

@testable import HaulCore

/// The per-host budget: lowered at once by a refusal, eased back an hour at a time, never below one or above the
/// default.
final class HostBudgetTests: XCTestCase {
    private let policy = HostBudgetPolicy(defaultLimit: 16, easingEvery: .seconds(3600))

    func testARefusalLowersTheBudgetToTheCountThatWorked() {
        let learned = LearnedHostBudget.lowered(
            from: nil, host: "h:80", openConnections: 4, now: 1000, reason: "503", policy: policy)
        XCTAssertEqual(learned.limit(at: 1000, policy: policy), 4)
        XCTAssertEqual(learned.learnedAt, 1000)
        XCTAssertEqual(learned.reason, "503")
    }

    func testABudgetEasesBackOneConnectionAnHourUpToTheDefault() {
        let learned = LearnedHostBudget(host: "h:80", limit: 4, learnedAt: 0, reason: "429")
        XCTAssertEqual(learned.limit(at: 3599, policy: policy), 4)
        XCTAssertEqual(learned.limit(at: 3600, policy: policy), 5)
        XCTAssertEqual(learned.limit(at: 5 * 3600, policy: policy), 9)
        XCTAssertEqual(learned.limit(at: 100 * 3600, policy: policy), 16)
        XCTAssertFalse(learned.hasExpired(at: 11 * 3600, policy: policy))
        XCTAssertTrue(learned.hasExpired(at: 12 * 3600, policy: policy))
        XCTAssertEqual(learned.limit(at: -50, policy: policy), 4, "a clock set back never lowers it further")
    }

    func testNeverBelowOne() {
        let learned = LearnedHostBudget.lowered(
            from: nil, host: "h:80", openConnections: 0, now: 0, reason: "refused", policy: policy)
        XCTAssertEqual(learned.limit(at: 0, policy: policy), 1)
    }

    func testAStricterLessonInForceStandsAndALaterOneRestartsTheClock() {
        let strict = LearnedHostBudget(host: "h:80", limit: 2, learnedAt: 0, reason: "503")
        let again = LearnedHostBudget.lowered(
            from: strict, host: "h:80", openConnections: 6, now: 1800, reason: "429", policy: policy)
        XCTAssertEqual(again.limit(at: 1800, policy: policy), 2, "6 open is impossible under a budget of 2; 2 stands")
        // Two hours on, the budget has eased to 4; a refusal with 3 open sets 3 from now.
        let later = LearnedHostBudget.lowered(
            from: strict, host: "h:80", openConnections: 3, now: 7200, reason: "503", policy: policy)
        XCTAssertEqual(later.limit(at: 7200, policy: policy), 3)
        XCTAssertEqual(later.learnedAt, 7200)
        XCTAssertEqual(later.limit(at: 7200 + 3600, policy: policy), 4)
    }

    func testASlowerLessonBindsOnlyChosenCountsAndNeverReplacesARefusal() {
        let slower = LearnedHostBudget.lowered(
            from: nil, host: "h:80", openConnections: 4, now: 0, reason: "16 connections were no faster than 4",
            lesson: .slower, policy: policy)
        XCTAssertEqual(slower.limit(at: 0, policy: policy), 4)
        XCTAssertFalse(slower.bindsFixedCounts, "a typed -x 16 is not held to what a measurement suggested")
        let refused = LearnedHostBudget.lowered(
            from: slower, host: "h:80", openConnections: 6, now: 10, reason: "503", policy: policy)
        XCTAssertEqual(refused.lesson, .refused, "the server's own word replaces a measurement")
        XCTAssertEqual(refused.limit(at: 10, policy: policy), 6, "compared with the default, not the measured 4")
        XCTAssertTrue(refused.bindsFixedCounts)
        let measuredAgain = LearnedHostBudget.lowered(
            from: refused, host: "h:80", openConnections: 2, now: 20, reason: "no faster", lesson: .slower, policy: policy)
        XCTAssertEqual(measuredAgain, refused, "a refusal in force stands against a measurement")
        let expired = LearnedHostBudget.lowered(
            from: refused, host: "h:80", openConnections: 2, now: 20 * 3600, reason: "no faster", lesson: .slower,
            policy: policy)
        XCTAssertEqual(expired.lesson, .slower, "once the refusal has eased away, a new measurement counts")
        XCTAssertEqual(expired.limit(at: 20 * 3600, policy: policy), 2)
    }
}
