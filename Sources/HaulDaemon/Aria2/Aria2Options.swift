import Foundation
import HaulCore
import HaulKit

/// A refused option: the message says which option and why; answered as a JSON-RPC error.
package struct Aria2OptionError: Error, Equatable, Sendable, CustomStringConvertible {
    package let message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}

/// The options of `aria2.addUri` that Haul honours, read from aria2's option struct.
///
/// aria2 sends every value as a string (`"split": "8"`), and `header` as a string or an array of strings. Options
/// Haul has no use for are ignored, as aria2 ignores options that do not apply to a download, and so are values
/// that are `null` or not a string (the extensions send both: `"out": null`, `"dir": ""` meaning "the default");
/// their names are listed in `ignored` so that the daemon can log them once. Options that name a log, state, hook or
/// certificate path are refused (`Aria2Options.refused`): an RPC client must not be able to make the daemon write
/// or run files of its choosing.
package struct Aria2AddOptions: Equatable, Sendable {
    /// `dir`, as given (checked by `DirectoryPolicy`); `nil` when absent, empty or null (the default directory).
    package var directory: String?
    /// `out`: a bare file name; `nil` when absent, empty or null (the name from the URL or the server).
    package var out: String?
    /// The stricter of `split` and `max-connection-per-server` (`ConnectionCount.stricter`), each a count or `auto`.
    package var connectionCount: ConnectionCount?
    /// `connectionCount`'s most (a fixed count, or an automatic count's ceiling); setting it fixes the count.
    package var connections: Int? {
        get { connectionCount?.most }
        set { connectionCount = newValue.map(ConnectionCount.fixed) }
    }
    /// `checksum` in Haul's form (`sha256=HEX`).
    package var checksum: String?
    /// `checksum-file`: the http(s) URL of a checksum list (never a path over RPC: a client must not make the
    /// daemon read files).
    package var checksumFile: URL?
    /// `header`, each `Name: value`, then `referer` and `user-agent` as headers of their own.
    package var headers: [String] = []
    /// `referer` (`*`: the download's own URL, as in aria2c).
    package var referer: String?
    /// `all-proxy`, as given: the download's own proxy (`DownloadRequest.proxy`).
    package var proxy: String?
    /// `max-download-limit` in bytes per second; `nil` when not given, `0` for no limit.
    package var rateLimit: Int64?
    /// `pause`: add it paused.
    package var paused = false
    /// `auto-file-renaming` (`nil`: not given; the daemon renames, as aria2 does by default).
    package var autoFileRenaming: Bool?
    /// `allow-overwrite` (`nil`: not given): replace an existing file in the download directory.
    package var allowOverwrite: Bool?
    /// `min-split-size` in bytes (aria2's 1M to 1024M): no connection's part smaller (`DownloadRequest.minimumSplitSize`);
    /// `nil`: Haul's default.
    package var minimumSplitSize: Int64?
    /// `stream-piece-selector=inorder`: the file's beginning first (`DownloadRequest.inOrder`), as aria2 does for
    /// streaming; `default`, `geom` and `random` leave Haul's usual plan.
    package var inOrder = false
    /// Haul's `haul-hls-variant`: which variant of an HLS master playlist (`HLSVariantChoice`; `nil`: the best).
    package var hlsVariant: HLSVariantChoice?
    /// Haul's `haul-hls-audio`: the language of the variant's separate audio (`nil`: its default).
    package var hlsAudioLanguage: String?

    /// The conflict policy these options ask for: aria2's defaults, a taken name gets a numbered one.
    package var conflictPolicy: ConflictPolicy {
        ConflictPolicy.aria2(autoFileRenaming: autoFileRenaming, allowOverwrite: allowOverwrite, fallback: .rename)
    }
    /// Options ignored: unknown to Haul, or with a `null` or non-string value (names only: a value may be a secret).
    package var ignored: [String] = []

    package init() {}
}

/// aria2 option names, values and the rules for setting them over RPC.
package enum Aria2Options {
    /// Options never settable over RPC: they name files the daemon would write, read or run (logs, sessions,
    /// cookies, hooks, certificates), or the RPC server itself.
    package static let refused: Set<String> = [
        "log", "log-level", "save-session", "save-session-interval", "input-file", "conf-path", "save-cookies",
        "load-cookies", "dht-file-path", "dht-file-path6", "netrc-path", "ca-certificate", "certificate",
        "private-key", "server-stat-of", "server-stat-if", "on-download-start", "on-download-pause",
        "on-download-stop", "on-download-complete", "on-download-error", "on-bt-download-complete",
        "rpc-secret", "rpc-listen-port", "rpc-listen-all", "rpc-allow-origin-all", "rpc-certificate",
        "rpc-private-key", "rpc-user", "rpc-passwd", "stop-with-process",
        "remove-control-file", "force-save", "auto-save-interval",
    ]

    /// The options `addUri` honours (others are ignored, and reported in `Aria2AddOptions.ignored`).
    package static let honoured: Set<String> = [
        "dir", "out", "split", "max-connection-per-server", "checksum", "checksum-file", "header", "referer",
        "user-agent", "all-proxy", "max-download-limit", "pause", "auto-file-renaming", "allow-overwrite",
        "stream-piece-selector", "min-split-size", "haul-hls-variant", "haul-hls-audio",
    ]

    /// Reads `addUri`'s option struct.
    package static func parseAdd(_ options: [String: JSONValue]) throws(Aria2OptionError) -> Aria2AddOptions {
        var result = Aria2AddOptions()
        var split: ConnectionCount?
        var perServer: ConnectionCount?
        var userAgent: String?
        for (name, value) in options.sorted(by: { $0.key < $1.key }) {
            try checkSettable(name)
            guard honoured.contains(name) else {
                result.ignored.append(name)  // not Haul's concern (BitTorrent, FTP...), as aria2 ignores what does not apply
                continue
            }
            // A null, or a value of the wrong type (numbers and booleans are read as aria2's strings).
            guard isUsable(value, list: name == "header") else {
                result.ignored.append(name)
                continue
            }
            switch name {
            case "dir":
                let dir = try text(name, value)
                result.directory = dir.isEmpty ? nil : dir
            case "out":
                let out = try text(name, value)
                result.out = out.isEmpty ? nil : try bareName(out)
            case "split":
                split = try connectionCount(name, value)
            case "max-connection-per-server":
                perServer = try connectionCount(name, value)
            case "checksum":
                let checksum = try text(name, value)
                if !checksum.isEmpty { result.checksum = try self.checksum(checksum) }
            case "checksum-file":
                let source = try text(name, value)
                if !source.isEmpty { result.checksumFile = try checksumListURL(source) }
            case "header":
                result.headers += try headers(value)
            case "referer":
                let referer = try text(name, value)
                if !referer.isEmpty { result.referer = try oneLine(name, referer) }
            case "user-agent":
                let agent = try text(name, value)
                if !agent.isEmpty { userAgent = try oneLine(name, agent) }
            case "all-proxy":
                let proxy = try text(name, value)
                if !proxy.isEmpty { result.proxy = proxy }
            case "max-download-limit":
                result.rateLimit = try rate(name, value)
            case "min-split-size":
                result.minimumSplitSize = try rate(name, value)
                guard (1 << 20...1 << 30).contains(result.minimumSplitSize!) else {
                    throw Aria2OptionError("We encountered a problem while processing the option '--min-split-size'. min-split-size must be between 1M and 1024M")
                }
            case "haul-hls-variant":
                let choice = try text(name, value)
                guard !choice.isEmpty else { break }
                guard let variant = HLSVariantChoice(choice) else { throw Aria2OptionError(HLSVariantChoice.refusal(of: choice, option: name)) }
                result.hlsVariant = variant
            case "haul-hls-audio":
                let language = try text(name, value)
                if !language.isEmpty { result.hlsAudioLanguage = try oneLine(name, language) }
            case "pause":
                result.paused = try flag(name, value)
            case "auto-file-renaming":
                result.autoFileRenaming = try flag(name, value)
            case "stream-piece-selector":
                switch try text(name, value) {
                case "inorder": result.inOrder = true
                case "default", "geom", "random": result.inOrder = false
                case let other:
                    throw Aria2OptionError("stream-piece-selector must be default, inorder, random or geom: '\(other)'")
                }
            case "allow-overwrite":
                // Only within the allowed directories (`dir` is checked), only regular files, and never another
                // unfinished download's file (`DestinationPlanner`).
                result.allowOverwrite = try flag(name, value)
            default:
                break
            }
        }
        switch (split, perServer) {
        case let (a?, b?): result.connectionCount = .stricter(a, b)
        case let (a?, nil), let (nil, a?): result.connectionCount = a
        case (nil, nil): break
        }
        if let userAgent {
            result.headers.removeAll { headerName($0) == "user-agent" }
            result.headers.append("User-Agent: \(userAgent)")
        }
        if result.checksum != nil && result.checksumFile != nil {
            throw Aria2OptionError("give checksum or checksum-file, not both")
        }
        return result
    }

    /// Whether an option's value can be read: a string, number or boolean (a list too, for `header`).
    static func isUsable(_ value: JSONValue, list: Bool) -> Bool {
        switch value.plain {
        case .string, .int, .bool: return true
        case .array: return list
        case .null, .double, .object, .encoded: return false
        }
    }

    /// `checksum-file` over RPC: a URL Haul downloads (`DownloadURLRule`) only. A path would let a client make the
    /// daemon read its files.
    /// - Throws: for a text with `://`, `DownloadURLRule`'s sentence after `checksum-file`, as `haul get
    ///   --checksum-file` words it; for any other, that a path is not taken.
    package static func checksumListURL(_ source: String) throws(Aria2OptionError) -> URL {
        if let url = DownloadURLRule.url(source) { return url }
        let path = "(not a path): the daemon does not read files for RPC clients"
        if source.contains("://"), let refusal = DownloadURLRule.refusal(of: source) {
            throw Aria2OptionError("checksum-file \(refusal); over RPC it takes an http or https URL \(path)")
        }
        throw Aria2OptionError("checksum-file over RPC takes an http or https URL \(path)")
    }

    /// A header value: one line, no control characters but tab (`HeaderField.isFieldValue`).
    static func oneLine(_ name: String, _ value: String) throws(Aria2OptionError) -> String {
        guard HeaderField.isFieldValue(value) else {
            throw Aria2OptionError("\(name) must be one line without control characters (CR, LF, NUL...)")
        }
        return value
    }

    /// Whether a header string is empty or has an empty value.
    static func isBlank(_ header: String) -> Bool {
        guard let colon = header.firstIndex(of: ":") else { return header.trimmingCharacters(in: .whitespaces).isEmpty }
        return header[header.index(after: colon)...].trimmingCharacters(in: .whitespaces).isEmpty
    }

    /// The lowercased name of a `Name: value` header.
    static func headerName(_ header: String) -> String {
        String(header.prefix { $0 != ":" }).trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// Headers whose values are secrets: never shown in an answer, an error or a log.
    package static let secretHeaders: Set<String> = ["cookie", "authorization", "proxy-authorization"]

    /// Whether a header is a secret header as `shown` writes it (its value replaced).
    static func isHiddenSecret(_ header: String) -> Bool {
        secretHeaders.contains(headerName(header)) && header.hasSuffix(": (hidden)")
    }

    /// A header as `getOption` and `tellStatus` may show it: a secret's value is replaced.
    package static func shown(_ header: String) -> String {
        let name = headerName(header)
        guard secretHeaders.contains(name) else { return header }
        return String(header.prefix { $0 != ":" }) + ": (hidden)"
    }

    /// Refuses an option that names a path or the server (`refused`).
    package static func checkSettable(_ name: String) throws(Aria2OptionError) {
        if refused.contains(name) {
            throw Aria2OptionError("option '\(name)' cannot be set over RPC (it names a file or hook, or would overwrite files)")
        }
    }

    /// The longest `out`, in UTF-8 bytes (`DownloadPlan.maxNameBytes`).
    package static let maxNameBytes = DownloadPlan.maxNameBytes

    /// `out` must be a plain file name (`DownloadPlan.refusal(ofName:bare:)`): no directory part (`dir` says where,
    /// and is checked), not `.` or `..`, at most `maxNameBytes` long (a longer one failed only when the part file was
    /// created).
    package static func bareName(_ name: String) throws(Aria2OptionError) -> String {
        switch DownloadPlan.refusal(ofName: name, bare: true) {
        case nil, .standardOutput?: return name
        case .notBare?: throw Aria2OptionError("out must be a bare file name (no '/', not '.' or '..'): '\(name)'")
        case .tooLong(let bytes)?:
            throw Aria2OptionError("out is \(bytes) bytes long: a file name here is at most \(maxNameBytes) bytes")
        }
    }

    /// aria2's `TYPE=DIGEST` (`sha-256=...`, `md5=...`) as Haul's `sha256=HEX`.
    package static func checksum(_ value: String) throws(Aria2OptionError) -> String {
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
    package static func rate(_ name: String, _ value: JSONValue) throws(Aria2OptionError) -> Int64 {
        let raw = try text(name, value)
        guard let bytes = ByteCount.parse(raw) else {
            throw Aria2OptionError("\(name) must be a rate like 0 (none), 500K or 2M: '\(raw)'")
        }
        return bytes
    }

    /// A whole number in `range`.
    package static func count(_ name: String, _ value: JSONValue, in range: ClosedRange<Int>) throws(Aria2OptionError) -> Int {
        let raw = try text(name, value)
        guard let number = Int(raw), range.contains(number) else {
            throw Aria2OptionError("\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound): '\(raw)'")
        }
        return number
    }

    /// A connection count (`split`, `max-connection-per-server`): `auto` or a whole number in
    /// `ConnectionCount.range`, refused in the words every front-end uses (`ConnectionCount.refusal`).
    package static func connectionCount(_ name: String, _ value: JSONValue) throws(Aria2OptionError) -> ConnectionCount {
        switch ConnectionCount.checked(try text(name, value), named: name) {
        case .success(let count): return count
        case .failure(let problem): throw Aria2OptionError(problem.description)
        }
    }

    /// `true` or `false`.
    package static func flag(_ name: String, _ value: JSONValue) throws(Aria2OptionError) -> Bool {
        switch try text(name, value) {
        case "true": return true
        case "false": return false
        case let other: throw Aria2OptionError("\(name) must be true or false: '\(other)'")
        }
    }

    /// `header`: one `Name: value` string, or an array of them; the name a token, the value without control
    /// characters but tab (`HeaderField.init(line:)`; spaces before the colon are allowed and dropped). Refused
    /// here, at the call, rather than when the download starts. The message names no value (it may be a secret).
    package static func headers(_ value: JSONValue) throws(Aria2OptionError) -> [String] {
        let list: [JSONValue] = value.arrayValue ?? [value]
        var result: [String] = []
        for item in list {
            // Empty entries, and headers with no value (aria2-integration sends `Cookie: ` for a site without
            // cookies, `Referer: ` for no page), are nothing to send.
            if item == .null || item.stringValue.map(isBlank) == true { continue }
            // `getOption` shows a secret header as `Cookie: (hidden)`; a client that adds the download again with
            // those options (webui-aria2's "restart") must not send that text as a cookie.
            if let text = item.stringValue, shown(text) == text, isHiddenSecret(text) { continue }
            guard let header = item.stringValue, let colon = header.firstIndex(of: ":"),
                HeaderField(line: header[..<colon].trimmingCharacters(in: .whitespaces) + header[colon...]) != nil
            else {
                throw Aria2OptionError("header must be 'Name: value' (a token name, one line without control characters such as CR, LF or NUL), or an array of them")
            }
            result.append(header)
        }
        return result
    }

    /// The value as aria2 sends it: a string (numbers and booleans accepted too, for lenient clients).
    package static func text(_ name: String, _ value: JSONValue) throws(Aria2OptionError) -> String {
        switch value {
        case .string(let text): return text
        case .int(let number): return String(number)
        case .bool(let flag): return flag ? "true" : "false"
        default: throw Aria2OptionError("option '\(name)' must be a string")
        }
    }
}
