import Foundation

/// A download speed limit by time of day and day of week: `--speed-schedule 'Mon-Fri 09:00-18:00 2M; 00:00-07:00 0'`.
///
/// Each rule's value is a rate in bytes per second as `--limit-rate` reads it (`2M`, `500K`, `1048576`); `0` means
/// unlimited, as in aria2's `max-download-limit`. Where no rule applies the limit the person set otherwise (or none)
/// holds. The rules' meaning (local time, crossing midnight, the later rule winning, clock changes) is
/// ``WeeklySchedule``'s.
public struct SpeedSchedule: Hashable, Sendable {
    /// The limit in effect: a rate, or none.
    public enum Limit: Hashable, Sendable {
        case unlimited
        case bytesPerSecond(Int64)
    }

    public var schedule: WeeklySchedule<Limit>
    /// The text it was read from, kept to show and to store.
    public var text: String

    public init(parsing text: String) throws(ScheduleSyntaxError) {
        schedule = try WeeklySchedule(
            parsing: text,
            value: { word in
                ByteCount.parse(String(word)).map { $0 == 0 ? Limit.unlimited : .bytesPerSecond($0) }
            },
            valueName: "speed such as 2M, 500K or 0 (unlimited)"
        )
        self.text = text
    }

    /// The limit at `date`, or `nil` when no rule applies (the default limit holds).
    public func limit(at date: Date, in calendar: Calendar) -> Limit? {
        schedule.value(at: date, in: calendar)
    }

    /// When ``limit(at:in:)`` next changes after `date`, or `nil` if it never does.
    public func nextChange(after date: Date, in calendar: Calendar) -> Date? {
        schedule.nextChange(after: date, in: calendar)
    }
}
