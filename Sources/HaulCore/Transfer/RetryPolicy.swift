/// How failed attempts are retried: exponential backoff with jitter, `Retry-After` honoured, and a budget of
/// consecutive attempts that made no progress.
///
/// The n-th consecutive failure (n = 1, 2, ...) waits
///
///     backoff(n) = min(maximumDelay, initialDelay * 2^(n-1))
///     delay(n)   = backoff(n) * (0.5 + 0.5 * r),   r uniform in [0, 1)   ("equal jitter")
///
/// unless the server sent `Retry-After: s`, which is obeyed: delay = min(s, maximumRetryAfter).
///
/// Two bounds a person can set (curl's `--retry-delay`/`--retry-max-time`, aria2c's `--retry-wait`):
///
///     fixedDelay d:        delay(n) = d for every n (no growth, no jitter); Retry-After still wins (capped)
///     maximumRetryTime M:  give up when (now - first failure of the streak) + delay(n) > M
///
/// The streak is the run of consecutive failures without progress (the same one `maximumRetries` counts): bytes
/// that arrive start a new one, so a flaky server that keeps delivering is never given up on. A retry that would
/// only start after the budget `M` is not waited for at all: waiting 30 s to then give up helps nobody.
/// `maximumRetries` and `maximumRetryTime` both apply; whichever is reached first ends the streak.
///
/// An unreachable source (a refused connection: nothing listens on that port; or a host name that does not
/// resolve) before the server has delivered a byte in this run is not retried: curl fails at once on both, and five
/// backoffs (about 22 s) only delay the same answer; a typo in a host or port, or a server that is not up, does not
/// fix itself in 30 s. Once bytes have arrived, it is retried like any other failure (a server restarting in the
/// middle of a download comes back). This is `SourceFailureRule` for the last source standing; with several
/// sources, such a source is dropped instead and the others carry the download.
///
/// | n | backoff with the defaults (1 s, cap 30 s) |
/// |---|---|
/// | 1 | 1 s |
/// | 2 | 2 s |
/// | 3 | 4 s |
/// | 4 | 8 s |
/// | 5 | 16 s |
/// | 6+ | 30 s |
public struct RetryPolicy: Hashable, Sendable {
    /// Consecutive attempts without progress allowed before giving up; 0 means never retry.
    public var maximumRetries: Int
    // The waits, in seconds: the unit the arithmetic below is in. Apps read and set them as `Duration`s through
    // HaulKit's properties of the same names without the suffix (`initialDelay`, ...); only the package sees these.
    /// The first backoff, in seconds.
    package var initialDelaySeconds: Double
    /// The longest backoff, in seconds.
    package var maximumDelaySeconds: Double
    /// The longest `Retry-After` obeyed, in seconds; a longer request is shortened to this.
    package var maximumRetryAfterSeconds: Double
    /// A fixed wait between attempts, in seconds, instead of the growing backoff (`--retry-wait`); nil: backoff.
    package var fixedDelaySeconds: Double?
    /// The longest a streak of failures may last, in seconds, counted from its first failure (`--retry-max-time`);
    /// nil: no time limit, only `maximumRetries`.
    package var maximumRetryTimeSeconds: Double?

    /// Creates a policy. Counts and waits are never negative and `maximumDelay >= initialDelay`; not checked here
    /// (a value a person typed never stops the program): `HaulClient` refuses a policy out of range with an error.
    /// HaulKit adds the same initialiser taking `Duration`s, the one apps use; this one (seconds) is the package's
    /// own, and disfavoured so that `RetryPolicy()` there means that one (both make the same policy).
    @_disfavoredOverload
    package init(
        maximumRetries: Int = 5, initialDelay: Double = 1, maximumDelay: Double = 30, maximumRetryAfter: Double = 300,
        fixedDelay: Double? = nil, maximumRetryTime: Double? = nil
    ) {
        self.maximumRetries = maximumRetries
        self.initialDelaySeconds = initialDelay
        self.maximumDelaySeconds = maximumDelay
        self.maximumRetryAfterSeconds = maximumRetryAfter
        self.fixedDelaySeconds = fixedDelay
        self.maximumRetryTimeSeconds = maximumRetryTime
    }

    /// The backoff before jitter for the `failure`-th consecutive failure (1-based; 0 or less is taken as 1), in
    /// seconds.
    package func backoffSeconds(afterFailure failure: Int) -> Double {
        let exponent = min(max(failure - 1, 0), 62)
        return min(maximumDelaySeconds, initialDelaySeconds * Double(UInt64(1) << UInt64(exponent)))
    }
}

/// Counts consecutive failures of one transfer and says whether and when to try again.
public struct RetryTracker: Sendable {
    /// The policy in force.
    public let policy: RetryPolicy
    /// Failures since the last attempt that made progress.
    public private(set) var consecutiveFailures = 0
    /// Whether any attempt of this run has delivered bytes (then the server is known to be there).
    public private(set) var serverHasDelivered = false
    /// When the current streak's first failure happened (the caller's monotonic seconds), if it has one.
    public private(set) var streakStartedAt: Double?

    /// Starts with no failures.
    public init(policy: RetryPolicy) {
        self.policy = policy
    }

    /// What to do after a failure.
    public enum Decision: Hashable, Sendable {
        /// Try again after this many seconds.
        case retry(afterSeconds: Double)
        /// The budget is spent.
        case giveUp
    }

    /// Bytes arrived and were kept: the next failure is a first failure again (so a flaky server that keeps
    /// delivering still finishes).
    public mutating func recordProgress() {
        consecutiveFailures = 0
        serverHasDelivered = true
        streakStartedAt = nil
    }

    /// Records a failed attempt.
    ///
    /// - Parameters:
    ///   - madeProgress: whether this attempt delivered bytes that were kept before it failed.
    ///   - retryAfterSeconds: the server's `Retry-After`, if any.
    ///   - jitter: a number in [0, 1) from the caller's random source.
    ///   - unreachable: the attempt's connection was refused or its host name did not resolve (see the type's rule).
    ///   - now: the caller's monotonic clock in seconds, for `maximumRetryTime` (nil: the time limit is not applied).
    public mutating func recordFailure(
        madeProgress: Bool, retryAfterSeconds: Int64? = nil, jitter: Double, unreachable: Bool = false,
        now: Double? = nil
    ) -> Decision {
        if madeProgress { recordProgress() }
        consecutiveFailures += 1
        if streakStartedAt == nil { streakStartedAt = now }
        if unreachable,
            SourceFailureRule.consequence(of: .unreachable, sourceHasDelivered: serverHasDelivered, otherSourcesLeft: false) == .failDownload
        {
            return .giveUp
        }
        guard consecutiveFailures <= policy.maximumRetries else { return .giveUp }
        let delay: Double
        if let retryAfterSeconds {
            delay = min(Double(max(retryAfterSeconds, 0)), policy.maximumRetryAfterSeconds)
        } else if let fixed = policy.fixedDelaySeconds {
            delay = fixed
        } else {
            delay = policy.backoffSeconds(afterFailure: consecutiveFailures) * (0.5 + 0.5 * min(max(jitter, 0), 1))
        }
        if let budget = policy.maximumRetryTimeSeconds, let now, let start = streakStartedAt, now - start + delay > budget {
            return .giveUp
        }
        return .retry(afterSeconds: delay)
    }
}
