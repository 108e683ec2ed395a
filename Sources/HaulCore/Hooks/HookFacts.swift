/// What a hook is told about a download: the same facts as arguments and environment for a command, and as JSON
/// for a web hook.
public struct HookFacts: Sendable, Equatable, Encodable {
    public var event: DownloadHookEvent
    /// The download's id in the database.
    public var id: Int64
    /// The file: its final path once complete, else where it is going (the partial file is that path plus `.part`).
    public var path: String
    /// The URL asked for, without user name or password.
    public var url: String
    /// The URL the bytes came from after redirects, when known; without user name or password.
    public var finalURL: String?
    /// The complete length in bytes, when known.
    public var size: Int64?
    /// `ALGORITHM=HEX` when the download was verified against a checksum (a `complete` event).
    public var checksum: String?
    /// Why it failed (an `error` event, or `stop` after a failure).
    public var error: String?
    /// The exit code `haul` gives for that failure.
    public var exitCode: Int32?

    public init(
        event: DownloadHookEvent, id: Int64, path: String, url: String, finalURL: String? = nil, size: Int64? = nil,
        checksum: String? = nil, error: String? = nil, exitCode: Int32? = nil
    ) {
        self.event = event
        self.id = id
        self.path = path
        self.url = HookFacts.withoutCredentials(url)
        self.finalURL = finalURL.map(HookFacts.withoutCredentials)
        self.size = size
        self.checksum = checksum
        self.error = error
        self.exitCode = exitCode
    }

    /// aria2's GID for the download: its id as 16 lowercase hex digits, as `haul daemon` shows it.
    public var gid: String {
        let hex = String(UInt64(bitPattern: id), radix: 16)
        return String(repeating: "0", count: max(0, 16 - hex.count)) + hex
    }

    /// aria2's hook arguments: GID, number of files (always 1: Haul downloads one file per download), path.
    public var arguments: [String] { [gid, "1", path] }

    /// The rest, as environment variables (unset ones are left out, so a script can test `${HAUL_ERROR+x}`).
    public var environment: [String: String] {
        var variables = [
            "HAUL_EVENT": event.rawValue, "HAUL_GID": gid, "HAUL_ID": String(id), "HAUL_PATH": path, "HAUL_URL": url,
        ]
        variables["HAUL_FINAL_URL"] = finalURL
        variables["HAUL_SIZE"] = size.map(String.init)
        variables["HAUL_CHECKSUM"] = checksum
        variables["HAUL_ERROR"] = error
        variables["HAUL_EXIT_CODE"] = exitCode.map(String.init)
        return variables
    }

    enum CodingKeys: String, CodingKey {
        case event, id, path, url, size, checksum, error
        case finalURL = "finalUrl"
        case exitCode
        case gid
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(event, forKey: .event)
        try container.encode(gid, forKey: .gid)
        try container.encode(id, forKey: .id)
        try container.encode(path, forKey: .path)
        try container.encode(url, forKey: .url)
        try container.encodeIfPresent(finalURL, forKey: .finalURL)
        try container.encodeIfPresent(size, forKey: .size)
        try container.encodeIfPresent(checksum, forKey: .checksum)
        try container.encodeIfPresent(error, forKey: .error)
        try container.encodeIfPresent(exitCode, forKey: .exitCode)
    }

    /// `https://user:secret@host/x` -> `https://host/x`: a hook's arguments show in `ps` and its JSON goes to
    /// another service, so credentials in a URL stay out of both.
    static func withoutCredentials(_ url: String) -> String {
        guard let schemeEnd = url.range(of: "://") else { return url }
        let rest = url[schemeEnd.upperBound...]
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        guard let at = rest[..<authorityEnd].lastIndex(of: "@") else { return url }
        return String(url[..<schemeEnd.upperBound]) + rest[rest.index(after: at)...]
    }
}

/// When a web hook is tried again: after a network error or a status other than 2xx, up to
/// ``delays``.count more times. Delays 1 s, 2 s, 4 s (doubling): long enough to ride out an endpoint's restart,
/// short enough that `haul` does not linger long after its downloads end.
public struct WebhookRetry: Sendable, Equatable {
    /// The wait before each retry, in seconds.
    public var delays: [Double]

    public init(delays: [Double] = [1, 2, 4]) {
        self.delays = delays
    }

    /// The wait before attempt `attempt + 1` after `attempt` (1-based) failed, or `nil` to give up.
    /// - Parameter status: the HTTP status, or `nil` for a network error.
    public func delay(after attempt: Int, status: Int?) -> Double? {
        if let status, (200..<300).contains(status) { return nil }
        // 4xx other than 408 and 429 is the receiver refusing this message: sending it again changes nothing.
        if let status, (400..<500).contains(status), status != 408, status != 429 { return nil }
        return attempt <= delays.count ? delays[attempt - 1] : nil
    }
}
