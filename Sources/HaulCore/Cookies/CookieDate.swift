/// The cookie date of `Expires`, read with RFC 6265 §5.1.1's forgiving algorithm: the tokens of any order that
/// servers send (`Wed, 21 Oct 2026 07:28:00 GMT`, `Wednesday, 21-Oct-26 07:28:00 GMT`, `Wed Oct 21 07:28:00 2026`)
/// are found by their shape, not by a fixed format.
public enum CookieDate {
    /// Unix seconds, or `nil` when the text is not a date (the attribute is then ignored, §5.2.1).
    public static func parse(_ text: Substring) -> Int64? {
        var time: (Int, Int, Int)?, day: Int?, month: Int?, year: Int?
        let delimiters: Set<Character> = ["\t", " ", "!", "\"", "#", "$", "%", "&", "'", "(", ")", "*", "+", ",", "-",
                                          ".", "/", ";", "<", "=", ">", "?", "@", "[", "\\", "]", "^", "_", "`", "{",
                                          "|", "}", "~"]
        for token in text.split(whereSeparator: { delimiters.contains($0) }) {
            if time == nil, let parsed = Self.time(token) { time = parsed; continue }
            if day == nil, let parsed = leadingNumber(token, digits: 1...2) { day = parsed; continue }
            if month == nil, let parsed = Self.month(token) { month = parsed; continue }
            if year == nil, let parsed = leadingNumber(token, digits: 2...4) { year = parsed; continue }
        }
        guard let (hour, minute, second) = time, let day, let month, var year else { return nil }
        if (70...99).contains(year) { year += 1900 } else if (0...69).contains(year) { year += 2000 }
        guard (1...31).contains(day), year >= 1601, hour <= 23, minute <= 59, second <= 59 else { return nil }
        return daysFromCivil(year: year, month: month, day: day) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    }

    private static func leadingNumber(_ token: Substring, digits: ClosedRange<Int>) -> Int? {
        let prefix = token.prefix { $0.isASCII && $0.isNumber }
        guard digits.contains(prefix.count), prefix.count == token.count || !(token[prefix.endIndex].isNumber) else { return nil }
        return Int(prefix)
    }

    private static func time(_ token: Substring) -> (Int, Int, Int)? {
        let fields = token.split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count == 3 else { return nil }
        let numbers = fields.map { field in field.count <= 2 && !field.isEmpty && field.allSatisfy { $0.isASCII && $0.isNumber } ? Int(field) : nil }
        guard let hour = numbers[0], let minute = numbers[1], let second = numbers[2] else { return nil }
        return (hour, minute, second)
    }

    private static func month(_ token: Substring) -> Int? {
        let names = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        guard token.count >= 3 else { return nil }
        return names.firstIndex(of: token.prefix(3).lowercased()).map { $0 + 1 }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return Int64(era * 146_097 + dayOfEra - 719_468)
    }
}
