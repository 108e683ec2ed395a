/// Servers that limit their clients: a cap on the requests one address may have in flight (refused beyond it with
/// 429 or 503), and a fixed bandwidth shared by every response body being sent. Both can be set or lifted while
/// serving; they apply to every route.
extension TestServer {
    /// Serves at most `limit.requests` requests at once to one client address and answers any beyond them with
    /// `limit.status` (and `Retry-After`), without calling their route (see ``ClientRequestLimit``); nil lifts
    /// the limit. Requests already in flight keep their place.
    ///
    /// ```swift
    /// server.limitRequestsPerClient(ClientRequestLimit(requests: 4, status: 429, retryAfter: 1))
    /// ```
    public func limitRequestsPerClient(_ limit: ClientRequestLimit?) {
        core.setClientLimit(limit)
    }

    /// Shares `bytesPerSecond` among the response bodies being sent at each moment, as one link of that speed
    /// would: one body alone gets all of it, four get a quarter each, and the server's total stays the same
    /// however many connections a client opens. Nil sends at full speed again. A response's own
    /// ``TestResponse/bytesPerSecond`` still applies on top (the slower of the two wins).
    ///
    /// Each body's share is recomputed as bodies start and end; a body whose client does not read keeps its
    /// share (a link does not know why a flow is idle), and banks at most a quarter second of it.
    public func shareBandwidth(bytesPerSecond: Int?) {
        core.setSharedBandwidth(bytesPerSecond)
    }

    /// Requests refused by ``limitRequestsPerClient(_:)`` since the start (or ``clearRequests()``). They are in
    /// ``requests(for:)`` too, in arrival order.
    public var refusedRequests: Int { core.refusedRequests }

    /// Requests read and not yet answered in full (or whose connection is still open after a stalled or cut
    /// response), from every client; refused ones are never in flight.
    public var requestsInFlight: Int { core.requestsInFlight }

    /// The most requests one client address had in flight at once since the start (or since ``clearRequests()``,
    /// which restarts it from those in flight then): whether a client kept within a budget, with or without a
    /// limit set.
    public var maxRequestsInFlight: Int { core.maxRequestsInFlight }
}
