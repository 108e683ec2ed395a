import HaulCore
import HaulTestSupport
import XCTest

@testable import HaulKit

/// The `hostBudget` table (`DownloadStore+HostBudgets`): what each host taught is kept per host, replaced by a
/// newer lesson, forgotten on request or once it has eased all the way back, and read again by a later process.
final class DownloadStoreHostBudgetTests: XCTestCase {
  private let policy = HostBudgetPolicy(defaultLimit: 16, easingEvery: .seconds(3600))
  private let learnedAt = 1_800_000_000.0

  private func budget(_ host: String, limit: Int, at time: Double? = nil, reason: String = "429 to an extra connection",
                      lesson: LearnedHostBudget.Lesson = .refused) -> LearnedHostBudget {
    LearnedHostBudget(host: host, limit: limit, learnedAt: time ?? learnedAt, reason: reason, lesson: lesson)
  }

  func testASavedLessonIsReadBackWholeByHost() async throws {
    try await withTemporaryDirectory { dir in
      let store = try DownloadStore(directory: dir.url.path)
      let saved = budget("mirror.example.org:443", limit: 3, reason: "503 to connection 4", lesson: .slower)
      try store.saveHostBudget(saved)
      XCTAssertEqual(try store.hostBudget(for: "mirror.example.org:443"), saved)
      XCTAssertNil(try store.hostBudget(for: "mirror.example.org:80"), "another port is another host")
      XCTAssertEqual(try store.hostBudgets(at: learnedAt, policy: policy), [saved])
    }
  }

  func testANewerLessonReplacesTheHostsEarlierOne() async throws {
    try await withTemporaryDirectory { dir in
      let store = try DownloadStore(directory: dir.url.path)
      try store.saveHostBudget(budget("a.example:443", limit: 8, lesson: .slower))
      let newer = budget("a.example:443", limit: 2, at: learnedAt + 60, reason: "connection refused", lesson: .refused)
      try store.saveHostBudget(newer)
      XCTAssertEqual(try store.hostBudgets(at: learnedAt + 60, policy: policy), [newer], "one row per host")
    }
  }

  func testLessonsAreListedInHostOrderAndForgottenOneOrAll() async throws {
    try await withTemporaryDirectory { dir in
      let store = try DownloadStore(directory: dir.url.path)
      for host in ["c.example:80", "a.example:443", "b.example:8080"] { try store.saveHostBudget(budget(host, limit: 4)) }
      XCTAssertEqual(try store.hostBudgets(at: learnedAt, policy: policy).map(\.host), ["a.example:443", "b.example:8080", "c.example:80"])

      XCTAssertEqual(try store.forgetHostBudgets(hosts: ["b.example:8080", "unknown.example:80"]), 1, "only what was there")
      XCTAssertEqual(try store.hostBudgets(at: learnedAt, policy: policy).map(\.host), ["a.example:443", "c.example:80"])
      XCTAssertEqual(try store.forgetHostBudgets(hosts: []), 0)

      XCTAssertEqual(try store.forgetHostBudgets(hosts: nil), 2)
      XCTAssertEqual(try store.hostBudgets(at: learnedAt, policy: policy), [])
      XCTAssertEqual(try store.forgetHostBudgets(hosts: nil), 0, "nothing left to forget")
    }
  }

  func testALessonEasedAllTheWayBackIsDroppedWhenRead() async throws {
    try await withTemporaryDirectory { dir in
      let store = try DownloadStore(directory: dir.url.path)
      // 4 connections, eased by one an hour: 16 again after 12 hours; 15 after 11.
      try store.saveHostBudget(budget("old.example:443", limit: 4))
      try store.saveHostBudget(budget("recent.example:443", limit: 4, at: learnedAt + 3600))
      let elevenHoursOn = learnedAt + 11 * 3600
      XCTAssertEqual(try store.hostBudgets(at: elevenHoursOn, policy: policy).map { $0.limit(at: elevenHoursOn, policy: policy) }, [15, 14])

      let twelveHoursOn = learnedAt + 12 * 3600
      XCTAssertEqual(try store.hostBudgets(at: twelveHoursOn, policy: policy).map(\.host), ["recent.example:443"])
      XCTAssertNil(try store.hostBudget(for: "old.example:443"), "the expired row is gone from the table, not only hidden")
      XCTAssertNotNil(try store.hostBudget(for: "recent.example:443"))
    }
  }

  func testWhatWasLearnedSurvivesReopeningTheStore() async throws {
    try await withTemporaryDirectory { dir in
      let saved = budget("127.0.0.1:8080", limit: 2, reason: "429 Too Many Requests")
      do {
        let store = try DownloadStore(directory: dir.url.path)
        try store.saveHostBudget(saved)
        try store.saveHostBudget(budget("gone.example:80", limit: 5))
        XCTAssertEqual(try store.forgetHostBudgets(hosts: ["gone.example:80"]), 1)
      }
      let reopened = try DownloadStore(directory: dir.url.path)
      XCTAssertEqual(try reopened.hostBudgets(at: learnedAt + 1, policy: policy), [saved])
    }
  }
}
