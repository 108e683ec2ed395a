import NIOConcurrencyHelpers

/// What the server's bounds did, counted: how much is owed to clients, and how often a bound acted.
///
/// For tests and diagnostics (the hostile-client tests assert on these rather than on timing or RSS).
package final class ServerLoad: Sendable {
    /// The counters at one moment.
    package struct Counts: Sendable, Equatable {
        /// Answer bytes handed to connections and not yet taken by the kernel, over all connections.
        package var unwrittenAnswerBytes = 0
        /// The most answer bytes one connection has held unwritten at once.
        package var peakUnwrittenAnswerBytes = 0
        /// Times a connection stopped reading because its client was not reading its answers.
        package var readsPaused = 0
        /// Connections closed because their unread answers passed four times the bound.
        package var closedForUnreadAnswers = 0
        /// Connections closed for not completing a request in time (`ServerLimits.requestTimeout`).
        package var closedForTimeout = 0
        /// Connections without the secret closed at the connection cap to admit a new one.
        package var closedToAdmit = 0
        /// WebSockets without the secret closed for passing `ServerLimits.maxListenersWithoutSecret`.
        package var closedListenersWithoutSecret = 0
        /// Connections refused at the cap (every open one has shown the secret and is busy or a WebSocket).
        package var refused = 0
        /// WebSocket connections failed for breaking RFC 6455 (close code 1002 or 1007).
        package var webSocketProtocolErrors = 0
    }

    private let box = NIOLockedValueBox(Counts())

    package init() {}

    /// The counters now.
    package var counts: Counts { box.withLockedValue { $0 } }

    func update(_ change: (inout Counts) -> Void) {
        box.withLockedValue { change(&$0) }
    }

    /// A connection's unwritten bytes went from `old` to `new`.
    func unwritten(from old: Int, to new: Int) {
        box.withLockedValue { counts in
            counts.unwrittenAnswerBytes += new - old
            counts.peakUnwrittenAnswerBytes = max(counts.peakUnwrittenAnswerBytes, new)
        }
    }
}

extension ServerLoad {
    /// An answer of `bytes` handed to a connection whose unwritten answers `backlog` counts (HTTP and WebSocket
    /// alike): the server's totals follow, and `true` means the client reads too little and the connection must
    /// close (counted here as closed for unread answers).
    func answerQueued(_ bytes: Int, in backlog: inout AnswerBacklog) -> Bool {
        let before = backlog.unwrittenBytes
        let tooMuch = backlog.queued(bytes)
        unwritten(from: before, to: backlog.unwrittenBytes)
        if tooMuch { update { $0.closedForUnreadAnswers += 1 } }
        return tooMuch
    }

    /// The kernel took `bytes` of a connection's answers (or the connection dropped them as it closed).
    func answerWritten(_ bytes: Int, in backlog: inout AnswerBacklog) {
        let before = backlog.unwrittenBytes
        backlog.written(bytes)
        unwritten(from: before, to: backlog.unwrittenBytes)
    }
}
