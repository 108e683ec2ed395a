import Foundation

/// The name a host's learned connection budget is kept under (`LearnedHostBudget.host`): its lower-cased name and
/// port, `mirror.example.org:443`, `127.0.0.1:8080`, `[::1]:8080` (an IPv6 address in brackets, as in a URL).
///
/// One host is one name and port, as connection pools count them (aria2's `--max-connection-per-server`, curl's
/// `CURLMOPT_MAX_HOST_CONNECTIONS`): the same name on another port may be another server with other limits.
public struct HostKey: Hashable, Sendable, CustomStringConvertible {
    /// The lower-cased name, or IP address (an IPv6 one without brackets).
    public var name: String
    /// The TCP port.
    public var port: Int

    /// A host's key: `name` lower-cased (brackets around an IPv6 address dropped) and `port`.
    public init(name: String, port: Int) {
        var name = name.lowercased()
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        self.name = name
        self.port = port
    }

    /// The key of the host `url` is fetched from: its port, else the scheme's (80 for http, 443 for https); nil
    /// without a host, or for another scheme without a port.
    public init?(url: URL) {
        guard let host = url.host, !host.isEmpty else { return nil }
        let scheme = url.scheme?.lowercased()
        guard let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : nil) else { return nil }
        self.init(name: host, port: port)
    }

    /// `name:port`, with an IPv6 address in brackets.
    public var description: String {
        name.contains(":") ? "[\(name)]:\(port)" : "\(name):\(port)"
    }

    /// The ports a name typed without one stands for: http's and https's defaults.
    public static let defaultPorts = [80, 443]

    /// The keys a person means by `typed`: `name:port` (or `[v6]:port`) is that one; a bare name (or `[v6]`, or
    /// an IPv6 address without brackets, whose last group cannot be told from a port) stands for its default ports,
    /// `name:80` and `name:443`, as a URL without a port would reach it. Empty for an empty or malformed name.
    public static func keys(named typed: String) -> [HostKey] {
        let text = typed.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return [] }
            let name = String(text[text.index(after: text.startIndex)..<close])
            let rest = text[text.index(after: close)...]
            if rest.isEmpty { return name.isEmpty ? [] : defaultPorts.map { HostKey(name: name, port: $0) } }
            guard rest.hasPrefix(":"), let port = Int(rest.dropFirst()), (1...65535).contains(port), !name.isEmpty else { return [] }
            return [HostKey(name: name, port: port)]
        }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        if parts.count == 2 {
            guard !parts[0].isEmpty, let port = Int(parts[1]), (1...65535).contains(port) else { return [] }
            return [HostKey(name: String(parts[0]), port: port)]
        }
        guard !text.isEmpty, !text.contains("/"), !text.contains(" ") else { return [] }
        return defaultPorts.map { HostKey(name: text, port: $0) }
    }
}
