/// An HTTP entity tag (RFC 9110 §8.8.3): an opaque validator, strong unless prefixed with `W/`.
public struct EntityTag: Hashable, Sendable, CustomStringConvertible {
    /// The header value exactly as the server sent it, e.g. `"abc"` or `W/"abc"`.
    public let rawValue: String

    /// Wraps a header value; surrounding whitespace is dropped.
    public init(_ rawValue: String) {
        self.rawValue = String(rawValue.trimmingHTTPWhitespace())
    }

    /// A weak tag says "semantically equivalent", not "byte-for-byte identical", so it cannot guard a resume.
    public var isWeak: Bool { rawValue.hasPrefix("W/") || rawValue.hasPrefix("w/") }

    /// Strong comparison: both strong and identical (RFC 9110 §8.8.3.2).
    public func stronglyMatches(_ other: EntityTag) -> Bool {
        !isWeak && !other.isWeak && rawValue == other.rawValue
    }

    public var description: String { rawValue }
}
