import Foundation

/// Which proxy, if any, a request to a URL goes through: the decision curl and wget make from `--proxy`,
/// `--noproxy` and the environment, as a pure value.
///
/// Precedence (curl's):
/// 1. `--proxy URL` for every URL (`--proxy ""` turns proxies off, environment included);
/// 2. else `http_proxy` for http URLs, `https_proxy`/`HTTPS_PROXY` for https URLs;
/// 3. else `all_proxy`/`ALL_PROXY`.
/// A lower-case variable wins over its upper-case twin. Upper-case `HTTP_PROXY` is ignored on purpose, as curl
/// and wget do: a CGI program gets the client's `Proxy:` request header as `HTTP_PROXY` ("httpoxy"), so honouring
/// it would let a request choose the proxy. An empty variable counts as unset.
///
/// Whatever proxy was chosen, a host on the bypass list (`--noproxy LIST`, else `no_proxy`/`NO_PROXY`) is reached
/// directly; see `NoProxyList`.
public struct ProxyRules: Hashable, Sendable {
    /// `--proxy`: `nil` when not given; `.some(nil)` for `--proxy ""` (no proxy at all).
    public var explicit: ProxyEndpoint??
    public var httpProxy: ProxyEndpoint?
    public var httpsProxy: ProxyEndpoint?
    public var allProxy: ProxyEndpoint?
    public var bypass: NoProxyList

    /// No proxy for anything: the library's default (a program embedding HaulKit decides itself).
    public static let direct = ProxyRules(explicit: .some(nil), bypass: NoProxyList(""))

    public init(
        explicit: ProxyEndpoint?? = nil, httpProxy: ProxyEndpoint? = nil, httpsProxy: ProxyEndpoint? = nil,
        allProxy: ProxyEndpoint? = nil, bypass: NoProxyList = NoProxyList("")
    ) {
        self.explicit = explicit
        self.httpProxy = httpProxy
        self.httpsProxy = httpsProxy
        self.allProxy = allProxy
        self.bypass = bypass
    }

    /// A proxy setting that could not be used, naming where it came from.
    public struct Problem: Error, Hashable, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// The rules from the command line and the environment.
    ///
    /// - Parameters:
    ///   - proxyOption: `--proxy` (an empty string disables proxies).
    ///   - noProxyOption: `--noproxy` (replaces `no_proxy`).
    /// The environment variables `init` reads: a caller may pass only these.
    public static let environmentNames = ["http_proxy", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY", "no_proxy", "NO_PROXY"]

    public init(proxyOption: String?, noProxyOption: String?, environment: [String: String]) throws {
        func variable(_ names: String...) throws -> ProxyEndpoint? {
            for name in names {
                guard let value = environment[name], !value.trimmingWhitespace().isEmpty else { continue }
                do { return try ProxyEndpoint(parsing: value) } catch {
                    throw Problem(description: "\(name): \(error)")
                }
            }
            return nil
        }
        if let proxyOption {
            if proxyOption.trimmingWhitespace().isEmpty {
                explicit = .some(nil)
            } else {
                do { explicit = .some(try ProxyEndpoint(parsing: proxyOption)) } catch {
                    throw Problem(description: "--proxy: \(error)")
                }
            }
        } else {
            explicit = nil
        }
        httpProxy = try variable("http_proxy")
        httpsProxy = try variable("https_proxy", "HTTPS_PROXY")
        allProxy = try variable("all_proxy", "ALL_PROXY")
        let list = noProxyOption ?? environment["no_proxy"].flatMap { $0.isEmpty ? nil : $0 } ?? environment["NO_PROXY"] ?? ""
        bypass = NoProxyList(list)
    }

    /// The proxy for a request to `url`, or `nil` to connect directly.
    public func proxy(for url: URL) -> ProxyEndpoint? {
        let chosen: ProxyEndpoint?
        if let explicit {
            chosen = explicit
        } else {
            switch url.scheme?.lowercased() {
            case "http": chosen = httpProxy ?? allProxy
            case "https": chosen = httpsProxy ?? allProxy
            default: chosen = allProxy
            }
        }
        guard let chosen, let host = url.host, !bypass.matches(host: host) else { return nil }
        return chosen
    }
}
