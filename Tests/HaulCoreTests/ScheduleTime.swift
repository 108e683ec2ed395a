import Foundation

/// Instants for the schedule tests, built in a named time zone (never the machine's clock or zone), and the changes
/// a schedule names between two of them: shared by `SpeedScheduleTests` and `QueueScheduleTests`, whose types both
/// read their rules through `WeeklySchedule`.
enum ScheduleTime {
    static func calendar(_ zone: String) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        return calendar
    }

    static let berlin = calendar("Europe/Berlin")
    static let utc = calendar("UTC")

    /// A local time in `calendar`'s zone; 2026-11-23 is a Monday.
    static func at(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ calendar: Calendar) -> Date {
        calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))!
    }

    /// Every change `nextChange` names after `start` and before `end`, in order.
    static func changes(from start: Date, before end: Date, next nextChange: (Date) -> Date?) -> [Date] {
        var changes: [Date] = []
        var cursor = start
        while let next = nextChange(cursor), next < end {
            changes.append(next)
            cursor = next
        }
        return changes
    }
}
