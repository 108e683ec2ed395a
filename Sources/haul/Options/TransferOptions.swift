import ArgumentParser
import Foundation
import HaulCore
import HaulKit

/// How downloads talk to servers and how hard they try, shared by `haul get` and `haul resume`: a resumed
/// download needs the same knobs (retries, rate, connections, proxy, trust) as the run that started it.
struct TransferOptions: ParsableArguments {
    @Option(name: [.customShort("x", allowingJoined: true), .customLong("connections")], help: "Connections per file (1-32). Several are used only when the server honours ranges, the length is known and the file is at least two --min-split-size long.")
    var connections: Int?

    @Option(name: .customLong("limit-rate"), help: "The most bytes per second for each download, e.g. 500K or 2M (binary units).")
    var limitRate: String?

    @Option(name: .customLong("retries"), help: "Consecutive attempts without progress before giving up. A server that keeps delivering bytes is never given up on.")
    var retries = 5

    @Option(name: .customLong("retry-wait"), help: ArgumentHelp("Wait this many seconds between attempts instead of the growing backoff (1, 2, 4, 8, 16, then 30 s). A server's Retry-After still wins.", valueName: "S"))
    var retryWait: Double?

    @Option(name: .customLong("retry-max-time"), help: ArgumentHelp("Give up once this many seconds have passed since the first failure of a run of failures without progress (with --retries: whichever comes first).", valueName: "S"))
    var retryMaxTime: Double?

    @Option(name: .customLong("stall-timeout"), help: "Seconds without a byte before a connection is dropped and the download resumes.")
    var stallTimeout = 30.0

    @Option(name: [.customLong("lowest-speed-limit"), .customLong("speed-limit")], help: ArgumentHelp("Drop a connection that receives less than this many bytes per second over --lowest-speed-time, and resume on a fresh one; 0 turns it off. Not applied while --limit-rate or --max-overall-rate holds the download back.", valueName: "RATE"))
    var lowestSpeedLimit = "1K"

    @Option(name: [.customLong("lowest-speed-time"), .customLong("speed-time")], help: ArgumentHelp("The seconds over which --lowest-speed-limit is measured.", valueName: "S"))
    var lowestSpeedTime = 30.0

    @Option(name: .customLong("connect-timeout"), help: "Seconds allowed to connect.")
    var connectTimeout = 15.0

    @Option(name: .customLong("proxy"), help: ArgumentHelp("Use this proxy for every URL: [http://][USER:PASSWORD@]HOST[:PORT] (default port 1080; https through CONNECT) or socks5h://HOST[:PORT]. Overrides http_proxy, https_proxy and all_proxy; '' turns proxies off.", valueName: "URL"))
    var proxy: String?

    @Option(name: .customLong("noproxy"), help: ArgumentHelp("Hosts reached without a proxy, comma-separated (domains match their subdomains; IPs, CIDR networks, '*'). Replaces no_proxy.", valueName: "LIST"))
    var noProxy: String?

    @Option(
        name: .customLong("cacert"),
        help: ArgumentHelp(
            "Also trust the certificate authorities in this PEM file (a private or test server's own authority).",
            valueName: "FILE"
        )
    )
    var certificates: String?

    @Flag(name: [.customShort("k"), .customLong("insecure"), .customLong("no-check-certificate")], help: "Do not check HTTPS certificates (curl's -k, wget's --no-check-certificate). Anyone on the path can then read and change the download; a warning says so on every run.")
    var insecure = false

    @Flag(name: .customLong("http1.1"), help: "Keep every request on HTTP/1.1. By default a download's only connection to an https URL uses HTTP/2 when the server offers it (many small files then share one connection); split downloads' segments are HTTP/1.1 either way.")
    var http1Only = false

    @Option(name: .customLong("refresh-url-command"), help: ArgumentHelp("When a source answers 401, 403 or 410 after bytes arrived (a signed link that expired), run CMD (directly, not through a shell; the expired URL in HAUL_URL, the status in HAUL_STATUS) and continue from the URL on the first line of its output. The bytes on disk are kept when the fresh URL serves the same version. No output: the download fails as before.", valueName: "CMD"))
    var refreshURLCommand: String?

    @Option(name: .customLong("refresh-url-timeout"), help: ArgumentHelp("Stop a --refresh-url-command still running after this many seconds.", valueName: "S"))
    var refreshURLTimeout = 60.0

    func validate() throws {
        if let refreshURLCommand, RefreshURLCommand.split(refreshURLCommand).isEmpty {
            throw ValidationError("--refresh-url-command needs a program")
        }
        if !(refreshURLTimeout > 0 && refreshURLTimeout.isFinite) {
            throw ValidationError("--refresh-url-timeout must be more than 0 seconds")
        }
        if let connections, !(1...32).contains(connections) { throw ValidationError("--connections must be between 1 and 32") }
        if let limitRate, (ByteCount.parse(limitRate) ?? 0) < 1 {
            throw ValidationError("--limit-rate must be a rate of at least 1 byte per second, like 500K or 2M")
        }
        if retries < 0 { throw ValidationError("--retries must be 0 or more") }
        if let retryWait, !(retryWait >= 0 && retryWait <= 86_400) {
            throw ValidationError("--retry-wait must be between 0 and 86400 seconds")
        }
        if let retryMaxTime, !(retryMaxTime > 0 && retryMaxTime.isFinite) {
            throw ValidationError("--retry-max-time must be more than 0 seconds")
        }
        if !(stallTimeout > 0) { throw ValidationError("--stall-timeout must be more than 0 seconds") }
        if ByteCount.parse(lowestSpeedLimit) == nil {
            throw ValidationError("--lowest-speed-limit must be a rate like 1K or 500, or 0 to turn it off")
        }
        if !(lowestSpeedTime > 0 && lowestSpeedTime.isFinite) { throw ValidationError("--lowest-speed-time must be more than 0 seconds") }
        if !(connectTimeout > 0) { throw ValidationError("--connect-timeout must be more than 0 seconds") }
        do { _ = try proxyRules() } catch { throw ValidationError("\(error)") }
        guard let certificates else { return }
        guard let text = try? String(contentsOfFile: certificates, encoding: .utf8) else {
            throw ValidationError("--cacert: cannot read \(certificates)")
        }
        guard text.contains("-----BEGIN CERTIFICATE-----") else {
            throw ValidationError("--cacert: \(certificates) holds no PEM certificate (a -----BEGIN CERTIFICATE----- block)")
        }
    }

    /// The proxy decision from `--proxy`, `--noproxy` and the environment.
    func proxyRules() throws -> ProxyRules {
        try ProxyRules(proxyOption: proxy, noProxyOption: noProxy, environment: ProcessEnvironment.proxyVariables)
    }

    /// The lowest-speed rule from `--lowest-speed-limit` and `--lowest-speed-time`; nil when the limit is 0.
    var lowestSpeed: LowestSpeed? {
        guard let rate = ByteCount.parse(lowestSpeedLimit), rate > 0 else { return nil }
        return LowestSpeed(bytesPerSecond: rate, seconds: lowestSpeedTime)
    }

    /// `--limit-rate` in bytes per second.
    var rate: Int64? { limitRate.flatMap(ByteCount.parse) }

    /// The `--cacert` file as an absolute path (the transport opens it when it first connects).
    var certificateFile: String? {
        certificates.map { path in
            path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        }
    }

    /// The engine's configuration for these options; says on standard error that certificates go unchecked
    /// when `--insecure` is given (every run, so a script that has it cannot forget it does).
    func configuration(
        stateDirectory: String, redirectPolicy: RedirectPolicy = RedirectPolicy(), userAgent: String? = nil
    ) throws -> HaulConfiguration {
        if insecure {
            Terminal.writeError("haul: warning: --insecure: HTTPS certificates are not checked; anyone on the path can read and change this download\n")
        }
        return HaulConfiguration(
            stateDirectory: URL(fileURLWithPath: stateDirectory),
            connectTimeout: connectTimeout,
            stallTimeout: stallTimeout,
            retryPolicy: RetryPolicy(maximumRetries: retries, fixedDelay: retryWait, maximumRetryTime: retryMaxTime),
            redirectPolicy: redirectPolicy,
            userAgent: userAgent ?? "haul/\(HaulVersion.string)",
            extraTrustedCertificates: certificateFile.map(URL.init(fileURLWithPath:)),
            proxies: try proxyRules(),
            insecure: insecure,
            lowestSpeed: lowestSpeed,
            refreshURL: try refreshURLCommand.map { try RefreshURLCommand($0, timeoutSeconds: refreshURLTimeout).provider },
            allowsHTTP2: !http1Only
        )
    }
}
