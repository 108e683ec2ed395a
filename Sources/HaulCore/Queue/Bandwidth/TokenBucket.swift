/// A bandwidth limit as a token bucket: says how long to wait before the next bytes may move.
///
/// The bucket holds a balance of `tokens` (bytes), refilled continuously at `rate` and capped at `burst`:
///
///     tokens(now) = min(burst, tokens(last) + rate * (now - last))
///
/// A request for `n` bytes always takes them, going into debt (a negative balance) if it must, and returns the
/// wait until the balance is back at zero:
///
///     tokens = tokens - n
///     wait   = max(0, -tokens) / rate
///
/// A caller may wait and then send (pre-pay), or read `n` bytes and then wait before reading more (post-pay):
/// either way, over any T seconds it moves at most `burst + rate * T` bytes (post-pay: plus its last read), and
/// with a steady supply of requests `rate * T` in the long run, whatever the chunk size. Debt means a chunk
/// larger than `burst` is never refused or stalled forever; it is paid for afterwards.
///
/// Decisions:
/// - The bucket starts empty (`tokens = 0`), so a new limit never shows more than its rate in the first second.
///   `burst` only lets a transfer catch up after idle time (a stalled server, a slow disk).
/// - The default burst is a quarter second of traffic but at least 64 KiB, one typical socket read:
///   `burst = max(rate / 4, 65536)`.
/// - `rate == nil` is unlimited: every request returns 0 and nothing is counted.
/// - A clock that goes backwards adds no tokens and is otherwise ignored.
public struct TokenBucket: Hashable, Sendable {
    /// The smallest default burst, in bytes: 64 KiB.
    public static let minimumDefaultBurst: Double = 65_536

    /// The limit in bytes per second, or `nil` for unlimited.
    public private(set) var rate: Double?
    /// The burst given at creation, or `nil` to follow the rate (`defaultBurst(forRate:)`).
    private let fixedBurst: Double?
    /// The balance in bytes: at most `burst`, negative while in debt.
    public private(set) var tokens: Double = 0
    /// The latest time seen, in seconds; `nil` before the first request.
    private var lastRefill: Double?

    /// Creates a bucket that starts empty.
    ///
    /// - Parameters:
    ///   - rate: bytes per second (> 0), or `nil` for unlimited.
    ///   - burst: the most tokens saved up, in bytes (> 0); `nil` for `defaultBurst(forRate:)`, which follows
    ///     later rate changes.
    public init(rate: Double?, burst: Double? = nil) {
        precondition(rate.map { $0 > 0 && $0.isFinite } ?? true, "rate must be positive and finite")
        precondition(burst.map { $0 > 0 && $0.isFinite } ?? true, "burst must be positive and finite")
        self.rate = rate
        self.fixedBurst = burst
    }

    /// The default burst for a rate: `max(rate / 4, 65536)` bytes.
    public static func defaultBurst(forRate rate: Double) -> Double {
        max(rate / 4, minimumDefaultBurst)
    }

    /// The most tokens the bucket saves up, in bytes; `nil` when unlimited.
    public var burst: Double? {
        rate.map { fixedBurst ?? Self.defaultBurst(forRate: $0) }
    }

    /// Whether there is no limit.
    public var isUnlimited: Bool { rate == nil }

    /// Takes `bytes` tokens at time `now` (seconds) and returns how many seconds to wait before they may move.
    ///
    /// - Returns: 0 when the balance stays at or above zero; otherwise `-tokens / rate`. A request for 0 bytes
    ///   takes nothing and returns the wait the current debt implies.
    public mutating func request(_ bytes: Int, now: Double) -> Double {
        precondition(bytes >= 0, "cannot request a negative number of bytes")
        guard let rate else { return 0 }
        refill(to: now)
        tokens -= Double(bytes)
        guard tokens < 0 else { return 0 }
        let clockLag = max(0, (lastRefill ?? now) - now)
        return -tokens / rate + clockLag
    }

    /// Changes the limit at time `now`; tokens up to `now` are counted at the old rate.
    ///
    /// A change never lengthens the wait already owed, and never releases more than `burst` at once:
    /// - lowering keeps a debt's duration (`tokens *= new / old`) and drops saved tokens above the new burst;
    /// - raising keeps the balance in bytes: debt clears sooner, saved tokens do not jump (the bucket then fills
    ///   towards the larger burst at the new rate);
    /// - limited to unlimited forgets the balance; unlimited to limited starts empty, like a new bucket.
    public mutating func setRate(_ newRate: Double?, now: Double) {
        precondition(newRate.map { $0 > 0 && $0.isFinite } ?? true, "rate must be positive and finite")
        refill(to: now)
        switch (rate, newRate) {
        case (let old?, let new?):
            if tokens < 0, new < old { tokens *= new / old }
            rate = new
            tokens = min(tokens, fixedBurst ?? Self.defaultBurst(forRate: new))
        case (nil, _?):
            rate = newRate
            tokens = 0
            lastRefill = now
        case (_, nil):
            rate = nil
            tokens = 0
            lastRefill = nil
        }
    }

    /// Adds the tokens earned since the last call, up to `burst`.
    private mutating func refill(to now: Double) {
        guard let rate, let burst else { return }
        guard let last = lastRefill else {
            lastRefill = now
            return
        }
        guard now > last else { return }
        tokens = min(burst, tokens + rate * (now - last))
        lastRefill = now
    }
}
