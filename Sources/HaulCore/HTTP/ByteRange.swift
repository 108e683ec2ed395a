/// A half-open range of byte offsets `[lowerBound, upperBound)` within a file.
///
/// `upperBound == nil` means "to the end of the file, whatever its length" (`Range: bytes=N-`).
public struct ByteRange: Hashable, Sendable, CustomStringConvertible {
    /// The first byte offset in the range.
    public var lowerBound: Int64
    /// One past the last byte offset, or `nil` for an open-ended range.
    public var upperBound: Int64?

    /// Creates a range; `upperBound` must not be below `lowerBound`.
    public init(_ lowerBound: Int64, _ upperBound: Int64?) {
        precondition(lowerBound >= 0, "byte offsets are never negative")
        if let upperBound { precondition(upperBound >= lowerBound, "upper bound below lower bound") }
        self.lowerBound = lowerBound
        self.upperBound = upperBound
    }

    /// The number of bytes in the range, or `nil` when it is open-ended.
    public var count: Int64? { upperBound.map { $0 - lowerBound } }

    /// Whether the range holds no byte at all.
    public var isEmpty: Bool { upperBound == lowerBound }

    /// The value of an HTTP `Range` header asking for exactly this range (one range, RFC 9110 §14.1.2).
    ///
    /// HTTP byte positions are inclusive, so `[10, 20)` becomes `bytes=10-19`; an open range `[10, nil)` becomes
    /// `bytes=10-`. Must not be called on an empty range: there is no way to ask HTTP for zero bytes.
    public var rangeHeaderValue: String {
        precondition(!isEmpty, "an empty range cannot be requested")
        if let upperBound { return "bytes=\(lowerBound)-\(upperBound - 1)" }
        return "bytes=\(lowerBound)-"
    }

    public var description: String {
        "[\(lowerBound), \(upperBound.map(String.init) ?? "end"))"
    }
}
