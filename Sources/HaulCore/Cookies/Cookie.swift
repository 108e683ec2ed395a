/// One cookie as a browser exports it (Netscape `cookies.txt`) or as `-b 'NAME=VALUE'` gives it.
///
/// Its value is a secret like a password: ``description`` never shows it, so a cookie printed by mistake (a log
/// line, an error message) does not leak the session it carries.
public struct Cookie: Sendable, Hashable, Codable, CustomStringConvertible {
    public var name: String
    public var value: String
    /// The host or domain, lowercase, without a leading dot.
    public var domain: String
    /// Sent to `domain` only, not to its subdomains (Netscape's include-subdomains `FALSE`; RFC 6265 §5.3 step 6).
    public var hostOnly: Bool
    /// The path prefix it is sent for; `/` for all.
    public var path: String
    /// Sent over https only.
    public var secure: Bool
    /// Unix time after which it is not sent; `nil` for a session cookie.
    public var expires: Int64?

    public init(
        name: String, value: String, domain: String, hostOnly: Bool, path: String = "/", secure: Bool = false,
        expires: Int64? = nil
    ) {
        self.name = name
        self.value = value
        var domain = Substring(domain.lowercased())
        while domain.hasPrefix(".") { domain = domain.dropFirst() }
        self.domain = String(domain)
        self.hostOnly = hostOnly
        self.path = path.hasPrefix("/") ? path : "/"
        self.secure = secure
        self.expires = expires
    }

    /// `name (domain path)`, without the value.
    public var description: String { "\(name) (\(hostOnly ? "" : ".")\(domain)\(path)\(secure ? ", secure" : ""))" }

    /// Whether this cookie goes with a request to `scheme://host/path` at `now` (Unix seconds), by RFC 6265:
    /// - domain-match (§5.1.3): the host is the domain, or, unless host-only, ends with `.domain` and is not an IP
    ///   address;
    /// - path-match (§5.1.4): the path is the cookie's path, or starts with it at a `/` boundary;
    /// - `Secure` (§5.4): https only;
    /// - expiry (§5.3): not after `expires`.
    public func matches(scheme: String, host: String, path requestPath: String, now: Int64) -> Bool {
        if let expires, expires <= now { return false }
        if secure && scheme.lowercased() != "https" { return false }
        return Self.domainMatches(host: host.lowercased(), domain: domain, hostOnly: hostOnly)
            && Self.pathMatches(requestPath.isEmpty ? "/" : requestPath, cookiePath: path)
    }

    static func domainMatches(host: String, domain: String, hostOnly: Bool) -> Bool {
        if host == domain { return true }
        guard !hostOnly, host.hasSuffix("." + domain) else { return false }
        return !Self.isIPAddress(host)
    }

    static func pathMatches(_ requestPath: String, cookiePath: String) -> Bool {
        if requestPath == cookiePath { return true }
        guard requestPath.hasPrefix(cookiePath) else { return false }
        return cookiePath.hasSuffix("/") || requestPath.dropFirst(cookiePath.count).first == "/"
    }

    /// An IPv4 address in dotted form, or any IPv6 literal: subdomain matching makes no sense for either.
    static func isIPAddress(_ host: String) -> Bool {
        if host.contains(":") || host.hasPrefix("[") { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) && $0.count <= 3 }
    }
}
