/// A server that serves at most `requests` requests at once to one client address and refuses the rest at once,
/// as nginx's `limit_conn` does (and CDNs and mirrors with a per-address connection cap): a request is counted from
/// when its head has been read until its response has been written (or its connection closed), so an idle
/// keep-alive connection costs nothing, and a request beyond the count is answered `status` (503 by default, as
/// nginx's `limit_conn_status`; 429 is the other common answer) with an optional `Retry-After`, without reaching
/// its route. The refusal keeps the connection open, as nginx does.
///
/// See ``TestServer/limitRequestsPerClient(_:)``.
public struct ClientRequestLimit: Sendable, Hashable {
    /// How many requests from one address are served at once.
    public var requests: Int
    /// The status of a refused request.
    public var status: Int
    /// The `Retry-After` seconds sent with a refusal; nil sends none.
    public var retryAfter: Int?

    /// At most `requests` at once per address; `status` and `Retry-After: retryAfter` for the rest.
    public init(requests: Int, status: Int = 503, retryAfter: Int? = nil) {
        self.requests = max(0, requests)
        self.status = status
        self.retryAfter = retryAfter
    }

    /// The answer to a request beyond the limit.
    var refusal: TestResponse {
        TestResponse.text(
            status, "too many requests from this address at once (at most \(requests))\n",
            headers: retryAfter.map { [("Retry-After", String($0))] } ?? []
        )
    }
}
