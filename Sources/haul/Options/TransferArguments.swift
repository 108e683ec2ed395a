import ArgumentParser
import HaulCore

/// `TransferOptions` as ArgumentParser reads them, for `haul get`, `haul resume` and `haul daemon`: the
/// declarations and their help, with the defaults of `TransferOptions.defaults`.
struct TransferArguments: ParsableArguments {
    /// `-x` and `--limit-rate`, first, as before they were shared with `haul add`.
    @OptionGroup var bandwidth: BandwidthArguments

    @Option(name: .customLong("retries"), help: "Consecutive attempts without progress before giving up. A server that keeps delivering bytes is never given up on.")
    var retries = TransferOptions.defaults.retries

    @Option(name: .customLong("retry-wait"), help: ArgumentHelp("Wait this many seconds between attempts instead of the growing backoff (1, 2, 4, 8, 16, then 30 s). A server's Retry-After still wins.", valueName: "S"))
    var retryWait: Double?

    @Option(name: .customLong("retry-max-time"), help: ArgumentHelp("Give up once this many seconds have passed since the first failure of a run of failures without progress (with --retries: whichever comes first).", valueName: "S"))
    var retryMaxTime: Double?

    @Option(name: .customLong("stall-timeout"), help: "Seconds without a byte before a connection is dropped and the download resumes.")
    var stallTimeout = TransferOptions.defaults.stallTimeout

    @Option(name: [.customLong("lowest-speed-limit"), .customLong("speed-limit")], help: ArgumentHelp("Drop a connection that receives less than this many bytes per second over --lowest-speed-time, and resume on a fresh one; 0 turns it off. Not applied while --limit-rate or --max-overall-rate holds the download back.", valueName: "RATE"))
    var lowestSpeedLimit = TransferOptions.defaults.lowestSpeedLimit

    @Option(name: [.customLong("lowest-speed-time"), .customLong("speed-time")], help: ArgumentHelp("The seconds over which --lowest-speed-limit is measured.", valueName: "S"))
    var lowestSpeedTime = TransferOptions.defaults.lowestSpeedTime

    @Option(name: .customLong("connect-timeout"), help: "Seconds allowed to connect.")
    var connectTimeout = TransferOptions.defaults.connectTimeout

    @Option(name: .customLong("proxy"), help: ArgumentHelp("Use this proxy for every URL: [http://][USER:PASSWORD@]HOST[:PORT] (default port 1080; https through CONNECT) or socks5h://HOST[:PORT]. Overrides http_proxy, https_proxy and all_proxy; '' turns proxies off.", valueName: "URL"))
    var proxy: String?

    @Option(name: .customLong("noproxy"), help: ArgumentHelp("Hosts reached without a proxy, comma-separated (domains match their subdomains; IPs, CIDR networks, '*'). Replaces no_proxy.", valueName: "LIST"))
    var noProxy: String?

    @Option(
        name: OptionSpelling.certificates.names,
        help: ArgumentHelp(
            "Also trust the certificate authorities in this PEM file (a private or test server's own authority).",
            valueName: "FILE"
        )
    )
    var certificates: String?

    @Flag(name: [.customShort("k"), .customLong("insecure"), .customLong("no-check-certificate")], help: "Do not check HTTPS certificates (curl's -k, wget's --no-check-certificate). Anyone on the path can then read and change the download; a warning says so on every run.")
    var insecure = TransferOptions.defaults.insecure

    @Flag(name: .customLong("http1.1"), help: "Keep every request on HTTP/1.1, the default (it overrides --http2).")
    var http1Only = TransferOptions.defaults.http1Only

    @Flag(name: .customLong("http2"), help: "Offer HTTP/2 to https servers for a download's only connection (many small files from one host then share one connection). Off by default: Haul's own HTTP/1.1 measured faster (docs/transport.md); split downloads' segments are HTTP/1.1 either way.")
    var http2 = TransferOptions.defaults.http2

    @Option(name: .customLong("refresh-url-command"), help: ArgumentHelp("When a source answers 401, 403 or 410 after bytes arrived (a signed link that expired), or a download's one URL is about to fail (refused, no such host, 404, TLS, retries spent), run CMD (directly, not through a shell; the URL in HAUL_URL, the HTTP status in HAUL_STATUS, 0 without one) and continue from the URL on the first line of its output. The bytes on disk are kept when the fresh URL serves the same version. No output: the download fails as before.", valueName: "CMD"))
    var refreshURLCommand: String?

    @Option(name: .customLong("refresh-url-timeout"), help: ArgumentHelp("Stop a --refresh-url-command still running after this many seconds.", valueName: "S"))
    var refreshURLTimeout = TransferOptions.defaults.refreshURLTimeout

    /// The plain value these arguments give.
    var options: TransferOptions {
        TransferOptions(
            connections: bandwidth.connections, limitRate: bandwidth.limitRate, retries: retries,
            retryWait: retryWait, retryMaxTime: retryMaxTime, stallTimeout: stallTimeout,
            lowestSpeedLimit: lowestSpeedLimit, lowestSpeedTime: lowestSpeedTime, connectTimeout: connectTimeout,
            proxy: proxy, noProxy: noProxy, certificates: certificates,
            insecure: insecure, http1Only: http1Only, http2: http2, refreshURLCommand: refreshURLCommand,
            refreshURLTimeout: refreshURLTimeout
        )
    }

    func validate() throws { try options.validate() }
}
