import Foundation
import XCTest

@testable import HaulCore

/// `--speed-schedule`: which limit holds at an instant and when it changes next, across midnight, the week end and
/// clock changes, with instants built in a named time zone (never the machine's clock or zone).
final class SpeedScheduleTests: XCTestCase {
    private let berlin = ScheduleTime.berlin
    private let utc = ScheduleTime.utc

    /// A local time in `calendar`'s zone; 2026-11-23 is a Monday.
    private func at(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ calendar: Calendar) -> Date {
        ScheduleTime.at(year, month, day, hour, minute, calendar)
    }

    private let twoMiB = SpeedSchedule.Limit.bytesPerSecond(2 * 1_048_576)

    func testTheIssuesExampleByDayAndHour() throws {
        let schedule = try SpeedSchedule(parsing: "Mon-Fri 09:00-18:00 2M; 00:00-07:00 0")
        XCTAssertEqual(schedule.limit(at: at(2026, 11, 23, 9, 0, utc), in: utc), twoMiB, "Monday 09:00")
        XCTAssertEqual(schedule.limit(at: at(2026, 11, 23, 17, 59, utc), in: utc), twoMiB)
        XCTAssertNil(schedule.limit(at: at(2026, 11, 23, 18, 0, utc), in: utc), "the end is not covered")
        XCTAssertNil(schedule.limit(at: at(2026, 11, 23, 8, 59, utc), in: utc))
        XCTAssertEqual(schedule.limit(at: at(2026, 11, 24, 3, 0, utc), in: utc), .unlimited, "every night")
        XCTAssertNil(schedule.limit(at: at(2026, 11, 28, 10, 0, utc), in: utc), "Saturday is not Mon-Fri")
        XCTAssertEqual(schedule.limit(at: at(2026, 11, 28, 6, 59, utc), in: utc), .unlimited, "nights of the week end too")
    }

    func testTheLaterRuleWinsWhereRulesOverlap() throws {
        let schedule = try SpeedSchedule(parsing: "08:00-20:00 1M; Wed 12:00-13:00 0")
        XCTAssertEqual(schedule.limit(at: at(2026, 11, 25, 12, 30, utc), in: utc), .unlimited)
        XCTAssertEqual(schedule.limit(at: at(2026, 11, 24, 12, 30, utc), in: utc), .bytesPerSecond(1_048_576))
        let reversed = try SpeedSchedule(parsing: "Wed 12:00-13:00 0; 08:00-20:00 1M")
        XCTAssertEqual(reversed.limit(at: at(2026, 11, 25, 12, 30, utc), in: utc), .bytesPerSecond(1_048_576))
    }

    func testARangeCrossingMidnightBelongsToTheDayItStarts() throws {
        let schedule = try SpeedSchedule(parsing: "Fri 22:00-06:00 500K")
        let limit = SpeedSchedule.Limit.bytesPerSecond(500 * 1024)
        XCTAssertEqual(schedule.limit(at: at(2026, 11, 27, 23, 0, utc), in: utc), limit, "Friday night")
        XCTAssertEqual(schedule.limit(at: at(2026, 11, 28, 5, 59, utc), in: utc), limit, "Saturday morning")
        XCTAssertNil(schedule.limit(at: at(2026, 11, 28, 6, 0, utc), in: utc))
        XCTAssertNil(schedule.limit(at: at(2026, 11, 27, 5, 0, utc), in: utc), "Friday morning belongs to Thursday")
        XCTAssertEqual(
            schedule.nextChange(after: at(2026, 11, 27, 23, 0, utc), in: utc), at(2026, 11, 28, 6, 0, utc))
    }

    func testADayRangeWrapsOverTheWeekEnd() throws {
        let schedule = try SpeedSchedule(parsing: "Sat-Mon 00:00-24:00 0; Tue-Fri 00:00-24:00 1M")
        XCTAssertEqual(schedule.limit(at: at(2026, 11, 29, 12, 0, utc), in: utc), .unlimited, "Sunday")
        XCTAssertEqual(schedule.limit(at: at(2026, 11, 23, 23, 59, utc), in: utc), .unlimited, "Monday")
        XCTAssertEqual(schedule.limit(at: at(2026, 11, 24, 0, 0, utc), in: utc), .bytesPerSecond(1_048_576))
        // From Friday noon the next change is Saturday 00:00, then Tuesday 00:00: across the week's end.
        XCTAssertEqual(schedule.nextChange(after: at(2026, 11, 27, 12, 0, utc), in: utc), at(2026, 11, 28, 0, 0, utc))
        XCTAssertEqual(schedule.nextChange(after: at(2026, 11, 28, 0, 0, utc), in: utc), at(2026, 12, 1, 0, 0, utc))
    }

    func testNextChangeSkipsBoundariesWhereNothingChanges() throws {
        // 07:00 ends the night rule on Saturday too, but the limit stays "none" until Monday 09:00.
        let schedule = try SpeedSchedule(parsing: "Mon-Fri 09:00-18:00 2M")
        XCTAssertEqual(schedule.nextChange(after: at(2026, 11, 27, 18, 0, utc), in: utc), at(2026, 11, 30, 9, 0, utc))
        XCTAssertEqual(schedule.nextChange(after: at(2026, 11, 30, 9, 0, utc), in: utc), at(2026, 11, 30, 18, 0, utc))
        XCTAssertNil(try SpeedSchedule(parsing: "00:00-24:00 1M").nextChange(after: Date(timeIntervalSince1970: 0), in: utc))
        XCTAssertNil(try SpeedSchedule(parsing: "").nextChange(after: Date(timeIntervalSince1970: 0), in: utc))
    }

    /// Berlin's clocks go forward on 2026-03-29 at 02:00 (to 03:00): 02:30 never happens that night.
    func testClocksGoingForwardStartARangeAtTheJump() throws {
        let schedule = try SpeedSchedule(parsing: "02:30-04:00 1M")
        let before = at(2026, 3, 29, 1, 30, berlin)
        let jump = before.addingTimeInterval(30 * 60)  // 02:00 CET = 03:00 CEST
        XCTAssertEqual(berlin.component(.hour, from: jump), 3)
        XCTAssertNil(schedule.limit(at: before, in: berlin))
        XCTAssertEqual(schedule.nextChange(after: before, in: berlin), jump, "the range starts when the clock jumps past 02:30")
        XCTAssertEqual(schedule.limit(at: jump, in: berlin), .bytesPerSecond(1_048_576))
        XCTAssertEqual(schedule.nextChange(after: jump, in: berlin), jump.addingTimeInterval(3600), "04:00 CEST")
    }

    /// Berlin's clocks go back on 2026-10-25 at 03:00 (to 02:00): 02:00-02:59 happens twice, and so does the range.
    func testClocksGoingBackRepeatARange() throws {
        let schedule = try SpeedSchedule(parsing: "02:00-02:30 1M")
        let first = at(2026, 10, 25, 2, 0, berlin)
        let changes = ScheduleTime.changes(from: at(2026, 10, 25, 1, 0, berlin), before: at(2026, 10, 25, 12, 0, berlin)) {
            schedule.nextChange(after: $0, in: berlin)
        }
        XCTAssertEqual(
            changes.map { $0.timeIntervalSince(first) / 60 }, [0, 30, 60, 90],
            "on at 02:00 CEST, off at 02:30 CEST, on again at 02:00 CET, off at 02:30 CET")
    }

    func testTheSameInstantReadsInTheScheduleOwnTimeZone() throws {
        let schedule = try SpeedSchedule(parsing: "09:00-10:00 1M")
        let instant = at(2026, 11, 23, 8, 30, utc)  // 09:30 in Berlin
        XCTAssertNil(schedule.limit(at: instant, in: utc))
        XCTAssertEqual(schedule.limit(at: instant, in: berlin), .bytesPerSecond(1_048_576))
    }

    func testBadRulesSayWhichRuleAndWhy() {
        let cases: [(String, String)] = [
            ("Mon-Fri 9-18 2M", "'9-18' is not a time range"),
            ("Mon-Fri 09:00-18:00 fast", "'fast' is not a speed"),
            ("Mo 09:00-18:00 1M", "'Mo' is not a day"),
            ("09:00-09:00 1M", "is empty"),
            ("24:00-02:00 1M", "cannot start at 24:00"),
            ("09:00-25:00 1M", "not a time range"),
            ("09:60-10:00 1M", "not a time range"),
            ("1M", "expected [DAYS] HH:MM-HH:MM"),
            ("00:00-07:00 0; Mon Tue 09:00-10:00 1M", "expected [DAYS]"),
        ]
        for (text, expected) in cases {
            XCTAssertThrowsError(try SpeedSchedule(parsing: text), text) { error in
                XCTAssertTrue("\(error)".contains(expected), "\(text): \(error)")
            }
        }
    }

    func testDayNamesAndListsAreReadAsPeopleWriteThem() throws {
        let schedule = try SpeedSchedule(parsing: "sat,SUNDAY 10:00-11:00 1K;")
        XCTAssertEqual(schedule.schedule.rules.map(\.days), [[.saturday, .sunday]])
        XCTAssertEqual(try SpeedSchedule(parsing: "Fri-Mon 10:00-11:00 1K").schedule.rules.first?.days, [.friday, .saturday, .sunday, .monday])
        XCTAssertEqual(try SpeedSchedule(parsing: "周一-周三,星期天 10:00-11:00 1K").schedule.rules.first?.days,
                       [.monday, .tuesday, .wednesday, .sunday], "the Chinese names the page's users write")
    }
}
