import HaulCore
import HaulTestSupport
import XCTest

@testable import HaulKit

/// `HaulClient.learnedHostBudgets()` and `forgetHostBudgets(hosts:)`: the library's view of what hosts taught,
/// on the client's clock and policy.
final class HaulClientHostBudgetTests: XCTestCase {
  private let start: Int64 = 1_800_000_000

  private func client(in dir: TemporaryDirectory, _ clock: ManualClock, policy: HostBudgetPolicy = HostBudgetPolicy()) throws -> HaulClient {
    var configuration = HaulConfiguration(stateDirectory: dir.file("state"))
    configuration.clock = EngineClock(clock, wallClockAtStart: start)
    configuration.hostBudgetPolicy = policy
    return try HaulClient(configuration: configuration)
  }

  func testTheLessonsInForceAreListedOnTheClientsClockAndPolicy() async throws {
    try await withTemporaryDirectory { dir in
      let clock = ManualClock()
      let policy = HostBudgetPolicy(defaultLimit: 6, easingEvery: .seconds(600))
      let client = try client(in: dir, clock, policy: policy)
      let learned = LearnedHostBudget(host: "a.example:443", limit: 2, learnedAt: Double(start), reason: "429 to connection 3")
      try client.store.saveHostBudget(learned)
      XCTAssertEqual(try client.learnedHostBudgetsBlocking(), [learned])
      XCTAssertEqual(try client.learnedHostBudgetsBlocking().first?.limit(at: Double(start) + 1200, policy: policy), 4)

      clock.advance(by: .seconds(2400))  // 2 + 4 = the default of 6: eased all the way back
      XCTAssertEqual(try client.learnedHostBudgetsBlocking(), [])
      XCTAssertNil(try client.store.hostBudget(for: "a.example:443"))
      try await client.shutdown()
    }
  }

  func testForgettingTakesKeysOrBareNamesForTheirDefaultPorts() async throws {
    try await withTemporaryDirectory { dir in
      let client = try client(in: dir, ManualClock())
      for host in ["a.example:80", "a.example:443", "a.example:8080", "b.example:443", "c.example:443"] {
        try client.store.saveHostBudget(LearnedHostBudget(host: host, limit: 3, learnedAt: Double(start), reason: "503"))
      }
      XCTAssertEqual(try client.forgetHostBudgetsBlocking(hosts: ["A.Example"]), 2, "a bare name: ports 80 and 443")
      XCTAssertEqual(try client.learnedHostBudgetsBlocking().map(\.host), ["a.example:8080", "b.example:443", "c.example:443"])
      XCTAssertEqual(try client.forgetHostBudgetsBlocking(hosts: ["a.example:8080", "nowhere.example"]), 1)
      XCTAssertEqual(try client.forgetHostBudgetsBlocking(hosts: ["nowhere.example:443"]), 0)
      XCTAssertEqual(try client.forgetHostBudgetsBlocking(hosts: nil), 2)
      XCTAssertEqual(try client.learnedHostBudgetsBlocking(), [])
      try await client.shutdown()
    }
  }

  func testALaterClientOnTheSameStateDirectorySeesWhatWasLearned() async throws {
    try await withTemporaryDirectory { dir in
      let first = try client(in: dir, ManualClock())
      let learned = LearnedHostBudget(host: "127.0.0.1:8080", limit: 4, learnedAt: Double(start), reason: "reset", lesson: .slower)
      try first.store.saveHostBudget(learned)
      try await first.shutdown()
      let second = try client(in: dir, ManualClock())
      XCTAssertEqual(try second.learnedHostBudgetsBlocking(), [learned])
      try await second.shutdown()
    }
  }
}
