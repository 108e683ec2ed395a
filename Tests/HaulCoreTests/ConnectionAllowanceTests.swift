import HaulCore
import XCTest

/// `ConnectionAllowance`: how many connections a download may open now, from its count, the queue's grant, the
/// host's budget and the pool's cap, in the order its summary writes out.
final class ConnectionAllowanceTests: XCTestCase {
    private let policy = HostBudgetPolicy()
    private let hour = 3600.0

    private func lesson(_ limit: Int, _ kind: LearnedHostBudget.Lesson, learnedAt: Double = 0) -> LearnedHostBudget {
        LearnedHostBudget(host: "h:443", limit: limit, learnedAt: learnedAt, reason: "503", lesson: kind)
    }

    /// The queue's grant lowers the count, never raises it, and is brought into the range; on its own a download
    /// wants its count's most. The kind stays: an automatic count's ceiling is lowered.
    func testWantedIsTheQueuesGrantWithinTheCount() {
        let cases: [(ConnectionCount, Int?, Int, ConnectionCount)] = [
            (.fixed(12), nil, 12, .fixed(12)),
            (.fixed(12), 5, 5, .fixed(5)),
            (.fixed(12), 40, 12, .fixed(12)),
            (.fixed(12), 0, 1, .fixed(1)),
            (.default, nil, ConnectionCount.automaticCeiling, .default),
            (.default, 3, 3, .automatic(ceiling: 3)),
            (.fixed(32), 64, 32, .fixed(32)),
        ]
        for (count, grant, wanted, runCount) in cases {
            let allowance = ConnectionAllowance(count: count, queueGrant: grant)
            XCTAssertEqual(allowance.wanted, wanted, "\(count), queue grant \(String(describing: grant))")
            XCTAssertEqual(allowance.runCount, runCount, "\(count), queue grant \(String(describing: grant))")
        }
    }

    /// An automatic count is bound by the budget or any lesson in force; a typed count only by a host's refusal.
    func testTheHostLimitByKindOfCountAndLesson() {
        let auto = ConnectionAllowance(count: .default), typed = ConnectionAllowance(count: .fixed(20))
        XCTAssertEqual(auto.hostLimit(lesson: nil, policy: policy, at: 0), ConnectionCount.hostBudget)
        XCTAssertNil(typed.hostLimit(lesson: nil, policy: policy, at: 0), "the default budget does not cut -x 20")
        XCTAssertEqual(auto.hostLimit(lesson: lesson(4, .slower), policy: policy, at: 0), 4)
        XCTAssertNil(typed.hostLimit(lesson: lesson(4, .slower), policy: policy, at: 0), "no faster binds only auto")
        XCTAssertEqual(auto.hostLimit(lesson: lesson(3, .refused), policy: policy, at: 0), 3)
        XCTAssertEqual(typed.hostLimit(lesson: lesson(3, .refused), policy: policy, at: 0), 3)
        // A lesson eases back by one an hour, and is gone once back at the budget.
        XCTAssertEqual(typed.hostLimit(lesson: lesson(3, .refused), policy: policy, at: 2 * hour + 1), 5)
        XCTAssertEqual(auto.hostLimit(lesson: lesson(3, .refused), policy: policy, at: 20 * hour), ConnectionCount.hostBudget)
        XCTAssertNil(typed.hostLimit(lesson: lesson(3, .refused), policy: policy, at: 20 * hour))
        XCTAssertEqual(ConnectionAllowance(count: .default).hostLimit(lesson: nil, policy: HostBudgetPolicy(defaultLimit: 6), at: 0), 6)
    }

    /// The pool caps a host below its own limit only where the host refused.
    func testThePoolsCapIsARefusalInForce() {
        XCTAssertNil(ConnectionAllowance.poolLimit(lesson: nil, policy: policy, at: 0))
        XCTAssertNil(ConnectionAllowance.poolLimit(lesson: lesson(4, .slower), policy: policy, at: 0))
        XCTAssertEqual(ConnectionAllowance.poolLimit(lesson: lesson(3, .refused), policy: policy, at: hour), 4)
        XCTAssertNil(ConnectionAllowance.poolLimit(lesson: lesson(3, .refused), policy: policy, at: 20 * hour))
    }

    /// A tuned run is planned for what it wants and tuned up to its grant; an untuned one planned for its grant.
    func testThePlanOfATunedAndAnUntunedRun() {
        let auto = ConnectionAllowance(count: .default)
        XCTAssertEqual(auto.plan(granted: 4, tuned: true), .init(connections: ConnectionCount.automaticCeiling, tunerCeiling: 4))
        XCTAssertEqual(auto.plan(granted: 16, tuned: true), .init(connections: 16, tunerCeiling: 16))
        let typed = ConnectionAllowance(count: .fixed(8))
        XCTAssertEqual(typed.plan(granted: 3, tuned: false), .init(connections: 3, tunerCeiling: nil))
        XCTAssertEqual(typed.plan(granted: 3, tuned: true), .init(connections: 8, tunerCeiling: 3), "-x 8 under a rate limit")
        XCTAssertEqual(ConnectionAllowance(count: .fixed(32)).plan(granted: 40, tuned: false).connections, 32)
    }
}
