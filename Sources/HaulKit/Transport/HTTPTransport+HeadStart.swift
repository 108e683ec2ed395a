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
        let client = clientKey(for: url, role: role, session: nil)
        let connection = Self.connectionKey(for: url, proxy: client.proxy)
        let key = EarlyRequest(client: client, url: url, plan: plan, role: role, extraHeaders: extraHeaders)
        let timeout = requestTimeout
        let direct = directTarget(request, client: client, role: role)
        early.withLockedValue { early in
            guard early != nil, early?[key] == nil else { return }
            if let direct {
                // Only when the host has room now: a request that would wait is sent by `open`, in its turn.
                guard let lease = pool.leaseNow(connection) else { return }
                early?[key] = .direct(sendDirect(direct, lease: lease))
            } else {
                early?[key] = .pooled(Task { [self] in
                    let carrier = try self.client(for: client)
                    let lease = try await pool.lease(connection)
                    return (try await carrier.execute(Self.clientRequest(request), timeout: timeout), lease)
                })
            }
        }
    }

    /// A lease for `key` from the one pool. When its host is at its limit, the requests sent early that no `open`
    /// has taken give way first: they are a guess at a download's first request, and a request the engine makes must
    /// never wait behind a guess that nobody may take (a host that taught a limit of one, and a first request whose
    /// plan the download changed, would otherwise wait until the transport shuts down).
    func lease(_ key: PoolKey) async throws -> PoolLease {
        if let lease = pool.leaseNow(key) { return lease }
        let guesses = early.withLockedValue { early -> [EarlyResponse] in
            guard let sent = early else { return [] }
            let toHost = sent.filter { Self.connectionKey(for: $0.key.url, proxy: $0.key.client.proxy).host == key.host }
            for request in toHost.keys { early?[request] = nil }
            return Array(toHost.values)
        }
        for guess in guesses { guess.cancel() }
        return try await pool.lease(key)
    }

    /// Where and what to send when `request` goes by a `DirectHTTPRequest`: a plain `http` URL without a proxy,
    /// for a download's only connection, and every plain `http` URL through an HTTP proxy, sent to the proxy in
    /// absolute form. `nil` sends it through AsyncHTTPClient's client `client`.
    ///
    /// Why a download's only connection goes direct: no client, no event-loop threads, no pool to set up before
    /// the first request leaves (docs/benchmarks.md, "Round 7"), and, for every later file of a queue, a thread
    /// that reads the socket and hands the stream its buffers instead of an event loop that hands them through
    /// AsyncHTTPClient's pipeline to another thread (docs/benchmarks.md, "Round 9"). Its connections are kept for
    /// the next request to the same server in the one pool (`ConnectionPool`).
    ///
    /// Why segments without a proxy do not: measured with 16 segments each throttled to 8 MiB/s by nginx, direct
    /// segments finished 2-3 % later (8.9-9.0 s against 8.5-8.8 s, three runs each) although they used less CPU;
    /// that case is a target and already at its edge, so they stay where they were. Through an HTTP proxy every
    /// plain `http` request goes this way, segments too: AsyncHTTPClient speaks to an HTTP proxy only with
    /// `CONNECT`, which proxies commonly allow to port 443 alone (Debian's stock Squid does). HTTPS and SOCKS stay
    /// with AsyncHTTPClient (TLS, HTTP/2, `CONNECT` and SOCKS are its).
    func directTarget(_ request: RequestHead, client: ClientKey, role: ConnectionRole) -> DirectHTTPRequest.Target? {
        let url = request.url
        let fields = request.fields.map { ($0.name, $0.value) }
        switch client.proxy {
        case nil: return role == .only ? DirectHTTPRequest.target(for: url, fields: fields) : nil
        case let proxy? where proxy.kind == .http: return DirectHTTPRequest.target(for: url, fields: fields, through: proxy)
        default: return nil
        }
    }

    /// Sends `target` on `lease`'s connection (its kept socket, or a new one the request makes).
    func sendDirect(_ target: DirectHTTPRequest.Target, lease: PoolLease) -> DirectHTTPRequest {
        DirectHTTPRequest.send(
            target, lease: lease,
            connectTimeout: configuration.connectTimeout, stallTimeout: configuration.stallTimeout
        )
    }
}
