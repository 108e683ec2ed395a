import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// A real HTTP/1.1 server on a free local port whose routes answer with scripted, possibly misbehaving responses;
/// over TLS with `start(tls: true)` (NIOSSL in front of the same handlers: every misbehaving mode, its bytes
/// encrypted), so a fault case runs over http and https alike.
///
/// Every connection is served on its own event loop without blocking: throttled and stalled responses only
/// hold their own connection. Call ``shutdown()`` when done; it also closes stalled connections.
public final class TestServer: RouteServing {
    /// Produces the response to one request; called on a server thread, so it must not block for long.
    public typealias Handler = @Sendable (TestRequest) -> TestResponse

    private let group: MultiThreadedEventLoopGroup
    private let serverChannel: any Channel
    let core: ServerCore
    private let host: String
    /// `https` when started with `tls`, else `http`.
    public let scheme: String

    /// The TCP port the server listens on.
    public let port: Int

    private init(group: MultiThreadedEventLoopGroup, serverChannel: any Channel, core: ServerCore, host: String, port: Int, scheme: String) {
        self.scheme = scheme
        self.group = group
        self.serverChannel = serverChannel
        self.core = core
        self.host = host
        self.port = port
    }

    /// Starts a server listening on `host` at a free port, with `threads` event loops; with `tls`, https
    /// (``TestCertificates``, `127.0.0.1` and `localhost`).
    public static func start(host: String = "127.0.0.1", threads: Int = 2, tls: Bool = false) async throws -> TestServer {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: max(1, threads))
        let core = ServerCore()
        do {
            let context = try tls ? Self.tlsContext() : nil
            let channel = try await ServerBootstrap(group: group)
                .serverChannelOption(.backlog, value: 512)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
                .childChannelOption(.writeBufferWaterMark, value: .init(low: 256 * 1024, high: 1024 * 1024))
                .childChannelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        guard let id = core.connectionOpened(channel) else {
                            throw ChannelError.ioOnClosedChannel
                        }
                        channel.closeFuture.whenComplete { _ in core.connectionClosed(id) }
                        let sync = channel.pipeline.syncOperations
                        if let context { try sync.addHandler(NIOSSLServerHandler(context: context)) }
                        try sync.addHandler(ByteToMessageHandler(HTTPRequestDecoder(leftOverBytesStrategy: .dropBytes)))
                        try sync.addHandler(ConnectionHandler(core: core, connectionID: id))
                    }
                }
                .bind(host: host, port: 0)
                .get()
            guard let port = channel.localAddress?.port else {
                throw ChannelError.unknownLocalAddress
            }
            return TestServer(group: group, serverChannel: channel, core: core, host: host, port: port, scheme: tls ? "https" : "http")
        } catch {
            try? await group.shutdownGracefully()
            throw error
        }
    }

    /// The server's root URL, e.g. `http://127.0.0.1:8080` (`https://` with `tls`).
    public var baseURL: String {
        host.contains(":") ? "\(scheme)://[\(host)]:\(port)" : "\(scheme)://\(host):\(port)"
    }

    /// The URL of a path on this server (`path` should start with `/`).
    public func url(_ path: String) -> String {
        baseURL + path
    }

    /// Adds or replaces the handler for an exact path (without query); safe while serving.
    public func route(_ path: String, _ handler: @escaping Handler) {
        core.setRoute(path, handler)
    }

    /// Removes the handler for a path, which then answers 404.
    public func removeRoute(_ path: String) {
        core.setRoute(path, nil)
    }

    /// The requests received so far, in arrival order: all of them, or only those for one path.
    public func requests(for path: String? = nil) -> [TestRequest] {
        core.requests(for: path)
    }

    /// Forgets the request log and restarts every path's ``TestRequest/index`` at 0, ``refusedRequests`` at 0 and
    /// ``maxRequestsInFlight`` at the requests in flight now.
    public func clearRequests() {
        core.clearRequests()
    }

    /// The number of TCP connections accepted so far.
    public var connectionsAccepted: Int { core.connectionsAccepted }

    /// The number of TCP connections open right now.
    public var openConnections: Int { core.openConnections }

    /// The largest number of TCP connections that were open at the same time.
    public var maxOpenConnections: Int { core.maxOpenConnections }

    /// Stops listening, closes every connection (stalled ones too) and stops the server's threads; safe to call twice.
    public func shutdown() async throws {
        guard let channels = core.beginShutdown() else { return }
        try? await serverChannel.close()
        for channel in channels {
            try? await channel.close()
        }
        try await group.shutdownGracefully()
    }

    /// The TLS server context of `start(tls: true)`: ``TestCertificates``' certificate for `127.0.0.1` and
    /// `localhost` (a client trusts it with ``TestCertificates/authority``, `--cacert`), HTTP/1.1 only (no ALPN
    /// `h2`: the hostile modes are HTTP/1.1's), TLS 1.2 or newer.
    static func tlsContext() throws -> NIOSSLContext {
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: [.certificate(try NIOSSLCertificate(bytes: Array(TestCertificates.server.utf8), format: .pem))],
            privateKey: .privateKey(try NIOSSLPrivateKey(bytes: Array(TestCertificates.serverKey.utf8), format: .pem))
        )
        configuration.applicationProtocols = ["http/1.1"]
        return try NIOSSLContext(configuration: configuration)
    }
}
