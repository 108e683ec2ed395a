import Foundation

/// A proxy server, parsed from `--proxy URL` or a `*_proxy` environment variable.
///
/// Accepted forms, as curl accepts them: `host:port`, `http://[user:password@]host[:port]`,
/// `socks5://host[:port]` and `socks5h://host[:port]`. Without a port the port is 1080, curl's default for every
/// proxy kind. Credentials are percent-decoded (`%40` for an `@` in a password).
///
/// Refused with a reason rather than guessed at: `https://` proxies (TLS to the proxy itself, which the transport
/// cannot do), `socks4://`, and credentials on a SOCKS proxy (the transport speaks SOCKS5 without authentication;
/// sending nothing would silently fail at the proxy).
public struct ProxyEndpoint: Hashable, Sendable, CustomStringConvertible {
    /// How the proxy is spoken to.
    public enum Kind: String, Hashable, Sendable {
        /// An HTTP proxy: http URLs are asked of it as absolute-form requests (`GET http://host/path`), https URLs
        /// through a `CONNECT` tunnel (RFC 9112 §3.2.2, RFC 9110 §9.3.6), as curl, wget and aria2c do.
        case http
        /// SOCKS5; host names are resolved by the proxy (curl's `socks5h`).
        case socks5
    }

    public var kind: Kind
    public var host: String
    public var port: Int
    /// The proxy's own credentials (`Proxy-Authorization: Basic`), sent with every request to the proxy (an
    /// absolute-form GET or a `CONNECT`); a proxy consumes the field and never forwards it (RFC 9110 §11.7.1).
    public var user: String?
    public var password: String?

    /// The port used when a proxy URL names none (curl's default).
    public static let defaultPort = 1080

    /// Creates an endpoint as given; `port` is 1...65535 and `host` not empty. Not checked here, as the other
    /// configuration values are not (`port` is a `var`, set after `init` too): `HaulClient` refuses an endpoint out
    /// of range in `HaulConfiguration.proxies` with `.usage` before it opens anything.
    public init(kind: Kind, host: String, port: Int, user: String? = nil, password: String? = nil) {
        self.kind = kind
        self.host = host
        self.port = port
        self.user = user
        self.password = password
    }

    /// Why a proxy URL was refused.
    public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        public let description: String
        init(_ text: String) { description = text }
    }

    /// Parses a proxy URL (see the type's documentation for the forms).
    public init(parsing text: String) throws {
        var rest = Substring(text.trimmingWhitespace())
        guard !rest.isEmpty else { throw ParseError("an empty proxy URL") }
        kind = .http
        if let schemeEnd = rest.range(of: "://") {
            let scheme = rest[..<schemeEnd.lowerBound].lowercased()
            switch scheme {
            case "http": kind = .http
            case "socks5", "socks5h": kind = .socks5
            case "https": throw ParseError("\(text): https:// proxies (TLS to the proxy) are not supported; use http:// (https URLs still go through the tunnel encrypted end to end)")
            default: throw ParseError("\(text): the proxy scheme '\(scheme)' is not supported (http, socks5, socks5h)")
            }
            rest = rest[schemeEnd.upperBound...]
        }
        // Anything after the authority (a path, usually "/") says nothing about the proxy.
        if let slash = rest.firstIndex(of: "/") { rest = rest[..<slash] }
        if let at = rest.lastIndex(of: "@") {
            let credentials = rest[..<at]
            rest = rest[rest.index(after: at)...]
            if let colon = credentials.firstIndex(of: ":") {
                user = String(credentials[..<colon]).percentDecoded
                password = String(credentials[credentials.index(after: colon)...]).percentDecoded
            } else {
                user = String(credentials).percentDecoded
                password = ""
            }
        }
        let hostPart: Substring
        var portPart: Substring?
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { throw ParseError("\(text): an unclosed [ in the host") }
            hostPart = rest[rest.index(after: rest.startIndex)..<close]
            let after = rest[rest.index(after: close)...]
            if after.hasPrefix(":") { portPart = after.dropFirst() } else if !after.isEmpty {
                throw ParseError("\(text): unexpected text after the host")
            }
        } else if let colon = rest.lastIndex(of: ":") {
            hostPart = rest[..<colon]
            portPart = rest[rest.index(after: colon)...]
        } else {
            hostPart = rest
        }
        guard !hostPart.isEmpty else { throw ParseError("\(text): no proxy host") }
        host = String(hostPart)
        if let portPart {
            guard let number = Int(portPart), (1...65535).contains(number) else {
                throw ParseError("\(text): the port must be a number from 1 to 65535")
            }
            port = number
        } else {
            port = Self.defaultPort
        }
        if kind == .socks5 && user != nil {
            throw ParseError("\(text): SOCKS5 with a user name and password is not supported; use an http:// proxy for credentials")
        }
    }

    /// `host:port` (an IPv6 host in brackets), for messages: `cannot connect to the proxy 127.0.0.1:3128`.
    public var address: String {
        "\(host.contains(":") ? "[\(host)]" : host):\(port)"
    }

    /// The `Proxy-Authorization` value for the proxy's credentials (`Basic`, RFC 7617), or `nil` without a user.
    public var authorization: String? {
        guard let user else { return nil }
        return "Basic " + Data("\(user):\(password ?? "")".utf8).base64EncodedString()
    }

    /// The proxy without its credentials, for messages: `http://proxy.example:3128`.
    public var description: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "\(kind == .http ? "http" : "socks5")://\(shownHost):\(port)"
    }
}

extension StringProtocol {
    func trimmingWhitespace() -> Substring {
        let scalars = Substring(self)
        let start = scalars.firstIndex { !$0.isWhitespace } ?? scalars.endIndex
        let end = scalars.lastIndex { !$0.isWhitespace }.map { scalars.index(after: $0) } ?? start
        return scalars[start..<Swift.max(start, end)]
    }
}

extension String {
    /// `%XX` sequences decoded as UTF-8; text with a malformed sequence is returned as it is.
    var percentDecoded: String {
        var bytes: [UInt8] = []
        var iterator = Array(utf8)[...]
        while let byte = iterator.popFirst() {
            if byte == UInt8(ascii: "%"), iterator.count >= 2,
                let value = UInt8(String(decoding: iterator.prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                iterator = iterator.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
