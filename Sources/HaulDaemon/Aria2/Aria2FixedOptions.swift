import HaulCore
import HaulKit

/// The aria2 options that aria2 front-ends show (AriaNg's settings and task pages, outside BitTorrent and FTP)
/// whose value is Haul's own and not a client's to change: the behaviour is fixed, or set when the daemon starts
/// (`haul daemon --connect-timeout`, `--insecure`, ...).
///
/// The rule: every such option is reported with the value Haul really uses (`getGlobalOption`, and `getOption` for
/// those that are per download), so a front-end never shows aria2's default for something Haul does differently;
/// setting one on a settings page (`changeGlobalOption`, `changeOption`) to the value it has is accepted, and to
/// any other value refused with aria2's own error for an option it cannot take, followed by Haul's reason. The
/// options a front-end shows that Haul has no such setting for (`unsupported`) are refused there too. An add
/// (`addUri`, `addMetalink`) is never refused over them: browser extensions send tuning options such as `max-tries`
/// or `remote-time` with every download, and a download must not fail over one; they are ignored and logged, as
/// aria2 ignores options that do not apply to a download. Options a front-end shows that Haul honours are in
/// `Aria2Options.honoured` and `Aria2GlobalOptions`; BitTorrent's and FTP's stay ignored everywhere. Pure.
package struct Aria2FixedOptions: Equatable, Sendable {
    /// The value of each option, as aria2 writes it (strings; sizes in bytes, times in seconds).
    package private(set) var values: [String: String]

    /// The options whose value a download's `getOption` shows (AriaNg's task page).
    package static let perDownload: Set<String> = [
        "continue", "check-integrity", "min-split-size", "lowest-speed-limit", "conditional-get", "file-allocation",
        "parameterized-uri", "remote-time", "connect-timeout", "timeout", "max-tries",
    ]

    /// Why each option cannot take another value, said after aria2's sentence.
    static let reasons: [String: String] = [
        "continue": "Haul always resumes a partial download, under its validators",
        "always-resume": "Haul always resumes a partial download, under its validators",
        "check-integrity": "a download with a checksum or piece hashes is always checked against them",
        "min-split-size": "a download's own is given when it is added (addUri's min-split-size); the default is Haul's",
        "lowest-speed-limit": "set it when the daemon starts (haul daemon --lowest-speed-limit)",
        "connect-timeout": "set it when the daemon starts (haul daemon --connect-timeout)",
        "timeout": "set it when the daemon starts (haul daemon --stall-timeout)",
        "max-tries": "set it when the daemon starts (haul daemon --retries)",
        "check-certificate": "set it when the daemon starts (haul daemon --insecure, or --cacert for a private CA)",
        "conditional-get": "Haul does not send If-Modified-Since for a finished file",
        "remote-time": "Haul gives the file the time it was written",
        "file-allocation": "Haul reserves space with fallocate a bounded step ahead of the bytes",
        "parameterized-uri": "Haul takes each URI as it is",
        "enable-http-keep-alive": "Haul keeps connections alive and reuses them",
        "enable-http-pipelining": "Haul never pipelines requests",
        "http-accept-gzip": "Haul saves the file as the server stores it, never a compressed rendering",
        "http-no-cache": "Haul sends no Cache-Control",
        "use-head": "Haul learns the size from the first ranged GET",
        "dry-run": "Haul downloads what it is given",
        "async-dns": "names are resolved by the system's resolver",
        "disable-ipv6": "Haul uses IPv6 where the system resolves it",
        "no-netrc": "Haul does not read .netrc",
        "allow-overwrite": "it is per download (addUri's allow-overwrite); a download added without it never overwrites",
        "auto-file-renaming": "it is per download (addUri's auto-file-renaming); a download added without it takes a numbered name",
    ]

    /// The values for a daemon whose downloads run with `configuration`.
    package init(_ configuration: HaulConfiguration) {
        values = [
            "continue": "true",
            "always-resume": "true",
            "check-integrity": "true",
            // A download's own is set when it is added (`addUri`'s `min-split-size`); this is the default, shown
            // by `getGlobalOption` and by `getOption` for a download added without one.
            "min-split-size": String(DownloadRequest.defaultMinimumSplitSize),
            "lowest-speed-limit": String(configuration.lowestSpeed?.bytesPerSecond ?? 0),
            "connect-timeout": String(Int(configuration.timeouts.connect.inSeconds.rounded(.up))),
            "timeout": String(Int(configuration.timeouts.stall.inSeconds.rounded(.up))),
            // aria2 counts tries, the first included; Haul counts retries after it.
            "max-tries": String(configuration.retryPolicy.maximumRetries + 1),
            "check-certificate": configuration.insecure ? "false" : "true",
            "conditional-get": "false",
            "remote-time": "false",
            "file-allocation": "falloc",
            "parameterized-uri": "false",
            "enable-http-keep-alive": "true",
            "enable-http-pipelining": "false",
            "http-accept-gzip": "false",
            "http-no-cache": "false",
            "use-head": "false",
            "dry-run": "false",
            "async-dns": "false",
            "disable-ipv6": "false",
            "no-netrc": "true",
            "allow-overwrite": "false",
            "auto-file-renaming": "true",
        ]
    }

    /// aria2 options that AriaNg's settings and task pages offer (outside BitTorrent and FTP) and Haul has no such
    /// setting for, or takes only when the daemon starts or per download: refused on `changeGlobalOption` and
    /// `changeOption` with aria2's error and the reason, so a settings page never shows a change that does nothing.
    package static let unsupported: [String: String] = {
        var reasons: [String: String] = [:]
        let none = "Haul has no such setting"
        for name in [
            "max-file-not-found", "reuse-uri", "server-stat-timeout", "uri-selector", "http-auth-challenge",
            "proxy-method", "allow-piece-length-change", "console-log-level", "content-disposition-default-utf8",
            "daemon", "deferred-input", "disk-cache", "download-result", "dscp", "rlimit-nofile", "enable-color",
            "enable-mmap", "event-poll", "save-not-found", "hash-check-only", "human-readable",
            "keep-unfinished-download-result", "max-download-result", "max-mmap-limit", "max-resume-failure-tries",
            "min-tls-version", "optimize-concurrent-downloads", "piece-length", "show-console-readout",
            "summary-interval", "no-conf", "no-file-allocation-limit", "quiet", "realtime-chunk-checksum",
            "socket-recv-buffer-size", "stop", "truncate-console-readout", "enable-rpc", "rpc-max-request-size",
            "rpc-save-upload-metadata", "rpc-secure", "follow-metalink", "metalink-base-uri", "metalink-language",
            "metalink-location", "metalink-os", "metalink-version", "metalink-preferred-protocol",
            "metalink-enable-unique-protocol", "pause-metadata",
        ] { reasons[name] = none }
        let credentials = "credentials go in the URL (http://user:password@host/) or a download's header option"
        for name in ["http-user", "http-passwd"] { reasons[name] = credentials }
        let proxy = "the daemon's proxy is set when it starts (haul daemon --proxy, or the proxy environment variables), a download's own with all-proxy, credentials in its URL"
        for name in [
            "http-proxy", "http-proxy-user", "http-proxy-passwd", "https-proxy", "https-proxy-user", "https-proxy-passwd",
            "all-proxy-user", "all-proxy-passwd", "no-proxy",
        ] { reasons[name] = proxy }
        reasons["retry-wait"] = "Haul waits with a growing backoff set when the daemon starts (haul daemon --retry-wait)"
        return reasons
    }()

    /// aria2's error for an option that cannot take the value given, with Haul's reason.
    static func refusal(_ name: String) -> Aria2OptionError {
        Aria2OptionError(
            "We encountered a problem while processing the option '--\(name)'. \(unsupported[name] ?? reasons[name] ?? name)"
        )
    }

    /// Whether `name` is one of these options.
    package static func contains(_ name: String) -> Bool { reasons[name] != nil }

    /// Accepts `given` (options by name, as a client sent them) when each has the value Haul uses; `null` is no
    /// change, as everywhere in aria2's option structs.
    ///
    /// - Throws: aria2's error for the first option given another value, with Haul's reason.
    package func check(_ given: [String: JSONValue]) throws(Aria2OptionError) {
        for (name, value) in given.sorted(by: { $0.key < $1.key }) where value != .null {
            guard let held = values[name] else { continue }
            if Self.same(value, held, numeric: !held.isEmpty && held.allSatisfy(\.isNumber)) { continue }
            throw Aria2OptionError(
                "We encountered a problem while processing the option '--\(name)'. \(Self.reasons[name] ?? name): it is \(held) in Haul and cannot be changed"
            )
        }
    }

    /// `changeOption`'s rule for every option but `max-download-limit` (the one a download changes while it exists):
    /// an unsupported option is refused; one that `getOption` shows (`current`) is accepted when it says the same
    /// (front-ends such as download_with_aria2's popup send back what they read) and refused otherwise, since a
    /// download's other settings are fixed once it exists; BitTorrent's and other options Haul ignores stay ignored.
    package static func checkChange(_ given: [String: JSONValue], current: [String: JSONValue]) throws(Aria2OptionError) {
        for (name, value) in given.sorted(by: { $0.key < $1.key }) where value != .null {
            if unsupported[name] != nil { throw refusal(name) }
            guard let held = current[name] else { continue }
            if held == value { continue }
            if case .string(let text) = held, same(value, text, numeric: !text.isEmpty && text.allSatisfy(\.isNumber)) { continue }
            throw Aria2OptionError(
                "We encountered a problem while processing the option '--\(name)'. \(reasons[name] ?? "it cannot be changed once a download exists in Haul (remove it and add it again)")"
            )
        }
    }

    /// Whether a client's `value` says `held`: numbers by their value (sizes as `Aria2Options.rate` reads them,
    /// `1M` too), others by their text (`true`, `false`, `falloc`, case aside).
    static func same(_ value: JSONValue, _ held: String, numeric: Bool) -> Bool {
        if numeric, let number = try? Aria2Options.rate("option", value) { return String(number) == held }
        guard let text = value.stringValue ?? value.boolText else { return false }
        return text.lowercased() == held.lowercased()
    }

    /// The values a download's `getOption` shows.
    package var perDownload: [String: String] { values.filter { Self.perDownload.contains($0.key) } }
}

extension JSONValue {
    /// A JSON boolean as aria2's text (`true`, `false`); `nil` for other values.
    fileprivate var boolText: String? {
        if case .bool(let flag) = self { return flag ? "true" : "false" }
        return nil
    }
}
