import NIOConcurrencyHelpers
import NIOCore

/// The state a ``TestServer`` shares with its connections: routes, the request log, open connections, the
/// requests in flight per client address (``ClientRequestLimit``) and the bodies being sent (shared bandwidth).
///
/// One lock guards everything, so compound updates (log a request and count its index) are atomic.
final class ServerCore: Sendable {
    private struct State {
        var routes: [String: TestServer.Handler] = [:]
        var log: [TestRequest] = []
        var requestCounts: [String: Int] = [:]
        var openChannels: [Int: any Channel] = [:]
        var connectionsAccepted = 0
        var maxOpenConnections = 0
        var isShuttingDown = false
        var clientLimit: ClientRequestLimit?
        /// Requests admitted and not yet answered in full, by client address.
        var inFlight: [String: Int] = [:]
        var maxInFlight = 0
        var refusedRequests = 0
        /// The bytes per second every body being sent shares, if any.
        var sharedBandwidth: Int?
        /// Responses whose body is being sent.
        var senders = 0
    }

    private let state = NIOLockedValueBox(State())

    func setRoute(_ path: String, _ handler: TestServer.Handler?) {
        state.withLockedValue { $0.routes[path] = handler }
    }

    /// Logs the request (assigning its per-path index) and returns the response its route produces.
    func respond(to request: TestRequest) -> TestResponse {
        let (logged, handler) = state.withLockedValue { state -> (TestRequest, TestServer.Handler?) in
            var request = request
            request.index = state.requestCounts[request.path, default: 0]
            state.requestCounts[request.path] = request.index + 1
            state.log.append(request)
            return (request, state.routes[request.path])
        }
        guard let handler else {
            return .text(404, "no route for \(logged.path)\n")
        }
        return handler(logged)
    }

    /// `respond(to:)` for a request a connection read: refused at once, without its route, when its client has
    /// as many requests in flight as `ClientRequestLimit` allows, else counted in flight until
    /// `requestsFinished(client:count:)`.
    ///
    /// - Returns: the response, and whether the request holds a place in flight.
    func admit(_ request: TestRequest) -> (response: TestResponse, holdsSlot: Bool) {
        let refusal = state.withLockedValue { state -> TestResponse? in
            let client = request.clientAddress
            if let limit = state.clientLimit, state.inFlight[client, default: 0] >= limit.requests {
                var logged = request
                logged.index = state.requestCounts[request.path, default: 0]
                state.requestCounts[request.path] = logged.index + 1
                state.log.append(logged)
                state.refusedRequests += 1
                return limit.refusal
            }
            state.inFlight[client, default: 0] += 1
            state.maxInFlight = max(state.maxInFlight, state.inFlight[client, default: 0])
            return nil
        }
        if let refusal { return (refusal, false) }
        return (respond(to: request), true)
    }

    /// Ends `count` requests of `client` in flight (answered in full, or their connection closed).
    func requestsFinished(client: String, count: Int) {
        guard count > 0 else { return }
        state.withLockedValue { state in
            let left = state.inFlight[client, default: 0] - count
            state.inFlight[client] = left > 0 ? left : nil
        }
    }

    func setClientLimit(_ limit: ClientRequestLimit?) {
        state.withLockedValue { $0.clientLimit = limit }
    }

    func setSharedBandwidth(_ bytesPerSecond: Int?) {
        state.withLockedValue { $0.sharedBandwidth = bytesPerSecond.map { max(1, $0) } }
    }

    /// A body starts (`true`) or stops (`false`) being sent.
    func senderChanged(sending: Bool) {
        state.withLockedValue { $0.senders = max(0, $0.senders + (sending ? 1 : -1)) }
    }

    /// The bytes per second each body being sent may have now: the shared bandwidth divided by their number;
    /// nil when the bandwidth is not shared.
    var bandwidthShare: Double? {
        state.withLockedValue { state in state.sharedBandwidth.map { Double($0) / Double(max(1, state.senders)) } }
    }

    var requestsInFlight: Int { state.withLockedValue { $0.inFlight.values.reduce(0, +) } }
    var maxRequestsInFlight: Int { state.withLockedValue { $0.maxInFlight } }
    var refusedRequests: Int { state.withLockedValue { $0.refusedRequests } }

    func requests(for path: String?) -> [TestRequest] {
        state.withLockedValue { state in
            guard let path else { return state.log }
            return state.log.filter { $0.path == path }
        }
    }

    func clearRequests() {
        state.withLockedValue {
            $0.log.removeAll()
            $0.requestCounts.removeAll()
            $0.refusedRequests = 0
            $0.maxInFlight = $0.inFlight.values.max() ?? 0
        }
    }

    /// Registers a new connection and returns its ID, or nil when the server is shutting down.
    func connectionOpened(_ channel: any Channel) -> Int? {
        state.withLockedValue { state in
            guard !state.isShuttingDown else { return nil }
            state.connectionsAccepted += 1
            let id = state.connectionsAccepted
            state.openChannels[id] = channel
            state.maxOpenConnections = max(state.maxOpenConnections, state.openChannels.count)
            return id
        }
    }

    func connectionClosed(_ id: Int) {
        state.withLockedValue { _ = $0.openChannels.removeValue(forKey: id) }
    }

    /// Marks the server as shutting down and returns the open connections, or nil if it already was.
    func beginShutdown() -> [any Channel]? {
        state.withLockedValue { state in
            guard !state.isShuttingDown else { return nil }
            state.isShuttingDown = true
            return Array(state.openChannels.values)
        }
    }

    var connectionsAccepted: Int { state.withLockedValue { $0.connectionsAccepted } }
    var openConnections: Int { state.withLockedValue { $0.openChannels.count } }
    var maxOpenConnections: Int { state.withLockedValue { $0.maxOpenConnections } }
}
