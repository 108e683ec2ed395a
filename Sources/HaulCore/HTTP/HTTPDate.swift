/// Parses HTTP dates (RFC 9110 §5.6.7) into seconds since the Unix epoch, without Foundation formatters.
///
/// Accepts the preferred IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`) and the two obsolete forms
/// (`Sunday, 06-Nov-94 08:49:37 GMT` and asctime `Sun Nov  6 08:49:37 1994`).
public enum HTTPDate {
    private static let months: [[UInt8]] = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        .map { Array($0.utf8) }

    /// The date as seconds since 1970-01-01T00:00:00Z, or `nil` when the text is not an HTTP date.
    ///
    /// Read as bytes: every response with a `Last-Modified` is parsed twice (with its `Date`, to tell a strong
    /// validator, rule 5), and splitting into `String`s cost about 1 % of a small download's CPU.
    public static func secondsSinceEpoch(_ text: String) -> Int64? {
        if let parsed = text.utf8.withContiguousStorageIfAvailable(parse) { return parsed }
        return Array(text.utf8).withUnsafeBufferPointer(parse)
    }

    private typealias Bytes = Slice<UnsafeBufferPointer<UInt8>>

    private static func parse(_ text: UnsafeBufferPointer<UInt8>) -> Int64? {
        let tokens = text.split(whereSeparator: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: ",") })
        if tokens.count == 6, tokens[5].elementsEqual("GMT".utf8) {
            // IMF-fixdate: wd, dd Mon yyyy hh:mm:ss GMT
            guard let day = integer(tokens[1]), let month = month(tokens[2]), let year = integer(tokens[3]) else { return nil }
            return compose(year: year, month: month, day: day, time: tokens[4])
        }
        if tokens.count == 4, tokens[3].elementsEqual("GMT".utf8) {
            // RFC 850: Weekday, dd-Mon-yy hh:mm:ss GMT
            let parts = tokens[1].split(separator: UInt8(ascii: "-"))
            guard parts.count == 3, let day = integer(parts[0]), let month = month(parts[1]), var year = integer(parts[2])
            else { return nil }
            if year < 100 { year += year < 70 ? 2000 : 1900 }
            return compose(year: year, month: month, day: day, time: tokens[2])
        }
        if tokens.count == 5 {
            // asctime: wd Mon d hh:mm:ss yyyy
            guard let month = month(tokens[1]), let day = integer(tokens[2]), let year = integer(tokens[4]) else { return nil }
            return compose(year: year, month: month, day: day, time: tokens[3])
        }
        return nil
    }

    /// A decimal integer with an optional sign, as `Int(String)` reads one; `nil` past 18 digits (no date needs
    /// them, and none can overflow).
    private static func integer(_ bytes: Bytes) -> Int? {
        var digits = bytes[...]
        var negative = false
        if let sign = digits.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            negative = sign == UInt8(ascii: "-")
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.count <= 18 else { return nil }
        var value = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return negative ? -value : value
    }

    /// The month's number (1-12) from its English abbreviation, in any case.
    private static func month(_ name: Bytes) -> Int? {
        guard name.count == 3 else { return nil }
        let lower = name.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 + 32 : $0 }
        return months.firstIndex(of: lower).map { $0 + 1 }
    }

    private static func compose(year: Int, month: Int, day: Int, time: Bytes) -> Int64? {
        let hms = time.split(separator: UInt8(ascii: ":")).compactMap(integer)
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
