import Foundation
import MCP
import NIOConcurrencyHelpers

/// The answer to one `tools/call` whose client asked for progress (`_meta.progressToken`, and `text/event-stream`
/// in its `Accept`): plain JSON when the result comes before any progress (a quick call, a refusal, an error of
/// the SDK's checks), else a Server-Sent Events stream of the `notifications/progress` messages, then the result
/// as its last event, then its end.
///
/// What it holds for a client that does not read is bounded: the stream keeps the newest `bufferedEvents` events
/// and drops older ones (a progress notification dropped is one the next replaces; the result, the last event
/// sent, is never dropped), and the server's handler takes an event only once the socket took the one before.
final class MCPProgressAnswer: Sendable {
    /// How the answer starts: plain, or as the stream `chunks`.
    enum Start: Sendable {
        case plain(HTTPResponse)
        case streaming
    }

    private enum State {
        case waiting
        /// `start()` waits for the first of a notification and the result.
        case awaited(CheckedContinuation<Start, Never>)
        /// How it started; after `finish`, too (a stream finished takes nothing more).
        case decided(Start)
    }

    /// Events held for a client that does not read; older ones give way.
    static let bufferedEvents = 16

    /// The SSE events, once `start()` said `.streaming`.
    let chunks: AsyncStream<Data>
    private let continuation: AsyncStream<Data>.Continuation
    private let state = NIOLockedValueBox(State.waiting)

    /// Whether the client went away (the server stopped reading the stream), and what to do when it does.
    private let abandonment = NIOLockedValueBox((abandoned: false, handlers: [@Sendable () -> Void]()))

    init() {
        (chunks, continuation) = AsyncStream.makeStream(of: Data.self, bufferingPolicy: .bufferingNewest(Self.bufferedEvents))
        // The server's handler stops reading the stream when the connection closes: the stream ends `.cancelled`.
        continuation.onTermination = { [weak self] end in
            if case .cancelled = end { self?.abandon() }
        }
    }

    /// Runs the call `body`, cancelled as soon as its client goes away (a wait of up to ten minutes for a client
    /// that closed its connection would poll the downloads for nobody).
    func unlessAbandoned<Result: Sendable>(_ body: @Sendable @escaping () async -> Result) async -> Result {
        let call = Task { await body() }
        let registered = abandonment.withLockedValue { state in
            guard !state.abandoned else { return false }
            state.handlers.append { call.cancel() }
            return true
        }
        if !registered { call.cancel() }
        return await withTaskCancellationHandler { await call.value } onCancel: { call.cancel() }
    }

    private func abandon() {
        let handlers = abandonment.withLockedValue { state in
            state.abandoned = true
            defer { state.handlers = [] }
            return state.handlers
        }
        for handler in handlers { handler() }
    }

    /// Waits for the first of a notification (`.streaming`) and the result (`.plain`).
    func start() async -> Start {
        await withCheckedContinuation { waiter in
            let decided: Start? = state.withLockedValue { state in
                guard case .decided(let start) = state else {
                    state = .awaited(waiter)
                    return nil
                }
                return start
            }
            if let decided { waiter.resume(returning: decided) }
        }
    }

    /// A notification (a JSON-RPC message) for the client: the stream starts with it, or goes on.
    func notify(_ message: Data) {
        let waiter: CheckedContinuation<Start, Never>? = state.withLockedValue { state in
            switch state {
            case .waiting:
                state = .decided(.streaming)
            case .awaited(let waiter):
                state = .decided(.streaming)
                continuation.yield(ServerSentEvents.event(message))
                return waiter
            case .decided(.streaming):
                break
            case .decided(.plain):
                return nil  // the answer went out plain: nothing more is sent
            }
            continuation.yield(ServerSentEvents.event(message))
            return nil
        }
        waiter?.resume(returning: .streaming)
    }

    /// The call's result: the whole answer if nothing was streamed yet, else the stream's last event.
    func finish(_ response: HTTPResponse) {
        let waiter: CheckedContinuation<Start, Never>? = state.withLockedValue { state in
            switch state {
            case .waiting:
                state = .decided(.plain(response))
            case .awaited(let waiter):
                state = .decided(.plain(response))
                return waiter
            case .decided(.streaming):
                continuation.yield(ServerSentEvents.event(response.bodyData ?? Data()))
            case .decided(.plain):
                break
            }
            return nil
        }
        continuation.finish()
        waiter?.resume(returning: .plain(response))
    }

    /// The `notifications/progress` message for `token`, as the SDK encodes it.
    static func notification(_ token: ProgressToken, progress: Double, total: Double?, message: String) -> Data? {
        let parameters = ProgressNotification.Parameters(progressToken: token, progress: progress, total: total, message: message)
        return try? JSONEncoder().encode(ProgressNotification.message(parameters))
    }
}
