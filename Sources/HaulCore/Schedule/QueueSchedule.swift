import Foundation

/// When the queue runs, by time of day and day of week: `--queue-schedule 'Mon-Fri 01:00-07:00; Sat,Sun 00:00-24:00'`.
///
/// Each rule is a window in which the queue runs; outside every window it is held: no queued download starts, and
/// downloads running when a window closes go back to waiting (`QueueMachine`'s `setQueueOpen`). A rule may end in
/// `on` (the same as naming nothing) or `off`, which cuts an exception out of the windows before it: the later rule
/// wins where rules overlap, as in ``WeeklySchedule``, whose reading of days, times, crossing midnight and clock
/// changes this shares. `开` and `关` may stand for `on` and `off`, as Chinese day names may for English ones, for
/// the people the web page speaks Chinese to.
///
/// Decisions:
/// - Outside every rule the queue is held, so a schedule lists the hours it may run, as download managers' and
///   backup tools' schedulers do. Hours it may not run are written as a day-long window with `off` exceptions
///   after it: `00:00-24:00; Mon-Fri 09:00-18:00 off`.
/// - A schedule without rules (the empty text) holds nothing: it is no schedule, which is how the daemon's
///   `queue-schedule` option is cleared.
public struct QueueSchedule: Hashable, Sendable {
    /// The rules: `true` where the queue runs, `false` where an `off` rule holds it.
    public var schedule: WeeklySchedule<Bool>
    /// The text it was read from, kept to show and to store.
    public var text: String

    public init(parsing text: String) throws(ScheduleSyntaxError) {
        schedule = try WeeklySchedule(
            parsing: text,
            value: { word in
                switch word.lowercased() {
                case "on", "开": return true
                case "off", "关": return false
                default: return nil
                }
            },
            valueName: "state (on or off)",
            implied: true,
            example: "Mon-Fri 01:00-07:00"
        )
        self.text = text
    }

    /// Whether the queue runs at `date`: inside a window and not in a later `off` rule; always without rules.
    public func runs(at date: Date, in calendar: Calendar) -> Bool {
        guard !schedule.rules.isEmpty else { return true }
        return schedule.value(at: date, in: calendar) ?? false
    }

    /// When ``runs(at:in:)`` next changes after `date`, or `nil` if it never does (no rules, or the same all week).
    ///
    /// ``WeeklySchedule/nextChange(after:in:)`` also stops where only the rule changes (from none to an `off`
    /// rule, both holding the queue); those are stepped over. The rules repeat weekly, so a change more than a
    /// week and a day away (clock changes included) never comes.
    public func nextChange(after date: Date, in calendar: Calendar) -> Date? {
        let now = runs(at: date, in: calendar)
        let horizon = date.addingTimeInterval(9 * 86_400)
        var cursor = date
        while let change = schedule.nextChange(after: cursor, in: calendar), change < horizon {
            if runs(at: change, in: calendar) != now { return change }
            cursor = change
        }
        return nil
    }
}
