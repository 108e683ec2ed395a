/// A way a ``FileResource`` answers a satisfiable range request wrongly (or legally but unusually) with 206.
public enum RangeFault: Sendable, Equatable {
    /// Answer correctly.
    case none
    /// Start the `Content-Range` and the body this many bytes before the requested start (clamped at 0); legal per RFC 9110.
    case startEarlierBy(Int)
    /// Claim this `Content-Range` start while sending the body for the requested start (a liar).
    case wrongStart(Int)
    /// Cover up to the end of the file even when a closed range `a-b` was asked.
    case endBeyondRequest
    /// Replace the `Content-Range` total with this value.
    case wrongTotal(Int)
    /// Send 206 without `Content-Range`.
    case missingContentRange
    /// Send 206 with this literal `Content-Range` value.
    case malformedContentRange(String)
    /// Send a 206 `multipart/byteranges` body holding the requested range as its single part.
    case multipart
}
