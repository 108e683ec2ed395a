import ArgumentParser
import Foundation
import HaulCore
import HaulKit

/// How downloads talk to servers and how hard they try, shared by `haul get`, `haul resume` and `haul daemon`: a
/// resumed download needs the same knobs (retries, rate, connections, proxy, trust) as the run that started it.
///
/// A plain value with one set of defaults (``defaults``): ArgumentParser's declarations (`TransferArguments`) take
/// theirs from it, and the quick reading of `haul URL` (`QuickDownloadArguments`) starts from it.
struct TransferOptions: Equatable, Sendable {
    /// `-x`: connections per file; nil: ``defaultConnections`` (`auto`).
    var connections: ConnectionCount?
    var limitRate: String?
    var retries: Int
    var retryWait: Double?
    var retryMaxTime: Double?
    var stallTimeout: Double
    var lowestSpeedLimit: String
    var lowestSpeedTime: Double
    var connectTimeout: Double
    var proxy: String?
    var noProxy: String?
    var certificates: String?
    var insecure: Bool
    var http1Only: Bool
    /// `--http2`: offer HTTP/2 to https servers (`HaulConfiguration.allowsHTTP2`); `--http1.1` wins over it.
    var http2 = false
    var refreshURLCommand: String?
    var refreshURLTimeout: Double

    static let defaults = TransferOptions(
        connections: nil, limitRate: nil, retries: 5, retryWait: nil, retryMaxTime: nil, stallTimeout: 30,
        lowestSpeedLimit: "1K", lowestSpeedTime: 30, connectTimeout: 15, proxy: nil, noProxy: nil, certificates: nil,
        insecure: false, http1Only: false, refreshURLCommand: nil, refreshURLTimeout: 60
    )

    /// Connections per file when `-x` is not given (`haul get`, `haul add`, `haul resume` of a download stored
    /// before): `ConnectionCount.default`, automatic, as in the library and the daemon.
    static let defaultConnections = ConnectionCount.default

    func validate() throws {
        if let refreshURLCommand, RefreshURLCommand.split(refreshURLCommand).isEmpty {
            throw ValidationError("--refresh-url-command needs a program")
        }
        if !(refreshURLTimeout > 0 && refreshURLTimeout.isFinite) {
            throw ValidationError("--refresh-url-timeout must be more than 0 seconds")
        }
        try OptionChecks.bandwidth(connections: connections, limitRate: limitRate)
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
            timeouts: .init(connect: .checkedSeconds(connectTimeout), stall: .checkedSeconds(stallTimeout)),
            retryPolicy: RetryPolicy(maximumRetries: retries, fixedDelay: retryWait, maximumRetryTime: retryMaxTime),
            redirectPolicy: redirectPolicy,
            userAgent: userAgent ?? "haul/\(HaulVersion.string)",
            extraTrustedCertificates: certificateFile.map(URL.init(fileURLWithPath:)),
            proxies: try proxyRules(),
            insecure: insecure,
            lowestSpeed: lowestSpeed,
            refreshURL: try refreshURLCommand.map { try RefreshURLCommand($0, timeoutSeconds: refreshURLTimeout).provider },
            allowsHTTP2: http2 && !http1Only
        )
    }
}
