/// A file served the way a correct (or deliberately wrong) server would.
public struct FileResource: Sendable {
    /// The file's bytes.
    public var content: [UInt8]
    /// The `ETag` header, sent verbatim (e.g. `"\"abc\""` or `"W/\"abc\""`); nil omits it.
    public var etag: String?
    /// The `Last-Modified` header (an HTTP date); nil omits it.
    public var lastModified: String?
    /// The `Accept-Ranges` header to advertise (`"bytes"`, `"none"`); nil omits it.
    public var acceptRanges: String?
    /// When false, `Range` is ignored and every GET answers 200 with the full body.
    public var honorsRanges: Bool
    /// When true, an `If-Range` that does not match the validator answers 200 with the full body; when false, it is ignored.
    public var honorsIfRange: Bool
    /// How a satisfiable range is answered.
    public var rangeFault: RangeFault
    /// The `Content-Disposition` header; nil omits it.
    public var contentDisposition: String?
    /// A `Content-Encoding` header to add (the body bytes are unchanged), to simulate encoding violations.
    public var contentEncoding: String?
    /// When true, ``contentEncoding`` is only added to 206 responses.
    public var onlyOnRangedResponses: Bool
    /// The `Content-Type` header of 200 and 206 responses; nil omits it.
    public var contentType: String?
    /// A mirror that spoils its copy: the byte at this offset is served inverted (same length, same validator), as
    /// a bad disk or a broken cache would. For piece-hash tests.
    public var corruptedByte: Int?

    /// Creates a file resource; the defaults describe a correct server with a strong ETag.
    public init(
        content: [UInt8],
        etag: String? = "\"v1\"",
        lastModified: String? = nil,
        acceptRanges: String? = "bytes",
        honorsRanges: Bool = true,
        honorsIfRange: Bool = true,
        rangeFault: RangeFault = .none,
        contentDisposition: String? = nil,
        contentEncoding: String? = nil,
        onlyOnRangedResponses: Bool = false,
        contentType: String? = "application/octet-stream"
    ) {
        self.content = content
        self.etag = etag
        self.lastModified = lastModified
        self.acceptRanges = acceptRanges
        self.honorsRanges = honorsRanges
        self.honorsIfRange = honorsIfRange
        self.rangeFault = rangeFault
        self.contentDisposition = contentDisposition
        self.contentEncoding = contentEncoding
        self.onlyOnRangedResponses = onlyOnRangedResponses
        self.contentType = contentType
    }

    /// The response to a request: GET/HEAD, single `Range` (`a-b`, `a-`, `-n`), `If-Range`, 206 and 416.
    ///
    /// Methods other than GET and HEAD answer 405. An invalid or multi-range `Range` header is ignored (200).
    /// An unsatisfiable range answers 416 with `Content-Range: bytes */N`. The server drops the body of HEAD responses.
    public func response(for request: TestRequest) -> TestResponse {
        if let offset = corruptedByte, content.indices.contains(offset) {
            var spoiled = self
            spoiled.corruptedByte = nil
            spoiled.content[offset] ^= 0xFF
            return spoiled.response(for: request)
        }
        guard request.method == "GET" || request.method == "HEAD" else {
            return .text(405, "method not allowed\n", headers: [("Allow", "GET, HEAD")])
        }
        let total = content.count
        guard honorsRanges,
            let rangeHeader = request.header("Range"),
            let spec = ByteRangeSpec(header: rangeHeader),
            ifRangeAllowsPartial(request.header("If-Range"))
        else {
            return fullResponse()
        }
        guard let range = spec.resolve(total: total) else {
            return TestResponse(status: 416, headers: validatorHeaders() + [("Content-Range", "bytes */\(total)")])
        }
        return partialResponse(range, total: total)
    }

    /// Whether `If-Range` (if any) lets a range be served: a strong ETag equal to ours, or our exact Last-Modified.
    func ifRangeAllowsPartial(_ ifRange: String?) -> Bool {
        guard honorsIfRange, let ifRange = ifRange?.trimmingWhitespace() else { return true }
        if ifRange.hasPrefix("\"") || ifRange.hasPrefix("W/") {
            // Strong comparison (RFC 9110 13.1.5): weak tags never match.
            guard let etag, !etag.hasPrefix("W/"), !ifRange.hasPrefix("W/") else { return false }
            return etag == ifRange
        }
        return lastModified != nil && lastModified == ifRange
    }

    private func fullResponse() -> TestResponse {
        TestResponse(
            status: 200,
            headers: validatorHeaders() + entityHeaders(ranged: false),
            bodyStorage: content,
            bodyRange: content.indices
        )
    }

    private func partialResponse(_ range: ClosedRange<Int>, total: Int) -> TestResponse {
        var start = range.lowerBound
        var end = range.upperBound
        var contentRange: String? = nil
        switch rangeFault {
        case .none:
            contentRange = "bytes \(start)-\(end)/\(total)"
        case .startEarlierBy(let count):
            start = max(0, start - max(0, count))
            contentRange = "bytes \(start)-\(end)/\(total)"
        case .wrongStart(let claimed):
            contentRange = "bytes \(claimed)-\(claimed + end - start)/\(total)"
        case .endBeyondRequest:
            end = total - 1
            contentRange = "bytes \(start)-\(end)/\(total)"
        case .wrongTotal(let claimedTotal):
            contentRange = "bytes \(start)-\(end)/\(claimedTotal)"
        case .missingContentRange:
            contentRange = nil
        case .malformedContentRange(let literal):
            contentRange = literal
        case .multipart:
            return multipartResponse(start...end, total: total)
        }
        var headers = validatorHeaders() + entityHeaders(ranged: true)
        if let contentRange { headers.append(("Content-Range", contentRange)) }
        return TestResponse(status: 206, headers: headers, bodyStorage: content, bodyRange: start..<(end + 1))
    }

    private func multipartResponse(_ range: ClosedRange<Int>, total: Int) -> TestResponse {
        let boundary = "HAUL_TEST_BOUNDARY"
        var body = Array(
            ("--\(boundary)\r\n"
                + "Content-Type: \(contentType ?? "application/octet-stream")\r\n"
                + "Content-Range: bytes \(range.lowerBound)-\(range.upperBound)/\(total)\r\n\r\n").utf8
        )
        body += content[range]
        body += Array("\r\n--\(boundary)--\r\n".utf8)
        var headers = validatorHeaders()
        headers.append(("Content-Type", "multipart/byteranges; boundary=\(boundary)"))
        if let encoding = contentEncoding { headers.append(("Content-Encoding", encoding)) }
        return TestResponse(status: 206, headers: headers, body: body)
    }

    private func validatorHeaders() -> [(name: String, value: String)] {
        var headers: [(name: String, value: String)] = []
        if let acceptRanges { headers.append(("Accept-Ranges", acceptRanges)) }
        if let etag { headers.append(("ETag", etag)) }
        if let lastModified { headers.append(("Last-Modified", lastModified)) }
        return headers
    }

    private func entityHeaders(ranged: Bool) -> [(name: String, value: String)] {
        var headers: [(name: String, value: String)] = []
        if let contentType { headers.append(("Content-Type", contentType)) }
        if let contentDisposition { headers.append(("Content-Disposition", contentDisposition)) }
        if let contentEncoding, ranged || !onlyOnRangedResponses {
            headers.append(("Content-Encoding", contentEncoding))
        }
        return headers
    }
}
