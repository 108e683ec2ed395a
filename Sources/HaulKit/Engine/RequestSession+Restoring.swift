import Foundation
import HaulCore

extension RequestSession {
    /// The session of one run of download `id`.
    ///
    /// Cookies: the jar stored by an earlier run (cookies the server set, kept across pauses and restarts), plus the
    /// request's own cookies that it does not hold yet (a cookie the server replaced or deleted stays as the server
    /// left it), each change saved back to the store.
    ///
    /// Proxy: the request's own `proxy`, under the client's bypass list (`--noproxy`, `no_proxy`): a host on it is
    /// still reached directly. `""` means no proxy at all for this download.
    ///
    /// A failed save is not a failed download: the cookie still goes with this run's requests, and only a resume
    /// after a restart would miss it, so it is ignored here.
    ///
    /// - Parameter store: where the jar is kept; `nil` reads nothing back (a new row holds no jar) but still
    ///   saves every change to `saving`.
    static func restoring(
        download id: Int64, request: DownloadRequest, store stored: DownloadStore?, saving store: DownloadStore,
        configuration: HaulConfiguration
    ) throws -> RequestSession {
        var jar = try stored?.cookies(of: id) ?? CookieJar()
        for cookie in request.cookies where !jar.holds(cookie) { jar.add(cookie) }
        jar.removeExpired(now: configuration.clock.wallClock())
        let proxies = try request.proxyRules(bypass: configuration.proxies.bypass)
        return RequestSession(jar, proxies: proxies, wallClock: configuration.clock.wallClock) { changed in
            try? store.saveCookies(changed, of: id)
        }
    }
}

extension DownloadRequest {
    /// This download's own proxy rules, or `nil` when it has no proxy of its own.
    /// - Throws: `.usage` for a `proxy` that is not a proxy URL (the message names no credentials).
    func proxyRules(bypass: NoProxyList) throws -> ProxyRules? {
        guard let proxy else { return nil }
        if proxy.isEmpty { return ProxyRules(explicit: .some(nil), bypass: bypass) }
        do {
            return ProxyRules(explicit: .some(try ProxyEndpoint(parsing: proxy)), bypass: bypass)
        } catch {
            // The parser's message repeats the URL, credentials included: not shown.
            throw HaulError(.usage, "the download's proxy is not a proxy URL Haul can use (http://HOST:PORT or socks5://HOST:PORT)")
        }
    }
}
