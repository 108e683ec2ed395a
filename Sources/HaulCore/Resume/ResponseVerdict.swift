/// What to do with a response, decided from its head alone before any body byte is written.
public enum ResponseVerdict: Hashable, Sendable {
    /// Write the body into the file starting at `body.offset`.
    case accept(BodyPlan)
    /// The file is already whole: a 416 whose `Content-Range: bytes */N` equals the bytes held (docs/http-rules.md
    /// rule 8).
    case complete(ResourceIdentity)
    /// Do not use this body. Drop the partial bytes and fetch the whole file again from byte 0.
    case restart(RestartReason)
    /// A transient failure (408, 429, 500, 502, 503, 504): ask again after a delay (docs/http-rules.md rule 11).
    case retry(status: Int, retryAfterSeconds: Int64?)
    /// Follow a redirect to `location` (resolved by the redirect policy).
    case redirect(status: Int, location: String)
    /// Stop: retrying cannot help.
    case fail(ResponseFailure)
}

/// Where a body goes and how much of it to expect.
public struct BodyPlan: Hashable, Sendable {
    /// The absolute file offset of the body's first byte.
    public var offset: Int64
    /// How many bytes the body must carry to be complete, or `nil` when only the end of the message tells.
    public var expectedLength: Int64?
    /// The file version these bytes belong to; record it.
    public var identity: ResourceIdentity
    /// The bytes held so far are not part of this version or this body starts over at 0: truncate first.
    public var discardsPartial: Bool

    /// Creates a body plan.
    public init(offset: Int64, expectedLength: Int64?, identity: ResourceIdentity, discardsPartial: Bool) {
        self.offset = offset
        self.expectedLength = expectedLength
        self.identity = identity
        self.discardsPartial = discardsPartial
    }
}

/// Why partial bytes had to be dropped.
public enum RestartReason: Hashable, Sendable, CustomStringConvertible {
    /// The ETag, Last-Modified or length changed: the file on the server is another version (docs/http-rules.md rule
    /// 7).
    case versionChanged
    /// A 206 whose Content-Range is missing, malformed, or does not match what was asked (docs/http-rules.md rule 6).
    case invalidContentRange(String)
    /// A 206 with a non-identity Content-Encoding: encoded bytes cannot be spliced (docs/http-rules.md rule 1).
    case encodedRange(String)
    /// A multipart/byteranges answer to a single-range request.
    case multipartRange
    /// A 416 that does not prove the file complete (docs/http-rules.md rule 8).
    case unsatisfiableRange
    /// There is no strong validator, so held bytes cannot be proven current (docs/http-rules.md rule 3).
    case noStrongValidator

    public var description: String {
        switch self {
        case .versionChanged: return "the file changed on the server (validator or length differs)"
        case .invalidContentRange(let detail): return "the server's partial response is unusable: \(detail)"
        case .encodedRange(let encoding): return "the server sent a range with Content-Encoding \(encoding)"
        case .multipartRange: return "the server answered one range with a multipart response"
        case .unsatisfiableRange: return "the server says the range is unsatisfiable"
        case .noStrongValidator: return "the server gives no strong validator, so the partial file cannot be trusted"
        }
    }
}

/// A response that ends the download.
public enum ResponseFailure: Hashable, Sendable, CustomStringConvertible {
    /// A 4xx or 5xx that is not worth retrying (404, 403, 410, 501, ...).
    case httpStatus(Int)
    /// A redirect without a usable `Location`.
    case redirectWithoutLocation(Int)
    /// A status a download cannot use (1xx, 204, 304, a 206 nobody asked for, ...).
    case unexpectedStatus(Int)
    /// A length past `SpaceReservation.largestBelievableLength` (docs/http-rules.md rule 12): a broken server.
    case unbelievableLength(Int64)

    public var description: String {
        switch self {
        case .httpStatus(let status): return "HTTP \(status) \(HTTPStatusText.reason(status))"
        case .redirectWithoutLocation(let status): return "HTTP \(status) redirect without a Location header"
        case .unexpectedStatus(let status): return "unexpected HTTP status \(status) \(HTTPStatusText.reason(status))"
        case .unbelievableLength(let length):
            return "the server announces \(length) bytes, more than any file holds (\(ByteCount.format(SpaceReservation.largestBelievableLength)) at most)"
        }
    }
}
