/// Parses HTTP dates (RFC 9110 §5.6.7) into seconds since the Unix epoch, without Foundation formatters.
///
/// Accepts the preferred IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`) and the two obsolete forms
/// (`Sunday, 06-Nov-94 08:49:37 GMT` and asctime `Sun Nov  6 08:49:37 1994`).
public enum HTTPDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// The date as seconds since 1970-01-01T00:00:00Z, or `nil` when the text is not an HTTP date.
    public static func secondsSinceEpoch(_ text: String) -> Int64? {
        let tokens = text.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        if tokens.count == 6, tokens[5] == "GMT" {
            // IMF-fixdate: wd, dd Mon yyyy hh:mm:ss GMT
            guard let day = Int(tokens[1]), let month = month(tokens[2]), let year = Int(tokens[3]) else { return nil }
            return compose(year: year, month: month, day: day, time: tokens[4])
        }
        if tokens.count == 4, tokens[3] == "GMT" {
            // RFC 850: Weekday, dd-Mon-yy hh:mm:ss GMT
            let parts = tokens[1].split(separator: "-").map(String.init)
            guard parts.count == 3, let day = Int(parts[0]), let month = month(parts[1]), var year = Int(parts[2])
            else { return nil }
            if year < 100 { year += year < 70 ? 2000 : 1900 }
            return compose(year: year, month: month, day: day, time: tokens[2])
        }
        if tokens.count == 5 {
            // asctime: wd Mon d hh:mm:ss yyyy
            guard let month = month(tokens[1]), let day = Int(tokens[2]), let year = Int(tokens[4]) else { return nil }
            return compose(year: year, month: month, day: day, time: tokens[3])
        }
        return nil
    }

    private static func month(_ name: String) -> Int? {
        months.firstIndex(of: name.lowercased()).map { $0 + 1 }
    }

    private static func compose(year: Int, month: Int, day: Int, time: String) -> Int64? {
        let hms = time.split(separator: ":").compactMap { Int($0) }
        guard hms.count == 3, (1...31).contains(day), (0...23).contains(hms[0]), (0...59).contains(hms[1]),
            (0...60).contains(hms[2]), (1...9999).contains(year)
        else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        return Int64(days) * 86_400 + Int64(hms[0] * 3600 + hms[1] * 60 + hms[2])
    }

    /// Days since 1970-01-01 for a proleptic Gregorian date (Howard Hinnant's algorithm).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}
