import Foundation
import HaulCore

extension DirectHTTPRequest {
    /// Where to connect and what to send.
    struct Target: Sendable {
        /// The host connected to: the origin's, or the proxy's when `proxy` is set.
        var host: String
        var port: Int
        /// The whole request: request line, fields, blank line.
        var request: [UInt8]
        /// The HTTP proxy the request is sent to in absolute form, `nil` for the origin itself.
        var proxy: ProxyEndpoint?
        /// The origin's host, for messages about the response.
        var origin: String
        /// The TLS settings of an https target (the connection speaks TLS to the origin), `nil` for plain http.
        var tls: TLSSettings? = nil
        /// The name (or address, without brackets) TLS sends as SNI and checks the certificate against: always the
        /// origin's, through a tunnel too.
        var serverName = ""
        /// The `CONNECT` tunnel an https target through an HTTP proxy opens before TLS, `nil` otherwise.
        var tunnel: Tunnel? = nil
    }

    /// A `CONNECT` tunnel through an HTTP proxy (`ProxyTunnel`'s rules).
    struct Tunnel: Sendable {
        /// The whole `CONNECT` request.
        var request: [UInt8]
        /// `host:port` of the origin, as the request names it.
        var authority: String
    }

    /// The request line and fields of a GET of `url` with `fields` (which AsyncHTTPClient would send as they are),
    /// or `nil` when this path should not be used for it: not plain `http` (nor `https` with `tls`), or a field that
    /// is not a valid token and value (AsyncHTTPClient refuses those itself, with its own error).
    ///
    /// An `https` URL (with `tls`) goes to its server in origin form over TLS; through an HTTP `proxy` a `CONNECT`
    /// tunnel to the origin is opened first (`tunnel`, `ProxyTunnel`: the proxy's credentials go in the `CONNECT`,
    /// never inside the tunnel) and TLS to the origin runs inside it (docs/transport.md, "TLS").
    ///
    /// Through an HTTP `proxy` a plain http request goes to the proxy in absolute form (`GET http://host:port/path`, RFC
    /// 9112 §3.2.2) with the same `Host` field, and `Proxy-Authorization: Basic` from the proxy's credentials
    /// unless `fields` carry their own: no `CONNECT` for plain http, which Debian's stock Squid allows to port 443
    /// only (and curl, wget and aria2c do not ask for either).
    static func target(
        for url: URL, fields: [(name: String, value: String)], through proxy: ProxyEndpoint? = nil, tls: TLSSettings? = nil
    ) -> Target? {
        let scheme = url.scheme?.lowercased()
        let secure = scheme == "https" && tls != nil
        guard scheme == "http" || secure, let host = url.host, !host.isEmpty,
              let components = URLComponents(url: url, resolvingAgainstBaseURL: true)
        else { return nil }
        if let proxy, proxy.kind != .http { return nil }
        // The socket layer resolves the name or address itself: an IPv6 literal goes to it without brackets (and
        // into the request line and `Host` with them).
        let address = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        let defaultPort = secure ? 443 : 80
        let port = url.port ?? defaultPort
        guard (1...65535).contains(port) else { return nil }
        var path = components.percentEncodedPath
        if path.isEmpty { path = "/" }
        if let query = components.percentEncodedQuery { path += "?" + query }
        guard path.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return nil }
        let authority = (address.contains(":") ? "[\(address)]" : address) + (port == defaultPort ? "" : ":\(port)")
        var fields = fields
        let absolute = proxy != nil && !secure
        if absolute, let credentials = proxy?.authorization, !fields.contains(where: { $0.name.lowercased() == "proxy-authorization" }) {
            fields.append(("Proxy-Authorization", credentials))
        }
        var text = !absolute ? "GET \(path) HTTP/1.1\r\n" : "GET http://\(authority)\(path) HTTP/1.1\r\n"
        if !fields.contains(where: { $0.name.lowercased() == "host" }) {
            text += "Host: \(authority)\r\n"
        }
        for field in fields {
            guard !field.name.isEmpty, field.name.utf8.allSatisfy(HTTP1Response.isTokenByte),
                  field.value.utf8.allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) })
            else { return nil }
            text += "\(field.name): \(field.value)\r\n"
        }
        text += "\r\n"
        return Target(
            host: proxy?.host ?? address, port: proxy?.port ?? port, request: Array(text.utf8), proxy: proxy, origin: host,
            tls: secure ? tls : nil, serverName: address,
            tunnel: secure ? proxy.map { proxy in
                let authority = ProxyTunnel.authority(host: address, port: port)
                return Tunnel(request: Array(ProxyTunnel.request(authority: authority, authorization: proxy.authorization).utf8), authority: authority)
            } : nil
        )
    }
}
