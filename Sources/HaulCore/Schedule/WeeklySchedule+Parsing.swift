/// Why a schedule could not be read; `description` is a sentence for the person who typed it.
public struct ScheduleSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The rule (between semicolons) that is wrong, as typed.
    public var rule: String
    public var problem: String

    public var description: String { "'\(rule)': \(problem)" }
}

extension WeeklySchedule {
    /// Reads rules separated by `;`, each `[DAYS] HH:MM-HH:MM VALUE`, where DAYS is a comma-separated list of days
    /// and day ranges (`Mon-Fri`, `Sat,Sun`, `Fri-Mon` wraps over the week end; three-letter or full English names,
    /// any case) and VALUE is read by `value`. Empty rules (a trailing `;`) are ignored; an empty text is no rules.
    ///
    /// - Parameters:
    ///   - implied: the value of a rule that names none (`Mon-Fri 01:00-07:00` in a queue schedule); `nil` when
    ///     every rule must name its value.
    ///   - example: a rule shown in the message about a rule of the wrong shape.
    public init(
        parsing text: String, value: (Substring) -> Value?, valueName: String, implied: Value? = nil,
        example: String = "Mon-Fri 09:00-18:00 2M"
    ) throws(ScheduleSyntaxError) {
        var rules: [Rule] = []
        for typed in text.split(separator: ";") {
            var words = typed.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard !words.isEmpty else { continue }
            let rule = String(typed.trimmingHTTPWhitespace())
            func fail(_ problem: String) -> ScheduleSyntaxError { ScheduleSyntaxError(rule: rule, problem: problem) }
            // A value word is never a time range, nor a range a value: a rule of one or two words whose last is not a
            // value names none (an empty word stands in for it, so the rest is read as for the others).
            var impliedValue: Value?
            if let implied, words.count < 3, let last = words.last, value(last) == nil {
                impliedValue = implied
                words.append("")
            }
            guard words.count == 2 || words.count == 3 else {
                let shape = implied == nil ? "[DAYS] HH:MM-HH:MM \(valueName)" : "[DAYS] HH:MM-HH:MM [\(valueName)]"
                throw fail("expected \(shape), e.g. '\(example)'")
            }
            let days = words.count == 3 ? try Self.days(words[0], fail: fail) : Set(Weekday.allCases)
            let range = words[words.count - 2].split(separator: "-", omittingEmptySubsequences: false)
            guard range.count == 2, let start = Self.minutes(range[0]), let end = Self.minutes(range[1]) else {
                throw fail("'\(words[words.count - 2])' is not a time range such as 09:00-18:00")
            }
            guard start < 1440 else { throw fail("a range cannot start at 24:00") }
            guard start != end else { throw fail("the range \(words[words.count - 2]) is empty") }
            guard let parsed = impliedValue ?? value(words[words.count - 1]) else {
                throw fail("'\(words[words.count - 1])' is not a \(valueName)")
            }
            rules.append(Rule(days: days, start: start, end: end, value: parsed))
        }
        self.init(rules: rules)
    }

    /// `HH:MM` (00:00 to 24:00) as minutes after midnight.
    static func minutes(_ text: Substring) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ (1...2).contains($0.count) && $0.allSatisfy(\.isASCII) }),
            let hour = Int(parts[0]), let minute = Int(parts[1]), parts[1].count == 2,
            (0...24).contains(hour), (0..<60).contains(minute), hour < 24 || minute == 0
        else { return nil }
        return hour * 60 + minute
    }

    static func days(_ text: Substring, fail: (String) -> ScheduleSyntaxError) throws(ScheduleSyntaxError) -> Set<Weekday> {
        var days = Set<Weekday>()
        for item in text.split(separator: ",") {
            let ends = item.split(separator: "-", omittingEmptySubsequences: false)
            guard (1...2).contains(ends.count), let first = Weekday(name: ends[0]), let last = Weekday(name: ends[ends.count - 1])
            else { throw fail("'\(item)' is not a day or a range of days such as Mon-Fri") }
            var day = first
            days.insert(day)
            while day != last {
                day = day.next
                days.insert(day)
            }
        }
        guard !days.isEmpty else { throw fail("no days") }
        return days
    }
}

extension Weekday {
    /// `Mon`, `monday`, `MON`: the three-letter abbreviation or the full English name, any case; or the Chinese
    /// `周一`…`周日` / `星期一`…`星期日` (`周天`, `星期天` too), for the people the web page speaks Chinese to.
    init?(name: Substring) {
        let chinese = ["一", "二", "三", "四", "五", "六", "日"]
        for prefix in ["周", "星期"] where name.hasPrefix(prefix) {
            let day = name.dropFirst(prefix.count)
            if let index = chinese.firstIndex(where: { $0 == day }) ?? (day == "天" ? 6 : nil) {
                self.init(rawValue: index + 1)
                return
            }
        }
        let lower = name.lowercased()
        let names = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
        guard let index = names.firstIndex(where: { $0 == lower || (lower.count == 3 && $0.hasPrefix(lower)) })
        else { return nil }
        self.init(rawValue: index + 1)
    }
}
