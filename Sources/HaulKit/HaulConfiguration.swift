import Foundation
import HaulCore

/// Gives a fresh URL for one whose link expired or failed (`HaulConfiguration.refreshURL`): `(expired URL, HTTP
/// status)`, the status 0 when the source gave no HTTP answer (refused, a name that does not resolve, TLS); nil
/// when there is none.
public typealias URLProvider = @Sendable (_ expired: URL, _ status: Int) async throws -> URL?

/// Settings shared by every download of one `HaulClient`.
public struct HaulConfiguration: Sendable {
    /// Where the state database lives. By default the application's own directory
    /// (`applicationStateDirectory`), so that an app's downloads never mix with another program's. A file URL.
    public var stateDirectory: URL
    /// How long opening a connection, and a connection that delivers no byte, may take (`Timeouts`: 15 s and 30 s).
    public var timeouts: Timeouts
    /// How failures are retried.
    public var retryPolicy: RetryPolicy
    /// The lowest speed a connection must keep up before it is dropped and its range resumed on a fresh one
    /// (`LowestSpeed`: 1 KiB/s over 30 s by default, the reasons are there); nil turns the rule off. Not applied
    /// while a bandwidth limit of the client's own is in force for the download: slowness is then chosen.
    public var lowestSpeed: LowestSpeed?
    /// Which redirects are followed.
    public var redirectPolicy: RedirectPolicy
    /// The `User-Agent` header.
    public var userAgent: String
    /// How often durable checkpoints are taken and progress is published (`Intervals`: 1 s and 0.1 s).
    public var intervals: Intervals
    /// A PEM file of certificate authorities to trust besides the system's (a company's or a test server's own
    /// authority). Added to the system's roots rather than replacing them, so that one run can fetch from a private
    /// server and public ones alike. A file URL.
    public var extraTrustedCertificates: URL?
    /// Which proxy each URL goes through (`ProxyRules`). Direct by default: a program embedding HaulKit
    /// decides whether the environment's `*_proxy` variables apply; the `haul` command line honours them.
    public var proxies: ProxyRules
    /// Skip certificate verification (curl's `-k`): the connection is encrypted but the server is not
    /// authenticated. Off by default; the command line warns every time it is used.
    public var insecure: Bool
    /// Asked for a fresh URL when a download's source answers 401, 403 or 410 after bytes arrived (a signed S3 or
    /// CDN link that expired): given the URL that expired and the status, it returns the URL to continue from, or
    /// nil to give up (the download then fails as it would have, and stays resumable). It is also the other source
    /// of a download with one URL that is about to fail for its source (refused, a host name that does not resolve,
    /// 404, TLS, retries spent; status 0 when there was no HTTP answer): asked once, and not again until a fresh
    /// link delivered a byte (docs/cli.md, "When a source fails"). The bytes already on disk
    /// are kept when the fresh URL serves the same version (same length and strong validator), else the download
    /// starts over. Set on the client rather than on `DownloadRequest` because a closure cannot be stored with a
    /// download: every download of the client (`DownloadManager`'s too, resumed ones included) can use it. Nil by
    /// default: those statuses then fail the download as before.
    public var refreshURL: URLProvider?
    /// Whether a download's only connection to an `https` URL may use HTTP/2 when the server offers it (see
    /// `HTTPVersionChoice`: split downloads' segments and `http` URLs are HTTP/1.1 whatever this says). False by
    /// default, `haul --http2` sets it: Haul's own HTTP/1.1 client, its connections kept and reused, measured
    /// faster than HTTP/2 through AsyncHTTPClient even for many small files from one host (docs/transport.md,
    /// "HTTP/2 or HTTP/1.1, measured").
    public var allowsHTTP2: Bool
    /// How many connections go to one host at once by default, and how fast a budget a host taught eases back
    /// (`HostBudgetPolicy`: 16, one more an hour). What hosts taught is kept in the state database
    /// (`HaulClient.learnedHostBudgets()`).
    public var hostBudgetPolicy = HostBudgetPolicy()
    /// The time downloads run on (`EngineClock`): the system's; tests pass one they move.
    package var clock: EngineClock = .system

    /// Creates a configuration; the state directory defaults to `applicationStateDirectory()`. Each parameter
    /// sets the property of the same name (see there). Nothing is checked here: `HaulClient.init` (or
    /// `validate()`) refuses a value that cannot work with `.usage`.
    ///
    /// ```swift
    /// let configuration = HaulConfiguration(
    ///     timeouts: .init(connect: .seconds(5), stall: .seconds(20)),
    ///     intervals: .init(progress: .milliseconds(250))
    /// )
    /// ```
    public init(
        stateDirectory: URL? = nil,
        timeouts: Timeouts = Timeouts(),
        retryPolicy: RetryPolicy = RetryPolicy(),
        redirectPolicy: RedirectPolicy = RedirectPolicy(),
        userAgent: String = "haul/\(HaulVersion.string)",
        intervals: Intervals = Intervals(),
        extraTrustedCertificates: URL? = nil,
        proxies: ProxyRules = .direct,
        insecure: Bool = false,
        lowestSpeed: LowestSpeed? = .default,
        refreshURL: URLProvider? = nil,
        allowsHTTP2: Bool = false,
        hostBudgetPolicy: HostBudgetPolicy = HostBudgetPolicy()
    ) {
        self.hostBudgetPolicy = hostBudgetPolicy
        self.refreshURL = refreshURL
        self.allowsHTTP2 = allowsHTTP2
        self.stateDirectory = stateDirectory ?? Self.applicationStateDirectory()
        self.timeouts = timeouts
        self.retryPolicy = retryPolicy
        self.redirectPolicy = redirectPolicy
        self.userAgent = userAgent
        self.intervals = intervals
        self.extraTrustedCertificates = extraTrustedCertificates
        self.proxies = proxies
        self.insecure = insecure
        self.lowestSpeed = lowestSpeed
    }

    /// The library's default state directory: the running application's own, never a place another program uses.
    ///
    /// A library default belongs to the app that links it (an app's downloads must not appear in `haul list`):
    /// - Apple platforms: `Application Support/<bundle identifier, else process name>/HaulKit` in the user's
    ///   domain (inside the sandbox container for a sandboxed app);
    /// - Linux and others: `$XDG_STATE_HOME/<process name>/haulkit` when `XDG_STATE_HOME` is an absolute path, else
    ///   `~/.local/state/<process name>/haulkit` (the XDG base directory spec's place for state that survives
    ///   restarts but is not worth backing up).
    ///
    /// - Parameters:
    ///   - environment: the variables read on Linux (`XDG_STATE_HOME`, `HOME`).
    ///   - application: the application's name; by default its bundle identifier, else the process name.
    public static func applicationStateDirectory(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        application: String = Bundle.main.bundleIdentifier ?? ProcessInfo.processInfo.processName
    ) -> URL {
        #if canImport(Darwin)
        if let support = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first {
            return support.appendingPathComponent(application).appendingPathComponent("HaulKit")
        }
        #endif
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg + "/\(application)/haulkit")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home + "/.local/state/\(application)/haulkit")
    }

    /// The `haul` command's state directory: `$HAUL_STATE_DIR`, else `$XDG_STATE_HOME/haul`, else
    /// `~/.local/state/haul`. Not a default of the library: pass it as `stateDirectory` to share downloads with the
    /// `haul` command (see them in `haul list`, pause them with `haul pause`).
    ///
    /// - Parameter environment: the variables read (`HAUL_STATE_DIR`, `XDG_STATE_HOME`, `HOME`).
    public static func haulCommandStateDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        URL(fileURLWithPath: haulCommandStateDirectoryPath(environment: environment))
    }

    /// `haulCommandStateDirectory` as the path `haul` prints (a relative `HAUL_STATE_DIR` stays relative).
    package static func haulCommandStateDirectoryPath(environment: [String: String]) -> String {
        if let explicit = environment["HAUL_STATE_DIR"], !explicit.isEmpty { return explicit }
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") { return xdg + "/haul" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.local/state/haul"
    }
}

/// The version of Haul (`haul --version`, the default `User-Agent`).
public enum HaulVersion {
    /// The semantic version string.
    public static let string = "0.1.0"
}
