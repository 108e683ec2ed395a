/// Defensive parsing of the decimal numbers HTTP puts in headers (docs/http-rules.md rule 12: overflow is an error,
/// never a wrap).
public enum HTTPNumber {
    /// Parses a non-negative decimal integer made only of ASCII digits.
    ///
    /// - Returns: the value, or `nil` for an empty string, a sign, spaces, any non-digit, or a value beyond `Int64.max`.
    public static func parseNonNegative<S: StringProtocol>(_ text: S) -> Int64? {
        guard !text.isEmpty else { return nil }
        var value: Int64 = 0
        for byte in text.utf8 {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
            if overflow1 || overflow2 { return nil }
            value = sum
        }
        return value
    }

    /// Parses a `Content-Length` value; several identical comma-separated values are accepted (RFC 9110 §8.6).
    public static func parseContentLength(_ text: String) -> Int64? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingHTTPWhitespace() }
        guard let first = parts.first, let value = parseNonNegative(first) else { return nil }
        for part in parts.dropFirst() where parseNonNegative(part) != value { return nil }
        return value
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs (HTTP's optional whitespace).
    func trimmingHTTPWhitespace() -> Substring {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" { slice = slice.dropFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice = slice.dropLast() }
        return slice
    }
}
