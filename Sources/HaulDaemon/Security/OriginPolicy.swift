/// Which browser origins may call the daemon (POST and WebSocket upgrade).
///
/// Browsers send `Origin` with cross-origin requests and every WebSocket handshake; any web page can make them.
/// aria2 answers every origin (and JSONP), so any page the user visits can drive it; Haul answers its own page's
/// origin, the origins named with `--rpc-allow-origin`, and requests without `Origin` (programs such as aria2p and
/// curl, which a page cannot impersonate). No wildcard, no JSONP.
///
/// Browser extensions (`chrome-extension://ID`, `moz-extension://UUID`, `safari-web-extension://UUID`) have origins
/// that change per install (Firefox makes a new UUID for every profile), so they cannot be listed in advance;
/// `extensionsWithSecret` lets them in on the condition that every request carries the secret: the verdict is
/// `.allowedWithSecret`, and such a connection gets no secret-free method, and broadcast notifications only once it
/// has made a call with the secret. A web page cannot take an extension's origin (the browser sets `Origin`), so a
/// page stays refused with or without the secret.
///
/// Pages served from this machine on another port (`http://127.0.0.1:8888`, `http://localhost:8080`, `http://[::1]:…`:
/// webui-aria2 or AriaNg served by `python3 -m http.server`, as their READMEs say) are let in on the same condition
/// when `localPagesWithSecret` is on: only something running on this machine can serve a loopback origin (a remote page
/// cannot claim one, the browser sets `Origin`, and a rebound DNS name is not `localhost` or a loopback literal), and
/// the secret still decides. A page on any other origin stays refused.
package struct OriginPolicy: Sendable, Equatable {
    /// The verdict on one request's `Origin`.
    package enum Verdict: Equatable, Sendable {
        /// No `Origin` (not a browser), or the daemon's own page.
        case sameOrigin
        /// An origin named with `--rpc-allow-origin`: allowed, and CORS headers name it.
        case allowedCrossOrigin(String)
        /// A browser extension: allowed only for calls that carry the secret.
        case allowedWithSecret(String)
        /// Refused, with the reason.
        case refused(String)
    }

    /// Hosts that name the daemon (`HostPolicy`).
    package var hosts: HostPolicy
    /// The port the daemon listens on (its own origin is `http://HOST:PORT`).
    package var port: Int
    /// Exact origins allowed with `--rpc-allow-origin`, normalised (lowercase, no trailing slash).
    package var allowed: Set<String>
    /// Whether extension origins are let in with the secret (`haul daemon` does by default; `--no-rpc-allow-extensions`).
    package var extensionsWithSecret: Bool
    /// Whether pages on another loopback port are let in with the secret (`haul daemon` does by default;
    /// `--no-rpc-allow-local-pages`).
    package var localPagesWithSecret: Bool

    /// The origin hosts that only this machine can serve.
    package static let loopbackHosts: Set<String> = ["127.0.0.1", "localhost", "[::1]"]

    /// The origin schemes of browser extensions (Chromium, Firefox, Safari).
    package static let extensionSchemes = ["chrome-extension://", "moz-extension://", "safari-web-extension://"]

    package init(hosts: HostPolicy, port: Int, allowedOrigins: [String] = [], extensionsWithSecret: Bool = false,
        localPagesWithSecret: Bool = false
    ) {
        self.hosts = hosts
        self.port = port
        allowed = Set(allowedOrigins.map(Self.normalised))
        self.extensionsWithSecret = extensionsWithSecret
        self.localPagesWithSecret = localPagesWithSecret
    }

    /// The verdict on an `Origin` header (`nil`: none).
    package func verdict(_ origin: String?) -> Verdict {
        guard let origin else { return .sameOrigin }
        let value = Self.normalised(origin)
        if allowed.contains(value) { return .allowedCrossOrigin(value) }
        if value.hasPrefix("http://"), let host = HostPolicy.hostName(String(value.dropFirst(7))),
            hosts.allows(host), Self.port(of: value) == port
        {
            return .sameOrigin
        }
        if Self.isLoopbackPage(value) {
            if localPagesWithSecret { return .allowedWithSecret(value) }
            return .refused("origin \(origin) is a page on this machine, refused because haul daemon was started with --no-rpc-allow-local-pages (or allow this one with --rpc-allow-origin \(value))")
        }
        if let scheme = Self.extensionSchemes.first(where: value.hasPrefix) {
            if extensionsWithSecret, value.count > scheme.count { return .allowedWithSecret(value) }
            return .refused("origin \(origin) is a browser extension, refused because haul daemon was started with --no-rpc-allow-extensions (or allow this one with --rpc-allow-origin \(value))")
        }
        return .refused("origin \(origin) is not allowed (start haul daemon with --rpc-allow-origin \(value) to allow it)")
    }

    /// `http://` or `https://` on `127.0.0.1`, `localhost` or `[::1]` with a port (or none), and nothing after it.
    static func isLoopbackPage(_ origin: String) -> Bool {
        let rest: Substring
        if origin.hasPrefix("http://") { rest = origin.dropFirst(7) } else if origin.hasPrefix("https://") {
            rest = origin.dropFirst(8)
        } else { return false }
        guard !rest.contains("/"), !rest.contains("@"), let host = HostPolicy.hostName(String(rest)),
            loopbackHosts.contains(host), port(of: "http://" + rest) != nil
        else { return false }
        return true
    }

    /// Lowercase, without a trailing slash.
    package static func normalised(_ origin: String) -> String {
        var value = origin.lowercased()
        while value.hasSuffix("/") { value.removeLast() }
        return value
    }

    /// The port of `http://host[:port]` (80 when none).
    static func port(of origin: String) -> Int? {
        let rest = origin.dropFirst("http://".count)
        let afterHost: Substring
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { return nil }
            afterHost = rest[rest.index(after: close)...]
        } else {
            afterHost = rest.drop { $0 != ":" }
        }
        if afterHost.isEmpty { return 80 }
        guard afterHost.hasPrefix(":") else { return nil }
        return Int(afterHost.dropFirst())
    }
}
