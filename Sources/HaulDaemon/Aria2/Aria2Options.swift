import Foundation
import HaulCore

/// A refused option: the message says which option and why; answered as a JSON-RPC error.
public struct Aria2OptionError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// The options of `aria2.addUri` that Haul honours, read from aria2's option struct.
///
/// aria2 sends every value as a string (`"split": "8"`), and `header` as a string or an array of strings. Options
/// Haul has no use for are ignored, as aria2 ignores options that do not apply to a download; options that name a
/// log, state, hook or certificate path are refused (`Aria2Options.refused`): an RPC client must not be able to make
/// the daemon write or run files of its choosing.
public struct Aria2AddOptions: Equatable, Sendable {
    /// `dir`, as given (checked by `DirectoryPolicy`).
    public var directory: String?
    /// `out`: a bare file name.
    public var out: String?
    /// The smaller of `split` and `max-connection-per-server`.
    public var connections: Int?
    /// `checksum` in Haul's form (`sha256=HEX`).
    public var checksum: String?
    /// `header`, each `Name: value`.
    public var headers: [String] = []
    /// `max-download-limit` in bytes per second; `nil` when not given, `0` for no limit.
    public var rateLimit: Int64?
    /// `pause`: add it paused.
    public var paused = false

    public init() {}
}

/// aria2 option names, values and the rules for setting them over RPC.
public enum Aria2Options {
    /// Options never settable over RPC: they name files the daemon would write, read or run (logs, sessions,
    /// cookies, hooks, certificates), or the RPC server itself.
    public static let refused: Set<String> = [
        "log", "log-level", "save-session", "save-session-interval", "input-file", "conf-path", "save-cookies",
        "load-cookies", "dht-file-path", "dht-file-path6", "netrc-path", "ca-certificate", "certificate",
        "private-key", "server-stat-of", "server-stat-if", "on-download-start", "on-download-pause",
        "on-download-stop", "on-download-complete", "on-download-error", "on-bt-download-complete",
        "rpc-secret", "rpc-listen-port", "rpc-listen-all", "rpc-allow-origin-all", "rpc-certificate",
        "rpc-private-key", "rpc-user", "rpc-passwd", "stop-with-process", "allow-overwrite",
        "remove-control-file", "force-save", "auto-save-interval",
    ]

    /// Reads `addUri`'s option struct.
    public static func parseAdd(_ options: [String: JSONValue]) throws(Aria2OptionError) -> Aria2AddOptions {
        var result = Aria2AddOptions()
        var split: Int?
        var perServer: Int?
        for (name, value) in options.sorted(by: { $0.key < $1.key }) {
            try checkSettable(name)
            switch name {
            case "dir":
                let dir = try text(name, value)
                if dir.isEmpty { throw Aria2OptionError("dir must not be empty") }
                result.directory = dir
            case "out":
                result.out = try bareName(try text(name, value))
            case "split":
                split = try count(name, value, in: 1...SegmentPolicy.connectionLimit)
            case "max-connection-per-server":
                perServer = try count(name, value, in: 1...SegmentPolicy.connectionLimit)
            case "checksum":
                result.checksum = try checksum(try text(name, value))
            case "header":
                result.headers = try headers(value)
            case "max-download-limit":
                result.rateLimit = try rate(name, value)
            case "pause":
                result.paused = try flag(name, value)
            default:
                break  // not Haul's concern (BitTorrent, FTP, proxy...): ignored, as aria2 ignores what does not apply
            }
        }
        switch (split, perServer) {
        case let (a?, b?): result.connections = min(a, b)
        case let (a?, nil), let (nil, a?): result.connections = a
        case (nil, nil): break
        }
        return result
    }

    /// Refuses an option that names a path or the server (`refused`).
    public static func checkSettable(_ name: String) throws(Aria2OptionError) {
        if refused.contains(name) {
            throw Aria2OptionError("option '\(name)' cannot be set over RPC (it names a file or hook, or would overwrite files)")
        }
    }

    /// `out` must be a plain file name: no directory part (`dir` says where, and is checked), not `.` or `..`.
    public static func bareName(_ name: String) throws(Aria2OptionError) -> String {
        if name.isEmpty || name == "." || name == ".." || name.contains("/") || name.contains("\0") {
            throw Aria2OptionError("out must be a bare file name (no '/', not '.' or '..'): '\(name)'")
        }
        return name
    }

    /// aria2's `TYPE=DIGEST` (`sha-256=...`, `md5=...`) as Haul's `sha256=HEX`.
    public static func checksum(_ value: String) throws(Aria2OptionError) -> String {
        guard let equals = value.firstIndex(of: "=") else {
            throw Aria2OptionError("checksum must be TYPE=DIGEST, like sha-256=9f86d0...")
        }
        let type = value[..<equals].lowercased().replacingOccurrences(of: "-", with: "")
        let digest = value[value.index(after: equals)...].lowercased()
        let lengths = ["md5": 32, "sha1": 40, "sha256": 64, "sha512": 128]
        guard let length = lengths[type] else {
            throw Aria2OptionError("checksum type '\(value[..<equals])' is not supported (md5, sha-1, sha-256, sha-512)")
        }
        guard digest.count == length, digest.allSatisfy(\.isHexDigit) else {
            throw Aria2OptionError("checksum digest for \(type) must be \(length) hex digits")
        }
        return "\(type)=\(digest)"
    }

    /// A rate such as `0` (no limit), `500K`, `2M`, in bytes per second.
    public static func rate(_ name: String, _ value: JSONValue) throws(Aria2OptionError) -> Int64 {
        let raw = try text(name, value)
        guard let bytes = ByteCount.parse(raw) else {
            throw Aria2OptionError("\(name) must be a rate like 0 (none), 500K or 2M: '\(raw)'")
        }
        return bytes
    }

    /// A whole number in `range`.
    public static func count(_ name: String, _ value: JSONValue, in range: ClosedRange<Int>) throws(Aria2OptionError) -> Int {
        let raw = try text(name, value)
        guard let number = Int(raw), range.contains(number) else {
            throw Aria2OptionError("\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound): '\(raw)'")
        }
        return number
    }

    /// `true` or `false`.
    public static func flag(_ name: String, _ value: JSONValue) throws(Aria2OptionError) -> Bool {
        switch try text(name, value) {
        case "true": return true
        case "false": return false
        case let other: throw Aria2OptionError("\(name) must be true or false: '\(other)'")
        }
    }

    /// `header`: one `Name: value` string, or an array of them.
    public static func headers(_ value: JSONValue) throws(Aria2OptionError) -> [String] {
        let list: [JSONValue] = value.arrayValue ?? [value]
        var result: [String] = []
        for item in list {
            guard let header = item.stringValue, let colon = header.firstIndex(of: ":"), colon != header.startIndex,
                !header.contains("\r"), !header.contains("\n")
            else {
                throw Aria2OptionError("header must be 'Name: value' (one line), or an array of them")
            }
            result.append(header)
        }
        return result
    }

    /// The value as aria2 sends it: a string (numbers and booleans accepted too, for lenient clients).
    public static func text(_ name: String, _ value: JSONValue) throws(Aria2OptionError) -> String {
        switch value {
        case .string(let text): return text
        case .int(let number): return String(number)
        case .bool(let flag): return flag ? "true" : "false"
        default: throw Aria2OptionError("option '\(name)' must be a string")
        }
    }
}
