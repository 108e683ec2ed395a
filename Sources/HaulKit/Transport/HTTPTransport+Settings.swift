import AsyncHTTPClient
import Foundation
import HaulCore
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// AsyncHTTPClient's settings: timeouts, TLS, HTTP versions, reads, and how a proxy is handed to it.
extension HTTPTransport {
    /// AsyncHTTPClient's settings for every pool, made once when the first client is.
    static func clientConfiguration(for configuration: HaulConfiguration) -> HTTPClient.Configuration {
        var clientConfiguration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(
                connect: .milliseconds(Int64(configuration.timeouts.connect.inSeconds * 1000)),
                read: .milliseconds(Int64(configuration.timeouts.stall.inSeconds * 1000))
            ),
            decompression: .disabled
        )
        var tls = TLSConfiguration.makeClientConfiguration()
        if let file = configuration.extraTrustedCertificates { tls.additionalTrustRoots = [.file(file.path)] }
        // `--insecure`: encryption without authentication, asked for explicitly (the CLI warns on every use).
        if configuration.insecure { tls.certificateVerification = .none }
        // Closing a TLS connection waits for the server's close_notify, 5 s by default. Servers keeping the connection
        // alive (nginx does) never send it, so every pooled connection held `haul` 5 s at exit: a 1 GiB file over
        // 8 connections took 6.4 s instead of 1.5. Every byte has been read and checked against its length by then;
        // the wait protects nothing.
        tls.shutdownTimeout = .milliseconds(100)
        clientConfiguration.tlsConfiguration = tls
        // One TCP connection per segment is the point of segmented downloads: HTTP/2 only where `HTTPVersionChoice`
        // allows it (`client(for:role:session:)` sets `.automatic` on that pool's copy).
        clientConfiguration.httpVersion = .http1Only
        // AsyncHTTPClient's own per-host cap no tighter than Haul's pool's (`ConnectionPool`), which decides.
        clientConfiguration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = ConnectionCount.poolHostLimit
        // A failed connect or TLS handshake fails the request at once, and haul's own `RetryPolicy` decides what
        // happens next (with its backoff, its `--retries` budget and a "retry N in ..." line), instead of the pool
        // retrying silently until the connect timeout: an untrusted certificate used to take 15 s to be reported,
        // and it is never worth retrying.
        clientConfiguration.connectionPool.retryConnectionEstablishment = false
        // One read per readiness event, of up to 64 KiB, instead of NIO's default of up to four reads: a body that
        // arrives faster than it is written then holds about two read buffers per connection (the one being written
        // and the one AsyncHTTPClient's body stream keeps ready, its watermarks are 1/1), not eight. 64 KiB rather
        // than 128 KiB: the buffers are most of the heap of a split download, and at 16 connections the larger reads
        // held about 2 MiB more at the peak (1 GiB `-x 16` from loopback nginx, release: 25.4-25.9 MiB against
        // 23.5-24.0 MiB) for no measurable gain in time or CPU (mean of 4 alternating runs: 2.52 s / 2.12 s CPU
        // against 2.31 s / 2.06 s); on one connection the difference was within the noise. The allocator shrinks
        // the buffer on slow connections.
        // The same for an HTTP/2 connection's socket (its streams are not sockets and read from it).
        let readSettings: @Sendable (Channel) -> EventLoopFuture<Void> = { channel in
            channel.setOption(ChannelOptions.maxMessagesPerRead, value: 1).flatMap {
                channel.setOption(
                    ChannelOptions.recvAllocator,
                    value: AdaptiveRecvByteBufferAllocator(minimum: 64, initial: 2048, maximum: Self.largestRead)
                )
            }
        }
        clientConfiguration.http1_1ConnectionDebugInitializer = readSettings
        clientConfiguration.http2ConnectionDebugInitializer = readSettings
        return clientConfiguration
    }

    /// AsyncHTTPClient's form of a proxy, for https URLs (a `CONNECT` tunnel, whose request alone carries the proxy's
    /// credentials; the origin's headers travel inside it, never read by the proxy) and SOCKS5. Plain http through
    /// an HTTP proxy never comes here (`directTarget`).
    static func clientProxy(_ proxy: ProxyEndpoint) -> HTTPClient.Configuration.Proxy {
        switch proxy.kind {
        case .socks5:
            return .socksServer(host: proxy.host, port: proxy.port)
        case .http:
            return .server(
                host: proxy.host, port: proxy.port,
                authorization: proxy.user.map { .basic(username: $0, password: proxy.password ?? "") }
            )
        }
    }
}
