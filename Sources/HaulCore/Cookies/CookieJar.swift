/// The cookies of one download, and which of them each request carries.
///
/// A cookie goes only where its domain, path, `Secure` flag and expiry allow (``Cookie/matches(scheme:host:path:now:)``),
/// and the decision is made again for every request, redirects included: a redirect to another site carries only
/// that site's own cookies, never the first site's (http-rules.md rule 14 drops a user's `Cookie` header on a
/// redirect to another origin for the same reason).
public struct CookieJar: Sendable, Hashable, Codable, CustomStringConvertible {
    public private(set) var cookies: [Cookie]

    /// How many cookies, never their values.
    public var description: String { "\(cookies.count) cookie\(cookies.count == 1 ? "" : "s")" }

    public init(_ cookies: [Cookie] = []) {
        self.cookies = []
        for cookie in cookies { add(cookie) }
    }

    /// Adds or replaces a cookie; one with the same name, domain, host-only flag and path is replaced (RFC 6265
    /// §5.3 step 11).
    public mutating func add(_ cookie: Cookie) {
        if let index = cookies.firstIndex(where: {
            $0.name == cookie.name && $0.domain == cookie.domain && $0.hostOnly == cookie.hostOnly && $0.path == cookie.path
        }) {
            cookies[index] = cookie
        } else {
            cookies.append(cookie)
        }
    }

    /// Takes a cookie a response set (``SetCookie/parse(_:scheme:host:path:now:)``): added or replacing its
    /// namesake, or, when it has already expired, removing the namesake (RFC 6265 §5.3 step 11 and the "expiry in
    /// the past" deletion servers use to log out).
    /// - Returns: whether the jar changed.
    @discardableResult
    public mutating func receive(_ cookie: Cookie, now: Int64) -> Bool {
        let before = cookies
        if let expires = cookie.expires, expires <= now {
            cookies.removeAll {
                $0.name == cookie.name && $0.domain == cookie.domain && $0.hostOnly == cookie.hostOnly && $0.path == cookie.path
            }
        } else {
            add(cookie)
        }
        return cookies != before
    }

    /// Whether the jar holds a cookie of this one's name, domain, host-only flag and path (any value).
    public func holds(_ cookie: Cookie) -> Bool {
        cookies.contains {
            $0.name == cookie.name && $0.domain == cookie.domain && $0.hostOnly == cookie.hostOnly && $0.path == cookie.path
        }
    }

    /// Drops the cookies that have expired by `now`.
    public mutating func removeExpired(now: Int64) {
        cookies.removeAll { $0.expires.map { $0 <= now } ?? false }
    }

    /// `-b 'NAME=VALUE; NAME2=VALUE2'` for a download of `host`: host-only cookies for that host and path `/`, as
    /// a browser would have stored them for it. They never go to another host, a redirect's target included.
    /// - Returns: `nil` when a part is not `NAME=VALUE` with a non-empty name.
    public static func cookies(fromHeaderValue text: String, host: String) -> [Cookie]? {
        var result: [Cookie] = []
        for part in text.split(separator: ";") {
            let pair = part.trimmingCookieWhitespace()
            if pair.isEmpty { continue }
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else { return nil }
            let name = String(pair[..<equals]).trimmingCookieWhitespaceString()
            let value = String(pair[pair.index(after: equals)...]).trimmingCookieWhitespaceString()
            guard !name.isEmpty, !name.contains(where: { $0 == " " || $0 == "," }) else { return nil }
            result.append(Cookie(name: name, value: value, domain: host, hostOnly: true))
        }
        return result
    }

    /// The `Cookie` header value for a request, or `nil` when no cookie goes with it. Longer paths come first,
    /// then the order added (RFC 6265 §5.4 step 2).
    public func headerValue(scheme: String, host: String, path: String, now: Int64) -> String? {
        let matching = cookies.enumerated()
            .filter { $0.element.matches(scheme: scheme, host: host, path: path, now: now) }
            .sorted { $0.element.path.count != $1.element.path.count ? $0.element.path.count > $1.element.path.count : $0.offset < $1.offset }
            .map { "\($0.element.name)=\($0.element.value)" }
        return matching.isEmpty ? nil : matching.joined(separator: "; ")
    }
}

extension Substring {
    fileprivate func trimmingCookieWhitespace() -> Substring {
        let start = firstIndex { $0 != " " && $0 != "\t" } ?? endIndex
        let end = lastIndex { $0 != " " && $0 != "\t" }.map(index(after:)) ?? start
        return self[start..<end]
    }
}

extension String {
    fileprivate func trimmingCookieWhitespaceString() -> String {
        String(Substring(self).trimmingCookieWhitespace())
    }
}
