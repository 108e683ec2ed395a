/// A `Set-Cookie` response header read the way RFC 6265 §5.2 and §5.3 say a user agent reads it.
///
/// A server that answers a download with `Set-Cookie` (a link that answers 302 with a session cookie, then the file)
/// expects it back on the download's later requests: the next hop, another connection, a retry, a resume. The rules:
/// - `NAME=VALUE` first; a header without `=` or with an empty name is ignored (§5.2 steps 2-5).
/// - `Domain`: a leading dot is dropped; the cookie then goes to that domain and its subdomains, but only when the
///   answering host domain-matches it; otherwise the cookie is ignored (§5.3 step 6), so `a.example` cannot set a
///   cookie for `b.example`. Haul has no public-suffix list: a `Domain` of one label (`com`, `localhost` from
///   `x.localhost`) is refused instead, which blocks the common "cookie for a whole top-level domain" attack but
///   not `co.uk`-style suffixes. Without `Domain`, the cookie is host-only (§5.3 step 6).
/// - `Path`: used when it starts with `/`, else the default path: the request path up to its last `/` (§5.1.4).
/// - `Max-Age` wins over `Expires` (§5.3 step 3); a time in the past deletes a stored cookie of that name.
/// - `Secure` cookies are accepted from https responses only (RFC 6265bis §5.6 step 8: an http answer must not
///   overwrite a secure cookie). `HttpOnly` changes nothing here: a download is not a script.
public enum SetCookie {
    /// The cookie a `Set-Cookie` value sets, for a response from `scheme://host/path` at `now` (Unix seconds), or
    /// `nil` when a user agent must ignore it. A cookie with an expiry in the past is returned as such: the jar
    /// removes the stored one (``CookieJar/receive(_:now:)``).
    public static func parse(_ header: String, scheme: String, host rawHost: String, path: String, now: Int64) -> Cookie? {
        let host = rawHost.lowercased()
        var parts = header.split(separator: ";", omittingEmptySubsequences: false).makeIterator()
        guard let pair = parts.next(), let equals = pair.firstIndex(of: "=") else { return nil }
        let name = trim(pair[..<equals]), value = trim(pair[pair.index(after: equals)...])
        guard !name.isEmpty else { return nil }

        var domainAttribute: String?
        var pathAttribute: String?
        var maxAge: Int64?
        var expires: Int64?
        var secure = false
        while let part = parts.next() {
            let attribute: Substring, argument: Substring
            if let equals = part.firstIndex(of: "=") {
                attribute = trim(part[..<equals]); argument = trim(part[part.index(after: equals)...])
            } else {
                attribute = trim(part); argument = ""
            }
            switch attribute.lowercased() {
            case "domain":
                // §5.2.3: an empty value is ignored; a leading dot is removed.
                var domain = argument.lowercased()[...]
                while domain.hasPrefix(".") { domain = domain.dropFirst() }
                if !domain.isEmpty { domainAttribute = String(domain) }
            case "path":
                pathAttribute = argument.hasPrefix("/") ? String(argument) : nil
            case "max-age":
                // §5.2.2: digits with an optional leading '-'; anything else is ignored.
                let digits = argument.hasPrefix("-") ? argument.dropFirst() : argument
                if !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) {
                    let seconds = Int64(digits.prefix(12)) ?? Int64.max / 2
                    maxAge = argument.hasPrefix("-") ? Int64.min : seconds
                }
            case "expires":
                if let time = CookieDate.parse(argument) { expires = time }
            case "secure":
                secure = true
            default:
                continue
            }
        }
        if secure && scheme.lowercased() != "https" { return nil }

        let hostOnly: Bool, domain: String
        if let domainAttribute {
            guard Cookie.domainMatches(host: host, domain: domainAttribute, hostOnly: false) else { return nil }
            // One label and not the host itself: a whole top-level domain (no public-suffix list, see above).
            if !domainAttribute.contains("."), domainAttribute != host { return nil }
            hostOnly = false
            domain = domainAttribute
        } else {
            hostOnly = true
            domain = host
        }
        let expiry: Int64?
        if let maxAge {
            expiry = maxAge <= 0 ? Int64.min : now.addingReportingOverflow(maxAge).partialValue
        } else {
            expiry = expires
        }
        return Cookie(
            name: String(name), value: String(value), domain: domain, hostOnly: hostOnly,
            path: pathAttribute ?? defaultPath(path), secure: secure, expires: expiry
        )
    }

    /// §5.1.4: the directory of the request path, `/` when it has none.
    static func defaultPath(_ path: String) -> String {
        guard path.hasPrefix("/"), let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }

    private static func trim(_ text: Substring) -> Substring {
        let start = text.firstIndex { $0 != " " && $0 != "\t" } ?? text.endIndex
        let end = text.lastIndex { $0 != " " && $0 != "\t" }.map(text.index(after:)) ?? start
        return text[start..<end]
    }
}
