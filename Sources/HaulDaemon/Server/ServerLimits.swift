/// Bounds that keep one client, or a flood of bad requests, from starving the others.
package struct ServerLimits: Sendable {
    /// The largest request body (HTTP POST) or WebSocket message; larger ones are refused with 413 or a close.
    package var maxBodyBytes: Int
    /// The largest single WebSocket frame.
    package var maxFrameBytes: Int
    /// Open connections at once (HTTP and WebSocket, on any route). At the cap, one that has not shown the secret
    /// is closed to admit a new one (a wrong token's first, then the longest idle, ...); only when every open
    /// connection has shown the secret and is answering or a WebSocket is the new one closed at once
    /// (`ConnectionTable`, rule 1). Default 256.
    package var maxConnections: Int
    /// WebSockets open at once that have not shown the secret (listeners such as aria2p's, which only receive
    /// notifications). Past it, one that sent a wrong token or else the newest other than the newcomer is closed
    /// (`ConnectionTable`, rule 2): listeners that came first keep their place. Default 128.
    package var maxListenersWithoutSecret: Int
    /// Calls in one batch or multicall.
    package var maxBatch: Int
    /// Answer bytes a connection may hold unread by its client before it stops reading that client's requests
    /// (`AnswerBacklog`); at four times this it is closed. Default 4 MiB.
    package var maxUnreadAnswerBytes: Int
    /// Calls one WebSocket may have being answered at once before its next messages wait unread. Default 16.
    package var maxCallsInProgress: Int
    /// How long a connection has to send a whole request (head and body), counted from its opening or from its
    /// previous answer; it is closed after that. An idle keep-alive connection and a slow head (slowloris) both
    /// end so; a WebSocket, once open, is not timed. Default 20 s.
    package var requestTimeout: Duration

    package init(
        maxBodyBytes: Int = 2 << 20, maxFrameBytes: Int = 2 << 20, maxConnections: Int = 256, maxBatch: Int = 1000,
        maxUnreadAnswerBytes: Int = 4 << 20, maxCallsInProgress: Int = 16, requestTimeout: Duration = .seconds(20),
        maxListenersWithoutSecret: Int = 128
    ) {
        self.maxBodyBytes = maxBodyBytes
        self.maxFrameBytes = maxFrameBytes
        self.maxConnections = maxConnections
        self.maxBatch = maxBatch
        self.maxUnreadAnswerBytes = maxUnreadAnswerBytes
        self.maxCallsInProgress = maxCallsInProgress
        self.requestTimeout = requestTimeout
        self.maxListenersWithoutSecret = maxListenersWithoutSecret
    }
}

/// What the HTTP and WebSocket handlers of one connection share: the router (with its checks and endpoint), the
/// limits, the hub, and the connection's place in the server's table.
struct ServerContext: Sendable {
    var router: DaemonRouter
    var limits: ServerLimits
    var hub: NotificationHub
    var load: ServerLoad
    var connections: OpenConnections
    var connection: ConnectionTable.ID

    /// Tells the server's table that a call on this connection carried the secret (`true`) or a wrong token.
    var secretShown: @Sendable (_ right: Bool) -> Void {
        { [connections, connection] right in connections.secret(connection, shown: right) }
    }
}
