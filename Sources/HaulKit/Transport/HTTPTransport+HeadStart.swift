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
                    let lease = try await pool.lease(connection).droppingKept()
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

    /// Where and what to send when `request` goes by a `DirectHTTPRequest`: every plain `http` request, a
    /// download's only connection and its segments alike, straight to the server or through an HTTP proxy (in
    /// absolute form there), and on Linux an `https` request where HTTP/1.1 is chosen (segments, `--http1.1`: TLS
    /// on the request's thread, through an HTTP proxy's `CONNECT` tunnel when there is one, docs/transport.md).
    /// `nil` sends it through AsyncHTTPClient's client `client`: https where HTTP/2 may be offered (directly or
    /// through a proxy's tunnel), SOCKS, and a plain-http request
    /// `DirectHTTPRequest.target` declines (a header field it will not put on the wire as it is, which
    /// AsyncHTTPClient then refuses with its own error).
    ///
    /// Why direct: no client, no event-loop threads, no pool to set up before the first request leaves
    /// (docs/history/benchmarks-rounds.md, "Round 7"), and a thread that reads the socket straight into the buffers the
    /// file is written from instead of an event loop that hands them through AsyncHTTPClient's pipeline to another
    /// thread ("Round 9"). Segments went through AsyncHTTPClient until issue 34: measured then, direct segments
    /// finished 2-3 % later with 16 connections at 8 MiB/s each. Measured again on the engine with the one pool
    /// (Round 12), they take 9-10 % less CPU with the same wall time there (1.00-1.01x, within the run-to-run spread)
    /// and 4-5 % less wall at full speed, so plain http has one HTTP/1.1 client. Through an HTTP proxy it had to be
    /// this one anyway: AsyncHTTPClient speaks to an HTTP proxy only with `CONNECT`, which proxies commonly allow to
    /// port 443 alone (Debian's stock Squid does).
    func directTarget(_ request: RequestHead, client: ClientKey, role: ConnectionRole) -> DirectHTTPRequest.Target? {
        let url = request.url
        let fields = request.fields.map { ($0.name, $0.value) }
        if let proxy = client.proxy, proxy.kind != .http { return nil }
        if url.scheme?.lowercased() == "https" {
            // HTTP/1.1 over TLS where HTTP/2 is not offered (a segment, `--http1.1`), through an HTTP proxy's
            // `CONNECT` tunnel too; where it is, AsyncHTTPClient keeps the request (docs/transport.md, "TLS").
            guard client.versions == .http1Only, let tls = directTLS() else { return nil }
            return DirectHTTPRequest.target(for: url, fields: fields, through: client.proxy, tls: tls)
        }
        return DirectHTTPRequest.target(for: url, fields: fields, through: client.proxy)
    }

    /// The direct client's TLS settings (`TLSSettings`: its context is made by the first request that needs it);
    /// `nil` where it carries no https.
    func directTLS() -> TLSSettings? { directTLSSettings }

    /// Sends `target` on `lease`'s connection (its kept socket, or a new one the request makes).
    func sendDirect(_ target: DirectHTTPRequest.Target, lease: PoolLease) -> DirectHTTPRequest {
        DirectHTTPRequest.send(
            target, lease: lease,
            connectTimeout: configuration.timeouts.connect.inSeconds, stallTimeout: configuration.timeouts.stall.inSeconds
        )
    }
}
