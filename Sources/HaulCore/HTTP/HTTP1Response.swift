/// Reading an HTTP/1.1 response from a socket's bytes (RFC 9112): where the head ends, what it says, and how its
/// body is framed. Pure: the socket layer (`DirectHTTPRequest` in HaulKit) feeds it bytes and acts on its answers.
///
/// Strict where a mistake would corrupt a file, lenient where every client is: a bare LF ends a line (RFC 9112 §2.2),
/// an obsolete folded line joins the one before with a space (§5.2), but a space before a field's colon, a status
/// line that is not `HTTP/1.x NNN`, a head beyond `maximumHeadSize`, or `Content-Length` values that disagree are
/// errors (§5.1, §6.3: a length that cannot be trusted is unrecoverable), never a guess.
public enum HTTP1Response {
    /// The largest head read, in bytes: the same bound as AsyncHTTPClient's parser (llhttp), 80 KiB. It bounds the
    /// interim 1xx heads before a final head too, all together (`HeadBudget`).
    public static let maximumHeadSize = 80 * 1024

    /// A status line and its header fields.
    public struct Head: Sendable, Equatable {
        /// 0 for HTTP/1.0, 1 for HTTP/1.1.
        public var minorVersion: Int
        /// The status code.
        public var status: Int
        /// The fields in the order received.
        public var headers: [HeaderField]

        public init(minorVersion: Int, status: Int, headers: [HeaderField]) {
            self.minorVersion = minorVersion
            self.status = status
            self.headers = headers
        }

        /// Whether this is an interim response (1xx other than 101) that the final one follows on the same
        /// connection.
        public var isInterim: Bool { (100..<200).contains(status) && status != 101 }
    }

    /// Why a response cannot be read.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case malformedStatusLine
        case malformedField
        case headTooLarge
        case badContentLength
        case switchedProtocols
        case badChunk

        public var description: String {
            switch self {
            case .malformedStatusLine: "malformed response: the status line is not HTTP/1.x and a status code"
            case .malformedField: "malformed response: a header field is not `name: value`"
            case .headTooLarge: "malformed response: the head, with any 1xx responses before it, is larger than \(HTTP1Response.maximumHeadSize / 1024) KiB"
            case .badContentLength: "malformed response: Content-Length is not one non-negative number"
            case .switchedProtocols: "the server switched protocols (101) though none was asked for"
            case .badChunk: "malformed response: a chunk of the chunked body is not framed as RFC 9112 says"
            }
        }
    }

    /// How the body after a head is delimited (RFC 9112 §6.3, for the answer to a GET).
    public enum Framing: Sendable, Equatable {
        /// No body at all (1xx, 204, 304).
        case empty
        /// Exactly this many bytes.
        case length(Int64)
        /// `Transfer-Encoding: chunked`.
        case chunked
        /// Everything until the server closes the connection.
        case untilClose
    }

    /// The offset just past the blank line that ends a head in `bytes`, searching from `start` (a caller that
    /// read more passes where its last search stopped, less three bytes), or `nil` if the head is not complete yet.
    public static func headEnd(in bytes: UnsafeRawBufferPointer, from start: Int = 0) -> Int? {
        var index = max(start, 0)
        let newline = UInt8(ascii: "\n"), cr = UInt8(ascii: "\r")
        while index < bytes.count {
            if bytes[index] == newline {
                if index + 1 < bytes.count, bytes[index + 1] == newline { return index + 2 }
                if index + 2 < bytes.count, bytes[index + 1] == cr, bytes[index + 2] == newline { return index + 3 }
            }
            index += 1
        }
        return nil
    }

    /// Parses a complete head (the bytes up to and including its blank line).
    public static func parseHead(_ bytes: UnsafeRawBufferPointer) throws(Failure) -> Head {
        guard bytes.count <= maximumHeadSize else { throw .headTooLarge }
        var lines = splitLines(bytes)
        guard !lines.isEmpty else { throw .malformedStatusLine }
        let statusLine = lines.removeFirst()
        let (minor, status) = try parseStatusLine(statusLine)
        var headers: [HeaderField] = []
        for line in lines where !line.isEmpty {
            if line.first == UInt8(ascii: " ") || line.first == UInt8(ascii: "\t") {
                // obs-fold: part of the previous field's value.
                guard !headers.isEmpty else { throw .malformedField }
                let more = String(decoding: line, as: UTF8.self).trimmingHTTPWhitespace()
                headers[headers.count - 1].value += " " + more
                continue
            }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex else { throw .malformedField }
            let name = line[line.startIndex..<colon]
            guard name.allSatisfy(isTokenByte) else { throw .malformedField }
            let value = String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingHTTPWhitespace()
            headers.append(HeaderField(name: String(decoding: name, as: UTF8.self), value: String(value)))
        }
        return Head(minorVersion: minor, status: status, headers: headers)
    }

    /// How the body of `head`, the answer to a GET, is delimited.
    public static func framing(of head: Head) throws(Failure) -> Framing {
        if head.status == 101 { throw .switchedProtocols }
        if (100..<200).contains(head.status) || head.status == 204 || head.status == 304 { return .empty }
        let codings = head.values("Transfer-Encoding")
            .flatMap { $0.split(separator: ",") }
            .map { $0.trimmingHTTPWhitespace().lowercased() }
            .filter { !$0.isEmpty }
        if !codings.isEmpty {
            // Transfer-Encoding overrides Content-Length; a response whose last coding is not chunked runs to the
            // connection's close (RFC 9112 §6.3, items 3 and 4).
            return codings.last == "chunked" ? .chunked : .untilClose
        }
        let lengths = head.values("Content-Length")
        guard !lengths.isEmpty else { return .untilClose }
        guard let length = HTTPNumber.parseContentLength(lengths.joined(separator: ",")) else { throw .badContentLength }
        return .length(length)
    }

    private static func parseStatusLine(_ line: ArraySlice<UInt8>) throws(Failure) -> (Int, Int) {
        // "HTTP/1.1 200 OK": 8 bytes of version, a space, 3 digits, then a space and a reason or nothing.
        let bytes = Array(line)
        let prefix = Array("HTTP/1.".utf8)
        guard bytes.count >= 12, Array(bytes[0..<7]) == prefix, bytes[8] == UInt8(ascii: " ") else {
            throw .malformedStatusLine
        }
        guard bytes[7] == UInt8(ascii: "0") || bytes[7] == UInt8(ascii: "1") else { throw .malformedStatusLine }
        let digits = bytes[9..<12]
        guard digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }), digits.first != UInt8(ascii: "0") else {
            throw .malformedStatusLine
        }
        guard bytes.count == 12 || bytes[12] == UInt8(ascii: " ") else { throw .malformedStatusLine }
        let status = digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        return (Int(bytes[7] - UInt8(ascii: "0")), status)
    }

    /// The head's lines without their CRLF or LF, up to the blank line.
    private static func splitLines(_ bytes: UnsafeRawBufferPointer) -> [ArraySlice<UInt8>] {
        let all = Array(bytes)
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        for index in all.indices where all[index] == UInt8(ascii: "\n") {
            var end = index
            if end > start, all[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            if end == start { break }
            lines.append(all[start..<end])
            start = index + 1
        }
        return lines
    }

    /// RFC 9110 §5.6.2's `tchar`.
    public static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }
}

extension HTTP1Response.Head {
    /// Every value of a field, in order.
    public func values(_ name: String) -> [String] {
        headers.filter { $0.name.caseInsensitiveEquals(name) }.map(\.value)
    }

    /// Whether the server keeps the connection open after this response (RFC 9112 §9.3): HTTP/1.1 unless a
    /// `Connection` field says `close`; HTTP/1.0 only when one says `keep-alive` (and none says `close`).
    ///
    /// Only a response whose body ended where its framing says may leave its connection for another request;
    /// the caller checks that (a body read to the connection's close never can).
    public var keepsConnectionOpen: Bool {
        let options = values("Connection")
            .flatMap { $0.split(separator: ",") }
            .map { $0.trimmingHTTPWhitespace().lowercased() }
        if options.contains("close") { return false }
        return minorVersion >= 1 || options.contains("keep-alive")
    }
}
