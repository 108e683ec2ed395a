import AsyncHTTPClient
import Foundation
import HaulCore
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// Sends GET requests through AsyncHTTPClient or the direct client and follows redirects under Haul's own policy.
///
/// Connections: every request, whichever client carries it, first leases its connection from the transport's one
/// `ConnectionPool` (per-host limit, waiting in turn, keep-alive of the direct client's sockets); the clients
/// below carry what the lease allows (docs/architecture.md, "One pool, two carriers").
///
/// AsyncHTTPClient's redirect following is turned off so that every hop goes through `RedirectTracker` (scheme,
/// downgrade, loop and credential rules); its read timeout is the stall timeout: a connection that delivers no
/// byte for that long fails and the download resumes.
///
/// Proxies: a plain `http` URL through an HTTP proxy goes as an absolute-form request to the proxy
/// (`DirectHTTPRequest`, its connections to the proxy kept alive), as curl, wget and aria2c send it; an https URL
/// where HTTP/1.1 is chosen goes through a `CONNECT` tunnel the direct client opens itself (`ProxyTunnel`,
/// `DirectHTTPRequest+Tunnel`: TLS to the origin inside it, the tunnelled connection kept in the pool under the
/// proxy and the origin); only https where HTTP/2 may be offered, and SOCKS5, go through AsyncHTTPClient's
/// tunnels. AsyncHTTPClient takes one proxy per `HTTPClient`, but
/// the proxy depends on the URL (`no_proxy`, and `http_proxy` differs from `https_proxy`), and a redirect can move
/// a download to a host with another answer.
/// So the transport keeps one AsyncHTTPClient client per distinct proxy, made when first needed: a run
/// without proxies has exactly the one direct client it always had, and each hop of a redirect chain is sent
/// through whatever `ProxyRules` says for its own URL.
///
/// HTTP versions (README, "HTTPS and HTTP/2"; `HTTPVersionChoice` decides per request): each proxy has up to two
/// clients, an HTTP/1.1-only one for an https download's segments where the direct client does not carry them
/// (SOCKS, Apple platforms; on Linux it speaks TLS itself, through an HTTP proxy's tunnel too: docs/transport.md) and the plain-http
/// requests the direct client declines, and one that offers `h2` in the TLS handshake for the other `https`
/// requests (a download's only connection). AsyncHTTPClient's pool holds
/// one HTTP/2 connection per host and sends every request to that host over it, up to the server's stream limit,
/// so many small files share one TCP and TLS handshake; that is also why segments must never reach that pool: they
/// would all become streams of one connection. What changes over HTTP/2 is framing only: `Range`, `If-Range`,
/// validators, cookies, credentials and redirects are the same header fields, handled by the same code; through an
/// HTTP proxy the `CONNECT` tunnel is made first and ALPN runs inside it. A server that answers ALPN with
/// `http/1.1` (or nothing) gets HTTP/1.1 from that client too, with its own small pool. A stream's receive window
/// grows to AsyncHTTPClient's fixed 8 MiB, so a stream read slower than it arrives may hold that much in memory
/// (an HTTP/1.1 connection leaves the backlog in the kernel's socket buffer).
final class HTTPTransport: Sendable {
    /// One AsyncHTTPClient client: the proxy (`nil`: direct) and the versions its connections may speak.
    struct ClientKey: Hashable {
        var proxy: ProxyEndpoint?
        var versions: HTTPVersionChoice
    }

    /// A request sent before the engine asked for it (`sendEarly`), as the engine will ask for it: the pool, the
    /// URL, the machine's plan, the connection's role and the download's own header fields. No cookie: a download
    /// with a cookie session is never sent early, and an `open` that sends one takes no early response.
    struct EarlyRequest: Hashable {
        var client: ClientKey
        var url: URL
        var plan: RequestPlan
        var role: ConnectionRole
        var extraHeaders: [HeaderField]
    }

    /// AsyncHTTPClient's settings, made with the first client (`clientConfiguration(for:)`).
    let clientConfiguration = NIOLockedValueBox<HTTPClient.Configuration?>(nil)
    /// The clients made so far; `nil` once shut down.
    let clients = NIOLockedValueBox<[ClientKey: HTTPClient]?>([:])
    /// A request sent early: through AsyncHTTPClient (with the pool's lease it holds), or by the direct client.
    enum EarlyResponse: Sendable {
        case pooled(Task<(HTTPClientResponse, PoolLease), any Error>)
        case direct(DirectHTTPRequest)

        func cancel() {
            switch self {
            case .pooled(let task): task.cancel()
            case .direct(let request): request.cancel()
            }
        }
    }

    /// A response whose head has arrived, from a pool or from a direct request.
    struct Arrival {
        var head: ResponseHead
        var version: String
        var body: ResponseBody
        /// Which client carried it, as the trace line says (`HAUL_TRACE`): "direct" or "AsyncHTTPClient".
        var carrier: String

        /// AsyncHTTPClient's response; its body holds `lease` until it is read to its end or dropped.
        init(_ response: HTTPClientResponse, lease: PoolLease, failure: @escaping @Sendable (any Error) -> HaulError) {
            head = ResponseHead(status: Int(response.status.code), headers: response.headers.map { HeaderField(name: $0.name, value: $0.value) })
            version = HTTPTransport.versionName(response.version)
            body = .client(response.body, lease: lease, failure: failure)
            carrier = "AsyncHTTPClient"
        }

        init(_ response: DirectHTTPRequest.Response) {
            head = ResponseHead(status: response.head.status, headers: response.head.headers)
            version = "HTTP/1.\(response.head.minorVersion)"
            body = response.body
            carrier = "direct"
        }
    }

    /// The direct client's TLS settings (`directTLS()`); `nil` where it carries no https.
    let directTLSSettings: TLSSettings?
    /// The requests sent early that no `open` has taken yet; `nil` once shut down.
    let early = NIOLockedValueBox<[EarlyRequest: EarlyResponse]?>([:])
    /// The one pool every request leases its connection from, whichever client carries it (`ConnectionPool`).
    let pool: ConnectionPool
    /// Whether `shutdown()` has begun: nothing more is sent.
    var isShutDown: Bool { early.withLockedValue { $0 == nil } }
    let configuration: HaulConfiguration
    /// Builds every request this transport sends (HaulCore's rules, the same for every transport).
    let builder: RequestBuilder
    /// The bandwidth limits every body read is paced by, on the configuration's clock (its reading and its waits).
    let bandwidth: BandwidthLimiter

    /// The largest read from a socket, in bytes; large chunks go straight to the file (`CoalescingWriter`).
    static let largestRead = 64 << 10

    /// Creates a transport with its own connection pool. The pool's clients, and AsyncHTTPClient's settings for
    /// them, are made when the first request needs one: a run whose only request goes direct
    /// (`DirectHTTPRequest`) never makes them.
    init(configuration: HaulConfiguration, pool: ConnectionPool? = nil) {
        self.configuration = configuration
        self.pool = pool ?? ConnectionPool(clock: configuration.clock.monotonic)
        builder = RequestBuilder(userAgent: configuration.userAgent)
        let clock = configuration.clock
        bandwidth = BandwidthLimiter(clock: clock.monotonic, sleep: { try? await clock.sleep(seconds: $0) })
        directTLSSettings = TLSSettings.make(
            extraAuthorities: configuration.extraTrustedCertificates, insecure: configuration.insecure)
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
        pool.closeAll()
    }

    /// The AsyncHTTPClient client for a request to `url` in `role`: direct or through the proxy `ProxyRules` chooses
    /// for it, and allowed HTTP/2 or not as `HTTPVersionChoice` says.
    func clientKey(for url: URL, role: ConnectionRole, session: RequestSession?) -> ClientKey {
        ClientKey(
            proxy: (session?.proxies ?? configuration.proxies).proxy(for: url),
            versions: HTTPVersionChoice.forRequest(scheme: url.scheme, role: role, allowsHTTP2: configuration.allowsHTTP2)
        )
    }

    /// The key of `url`'s connections in the one pool, through `proxy`: its host is the one a limit applies to.
    static func connectionKey(for url: URL, proxy: ProxyEndpoint?) -> PoolKey {
        let host = HostKey(url: url)
        return PoolKey(
            scheme: url.scheme ?? "http", host: host?.name ?? url.host ?? "", port: host?.port ?? url.port ?? 0,
            proxy: proxy.map { "\($0.kind) \($0.address)" }
        )
    }

    /// The client of `key`, made when first needed.
    func client(for key: ClientKey) throws -> HTTPClient {
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
            let client = clientKey(for: tracker.currentURL, role: role, session: session)
            let connection = Self.connectionKey(for: tracker.currentURL, proxy: client.proxy)
            // Every failure, of the head or later of the body, is said once, here, as a `HaulError`.
            let url = tracker.currentURL
            let failure: @Sendable (any Error) -> HaulError = { Self.networkError($0, url: url, proxy: client.proxy) }
            let response: Arrival
            do {
                if tracker.hops == 0, session?.headerValue(for: url) == nil,
                   let sent = early.withLockedValue({ $0?.removeValue(forKey: EarlyRequest(
                       client: client, url: url, plan: plan, role: role, extraHeaders: extraHeaders)) })
                {
                    response = try await withTaskCancellationHandler {
                        switch sent {
                        case .pooled(let task):
                            let (arrived, lease) = try await task.value
                            return Arrival(arrived, lease: lease, failure: failure)
                        case .direct(let direct): return Arrival(try await direct.response())
                        }
                    } onCancel: {
                        sent.cancel()
                    }
                } else if let target = directTarget(request, client: client, role: role) {
                    // As `client(for:)` refuses to make a client then: a transport shut down sends nothing more.
                    guard !isShutDown else { throw HaulError(.cancelled, "cancelled") }
                    let sent = sendDirect(target, lease: try await self.lease(connection))
                    response = try await withTaskCancellationHandler {
                        Arrival(try await sent.response())
                    } onCancel: {
                        sent.cancel()
                    }
                } else {
                    let carrier = try self.client(for: client)
                    let lease = try await self.lease(connection).droppingKept()
                    response = Arrival(
                        try await carrier.execute(Self.clientRequest(request), timeout: requestTimeout),
                        lease: lease, failure: failure
                    )
                }
            } catch {
                throw failure(error)
            }
            let head = response.head
            if head.status == 407, let proxy = client.proxy, proxy.kind == .http, tracker.currentURL.scheme?.lowercased() == "http" {
                // The proxy's own answer to an absolute-form request (`directTarget`): a 407 is never an origin's.
                throw Self.proxyWantsCredentials(proxy)
            }
            Trace.write("\(tracker.currentURL.host ?? "") \(plan.range.map { "\($0)" } ?? "whole file"): \(head.status) over \(response.version) (\(response.carrier))")
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

    /// How long a request may take to deliver its head.
    var requestTimeout: TimeAmount { .seconds(Int64(configuration.timeouts.connect.inSeconds + configuration.timeouts.stall.inSeconds)) }

    /// AsyncHTTPClient's form of a request `RequestBuilder` made.
    static func clientRequest(_ head: RequestHead) -> HTTPClientRequest {
        var request = HTTPClientRequest(url: head.url.absoluteString)
        request.method = .GET
        for field in head.fields { request.headers.add(name: field.name, value: field.value) }
        return request
    }

    /// "HTTP/2" or "HTTP/1.1", as a trace line says which one a response came over.
    static func versionName(_ version: HTTPVersion) -> String {
        version.major == 2 ? "HTTP/2" : "HTTP/\(version.major).\(version.minor)"
    }
}
