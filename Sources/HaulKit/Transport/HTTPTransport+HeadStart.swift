import AsyncHTTPClient
import Foundation
import HaulCore
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// The request sent before the engine asks for it, and the requests that go by `DirectHTTPRequest` instead of
/// AsyncHTTPClient's pool.
extension HTTPTransport {
    /// Sends now the request a new download's first connection will send (`plan` and `role`, as its
    /// `TransferMachine` decides: `EarlyStart`), with no cookie session and the transport's proxy. The first `open`
    /// of that request (same pool, URL, plan, role and header fields) takes this response instead of sending its
    /// own; `EarlyStart` uses it to have the request on the wire while the store opens and the download's record is
    /// written. A request sent twice goes once; one that no `open` takes is dropped at `shutdown()`.
    ///
    /// A plain `http` URL without a proxy is sent by a `DirectHTTPRequest` (`directTarget`): no client to make
    /// first, and its connection is kept for the next download from the same server.
    func sendEarly(_ url: URL, plan: RequestPlan, role: ConnectionRole, extraHeaders: [HeaderField]) {
        let request = builder.head(for: url, plan: plan, extraHeaders: extraHeaders, sendsCredentials: true)
        let pool = poolKey(for: url, role: role, session: nil)
        let key = EarlyRequest(pool: pool, url: url, plan: plan, role: role, extraHeaders: extraHeaders)
        let timeout = requestTimeout
        let direct = directTarget(request, pool: pool, role: role)
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
    func directTarget(_ request: RequestHead, pool: PoolKey, role: ConnectionRole) -> DirectHTTPRequest.Target? {
        let url = request.url
        let fields = request.fields.map { ($0.name, $0.value) }
        switch pool.proxy {
        case nil: return role == .only ? DirectHTTPRequest.target(for: url, fields: fields) : nil
        case let proxy? where proxy.kind == .http: return DirectHTTPRequest.target(for: url, fields: fields, through: proxy)
        default: return nil
        }
    }

    func sendDirect(_ target: DirectHTTPRequest.Target) -> DirectHTTPRequest {
        DirectHTTPRequest.send(
            target, pool: directConnections,
            connectTimeout: configuration.connectTimeout, stallTimeout: configuration.stallTimeout
        )
    }
}
