import Foundation
import HaulCore

// The configuration's times as `Double` seconds: the spelling before `Duration` (issue #57), kept so that code
// written against it compiles, with a warning that names the replacement. Each forwards to the `Duration` property.

extension HaulConfiguration {
    /// Seconds allowed to open a connection: `timeouts.connect` in seconds.
    @available(*, deprecated, message: "use timeouts.connect, a Duration")
    public var connectTimeout: Double {
        get { timeouts.connect.inSeconds }
        set { timeouts.connect = .checkedSeconds(newValue) }
    }

    /// Seconds a connection may deliver no byte: `timeouts.stall` in seconds.
    @available(*, deprecated, message: "use timeouts.stall, a Duration")
    public var stallTimeout: Double {
        get { timeouts.stall.inSeconds }
        set { timeouts.stall = .checkedSeconds(newValue) }
    }

    /// The least time between two durable checkpoints: `intervals.checkpoint` in seconds.
    @available(*, deprecated, message: "use intervals.checkpoint, a Duration")
    public var checkpointInterval: Double {
        get { intervals.checkpoint.inSeconds }
        set { intervals.checkpoint = .checkedSeconds(newValue) }
    }

    /// How often progress is published: `intervals.progress` in seconds.
    @available(*, deprecated, message: "use intervals.progress, a Duration")
    public var progressInterval: Double {
        get { intervals.progress.inSeconds }
        set { intervals.progress = .checkedSeconds(newValue) }
    }

    /// Creates a configuration with its times in seconds: the same as
    /// `init(stateDirectory:timeouts:retryPolicy:redirectPolicy:userAgent:intervals:...)` with
    /// `Timeouts(connect: .seconds(connectTimeout), stall: .seconds(stallTimeout))` and
    /// `Intervals(checkpoint: .seconds(checkpointInterval), progress: .seconds(progressInterval))`.
    /// A value that is not a number or not finite is kept out of range (`Duration.checkedSeconds`), so that
    /// `validate()` still refuses it with `.usage` rather than trapping here.
    @available(*, deprecated, message: "pass timeouts: and intervals: as Durations")
    @_disfavoredOverload
    public init(
        stateDirectory: URL? = nil,
        connectTimeout: Double = 15,
        stallTimeout: Double = 30,
        retryPolicy: RetryPolicy = RetryPolicy(),
        redirectPolicy: RedirectPolicy = RedirectPolicy(),
        userAgent: String = "haul/\(HaulVersion.string)",
        checkpointInterval: Double = 1,
        progressInterval: Double = 0.1,
        extraTrustedCertificates: URL? = nil,
        proxies: ProxyRules = .direct,
        insecure: Bool = false,
        lowestSpeed: LowestSpeed? = .default,
        refreshURL: URLProvider? = nil,
        allowsHTTP2: Bool = false,
        hostBudgetPolicy: HostBudgetPolicy = HostBudgetPolicy()
    ) {
        self.init(
            stateDirectory: stateDirectory,
            timeouts: Timeouts(connect: .checkedSeconds(connectTimeout), stall: .checkedSeconds(stallTimeout)),
            retryPolicy: retryPolicy, redirectPolicy: redirectPolicy, userAgent: userAgent,
            intervals: Intervals(checkpoint: .checkedSeconds(checkpointInterval), progress: .checkedSeconds(progressInterval)),
            extraTrustedCertificates: extraTrustedCertificates, proxies: proxies, insecure: insecure,
            lowestSpeed: lowestSpeed, refreshURL: refreshURL, allowsHTTP2: allowsHTTP2, hostBudgetPolicy: hostBudgetPolicy
        )
    }
}
