/// An `https` URL through an HTTP proxy: the `CONNECT` request that asks the proxy for a tunnel to the origin, and
/// the verdict on the proxy's answer (RFC 9110 §9.3.6, RFC 9112 §3.2.3). Pure: the socket layer
/// (`DirectHTTPRequest+Tunnel` in HaulKit) sends the request, reads the answer's head with `HTTP1Response` under
/// its bound (`HeadBudget`), and acts on the verdict; TLS to the origin runs inside the tunnel once it is open.
///
/// The rules, cited by the tests (`ProxyTunnelTests`):
/// 1. The request is `CONNECT host:port HTTP/1.1` in authority form, the port always written (443 too), an IPv6
///    literal in brackets, the same authority in `Host`, and `Proxy-Authorization: Basic` when the proxy has
///    credentials. Nothing else: the origin's own fields go inside the tunnel, never to the proxy.
/// 2. Any 2xx opens the tunnel. Its head is all there is: a client ignores `Content-Length` and
///    `Transfer-Encoding` in a successful answer to `CONNECT`, and the tunnel's first bytes are the client's (TLS's
///    ClientHello), so a byte the proxy sends after its 2xx head is a protocol violation, never data.
/// 3. 407: the proxy wants credentials, or refused the ones it got (exit 4, not retried).
/// 4. 502, 503, 504 and other 5xx: the proxy could not reach the origin, or is overloaded; a network failure,
///    retried as a cut connection is.
/// 5. Any other status (403 from an access rule, 400, a 3xx, a 101): the proxy refused the tunnel; said with the
///    status (exit 4, not retried). The answer's body, if any, is not read: the connection is closed.
public enum ProxyTunnel {
    /// What to do with the proxy's answer to `CONNECT`.
    public enum Verdict: Hashable, Sendable {
        /// The tunnel is open: TLS to the origin may begin.
        case open
        /// 407: the proxy wants credentials (or refused the ones it got).
        case wantsCredentials
        /// A 5xx: the proxy could not reach the origin or is unavailable; retried.
        case unavailable(status: Int)
        /// Any other status: the proxy refused the tunnel.
        case refused(status: Int)
        /// A 2xx followed by bytes before the client spoke: not a tunnel a TLS client can use.
        case spokeFirst
    }

    /// The authority `CONNECT` names for `host` (as the URL spells it, an IPv6 literal with or without brackets)
    /// and `port`: `host:port`, `[v6]:port` (rule 1).
    public static func authority(host: String, port: Int) -> String {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        return (bare.contains(":") ? "[\(bare)]" : bare) + ":\(port)"
    }

    /// The whole `CONNECT` request for `authority` (`authority(host:port:)`), with the proxy's `Proxy-Authorization`
    /// value when it has one (rule 1).
    public static func request(authority: String, authorization: String?) -> String {
        var text = "CONNECT \(authority) HTTP/1.1\r\nHost: \(authority)\r\n"
        if let authorization { text += "Proxy-Authorization: \(authorization)\r\n" }
        return text + "\r\n"
    }

    /// The verdict on the proxy's final (non-1xx) answer `head`, with `bytesAfterHead` bytes read past it (rules
    /// 2-5).
    public static func judge(_ head: HTTP1Response.Head, bytesAfterHead: Int) -> Verdict {
        switch head.status {
        case 200..<300: bytesAfterHead == 0 ? .open : .spokeFirst
        case 407: .wantsCredentials
        case 500..<600: .unavailable(status: head.status)
        default: .refused(status: head.status)
        }
    }
}
