import Foundation

/// One HTTP request to the daemon, as its router sees it: what the socket's handler reads off the wire, or what a
/// test hands the in-memory responder (`Daemon.respond(to:)`).
package struct DaemonRequest: Sendable {
    package var method: String
    /// The request target, query included.
    package var uri: String
    /// Header fields in order; names are matched without regard to case.
    package var headers: [(name: String, value: String)]
    package var body: Data

    package init(method: String = "POST", uri: String = "/jsonrpc", headers: [(name: String, value: String)] = [], body: Data = Data()) {
        self.method = method
        self.uri = uri
        self.headers = headers
        self.body = body
    }

    /// The first value of the header `name`.
    package func header(_ name: String) -> String? {
        headers.first { Self.sameName($0.name, name) }?.value
    }

    /// Whether two header names are the same but for the case of their letters: names are ASCII tokens (RFC 9110),
    /// so compared byte by byte, without the two lowercased copies per header that every request's checks made.
    static func sameName(_ one: String, _ other: String) -> Bool {
        func lower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
        return one.utf8.count == other.utf8.count && zip(one.utf8, other.utf8).allSatisfy { lower($0) == lower($1) }
    }

    /// What `RequestChecks` reads of it.
    package var checkedHead: RequestChecks.Head {
        RequestChecks.Head(
            method: method, uri: uri, host: header("host"), origin: header("origin"),
            requestedHeaders: header("access-control-request-headers")
        )
    }
}

/// The daemon's answer to a `DaemonRequest`, before the transport adds `Content-Length` and `Connection`.
package struct DaemonResponse: Sendable {
    package var status: Int
    /// `nil` for an answer without a body type (204).
    package var contentType: String?
    /// Headers besides `Content-Type`, `Content-Length` and `Connection`.
    package var headers: [(name: String, value: String)]
    package var body: Data
    /// A body sent as it is made, in place of `body` (an MCP answer with progress notifications as Server-Sent
    /// Events): over HTTP/1.1 each chunk is written as it comes, without `Content-Length`, and the next is taken
    /// only once the client's socket took the previous one. Whoever makes the stream bounds what it holds for a
    /// client that does not read (`AsyncStream`'s buffering policy).
    package var chunks: AsyncStream<Data>?
    /// The connection is closed after this answer (a request for another Host is not followed by more).
    package var closesConnection: Bool

    package init(
        status: Int, contentType: String? = nil, headers: [(name: String, value: String)] = [], body: Data = Data(),
        closesConnection: Bool = false
    ) {
        self.status = status
        self.contentType = contentType
        self.headers = headers
        self.body = body
        self.closesConnection = closesConnection
    }

    /// An answer whose body is `chunks`, sent as they come.
    package init(status: Int, contentType: String?, headers: [(name: String, value: String)] = [], chunks: AsyncStream<Data>) {
        self.init(status: status, contentType: contentType, headers: headers)
        self.chunks = chunks
    }

    /// The whole body: `body`, or every chunk of `chunks` read to the end.
    package func collectedBody() async -> Data {
        guard let chunks else { return body }
        var whole = Data()
        for await chunk in chunks { whole += chunk }
        return whole
    }

    /// The first value of the header `name` (`Content-Type` included).
    package func header(_ name: String) -> String? {
        if name.lowercased() == "content-type" { return contentType }
        return headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}
