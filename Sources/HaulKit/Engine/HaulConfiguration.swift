import Foundation
import HaulCore

/// Settings shared by every download of one `HaulClient`.
public struct HaulConfiguration: Sendable {
    /// Where the state database lives.
    public var stateDirectory: String
    /// Seconds allowed to open a connection.
    public var connectTimeout: Double
    /// Seconds a connection may deliver no byte before it is dropped and the download resumes.
    public var stallTimeout: Double
    /// How failures are retried.
    public var retryPolicy: RetryPolicy
    /// Which redirects are followed.
    public var redirectPolicy: RedirectPolicy
    /// The `User-Agent` header.
    public var userAgent: String
    /// The least time between two durable checkpoints, in seconds.
    public var checkpointInterval: Double
    /// How often progress updates are published, in seconds.
    public var progressInterval: Double
    /// A PEM file of certificate authorities to trust besides the system's (a company's or a test server's own
    /// authority). Added to the system's roots rather than replacing them, so that one run can fetch from a private
    /// server and public ones alike.
    public var extraTrustedCertificates: String?
    /// Which proxy each URL goes through (`ProxyRules` in HaulCore). Direct by default: a program embedding HaulKit
    /// decides whether the environment's `*_proxy` variables apply; the `haul` command line honours them.
    public var proxies: ProxyRules
    /// Skip certificate verification (curl's `-k`): the connection is encrypted but the server is not
    /// authenticated. Off by default; the command line warns every time it is used.
    public var insecure: Bool

    /// Creates a configuration; the state directory defaults as `defaultStateDirectory` describes.
    public init(
        stateDirectory: String? = nil,
        connectTimeout: Double = 15,
        stallTimeout: Double = 30,
        retryPolicy: RetryPolicy = RetryPolicy(),
        redirectPolicy: RedirectPolicy = RedirectPolicy(),
        userAgent: String = "haul/\(HaulVersion.string)",
        checkpointInterval: Double = 1,
        progressInterval: Double = 0.1,
        extraTrustedCertificates: String? = nil,
        proxies: ProxyRules = .direct,
        insecure: Bool = false
    ) {
        self.stateDirectory = stateDirectory ?? Self.defaultStateDirectory()
        self.connectTimeout = connectTimeout
        self.stallTimeout = stallTimeout
        self.retryPolicy = retryPolicy
        self.redirectPolicy = redirectPolicy
        self.userAgent = userAgent
        self.checkpointInterval = checkpointInterval
        self.progressInterval = progressInterval
        self.extraTrustedCertificates = extraTrustedCertificates
        self.proxies = proxies
        self.insecure = insecure
    }

    /// `$HAUL_STATE_DIR`, else `$XDG_STATE_HOME/haul`, else `~/.local/state/haul` (the XDG base directory spec's
    /// place for state that should survive restarts but is not worth backing up).
    public static func defaultStateDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let explicit = environment["HAUL_STATE_DIR"], !explicit.isEmpty { return explicit }
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") { return xdg + "/haul" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.local/state/haul"
    }
}

/// The version of Haul.
public enum HaulVersion {
    /// The semantic version string.
    public static let string = "0.1.0"
}
