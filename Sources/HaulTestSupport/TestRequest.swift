/// One HTTP request as the ``TestServer`` received it.
public struct TestRequest: Sendable {
    /// The request method, e.g. `GET` or `HEAD`.
    public var method: String
    /// The path of the request target, without the query.
    public var path: String
    /// The full request target as sent, including any query.
    public var uri: String
    /// The request headers in the order they were received.
    public var headers: [(name: String, value: String)]
    /// The 0-based count of requests the server had already seen for this path when this one arrived.
    public var index: Int
    /// A serial number of the TCP connection that carried the request (the same number means keep-alive reuse).
    public var connectionID: Int
    /// The request body (a web hook's POST), empty for a GET.
    public var body: [UInt8] = []
    /// The IP address the request came from (`127.0.0.1` for a local client; empty in memory, `ScriptedServer`).
    public var clientAddress: String = ""

    /// Creates a request value, e.g. to call ``FileResource/response(for:)`` directly in a test.
    public init(
        method: String = "GET",
        uri: String,
        headers: [(name: String, value: String)] = [],
        index: Int = 0,
        connectionID: Int = 0
    ) {
        self.method = method
        self.uri = uri
        self.path = TestRequest.path(of: uri)
        self.headers = headers
        self.index = index
        self.connectionID = connectionID
    }

    /// The first value of the header with this name, compared case-insensitively; nil when absent.
    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name.lowercased() == wanted }?.value
    }

    /// The path part of a request target: everything before `?` or `#`.
    static func path(of uri: String) -> String {
        if let cut = uri.firstIndex(where: { $0 == "?" || $0 == "#" }) {
            return String(uri[..<cut])
        }
        return uri
    }
}
