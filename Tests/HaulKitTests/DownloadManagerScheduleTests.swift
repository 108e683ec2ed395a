import Foundation
import HaulCore
@testable import HaulKit
import HaulTestSupport
import XCTest

/// `DownloadManager.setSpeedSchedule`: the shared limit follows the schedule's rule for now, `otherwise` where
/// none applies, and nothing once the schedule is taken away. (Which rule holds when is SpeedScheduleTests' part.)
final class DownloadManagerScheduleTests: ManagerTestCase {
  func testTheGlobalLimitFollowsTheRuleThatHoldsNow() async throws {
    try await withTemporaryDirectory { dir in
      try await withHarness(dir) { harness in
        let manager = manager(harness, maxConcurrent: 1)
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        await manager.setSpeedSchedule(try SpeedSchedule(parsing: "00:00-24:00 1K"), otherwise: 5000, calendar: utc)
        XCTAssertEqual(harness.client.bandwidth.globalLimit, 1024)
        await manager.setSpeedSchedule(try SpeedSchedule(parsing: "00:00-24:00 0"), otherwise: 5000, calendar: utc)
        XCTAssertNil(harness.client.bandwidth.globalLimit, "0 in a rule is unlimited")
        // A rule for another day of the week than today's: `otherwise` holds.
        let today = try XCTUnwrap(Weekday(calendarWeekday: utc.component(.weekday, from: Date())))
        let otherDay = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"][today.next.next.rawValue - 1]
        await manager.setSpeedSchedule(try SpeedSchedule(parsing: "\(otherDay) 00:00-24:00 1K"), otherwise: 5000, calendar: utc)
        XCTAssertEqual(harness.client.bandwidth.globalLimit, 5000)
        await manager.setSpeedSchedule(nil, otherwise: 7000)
        XCTAssertEqual(harness.client.bandwidth.globalLimit, 7000, "no schedule: the plain limit")
        await manager.shutdown()
      }
    }
  }
}
