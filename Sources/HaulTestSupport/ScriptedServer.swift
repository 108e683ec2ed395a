import Foundation
import NIOConcurrencyHelpers

/// A ``TestServer`` without a socket: the same routes, handlers and request log, answered in memory.
///
/// An engine test hands it to a fake transport, which asks ``exchange(method:uri:headers:)`` for each request and
/// streams the answer: the head as the real server would send it (`Content-Length`, `Date`, `Connection`), then the
/// body, ending as scripted (complete, connection closed early, or stalled). Modelled on swift-nio's
/// `EmbeddedChannel`: no threads, no ports, so a test of how the engine reacts to a 200 instead of a 206, a changed
/// validator or a dropped connection runs in microseconds and never flakes on timing.
public final class ScriptedServer: RouteServing {
    /// The handler type, shared with ``TestServer``.
    public typealias Handler = TestServer.Handler

    private let core = ServerCore()
    private let nextConnection = NIOLockedValueBox(0)

    /// The root URL requests are made to; no name is ever resolved.
    public let baseURL: String

    /// Creates a server with no routes (every path answers 404).
    public init(baseURL: String = "http://scripted.test") {
        self.baseURL = baseURL
    }

    /// The URL of a path on this server (`path` should start with `/`).
    public func url(_ path: String) -> String { baseURL + path }

    /// Adds or replaces the handler for an exact path (without query).
    public func route(_ path: String, _ handler: @escaping Handler) { core.setRoute(path, handler) }

    /// The requests received so far, in arrival order: all of them, or only those for one path.
    public func requests(for path: String? = nil) -> [TestRequest] { core.requests(for: path) }

    /// Forgets the request log and restarts every path's ``TestRequest/index`` at 0.
    public func clearRequests() { core.clearRequests() }

    /// Answers one request: logs it, runs its route's handler, and says what the wire would carry.
    ///
    /// Each exchange counts as a new connection (``TestRequest/connectionID``).
    public func exchange(method: String = "GET", uri: String, headers: [(name: String, value: String)]) -> ScriptedExchange {
        let connection = nextConnection.withLockedValue {
            $0 += 1
            return $0
        }
        let request = TestRequest(method: method, uri: uri, headers: headers, connectionID: connection)
        let response = core.respond(to: request)
        let plan = ResponsePlan(response, isHeadRequest: method == "HEAD", requestKeepAlive: true)
        return ScriptedExchange(plan)
    }
}

/// What a ``ScriptedServer`` sends for one request.
public struct ScriptedExchange: Sendable {
    /// How the body ends.
    public enum Ending: Sendable, Equatable {
        /// Every body byte was sent (a declared `Content-Length` larger than the body is the client's to notice).
        case complete
        /// The connection closed after `body`, before the body was complete.
        case closed
        /// Nothing more arrives after `body`: the client's stall timeout is what ends it.
        case stalled
    }

    /// The status code.
    public var status: Int
    /// The headers as sent, framing and `Date` included.
    public var headers: [(name: String, value: String)]
    /// The body bytes sent (a slice of the resource's storage, never copied).
    public var body: ArraySlice<UInt8>
    /// How the body ends.
    public var ending: Ending
    /// The body throttle, if any.
    public var bytesPerSecond: Int?

    init(_ plan: ResponsePlan) {
        // A raw head (`TestResponse.rawHead`) may be anything: what does not parse reads as status 0, no fields.
        let lines = plan.head.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        let statusLine = lines.first?.split(separator: " ") ?? []
        status = statusLine.count > 1 ? Int(statusLine[1]) ?? 0 : 0
        headers = lines.dropFirst().compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (name: String(line[..<colon]), value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        let count = plan.expectsBody ? plan.sendCount : 0
        body = plan.bodyStorage[plan.bodyStart..<(plan.bodyStart + count)]
        switch plan.ending {
        case .complete: ending = .complete
        case .close: ending = .closed
        case .stall: ending = .stalled
        }
        bytesPerSecond = plan.bytesPerSecond
    }

    /// The first value of the header with this name, compared case-insensitively; nil when absent.
    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name.lowercased() == wanted }?.value
    }
}

/// Runs `body` with a fresh ``ScriptedServer``: the in-memory twin of ``withTestServer(host:threads:isolation:_:)``,
/// so a test moves from sockets to memory by changing this one call.
public func withScriptedServer<Result>(
    baseURL: String = "http://scripted.test",
    isolation: isolated (any Actor)? = #isolation,
    _ body: (ScriptedServer) async throws -> Result
) async throws -> Result {
    try await body(ScriptedServer(baseURL: baseURL))
}
