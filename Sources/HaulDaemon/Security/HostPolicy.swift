/// Which `Host` headers the daemon answers: the defence against DNS rebinding.
///
/// A web page on `evil.example` can point its own name at 127.0.0.1 after loading; the browser then sends the
/// page's requests to the daemon with `Host: evil.example:6800` and treats the answers as same-origin. Answering
/// only Hosts that name the daemon itself stops that. Refused requests get 421 (Misdirected Request, RFC 9110
/// §15.5.20: "the request was directed at a server that is unable or unwilling to produce an authoritative response
/// for the target URI").
package struct HostPolicy: Sendable, Equatable {
    /// Host names (lowercase, without port) that are accepted.
    package var names: Set<String>
    /// Whether any IP literal is accepted: when listening on every interface (0.0.0.0 or ::), the address a client
    /// used is not known in advance. An IP literal cannot be rebound (rebinding needs a DNS name), so it is safe.
    package var anyAddressLiteral: Bool

    /// The listening address, `localhost` and the loopback literals, and the names given with `--rpc-allow-host`.
    package init(listenAddress: String, allowedHosts: [String] = []) {
        var names: Set<String> = ["localhost", "127.0.0.1", "[::1]"]
        let address = listenAddress.lowercased()
        names.insert(address.contains(":") && !address.hasPrefix("[") ? "[\(address)]" : address)
        for host in allowedHosts { names.insert(host.lowercased()) }
        self.names = names
        anyAddressLiteral = ["0.0.0.0", "::", "[::]"].contains(address)
    }

    /// Whether a request with this `Host` header (`nil`: none) is answered.
    package func allows(_ hostHeader: String?) -> Bool {
        guard let host = hostHeader.flatMap(Self.hostName) else { return false }
        if names.contains(host) { return true }
        return anyAddressLiteral && Self.isAddressLiteral(host)
    }

    /// The name part of `host[:port]` (IPv6 kept in brackets), lowercase; `nil` when malformed.
    package static func hostName(_ header: String) -> String? {
        let value = header.trimmedOfSpaces().lowercased()
        if value.hasPrefix("[") {
            guard let close = value.firstIndex(of: "]") else { return nil }
            return String(value[...close])
        }
        let name = value.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        return name.isEmpty ? nil : name
    }

    /// `1.2.3.4` or `[...]`.
    static func isAddressLiteral(_ host: String) -> Bool {
        if host.hasPrefix("[") { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { part in !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isNumber) }
    }
}

private extension String {
    func trimmedOfSpaces() -> String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return String(text)
    }
}
