import Foundation
import XCTest

@testable import HaulCore

/// `--queue-schedule`: whether the queue runs at an instant and when that changes next, across midnight, the week
/// end and clock changes, with instants built in a named time zone (never the machine's clock or zone).
final class QueueScheduleTests: XCTestCase {
    private let berlin = ScheduleTime.berlin
    private let utc = ScheduleTime.utc

    /// A local time in `calendar`'s zone; 2026-11-23 is a Monday.
    private func at(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ calendar: Calendar) -> Date {
        ScheduleTime.at(year, month, day, hour, minute, calendar)
    }

    func testTheQueueRunsOnlyInsideItsWindows() throws {
        let schedule = try QueueSchedule(parsing: "Mon-Fri 01:00-07:00; Sat,Sun 00:00-24:00")
        XCTAssertFalse(schedule.runs(at: at(2026, 11, 23, 0, 59, utc), in: utc), "Monday before 01:00")
        XCTAssertTrue(schedule.runs(at: at(2026, 11, 23, 1, 0, utc), in: utc), "Monday 01:00")
        XCTAssertTrue(schedule.runs(at: at(2026, 11, 27, 6, 59, utc), in: utc), "Friday 06:59")
        XCTAssertFalse(schedule.runs(at: at(2026, 11, 27, 7, 0, utc), in: utc), "the end is not covered")
        XCTAssertFalse(schedule.runs(at: at(2026, 11, 25, 12, 0, utc), in: utc), "a weekday's afternoon")
        XCTAssertTrue(schedule.runs(at: at(2026, 11, 28, 12, 0, utc), in: utc), "Saturday, all day")
        XCTAssertEqual(schedule.nextChange(after: at(2026, 11, 23, 0, 0, utc), in: utc), at(2026, 11, 23, 1, 0, utc))
        XCTAssertEqual(schedule.nextChange(after: at(2026, 11, 23, 1, 0, utc), in: utc), at(2026, 11, 23, 7, 0, utc))
    }

    func testAnOffRuleIsAnExceptionAndTheLaterRuleWins() throws {
        let schedule = try QueueSchedule(parsing: "00:00-24:00; Mon-Fri 09:00-18:00 off; Wed 12:00-13:00 on")
        XCTAssertTrue(schedule.runs(at: at(2026, 11, 23, 8, 59, utc), in: utc))
        XCTAssertFalse(schedule.runs(at: at(2026, 11, 23, 9, 0, utc), in: utc), "working hours are cut out")
        XCTAssertTrue(schedule.runs(at: at(2026, 11, 25, 12, 30, utc), in: utc), "Wednesday's lunch, written later, wins")
        XCTAssertTrue(schedule.runs(at: at(2026, 11, 28, 10, 0, utc), in: utc), "the week end is not Mon-Fri")
        let reversed = try QueueSchedule(parsing: "Mon-Fri 09:00-18:00 off; 00:00-24:00")
        XCTAssertTrue(reversed.runs(at: at(2026, 11, 23, 10, 0, utc), in: utc), "the day-long window written later wins")
    }

    func testOutsideEveryRuleTheQueueIsHeldAndAnEmptyScheduleHoldsNothing() throws {
        let offOnly = try QueueSchedule(parsing: "Mon 09:00-10:00 off")
        XCTAssertFalse(offOnly.runs(at: at(2026, 11, 24, 12, 0, utc), in: utc), "no window: held")
        XCTAssertNil(offOnly.nextChange(after: at(2026, 11, 24, 12, 0, utc), in: utc), "held all week: no change")
        let empty = try QueueSchedule(parsing: " ; ")
        XCTAssertTrue(empty.runs(at: at(2026, 11, 24, 12, 0, utc), in: utc), "no rules is no schedule")
        XCTAssertNil(empty.nextChange(after: at(2026, 11, 24, 12, 0, utc), in: utc))
        XCTAssertNil(try QueueSchedule(parsing: "00:00-24:00").nextChange(after: Date(timeIntervalSince1970: 0), in: utc))
    }

    /// From none to an `off` rule the queue stays held: not a change.
    func testNextChangeStepsOverBoundariesWhereTheQueueStaysHeld() throws {
        let schedule = try QueueSchedule(parsing: "Mon 20:00-22:00; Mon 10:00-12:00 off")
        XCTAssertEqual(schedule.nextChange(after: at(2026, 11, 23, 9, 0, utc), in: utc), at(2026, 11, 23, 20, 0, utc))
    }

    func testAWindowCrossingMidnightBelongsToTheDayItStarts() throws {
        let schedule = try QueueSchedule(parsing: "Fri 22:00-06:00")
        XCTAssertTrue(schedule.runs(at: at(2026, 11, 27, 23, 0, utc), in: utc), "Friday night")
        XCTAssertTrue(schedule.runs(at: at(2026, 11, 28, 5, 59, utc), in: utc), "Saturday morning")
        XCTAssertFalse(schedule.runs(at: at(2026, 11, 28, 6, 0, utc), in: utc))
        XCTAssertFalse(schedule.runs(at: at(2026, 11, 27, 5, 0, utc), in: utc), "Friday morning belongs to Thursday")
        XCTAssertEqual(schedule.nextChange(after: at(2026, 11, 27, 23, 0, utc), in: utc), at(2026, 11, 28, 6, 0, utc))
        XCTAssertEqual(schedule.nextChange(after: at(2026, 11, 28, 6, 0, utc), in: utc), at(2026, 12, 4, 22, 0, utc),
                       "a week later")
    }

    func testAWindowOverTheWeekEnd() throws {
        let schedule = try QueueSchedule(parsing: "Sat-Mon 00:00-24:00")
        XCTAssertTrue(schedule.runs(at: at(2026, 11, 29, 12, 0, utc), in: utc), "Sunday")
        XCTAssertTrue(schedule.runs(at: at(2026, 11, 23, 23, 59, utc), in: utc), "Monday")
        XCTAssertFalse(schedule.runs(at: at(2026, 11, 24, 0, 0, utc), in: utc), "Tuesday")
        // From Friday noon it opens Saturday 00:00 and closes Tuesday 00:00: across the week's end.
        XCTAssertEqual(schedule.nextChange(after: at(2026, 11, 27, 12, 0, utc), in: utc), at(2026, 11, 28, 0, 0, utc))
        XCTAssertEqual(schedule.nextChange(after: at(2026, 11, 28, 0, 0, utc), in: utc), at(2026, 12, 1, 0, 0, utc))
    }

    /// Berlin's clocks go forward on 2026-03-29 at 02:00 (to 03:00): 02:30 never happens that night.
    func testClocksGoingForwardOpenAWindowAtTheJump() throws {
        let schedule = try QueueSchedule(parsing: "02:30-04:00")
        let before = at(2026, 3, 29, 1, 30, berlin)
        let jump = before.addingTimeInterval(30 * 60)  // 02:00 CET = 03:00 CEST
        XCTAssertFalse(schedule.runs(at: before, in: berlin))
        XCTAssertEqual(schedule.nextChange(after: before, in: berlin), jump, "the window opens when the clock jumps past 02:30")
        XCTAssertTrue(schedule.runs(at: jump, in: berlin))
        XCTAssertEqual(schedule.nextChange(after: jump, in: berlin), jump.addingTimeInterval(3600), "04:00 CEST")
    }

    /// Berlin's clocks go back on 2026-10-25 at 03:00 (to 02:00): 02:00-02:59 happens twice, and so does the window.
    func testClocksGoingBackRepeatAWindow() throws {
        let schedule = try QueueSchedule(parsing: "02:00-02:30")
        let first = at(2026, 10, 25, 2, 0, berlin)
        let changes = ScheduleTime.changes(from: at(2026, 10, 25, 1, 0, berlin), before: at(2026, 10, 25, 12, 0, berlin)) {
            schedule.nextChange(after: $0, in: berlin)
        }
        XCTAssertEqual(
            changes.map { $0.timeIntervalSince(first) / 60 }, [0, 30, 60, 90],
            "opens at 02:00 CEST, closes at 02:30 CEST, opens again at 02:00 CET, closes at 02:30 CET")
    }

    func testTheSameInstantReadsInTheScheduleOwnTimeZone() throws {
        let schedule = try QueueSchedule(parsing: "09:00-10:00")
        let instant = at(2026, 11, 23, 8, 30, utc)  // 09:30 in Berlin
        XCTAssertFalse(schedule.runs(at: instant, in: utc))
        XCTAssertTrue(schedule.runs(at: instant, in: berlin))
    }

    func testBadRulesSayWhichRuleAndWhy() {
        let cases: [(String, String)] = [
            ("Mon-Fri 1-7", "'Mon-Fri 1-7': '1-7' is not a time range"),
            ("Mon-Fri 01:00-07:00 maybe", "'maybe' is not a state (on or off)"),
            ("Mo 01:00-07:00", "'Mo' is not a day"),
            ("01:00-01:00", "is empty"),
            ("24:00-02:00", "cannot start at 24:00"),
            ("off", "expected [DAYS] HH:MM-HH:MM [state (on or off)], e.g. 'Mon-Fri 01:00-07:00'"),
            ("Mon Tue 01:00-07:00", "'Tue' is not a time range"),
            ("Mon 01:00-07:00 off extra", "expected [DAYS]"),
        ]
        for (text, expected) in cases {
            XCTAssertThrowsError(try QueueSchedule(parsing: text), text) { error in
                XCTAssertTrue("\(error)".contains(expected), "\(text): \(error)")
            }
        }
    }

    func testRulesAreReadAsPeopleWriteThem() throws {
        let schedule = try QueueSchedule(parsing: "sat,SUNDAY 10:00-11:00;周一-周五 01:00-07:00 OFF; 12:00-13:00 On; 周六 02:00-03:00 关; 03:00-04:00 开")
        XCTAssertEqual(schedule.schedule.rules.map(\.days), [[.saturday, .sunday], [.monday, .tuesday, .wednesday, .thursday, .friday], Set(Weekday.allCases), [.saturday], Set(Weekday.allCases)])
        XCTAssertEqual(schedule.schedule.rules.map(\.value), [true, false, true, false, true], "开 and 关 for the page's Chinese")
        XCTAssertEqual(schedule.text, "sat,SUNDAY 10:00-11:00;周一-周五 01:00-07:00 OFF; 12:00-13:00 On; 周六 02:00-03:00 关; 03:00-04:00 开")
    }
}
