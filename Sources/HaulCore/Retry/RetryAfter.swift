/// Reads a `Retry-After` header (RFC 9110 §10.2.3): either delay-seconds or an HTTP date.
public enum RetryAfter {
    /// The delay in whole seconds, never negative, or `nil` when the value is neither form.
    ///
    /// - Parameters:
    ///   - headerValue: the header's value.
    ///   - responseDate: the response's `Date`, which a date form is measured against when present (clock skew
    ///     between server and client then does not matter).
    ///   - now: the client's current time in seconds since the epoch, used when there is no `Date`.
    public static func seconds(headerValue: String, responseDate: String?, now: Int64) -> Int64? {
        let value = String(headerValue.trimmingHTTPWhitespace())
        if let seconds = HTTPNumber.parseNonNegative(value) { return seconds }
        guard let target = HTTPDate.secondsSinceEpoch(value) else { return nil }
        let reference = responseDate.flatMap(HTTPDate.secondsSinceEpoch) ?? now
        return max(0, target - reference)
    }
}
