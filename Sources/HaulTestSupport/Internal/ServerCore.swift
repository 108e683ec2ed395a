import NIOConcurrencyHelpers
import NIOCore

/// The state a ``TestServer`` shares with its connections: routes, the request log, open connections.
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
