/// The hosts reached without a proxy: `--noproxy LIST` or `no_proxy`, matched the way curl matches them.
///
/// The list is separated by commas (spaces are allowed too). Each entry is
/// - `*`: every host;
/// - a domain name, with or without a leading dot: that name and every name under it (`example.com` and
///   `.example.com` both match `example.com` and `a.example.com`, never `badexample.com`);
/// - an IP address: that address only (names are not resolved to compare: a proxy decision never waits on DNS);
/// - an IPv4 network in CIDR form (`10.0.0.0/8`): every address in it.
/// A `:port` after an entry is ignored, as curl does: the entry is about the host. Comparisons ignore case.
public struct NoProxyList: Hashable, Sendable {
    /// The entries, lower-cased, without leading dots or ports.
    public let entries: [String]

    public init(_ list: String) {
        entries = list.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" }).compactMap { raw in
            var entry = raw.lowercased()
            while entry.hasPrefix(".") { entry.removeFirst() }
            if entry.hasPrefix("["), let close = entry.firstIndex(of: "]") {
                entry = String(entry[entry.index(after: entry.startIndex)..<close])
            } else if entry.filter({ $0 == ":" }).count == 1, let colon = entry.firstIndex(of: ":") {
                entry = String(entry[..<colon])
            }
            return entry.isEmpty ? nil : entry
        }
    }

    /// Whether `host` (a name or an address, as it appears in the URL) bypasses the proxy.
    public func matches(host rawHost: String) -> Bool {
        var host = rawHost.lowercased()
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        while host.hasSuffix(".") { host.removeLast() }
        for entry in entries {
            if entry == "*" || entry == host { return true }
            if let network = IPv4Network(entry), let address = IPv4Network.address(host) {
                if network.contains(address) { return true }
                continue
            }
            if host.hasSuffix("." + entry) { return true }
        }
        return false
    }
}

/// An IPv4 network `a.b.c.d/n`.
struct IPv4Network: Hashable {
    let base: UInt32
    let mask: UInt32

    init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let bits = Int(parts[1]), (0...32).contains(bits),
            let address = Self.address(String(parts[0]))
        else { return nil }
        mask = bits == 0 ? 0 : UInt32.max << UInt32(32 - bits)
        base = address & mask
    }

    func contains(_ address: UInt32) -> Bool { address & mask == base }

    /// A dotted-quad address as a number, or `nil` for anything else.
    static func address(_ text: String) -> UInt32? {
        let octets = text.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4 else { return nil }
        var value: UInt32 = 0
        for octet in octets {
            guard octet.count <= 3, let number = UInt8(octet) else { return nil }
            value = value << 8 | UInt32(number)
        }
        return value
    }
}
