import Foundation

/// Values that depend on the local time of day and the day of the week, written as people write opening hours:
/// `Mon-Fri 09:00-18:00 2M; 00:00-07:00 0` (see ``SpeedSchedule``).
///
/// A pure decision: given an instant and a calendar (which carries the time zone), ``value(at:in:)`` says which
/// rule applies and ``nextChange(after:in:)`` says when that answer changes next, so a caller sleeps until then on
/// its own clock instead of polling. Nothing here reads the clock or the machine's time zone.
///
/// How rules read (the reasons are those of cron and of opening hours, which people already know):
/// - Times are local wall-clock times, minute precision; `24:00` may end a range.
/// - A range whose end is not after its start crosses midnight: `Fri 22:00-06:00` runs from Friday 22:00 to
///   Saturday 06:00 (the days name the day a range starts).
/// - Without days a rule applies every day.
/// - When rules overlap, the one written later wins, so a general rule comes first and exceptions after it.
/// - Where no rule applies, ``value(at:in:)`` is `nil` and the caller's default holds.
/// - Clock changes: a local time skipped when clocks go forward never starts a range (the range starts at the
///   first instant after the jump that it covers), and an hour repeated when clocks go back is covered twice.
public struct WeeklySchedule<Value: Hashable & Sendable>: Hashable, Sendable {
    /// One line of a schedule: on these days, from this time to that one, this value.
    public struct Rule: Hashable, Sendable {
        /// The days a range starts on; all seven when the rule names none.
        public var days: Set<Weekday>
        /// Minutes after local midnight, 0..<1440.
        public var start: Int
        /// Minutes after local midnight, 0...1440; not after `start` means the range crosses midnight.
        public var end: Int
        public var value: Value

        public init(days: Set<Weekday> = Set(Weekday.allCases), start: Int, end: Int, value: Value) {
            self.days = days
            self.start = start
            self.end = end
            self.value = value
        }

        /// Whether the rule covers `minute` (after local midnight) of `day`.
        func covers(minute: Int, of day: Weekday) -> Bool {
            if start < end { return days.contains(day) && minute >= start && minute < end }
            return (days.contains(day) && minute >= start) || (days.contains(day.previous) && minute < end)
        }
    }

    public var rules: [Rule]

    public init(rules: [Rule]) {
        self.rules = rules
    }

    /// The value of the last rule covering `date`'s local time in `calendar`'s time zone, or `nil` when none does.
    public func value(at date: Date, in calendar: Calendar) -> Value? {
        let local = calendar.dateComponents([.weekday, .hour, .minute], from: date)
        guard let weekday = local.weekday.flatMap(Weekday.init(calendarWeekday:)), let hour = local.hour,
            let minute = local.minute
        else { return nil }
        return rules.last { $0.covers(minute: hour * 60 + minute, of: weekday) }?.value
    }

    /// The first instant after `date` at which ``value(at:in:)`` differs from its value at `date`, or `nil` when it
    /// never does (no rules, or one value all week).
    ///
    /// Candidates are every rule's start and end on the days around `date` and the time zone's clock changes; the
    /// earliest whose value differs wins. A week and a day of candidates is enough: the rules repeat weekly.
    public func nextChange(after date: Date, in calendar: Calendar) -> Date? {
        guard !rules.isEmpty else { return nil }
        let now = value(at: date, in: calendar)
        var candidates: [Date] = []
        let boundaries = Set(rules.flatMap { [$0.start, $0.end % 1440] })
        let today = calendar.startOfDay(for: date)
        for offset in 0...8 {
            guard let day = calendar.date(byAdding: .day, value: offset, to: today) else { continue }
            let ymd = calendar.dateComponents([.year, .month, .day], from: day)
            for minute in boundaries {
                var parts = ymd
                parts.hour = minute / 60
                parts.minute = minute % 60
                guard let instant = calendar.date(from: parts) else { continue }
                candidates.append(instant)
                // When clocks go back, a local time happens twice; `date(from:)` gives the first.
                for repeatAfter in [3600.0, 1800.0] {
                    let again = instant.addingTimeInterval(repeatAfter)
                    let local = calendar.dateComponents([.hour, .minute], from: again)
                    if local.hour == parts.hour, local.minute == parts.minute { candidates.append(again) }
                }
            }
        }
        let horizon = date.addingTimeInterval(9 * 86_400)
        var cursor = date
        while let change = calendar.timeZone.nextDaylightSavingTimeTransition(after: cursor), change < horizon {
            candidates.append(change)
            cursor = change
        }
        return candidates.filter { $0 > date }.sorted().first { value(at: $0, in: calendar) != now }
    }
}

/// A day of the week, Monday first (ISO 8601), as schedules name them.
public enum Weekday: Int, CaseIterable, Hashable, Sendable, Comparable {
    case monday = 1, tuesday, wednesday, thursday, friday, saturday, sunday

    /// From `Calendar`'s numbering, where Sunday is 1.
    public init?(calendarWeekday: Int) {
        guard (1...7).contains(calendarWeekday) else { return nil }
        self.init(rawValue: calendarWeekday == 1 ? 7 : calendarWeekday - 1)
    }

    /// The day before (Sunday before Monday).
    public var previous: Weekday { Weekday(rawValue: rawValue == 1 ? 7 : rawValue - 1)! }

    /// The day after (Monday after Sunday).
    public var next: Weekday { Weekday(rawValue: rawValue == 7 ? 1 : rawValue + 1)! }

    public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.rawValue < rhs.rawValue }
}
