import Foundation

/// What to put on the wire for one ``TestResponse``: the head bytes, how many body bytes, and how the response ends.
struct ResponsePlan {
    /// What happens once ``sendCount`` body bytes are flushed.
    enum Ending: Equatable {
        /// The response is complete (final chunk if chunked); close the connection afterwards if `closeConnection`.
        case complete(closeConnection: Bool)
        /// Close the connection without completing the body.
        case close
        /// Send nothing more on this connection until it closes.
        case stall
    }

    /// The status line and headers, ending with the empty line.
    var head: String
    /// The bytes the body is cut from.
    var bodyStorage: [UInt8]
    /// The first body byte's offset in `bodyStorage`.
    var bodyStart: Int
    /// How many body bytes to send.
    var sendCount: Int
    /// Whether a body (possibly empty) follows the head: not for HEAD requests or bodiless statuses.
    var expectsBody: Bool
    /// Whether the body is framed in chunks.
    var chunked: Bool
    /// What happens after the body bytes.
    var ending: Ending
    /// The body throttle, if any.
    var bytesPerSecond: Int?
    /// The switch the throttle holds under, if any (read before each slice).
    var throttledWhile: Switch?
    /// The wait before the head, if any.
    var headDelay: Duration?
    /// Interim `100 Continue` responses before the head.
    var interimResponses: Int
    /// The most body bytes in one chunk, when chunked.
    var chunkSize: Int?

    /// Plans a response to a request with this method and keep-alive wish.
    init(_ response: TestResponse, isHeadRequest: Bool, requestKeepAlive: Bool, date: Date = Date()) {
        let status = response.status
        let statusForbidsBody = (100..<200).contains(status) || status == 204 || status == 304
        let bodyAllowed = !isHeadRequest && !statusForbidsBody
        let bodyCount = bodyAllowed ? response.bodyCount : 0

        var headers = response.headers
        let userContentLength = response.header("Content-Length")
        let userFraming = userContentLength != nil || response.header("Transfer-Encoding") != nil
        if !userFraming && !statusForbidsBody {
            if response.chunked {
                headers.append(("Transfer-Encoding", "chunked"))
            } else {
                headers.append(("Content-Length", String(response.declaredLength ?? response.bodyCount)))
            }
        }
        if response.header("Date") == nil {
            headers.append(("Date", httpDate(date)))
        }

        var sendCount = bodyCount
        let ending: Ending
        if let cut = response.closeAfterBodyBytes {
            sendCount = min(sendCount, max(0, cut))
            ending = .close
        } else if let cut = response.stallAfterBodyBytes {
            sendCount = min(sendCount, max(0, cut))
            ending = .stall
        } else {
            // Close when the client could not otherwise find the end of this body, or asked for it.
            let framedExactly: Bool
            if !bodyAllowed || response.chunked {
                framedExactly = true
            } else if let declared = userContentLength ?? (userFraming ? nil : String(response.declaredLength ?? bodyCount)) {
                framedExactly = Int(declared.trimmingWhitespace()) == bodyCount
            } else {
                framedExactly = false
            }
            let responseSaysClose = response.header("Connection")?.lowercased().contains("close") ?? false
            ending = .complete(closeConnection: !requestKeepAlive || responseSaysClose || !framedExactly)
        }
        if ending != .complete(closeConnection: false) && ending != .stall && response.header("Connection") == nil {
            headers.append(("Connection", "close"))
        }

        var head = "HTTP/1.1 \(status) \(ResponsePlan.reason(status))\r\n"
        for (name, value) in headers {
            head += "\(name): \(value)\r\n"
        }
        head += "\r\n"

        self.head = response.rawHead ?? head
        self.bodyStorage = response.bodyStorage
        self.bodyStart = response.bodyRange.lowerBound
        self.sendCount = sendCount
        self.chunked = response.chunked
        self.expectsBody = bodyAllowed
        self.ending = ending
        self.bytesPerSecond = response.bytesPerSecond.map { max(1, $0) }
        self.throttledWhile = response.throttledWhile
        self.headDelay = response.headDelay
        self.interimResponses = max(0, response.interimResponses)
        self.chunkSize = response.chunkSize.map { max(1, $0) }
    }

    /// A reason phrase for the status line.
    static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 204: "No Content"
        case 206: "Partial Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 416: "Range Not Satisfiable"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: "Status \(status)"
        }
    }
}
