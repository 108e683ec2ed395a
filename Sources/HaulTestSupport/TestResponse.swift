/// A response the ``TestServer`` sends, including the ways it can deliberately go wrong on the wire.
///
/// Unless `headers` already contain them, the server adds `Content-Length` (or `Transfer-Encoding: chunked`),
/// `Date`, and `Connection: close` when it will close the connection after this response.
/// Putting your own `Content-Length` or `Transfer-Encoding` into `headers` sends them verbatim instead
/// (e.g. a length that overflows Int64); the body is then written raw.
public struct TestResponse: Sendable {
    /// The status code, e.g. 200 or 206.
    public var status: Int
    /// Headers sent verbatim, in this order.
    public var headers: [(name: String, value: String)]
    /// Send `Transfer-Encoding: chunked` and no `Content-Length`.
    public var chunked: Bool
    /// The `Content-Length` value to declare instead of the body size; nil declares the body size.
    public var declaredLength: Int?
    /// Send only this many body bytes, then close the TCP connection (no final chunk).
    public var closeAfterBodyBytes: Int?
    /// Send this many body bytes, then nothing more, keeping the connection open until the client or server closes it.
    public var stallAfterBodyBytes: Int?
    /// Throttle the body to about this many bytes per second.
    public var bytesPerSecond: Int?
    /// When set, `bytesPerSecond` holds only while this switch is on, read before each slice of the body: turning
    /// it off sends the rest of a body already on its way at full speed (a resumed download a test lets finish).
    public var throttledWhile: Switch?
    /// Wait this long before sending the status line and headers.
    public var headDelay: Duration?
    /// Send this many interim `HTTP/1.1 100 Continue` responses before the status line (`Int.max`: never stop, a
    /// server that floods a client with them as fast as it reads).
    public var interimResponses: Int
    /// With `chunked`, put at most this many body bytes in each chunk (1: a chunk per byte).
    public var chunkSize: Int?
    /// Send these bytes instead of the status line and headers, as they are (a malformed status line, or nothing at
    /// all with `closeAfterBodyBytes` 0: a connection closed before any answer). The body follows as planned.
    public var rawHead: String?

    /// The bytes the body is cut from (shared, never copied per response).
    var bodyStorage: [UInt8]
    /// The part of `bodyStorage` that is the body.
    var bodyRange: Range<Int>

    /// The body bytes (the status line and headers are not included).
    public var body: [UInt8] {
        get { bodyRange == bodyStorage.indices ? bodyStorage : Array(bodyStorage[bodyRange]) }
        set {
            bodyStorage = newValue
            bodyRange = newValue.indices
        }
    }

    /// The number of body bytes.
    public var bodyCount: Int { bodyRange.count }

    /// Creates a well-behaved response.
    public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.init(status: status, headers: headers, bodyStorage: body, bodyRange: body.indices)
    }

    /// Creates a response whose body is `storage[range]` without copying `storage`.
    init(status: Int, headers: [(name: String, value: String)], bodyStorage: [UInt8], bodyRange: Range<Int>) {
        self.status = status
        self.headers = headers
        self.bodyStorage = bodyStorage
        self.bodyRange = bodyRange
        self.chunked = false
        self.declaredLength = nil
        self.closeAfterBodyBytes = nil
        self.stallAfterBodyBytes = nil
        self.bytesPerSecond = nil
        self.throttledWhile = nil
        self.headDelay = nil
        self.interimResponses = 0
        self.chunkSize = nil
        self.rawHead = nil
    }

    /// A response with this text as its UTF-8 body and `Content-Type: text/plain` unless `headers` name another.
    public static func text(_ status: Int, _ text: String, headers: [(name: String, value: String)] = []) -> TestResponse {
        let hasContentType = headers.contains { $0.name.lowercased() == "content-type" }
        return TestResponse(
            status: status,
            headers: (hasContentType ? [] : [("Content-Type", "text/plain; charset=utf-8")]) + headers,
            body: Array(text.utf8)
        )
    }

    /// A redirect with a `Location` header and an empty body.
    public static func redirect(_ status: Int = 302, to location: String) -> TestResponse {
        TestResponse(status: status, headers: [("Location", location)])
    }

    /// The first value of the header with this name, compared case-insensitively; nil when absent.
    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name.lowercased() == wanted }?.value
    }
}
