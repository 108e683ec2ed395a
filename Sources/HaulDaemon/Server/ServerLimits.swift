/// Bounds that keep one client, or a flood of bad requests, from starving the others.
public struct ServerLimits: Sendable {
    /// The largest request body (HTTP POST) or WebSocket message; larger ones are refused with 413 or a close.
    public var maxBodyBytes: Int
    /// The largest single WebSocket frame.
    public var maxFrameBytes: Int
    /// Open connections at once (HTTP and WebSocket); more are closed at once.
    public var maxConnections: Int
    /// Calls in one batch or multicall.
    public var maxBatch: Int

    public init(maxBodyBytes: Int = 2 << 20, maxFrameBytes: Int = 2 << 20, maxConnections: Int = 256, maxBatch: Int = 1000) {
        self.maxBodyBytes = maxBodyBytes
        self.maxFrameBytes = maxFrameBytes
        self.maxConnections = maxConnections
        self.maxBatch = maxBatch
    }
}

/// What the HTTP and WebSocket handlers share: the endpoint, the policies, the limits, the hub.
struct ServerContext: Sendable {
    var endpoint: RPCEndpoint
    var hosts: HostPolicy
    var origins: OriginPolicy
    var limits: ServerLimits
    var hub: NotificationHub
}
