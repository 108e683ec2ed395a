import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

/// The daemon's listening socket: HTTP/1.1 with an upgrade to WebSocket on `/jsonrpc`.
///
/// SwiftNIO directly rather than Hummingbird: it is already in the build through AsyncHTTPClient (no new package
/// for CI to build), it needs no macOS 14 (hummingbird-websocket does), and the Host and Origin checks and the size
/// limits sit exactly where the bytes arrive.
package final class RPCServer: Sendable {
    private let channel: any Channel
    /// The port bound (the one asked for, or the system's pick for port 0).
    package let port: Int
    /// The open WebSocket connections, for notifications.
    package let hub: NotificationHub
    /// What the per-client bounds did (`ServerLimits`), counted.
    package let load: ServerLoad

    private init(channel: any Channel, port: Int, hub: NotificationHub, load: ServerLoad) {
        self.channel = channel
        self.port = port
        self.hub = hub
        self.load = load
    }

    /// Binds `host:port` and serves until `close()`.
    ///
    /// - Parameter router: the router for the bound port (the daemon's own origin, `http://HOST:PORT`, names the
    ///   port, which is the system's pick for port 0); made once, after binding.
    package static func start(
        host: String,
        port: Int,
        limits: ServerLimits = ServerLimits(),
        hub: NotificationHub = NotificationHub(),
        group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
        router: @escaping @Sendable (_ port: Int) -> DaemonRouter
    ) async throws -> RPCServer {
        let load = ServerLoad()
        let connections = OpenConnections(
            capacity: limits.maxConnections, listenersWithoutSecret: limits.maxListenersWithoutSecret, load: load
        )
        let routerBox = NIOLockedValueBox<DaemonRouter?>(nil)
        let makeContext: @Sendable (ConnectionTable.ID) -> ServerContext? = { connection in
            guard let router = routerBox.withLockedValue({ $0 }) else { return nil }
            return ServerContext(
                router: router,
                limits: limits,
                hub: hub,
                load: load,
                connections: connections,
                connection: connection
            )
        }
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ConnectionAdmission(connections))
                }
            }
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                guard let connection = connections.id(of: channel), let context = makeContext(connection) else {
                    return channel.close()
                }
                return channel.eventLoop.makeCompletedFuture {
                    try configure(channel, context)
                }
            }
        let channel = try await bootstrap.bind(host: host, port: port).get()
        let bound = channel.localAddress?.port ?? port
        let made = router(bound)
        routerBox.withLockedValue { $0 = made }
        return RPCServer(channel: channel, port: bound, hub: hub, load: load)
    }

    /// Sets up one connection's pipeline (on its event loop).
    private static func configure(_ channel: any Channel, _ server: ServerContext) throws {
        let upgrader = NIOWebSocketServerUpgrader(
            maxFrameSize: server.limits.maxFrameBytes,
            automaticErrorHandling: false,
            // The same checks as an HTTP request's (`RequestChecks`): a refused handshake is not upgraded, and the
            // HTTP handler then answers it with the status the checks gave (421, 403).
            shouldUpgrade: { channel, head in
                let checked = checkedHead(head)
                guard checked.isRPC, case .allow = server.router.checks.admit(checked) else {
                    return channel.eventLoop.makeSucceededFuture(nil)
                }
                return channel.eventLoop.makeSucceededFuture(HTTPHeaders())
            },
            upgradePipelineHandler: { channel, head in
                var secretRequired = false
                if case .allow(let admission) = server.router.checks.admit(checkedHead(head)) {
                    secretRequired = admission.secretRequired
                }
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(WebSocketFrameCheck())
                    try channel.pipeline.syncOperations.addHandler(
                        NIOWebSocketFrameAggregator(
                            minNonFinalFragmentSize: 0,
                            maxAccumulatedFrameCount: 1024,
                            maxAccumulatedFrameSize: server.limits.maxBodyBytes
                        )
                    )
                    try channel.pipeline.syncOperations.addHandler(WebSocketRPCHandler(server: server, secretRequired: secretRequired))
                }
            }
        )
        let http = HTTPServerHandler(server: server)
        try channel.pipeline.syncOperations.configureHTTPServerPipeline(
            withServerUpgrade: (upgraders: [upgrader], completionHandler: { context in
                // The HTTP handler (and its request deadline) is no longer wanted once the connection speaks
                // WebSocket.
                server.connections.update(server.connection, to: .webSocket)
                context.pipeline.syncOperations.removeHandler(name: "haul-http", promise: nil)
            }),
            withErrorHandling: true
        )
        try channel.pipeline.syncOperations.addHandler(http, name: "haul-http")
    }

    /// What the checks read of a handshake's head.
    private static func checkedHead(_ head: HTTPRequestHead) -> RequestChecks.Head {
        RequestChecks.Head(
            method: head.method.rawValue, uri: head.uri, host: head.headers.first(name: "host"),
            origin: head.headers.first(name: "origin")
        )
    }

    /// Stops accepting connections (open ones are closed by the event loop group's shutdown or their peers).
    package func close() async {
        try? await channel.close()
    }
}
