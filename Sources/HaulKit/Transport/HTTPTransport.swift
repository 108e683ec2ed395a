import AsyncHTTPClient
import Foundation
import HaulCore
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// Sends GET requests through AsyncHTTPClient and follows redirects under Haul's own policy.
///
/// AsyncHTTPClient's redirect following is turned off so that every hop goes through `RedirectTracker` (scheme,
/// downgrade, loop and credential rules); its read timeout is the stall timeout: a connection that delivers no
/// byte for that long fails and the download resumes.
///
/// Proxies: a plain `http` URL through an HTTP proxy goes as an absolute-form request to the proxy
/// (`DirectHTTPRequest`, its connections to the proxy kept alive), as curl, wget and aria2c send it; only https
/// URLs (and SOCKS5) go through AsyncHTTPClient's tunnels. AsyncHTTPClient takes one proxy per `HTTPClient`, but
/// the proxy depends on the URL (`no_proxy`, and `http_proxy` differs from `https_proxy`), and a redirect can move
/// a download to a host with another answer.
/// So the transport keeps one client (one connection pool) per distinct proxy, made when first needed: a run
/// without proxies has exactly the one direct client it always had, and each hop of a redirect chain is sent
/// through whatever `ProxyRules` says for its own URL.
///
/// HTTP versions (README, "HTTPS and HTTP/2"; `HTTPVersionChoice` decides per request): each proxy has up to two
/// clients, an HTTP/1.1-only one for a split download's segments and every `http` URL, and one that offers `h2` in
/// the TLS handshake for the other `https` requests (a download's only connection). AsyncHTTPClient's pool holds
/// one HTTP/2 connection per host and sends every request to that host over it, up to the server's stream limit,
/// so many small files share one TCP and TLS handshake; that is also why segments must never reach that pool: they
/// would all become streams of one connection. What changes over HTTP/2 is framing only: `Range`, `If-Range`,
/// validators, cookies, credentials and redirects are the same header fields, handled by the same code; through an
/// HTTP proxy the `CONNECT` tunnel is made first and ALPN runs inside it. A server that answers ALPN with
/// `http/1.1` (or nothing) gets HTTP/1.1 from that client too, with its own small pool. A stream's receive window
/// grows to AsyncHTTPClient's fixed 8 MiB, so a stream read slower than it arrives may hold that much in memory
/// (an HTTP/1.1 connection leaves the backlog in the kernel's socket buffer).
final class HTTPTransport: Sendable {
    /// One pool: the proxy (`nil`: direct) and the versions its connections may speak.
    private struct PoolKey: Hashable {
        var proxy: ProxyEndpoint?
        var versions: HTTPVersionChoice
    }

    /// A request sent before the engine asked for it (`sendEarly`): the pool it went to and its whole head (the
    /// method is always GET).
    private struct EarlyRequest: Hashable {
        var pool: PoolKey
        var url: String
        var fields: [String]

        init(pool: PoolKey, request: RequestHead) {
            self.pool = pool
            url = request.url.absoluteString
            fields = request.fields.map { "\($0.name): \($0.value)" }
        }
    }

    /// AsyncHTTPClient's settings, made with the first client (`clientConfiguration(for:)`).
    private let clientConfiguration = NIOLockedValueBox<HTTPClient.Configuration?>(nil)
    /// The clients made so far; `nil` once shut down.
    private let clients = NIOLockedValueBox<[PoolKey: HTTPClient]?>([:])
    /// A request sent early: through a pool, or (plain `http` without a proxy) on a connection of its own.
    private enum EarlyResponse: Sendable {
        case pooled(Task<HTTPClientResponse, any Error>)
        case direct(DirectHTTPRequest)

        func cancel() {
            switch self {
            case .pooled(let task): task.cancel()
            case .direct(let request): request.cancel()
            }
        }
    }

    /// A response whose head has arrived, from a pool or from a direct request.
    private struct Arrival {
        var head: ResponseHead
        var version: String
        var body: ResponseBody

        init(_ response: HTTPClientResponse, failure: @escaping @Sendable (any Error) -> HaulError) {
            head = ResponseHead(status: Int(response.status.code), headers: response.headers.map { HeaderField(name: $0.name, value: $0.value) })
            version = HTTPTransport.versionName(response.version)
            body = .client(response.body, failure: failure)
        }

        init(_ response: DirectHTTPRequest.Response) {
            head = ResponseHead(status: response.head.status, headers: response.head.headers)
            version = "HTTP/1.\(response.head.minorVersion)"
            body = response.body
        }
    }

    /// The requests sent early that no `open` has taken yet; `nil` once shut down.
    private let early = NIOLockedValueBox<[EarlyRequest: EarlyResponse]?>([:])
    /// The idle keep-alive connections of direct requests, for the next request to the same server.
    private let directConnections = DirectConnectionPool()
    /// Whether `shutdown()` has begun: nothing more is sent.
    private var isShutDown: Bool { early.withLockedValue { $0 == nil } }
    private let configuration: HaulConfiguration
    /// Builds every request this transport sends (HaulCore's rules, the same for every transport).
    private let builder: RequestBuilder
    /// The bandwidth limits every body read is paced by.
    let bandwidth = BandwidthLimiter()

    /// The largest read from a socket, in bytes; large chunks go straight to the file (`CoalescingWriter`).
    static let largestRead = 64 << 10

    /// Creates a transport with its own connection pool. The pool's clients, and AsyncHTTPClient's settings for
    /// them, are made when the first request needs one: a run whose only request goes direct
    /// (`DirectHTTPRequest`) never makes them.
    init(configuration: HaulConfiguration) {
        self.configuration = configuration
        builder = RequestBuilder(userAgent: configuration.userAgent)
    }

    /// AsyncHTTPClient's settings for every pool, made once when the first client is.
    private static func clientConfiguration(for configuration: HaulConfiguration) -> HTTPClient.Configuration {
        var clientConfiguration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(
                connect: .milliseconds(Int64(configuration.connectTimeout * 1000)),
                read: .milliseconds(Int64(configuration.stallTimeout * 1000))
            ),
            decompression: .disabled
        )
        var tls = TLSConfiguration.makeClientConfiguration()
        if let path = configuration.extraTrustedCertificates { tls.additionalTrustRoots = [.file(path)] }
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
        clientConfiguration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = 64
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

    /// Closes every connection. A response sent early and never taken is dropped, which closes its connection.
    func shutdown() async {
        let untaken = early.withLockedValue { early -> [EarlyResponse] in
            defer { early = nil }
            return early.map { Array($0.values) } ?? []
        }
        for response in untaken {
            response.cancel()
            if case .pooled(let task) = response { _ = try? await task.value }
        }
        let open = clients.withLockedValue { clients -> [HTTPClient] in
            defer { clients = nil }
            return clients.map { Array($0.values) } ?? []
        }
        for client in open { try? await client.shutdown() }
        directConnections.closeAll()
    }

    /// The pool for a request to `url` in `role`: direct or through the proxy `ProxyRules` chooses for it, and
    /// allowed HTTP/2 or not as `HTTPVersionChoice` says.
    private func poolKey(for url: URL, role: ConnectionRole, session: RequestSession?) -> PoolKey {
        PoolKey(
            proxy: (session?.proxies ?? configuration.proxies).proxy(for: url),
            versions: HTTPVersionChoice.forRequest(scheme: url.scheme, role: role, allowsHTTP2: configuration.allowsHTTP2)
        )
    }

    /// The client of pool `key`, made when first needed.
    private func client(for key: PoolKey) throws -> HTTPClient {
        try clients.withLockedValue { clients in
            guard clients != nil else { throw HaulError(.cancelled, "cancelled") }
            if let existing = clients?[key] { return existing }
            var settings = clientConfiguration.withLockedValue { made in
                if let made { return made }
                let settings = Self.clientConfiguration(for: configuration)
                made = settings
                return settings
            }
            settings.proxy = key.proxy.map(Self.clientProxy)
            settings.httpVersion = key.versions == .http2WhenOffered ? .automatic : .http1Only
            let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: settings)
            clients?[key] = client
            return client
        }
    }

    /// AsyncHTTPClient's form of a proxy, for https URLs (a `CONNECT` tunnel, whose request alone carries the proxy's
    /// credentials; the origin's headers travel inside it, never read by the proxy) and SOCKS5. Plain http through
    /// an HTTP proxy never comes here (`directTarget`).
    private static func clientProxy(_ proxy: ProxyEndpoint) -> HTTPClient.Configuration.Proxy {
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

    /// Sends a GET for `plan` to `url`, following redirects, and returns once a non-redirect head arrives.
    ///
    /// - Parameters:
    ///   - role: whether the request is its download's only connection or a segment; with the scheme of each hop it
    ///     picks the pool (`HTTPVersionChoice`), so a redirect from http to https may move to HTTP/2.
    ///   - extraHeaders: the caller's headers; `Range`, `If-Range` and `Accept-Encoding` in them are ignored because
    ///     the plan decides those.
    /// - Throws: `HaulError` of kind `.http` for a refused redirect, `.network` for transport failures.
    func open(
        _ url: URL, plan: RequestPlan, role: ConnectionRole, extraHeaders: [HeaderField], session: RequestSession?
    ) async throws -> OpenedResponse {
        var tracker = RedirectTracker(policy: configuration.redirectPolicy, startURL: url)
        while true {
            let request = builder.head(
                for: tracker.currentURL, plan: plan, extraHeaders: extraHeaders,
                sendsCredentials: tracker.sendsCredentials, cookie: session?.headerValue(for: tracker.currentURL)
            )
            let pool = poolKey(for: tracker.currentURL, role: role, session: session)
            // Every failure, of the head or later of the body, is said once, here, as a `HaulError`.
            let url = tracker.currentURL
            let failure: @Sendable (any Error) -> HaulError = { Self.networkError($0, url: url, proxy: pool.proxy) }
            let response: Arrival
            do {
                if tracker.hops == 0, plan == .wholeFile, role == .only,
                   let sent = early.withLockedValue({ $0?.removeValue(forKey: EarlyRequest(pool: pool, request: request)) })
                {
                    response = try await withTaskCancellationHandler {
                        switch sent {
                        case .pooled(let task): Arrival(try await task.value, failure: failure)
                        case .direct(let direct): Arrival(try await direct.response())
                        }
                    } onCancel: {
                        sent.cancel()
                    }
                } else if let target = directTarget(request, pool: pool, role: role) {
                    // As `client(for:)` refuses to make a client then: a transport shut down sends nothing more.
                    guard !isShutDown else { throw HaulError(.cancelled, "cancelled") }
                    let sent = sendDirect(target)
                    response = try await withTaskCancellationHandler {
                        Arrival(try await sent.response())
                    } onCancel: {
                        sent.cancel()
                    }
                } else {
                    response = Arrival(
                        try await client(for: pool).execute(Self.clientRequest(request), timeout: requestTimeout), failure: failure
                    )
                }
            } catch {
                throw failure(error)
            }
            let head = response.head
            if head.status == 407, let proxy = pool.proxy, proxy.kind == .http, tracker.currentURL.scheme?.lowercased() == "http" {
                // The proxy's own answer to an absolute-form request (`directTarget`): a 407 is never an origin's.
                throw Self.proxyWantsCredentials(proxy)
            }
            Trace.write("\(tracker.currentURL.host ?? "") \(plan.range.map { "\($0)" } ?? "whole file"): \(head.status) over \(response.version)")
            // A cookie set by any hop, a redirect included, goes with the next hops and the later requests.
            session?.receive(head.headers, from: tracker.currentURL)
            guard ResponseJudge.redirectStatuses.contains(head.status), let location = head["Location"] else {
                return OpenedResponse(url: tracker.currentURL, head: head, body: response.body)
            }
            // Read and drop a redirect's small body so its connection can be reused.
            _ = try? await response.body.collect(upTo: 64 * 1024)
            do {
                _ = try tracker.follow(location: location)
            } catch {
                throw HaulError(.http, "\(error)", httpStatus: head.status)
            }
        }
    }

    /// Sends now the GET that a new download's first connection will send: the whole file, no cookie session,
    /// the transport's proxy. The first `open` of exactly that request (same pool, URL and header fields, whole
    /// file, the download's only connection) takes this response instead of sending its own; `HaulClient` uses it
    /// to have the request on the wire while the store opens and the download's record is written. A request sent
    /// twice goes once; one that no `open` takes is dropped at `shutdown()`.
    ///
    /// A plain `http` URL without a proxy is sent by a `DirectHTTPRequest` (`directTarget`): no client to make
    /// first, and its connection is kept for the next download from the same server.
    func sendEarly(_ url: URL, extraHeaders: [HeaderField]) {
        let request = builder.head(for: url, plan: .wholeFile, extraHeaders: extraHeaders, sendsCredentials: true)
        let pool = poolKey(for: url, role: .only, session: nil)
        let key = EarlyRequest(pool: pool, request: request)
        let timeout = requestTimeout
        let direct = directTarget(request, pool: pool, role: .only)
        early.withLockedValue { early in
            guard early != nil, early?[key] == nil else { return }
            if let direct {
                early?[key] = .direct(sendDirect(direct))
            } else {
                early?[key] = .pooled(Task { [self] in try await client(for: pool).execute(Self.clientRequest(request), timeout: timeout) })
            }
        }
    }

    /// Where and what to send when `request` goes by a `DirectHTTPRequest`: a plain `http` URL without a proxy,
    /// for a download's only connection, and every plain `http` URL through an HTTP proxy, sent to the proxy in
    /// absolute form. `nil` sends it through AsyncHTTPClient's pool `pool`.
    ///
    /// Why a download's only connection goes direct: no client, no event-loop threads, no pool to set up before
    /// the first request leaves (docs/benchmarks.md, "Round 7"), and, for every later file of a queue, a thread
    /// that reads the socket and hands the stream its buffers instead of an event loop that hands them through
    /// AsyncHTTPClient's pipeline to another thread (docs/benchmarks.md, "Round 9"). Its connections are kept for
    /// the next request to the same server (`DirectConnectionPool`), as the pool's are.
    ///
    /// Why segments without a proxy do not: measured with 16 segments each throttled to 8 MiB/s by nginx, direct
    /// segments finished 2-3 % later (8.9-9.0 s against 8.5-8.8 s, three runs each) although they used less CPU;
    /// that case is a target and already at its edge, so they stay where they were. Through an HTTP proxy every
    /// plain `http` request goes this way, segments too: AsyncHTTPClient speaks to an HTTP proxy only with
    /// `CONNECT`, which proxies commonly allow to port 443 alone (Debian's stock Squid does). HTTPS and SOCKS stay
    /// with AsyncHTTPClient (TLS, HTTP/2, `CONNECT` and SOCKS are its).
    private func directTarget(_ request: RequestHead, pool: PoolKey, role: ConnectionRole) -> DirectHTTPRequest.Target? {
        let url = request.url
        let fields = request.fields.map { ($0.name, $0.value) }
        switch pool.proxy {
        case nil: return role == .only ? DirectHTTPRequest.target(for: url, fields: fields) : nil
        case let proxy? where proxy.kind == .http: return DirectHTTPRequest.target(for: url, fields: fields, through: proxy)
        default: return nil
        }
    }

    private func sendDirect(_ target: DirectHTTPRequest.Target) -> DirectHTTPRequest {
        DirectHTTPRequest.send(
            target, pool: directConnections,
            connectTimeout: configuration.connectTimeout, stallTimeout: configuration.stallTimeout
        )
    }

    /// How long a request may take to deliver its head.
    private var requestTimeout: TimeAmount { .seconds(Int64(configuration.connectTimeout + configuration.stallTimeout)) }

    /// AsyncHTTPClient's form of a request `RequestBuilder` made.
    private static func clientRequest(_ head: RequestHead) -> HTTPClientRequest {
        var request = HTTPClientRequest(url: head.url.absoluteString)
        request.method = .GET
        for field in head.fields { request.headers.add(name: field.name, value: field.value) }
        return request
    }

    /// "HTTP/2" or "HTTP/1.1", as a trace line says which one a response came over.
    static func versionName(_ version: HTTPVersion) -> String {
        version.major == 2 ? "HTTP/2" : "HTTP/\(version.major).\(version.minor)"
    }

    /// Maps a transport failure to a `.network` error with a readable message.
    static func networkError(_ error: any Error, url: URL, proxy: ProxyEndpoint? = nil) -> HaulError {
        if let error = error as? HaulError { return error }
        let host = url.host ?? url.absoluteString
        if let proxy, let failure = proxyError(error, proxy: proxy) { return failure }
        if let error = error as? HTTPClientError {
            switch error {
            case .connectTimeout: return HaulError(.network, "connecting to \(host) timed out")
            case .readTimeout: return HaulError(.network, "\(host) sent nothing for too long (stall timeout)")
            case .remoteConnectionClosed: return closedEarly(host)
            case .deadlineExceeded: return HaulError(.network, "\(host) did not answer in time")
            default: return HaulError(.network, "\(host): \(error)")
            }
        }
        if let error = error as? HTTPParserError {
            switch error {
            case .invalidEOFState, .closedConnection:
                // The message was cut short by the connection's end: a network failure, retried.
                return closedEarly(host)
            default:
                // Bytes that are not HTTP/1.1 (a bad status line, chunk size, header): not retried (README, exit
                // code 5; issue 33, point 11).
                return HaulError(.protocolViolation, "\(host): malformed response (\(error))")
            }
        }
        if error is CancellationError { return HaulError(.cancelled, "cancelled") }
        if error is NIOSSLError || error is NIOSSLExtraError || error is BoringSSLError {
            return tlsError(error, host: host)
        }
        if let code = connectErrno(error) {
            // NIO's own text for a refused connect reads "connection reset (error set): Connection refused
            // (errno: 111)"; say what happened, with the port, the way curl does.
            let port = url.port.map { ":\($0)" } ?? ""
            var failure = HaulError(.network, "\(host)\(port): \(socketErrorText(code))")
            failure.isConnectionRefused = code == ECONNREFUSED
            return failure
        }
        return HaulError(.network, "\(host): \(error)")
    }

    private static func closedEarly(_ host: String) -> HaulError {
        var failure = HaulError(.network, "\(host) closed the connection early")
        failure.isClosedEarly = true
        return failure
    }

    /// A failure that is the proxy's, said as such (a refused connection to the proxy is not the origin's fault).
    ///
    /// A proxy that cannot be reached is a network failure retried with the usual backoff, not given up at once as a
    /// refused origin is (`RetryPolicy`): that rule is about a typo in a port, and a company's proxy that restarts
    /// or fails over comes back.
    static func proxyError(_ error: any Error, proxy: ProxyEndpoint) -> HaulError? {
        if let error = error as? HTTPClientError {
            switch error {
            case .proxyAuthenticationRequired:
                return proxyWantsCredentials(proxy)
            case .invalidProxyResponse:
                return HaulError(.network, "the proxy \(proxy.address) refused the tunnel or answered something else than 200")
            case .socksHandshakeTimeout:
                return HaulError(.network, "the SOCKS proxy \(proxy.address) did not answer the handshake")
            case .httpProxyHandshakeTimeout:
                return HaulError(.network, "the proxy \(proxy.address) did not answer CONNECT in time")
            case .connectTimeout:
                return HaulError(.network, "cannot connect to the proxy \(proxy.address): timed out")
            default:
                return nil
            }
        }
        if let code = connectErrno(error) {
            return HaulError(.network, "cannot connect to the proxy \(proxy.address): \(socketErrorText(code))")
        }
        return nil
    }

    /// The proxy answered 407: it wants credentials, or refused the ones it got.
    static func proxyWantsCredentials(_ proxy: ProxyEndpoint) -> HaulError {
        let text = proxy.user == nil
            ? "the proxy \(proxy.address) wants credentials (407): give them as http://USER:PASSWORD@\(proxy.address)"
            : "the proxy \(proxy.address) refused its credentials (407)"
        return HaulError(.http, text, httpStatus: 407)
    }

    /// The error number of a failed connect, as NIO reports it: an `IOError`, or the `NIOConnectionError` that
    /// gathers each address's attempt (its text reads "Connection errors: SingleConnectionFailure(...)").
    static func connectErrno(_ error: any Error) -> CInt? {
        if let error = error as? IOError { return error.errnoCode }
        if let error = error as? NIOConnectionError {
            return error.connectionErrors.lazy.compactMap { ($0.error as? IOError)?.errnoCode }.first
        }
        return nil
    }

    /// A failed TLS handshake, said the way a person can act on.
    static func tlsError(_ error: any Error, host: String) -> HaulError {
        let text = "\(error)"
        if text.contains("CERTIFICATE_VERIFY_FAILED") {
            return HaulError(
                .tls,
                "\(host): the server's certificate is not signed by an authority this machine trusts",
                remedy: .trustCertificateAuthority
            )
        }
        if (error as? NIOSSLExtraError) == .failedToValidateHostname {
            return HaulError(.tls, "\(host): the server's certificate is for another name")
        }
        return HaulError(.tls, "\(host): TLS handshake failed: \(text)")
    }

    /// A lower-case description of a socket errno ("connection refused").
    static func socketErrorText(_ code: CInt) -> String {
        guard let text = strerror(code) else { return "socket error \(code)" }
        return String(cString: text).lowercased()
    }
}
