import Foundation
import HaulCore
import NIOConcurrencyHelpers

/// What one download's requests share while it runs: its cookies, consulted for every request (each redirect hop,
/// each connection, each retry) and told every `Set-Cookie` the server answers with, and its own proxy rules when
/// it has a proxy of its own (`DownloadRequest.proxy`, aria2's per-download `all-proxy`).
///
/// It starts from the request's cookies (`DownloadRequest.cookies`: `--load-cookies`, `-b`, or an app's own) or, on a
/// resume, from what the download last stored, so a cookie a redirect set before a crash is sent again after the
/// restart. When a response changes the jar, `persist` is called with the new jar (the store keeps it beside the
/// download, in the owner-only state database).
///
/// Which cookie goes where is ``CookieJar``'s decision (domain, path, `Secure`, expiry, per request URL): a redirect
/// to another site carries that site's cookies only. Values never appear in a description or an error.
final class RequestSession: Sendable {
    private let jar: NIOLockedValueBox<CookieJar>
    private let persist: @Sendable (CookieJar) -> Void
    /// The proxy rules for this download's requests instead of the transport's, or `nil` for the transport's.
    let proxies: ProxyRules?
    /// The wall clock cookie expiry is judged on, in seconds since 1970: the client's (`HaulConfiguration.clock`'s
    /// `wallClock`), so a test moves it. A reading rather than `EngineClock`, which lives in Engine/, above
    /// Transport/ (docs/architecture.md, "Layers inside a target").
    private let wallClock: @Sendable () -> Int64

    /// - Parameters:
    ///   - jar: the cookies to start from.
    ///   - proxies: the download's own proxy rules, if any.
    ///   - wallClock: the time a cookie's `Expires` and `Max-Age` are read against.
    ///   - persist: called (outside the lock) after a response changed the jar.
    init(
        _ jar: CookieJar, proxies: ProxyRules? = nil,
        wallClock: @escaping @Sendable () -> Int64 = { Int64(Date().timeIntervalSince1970) },
        persist: @escaping @Sendable (CookieJar) -> Void = { _ in }
    ) {
        self.jar = NIOLockedValueBox(jar)
        self.proxies = proxies
        self.wallClock = wallClock
        self.persist = persist
    }

    /// The cookies now held.
    var current: CookieJar { jar.withLockedValue { $0 } }

    /// The `Cookie` header value for a request to `url`, or `nil`.
    func headerValue(for url: URL, now: Int64? = nil) -> String? {
        let now = now ?? wallClock()
        let path = url.path.isEmpty ? "/" : url.path
        return jar.withLockedValue {
            $0.headerValue(scheme: url.scheme ?? "http", host: url.host ?? "", path: path, now: now)
        }
    }

    /// Takes the `Set-Cookie` fields of a response from `url`.
    func receive(_ headers: [HeaderField], from url: URL, now: Int64? = nil) {
        let now = now ?? wallClock()
        let cookies = headers.lazy.filter { $0.name.lowercased() == "set-cookie" }.compactMap {
            SetCookie.parse($0.value, scheme: url.scheme ?? "http", host: url.host ?? "", path: url.path, now: now)
        }
        guard !cookies.isEmpty else { return }
        let changed = jar.withLockedValue { jar -> CookieJar? in
            var changed = false
            for cookie in cookies where jar.receive(cookie, now: now) { changed = true }
            return changed ? jar : nil
        }
        if let changed { persist(changed) }
    }
}
