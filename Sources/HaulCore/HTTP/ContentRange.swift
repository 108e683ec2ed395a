/// A parsed `Content-Range` header value (RFC 9110 §14.4), restricted to the `bytes` unit.
public enum ContentRange: Hashable, Sendable {
    /// `bytes first-last/total`, with `total == nil` for `/*`. `first` and `last` are inclusive.
    case satisfied(first: Int64, last: Int64, total: Int64?)
    /// `bytes */total`, sent with 416 to say how long the representation is.
    case unsatisfied(total: Int64)

    /// Parses a header value; returns `nil` for anything malformed, another unit, `last < first`,
    /// `total <= last`, or numbers beyond `Int64` (docs/http-rules.md rules 6 and 12).
    public init?(headerValue: String) {
        let value = headerValue.trimmingHTTPWhitespace()
        guard value.count > 6, value.prefix(6).lowercased() == "bytes " else { return nil }
        let rest = value.dropFirst(6).trimmingHTTPWhitespace()
        guard let slash = rest.firstIndex(of: "/") else { return nil }
        let rangePart = rest[..<slash]
        let totalPart = rest[rest.index(after: slash)...]
        let total: Int64?
        if totalPart == "*" {
            total = nil
        } else {
            guard let parsed = HTTPNumber.parseNonNegative(totalPart) else { return nil }
            total = parsed
        }
        if rangePart == "*" {
            guard let total else { return nil }
            self = .unsatisfied(total: total)
            return
        }
        let bounds = rangePart.split(separator: "-", omittingEmptySubsequences: false)
        guard bounds.count == 2,
            let first = HTTPNumber.parseNonNegative(bounds[0]),
            let last = HTTPNumber.parseNonNegative(bounds[1]),
            first <= last
        else { return nil }
        if let total, total <= last { return nil }
        self = .satisfied(first: first, last: last, total: total)
    }

    /// The bytes this part carries as a half-open range, for `.satisfied`.
    public var byteRange: ByteRange? {
        guard case .satisfied(let first, let last, _) = self else { return nil }
        // last < Int64.max holds because total > last or last was parsed as Int64 and first <= last.
        return ByteRange(first, last == .max ? .max : last + 1)
    }

    /// The complete length, when the server stated it.
    public var total: Int64? {
        switch self {
        case .satisfied(_, _, let total): return total
        case .unsatisfied(let total): return total
        }
    }
}
