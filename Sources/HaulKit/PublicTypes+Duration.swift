import HaulCore

// The configuration's values that HaulCore defines count time in seconds (`Double`), the unit their arithmetic is
// in. An app gives them as `Duration`s through these initialisers, as it gives `HaulConfiguration`'s own times.

extension RetryPolicy {
    /// Creates a policy with its waits as `Duration`s: each parameter sets the property of the same name, in
    /// seconds. Counts and waits are never negative and `maximumDelay >= initialDelay`; `HaulClient` refuses a
    /// policy out of range with `.usage`.
    ///
    /// ```swift
    /// let policy = RetryPolicy(maximumRetries: 3, initialDelay: .milliseconds(500), maximumDelay: .seconds(10))
    /// ```
    ///
    /// - Parameters:
    ///   - maximumRetries: Retries after the first attempt (5).
    ///   - initialDelay: The first backoff (1 s); each next one doubles, up to `maximumDelay`.
    ///   - maximumDelay: The longest backoff (30 s).
    ///   - maximumRetryAfter: The longest `Retry-After` obeyed (300 s); a longer one is shortened to this.
    ///   - fixedDelay: A fixed wait between attempts instead of the growing backoff; nil: backoff.
    ///   - maximumRetryTime: The longest a streak of failures may last; nil: no limit.
    public init(
        maximumRetries: Int = 5, initialDelay: Duration = .seconds(1), maximumDelay: Duration = .seconds(30),
        maximumRetryAfter: Duration = .seconds(300), fixedDelay: Duration? = nil, maximumRetryTime: Duration? = nil
    ) {
        self.init(
            maximumRetries: maximumRetries, initialDelay: initialDelay.inSeconds, maximumDelay: maximumDelay.inSeconds,
            maximumRetryAfter: maximumRetryAfter.inSeconds, fixedDelay: fixedDelay?.inSeconds,
            maximumRetryTime: maximumRetryTime?.inSeconds
        )
    }

    /// The first backoff; each next one doubles, up to `maximumDelay`.
    public var initialDelay: Duration {
        get { .checkedSeconds(initialDelaySeconds) }
        set { initialDelaySeconds = newValue.inSeconds }
    }

    /// The longest backoff.
    public var maximumDelay: Duration {
        get { .checkedSeconds(maximumDelaySeconds) }
        set { maximumDelaySeconds = newValue.inSeconds }
    }

    /// The longest `Retry-After` obeyed; a longer one is shortened to this.
    public var maximumRetryAfter: Duration {
        get { .checkedSeconds(maximumRetryAfterSeconds) }
        set { maximumRetryAfterSeconds = newValue.inSeconds }
    }

    /// A fixed wait between attempts instead of the growing backoff (`--retry-wait`); nil: backoff.
    public var fixedDelay: Duration? {
        get { fixedDelaySeconds.map(Duration.checkedSeconds) }
        set { fixedDelaySeconds = newValue?.inSeconds }
    }

    /// The longest a streak of failures may last, counted from its first failure (`--retry-max-time`); nil: no time
    /// limit, only `maximumRetries`.
    public var maximumRetryTime: Duration? {
        get { maximumRetryTimeSeconds.map(Duration.checkedSeconds) }
        set { maximumRetryTimeSeconds = newValue?.inSeconds }
    }

    /// The backoff before jitter for the `failure`-th consecutive failure (1-based; 0 or less is taken as 1):
    /// `min(maximumDelay, initialDelay * 2^(failure-1))`.
    public func backoff(afterFailure failure: Int) -> Duration {
        .checkedSeconds(backoffSeconds(afterFailure: failure))
    }
}

extension LowestSpeed {
    /// Creates a rule: a connection receiving fewer than `bytesPerSecond` on average over `span` is replaced.
    /// `bytesPerSecond >= 1` and `span` positive; `HaulClient` refuses a rule out of range with `.usage`.
    ///
    /// - Parameters:
    ///   - bytesPerSecond: The least average speed.
    ///   - span: The time over which the average is taken before a verdict.
    public init(bytesPerSecond: Int64, over span: Duration) {
        self.init(bytesPerSecond: bytesPerSecond, seconds: span.inSeconds)
    }

    /// The time over which the average is taken before a verdict; positive (`HaulClient` refuses a rule out of
    /// range with `.usage`).
    public var span: Duration {
        get { .checkedSeconds(spanSeconds) }
        set { spanSeconds = newValue.inSeconds }
    }
}

extension HostBudgetPolicy {
    /// The time after which a learned budget rises by one connection, up to `defaultLimit` (an hour by default);
    /// positive (`HaulClient` refuses a policy out of range with `.usage`).
    public var easing: Duration {
        get { .checkedSeconds(easingSeconds) }
        set { easingSeconds = newValue.inSeconds }
    }
}
