import Foundation

/// A GET request as every transport puts it on the wire: the URL to ask for (without credentials) and the header
/// fields, in order. Built once, by `RequestBuilder`, whichever transport carries it.
public struct RequestHead: Sendable, Equatable {
    /// The URL asked for, without `user:password@` (those become `Authorization`).
    public var url: URL
    /// The header fields in the order they are sent.
    public var fields: [HeaderField]

    /// Creates a request head.
    public init(url: URL, fields: [HeaderField]) {
        self.url = url
        self.fields = fields
    }

    /// The first value of a field, or `nil` (names compare without case).
    public subscript(_ name: String) -> String? {
        fields.first { $0.name.caseInsensitiveEquals(name) }?.value
    }
}


/// Builds the one GET a download, a segment or a fetch sends for a `RequestPlan`: pure, the same for every transport
/// (AsyncHTTPClient, the direct socket client, the tests' scripted one).
///
/// The rules, in order (docs/http-rules.md):
/// - `User-Agent` first, the caller's own replacing the default;
/// - the caller's fields as given, except `Range`, `If-Range` and `Accept-Encoding` (the plan decides those, rules
///   1-4) and, once a redirect has left the origin, `Authorization`, `Cookie` and `Proxy-Authorization` (rule 14);
/// - the plan's fields, each replacing any field of its name;
/// - one `Cookie` field (RFC 6265 §5.4): the caller's own first, while it may still go, then the session's;
/// - `Authorization: Basic` from the URL's `user:password` (percent-decoded), while credentials go and the caller
///   gave none.
public struct RequestBuilder: Sendable, Hashable {
    /// The `User-Agent` sent unless the caller gives one.
    public var userAgent: String

    /// Creates a builder.
    public init(userAgent: String) {
        self.userAgent = userAgent
    }

    private static let planned: Set<String> = ["range", "if-range", "accept-encoding"]
    private static let sensitive: Set<String> = ["authorization", "cookie", "proxy-authorization"]

    /// The request for `url` under `plan`.
    ///
    /// - Parameters:
    ///   - extraHeaders: the caller's fields.
    ///   - sendsCredentials: whether the request is still on the origin the caller named (`RedirectTracker`).
    ///   - cookie: the cookie session's `Cookie` value for `url`, if any.
    public func head(
        for url: URL, plan: RequestPlan, extraHeaders: [HeaderField], sendsCredentials: Bool, cookie: String? = nil
    ) -> RequestHead {
        var components = URLComponents(url: url, resolvingAgainstBaseURL: true)
        let user = components?.user, password = components?.password
        components?.user = nil
        components?.password = nil
        var fields = [HeaderField(name: "User-Agent", value: userAgent)]
        for field in extraHeaders {
            let name = field.name.lowercased()
            if Self.planned.contains(name) { continue }
            if !sendsCredentials && Self.sensitive.contains(name) { continue }
            if name == "user-agent" { fields.removeAll { $0.name.caseInsensitiveEquals("User-Agent") } }
            fields.append(field)
        }
        for field in plan.headers {
            fields.removeAll { $0.name.caseInsensitiveEquals(field.name) }
            fields.append(field)
        }
        if let cookie {
            let own = fields.filter { $0.name.caseInsensitiveEquals("Cookie") }.map(\.value)
            fields.removeAll { $0.name.caseInsensitiveEquals("Cookie") }
            fields.append(HeaderField(name: "Cookie", value: (own + [cookie]).joined(separator: "; ")))
        }
        if sendsCredentials, let user, !fields.contains(where: { $0.name.caseInsensitiveEquals("Authorization") }) {
            let token = Data("\(user.removingPercentEncoding ?? user):\((password ?? "").removingPercentEncoding ?? "")".utf8)
                .base64EncodedString()
            fields.append(HeaderField(name: "Authorization", value: "Basic \(token)"))
        }
        return RequestHead(url: components?.url ?? url, fields: fields)
    }
}
