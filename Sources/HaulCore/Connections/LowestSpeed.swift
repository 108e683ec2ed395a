/// The lowest speed a connection may keep up (curl's `--speed-limit`/`--speed-time`, aria2c's
/// `--lowest-speed-limit`): a connection that receives fewer than `bytesPerSecond` on average over `seconds` is
/// dropped, and its range resumes on a fresh connection (or another one, in a segmented download).
///
/// The default is 1 KiB/s over 30 s, on by default, because the stall timeout only sees silence: a server that
/// sends a byte every few seconds would otherwise hold a download for hours. It is far below any network a person
/// uses on purpose (a 56k modem moves 7 KiB/s; a congested mobile link tens of KiB/s), and a false verdict costs
/// one new request that resumes at the byte already held, never a byte of data. Thirty seconds matches the stall
/// timeout, so a connection that trickles and one that is silent are given up on alike. `nil` turns it off.
public struct LowestSpeed: Hashable, Sendable {
    /// The least average speed, in bytes per second.
    public var bytesPerSecond: Int64
    /// The span, in seconds, over which the average is taken before a verdict (an app reads and sets it as
    /// `span`, a `Duration`, which HaulKit adds).
    package var spanSeconds: Double

    /// The span in seconds: the spelling before `Duration` (issue #57), forwarding to `span`.
    @available(*, deprecated, renamed: "span", message: "use span, a Duration")
    public var seconds: Double {
        get { spanSeconds }
        set { spanSeconds = newValue }
    }

    /// Creates a rule; `bytesPerSecond >= 1` and `seconds > 0`. Not checked here (a value a person typed never
    /// stops the program): `HaulClient` refuses a rule out of range with an error where it is given.
    public init(bytesPerSecond: Int64, seconds: Double) {
        self.bytesPerSecond = bytesPerSecond
        self.spanSeconds = seconds
    }

    /// 1 KiB/s over 30 s (see the type's reasoning).
    public static let `default` = LowestSpeed(bytesPerSecond: 1024, seconds: 30)
}

/// Watches one connection against a `LowestSpeed`: fed the bytes it has received and the time, it says when to
/// drop it. Pure: time arrives as the caller's monotonic seconds.
///
///     verdict at now: take the newest sample (t0, b0) with t0 <= now - seconds;
///                     drop when (bytes - b0) < bytesPerSecond * (now - t0)
///
/// So no verdict comes before a connection has been watched for `seconds`, and one fast burst does not excuse a
/// long trickle forever: the average always covers the last `seconds` (and a little more, up to one sample gap).
/// Samples are kept at most every `seconds / 30` (at least every second), so memory is bounded whatever the chunk
/// rate, and a call between two samples costs one comparison.
public struct LowSpeedWatch: Hashable, Sendable {
    /// The rule in force.
    public let rule: LowestSpeed
    private var samples: [Sample]

    private struct Sample: Hashable, Sendable {
        var time: Double
        var bytes: Int64
    }

    /// What to do with the connection.
    public enum Verdict: Hashable, Sendable {
        /// Fast enough, or not watched long enough to tell.
        case keep
        /// Below the rule: the average over the window, in bytes per second.
        case drop(averageBytesPerSecond: Double)
    }

    /// Starts watching at `now`, when the connection has received `bytes` (its count so far, in any unit that only
    /// grows: bytes of this response, or a segment's next offset).
    public init(rule: LowestSpeed, startingAt now: Double, bytes: Int64 = 0) {
        self.rule = rule
        self.samples = [Sample(time: now, bytes: bytes)]
    }

    /// Samples held (for tests of the memory bound).
    var sampleCount: Int { samples.count }

    private var resolution: Double { min(1, rule.spanSeconds / 30) }

    /// Records that the connection has received `bytes` in all by `now` and judges it.
    public mutating func record(bytes: Int64, at now: Double) -> Verdict {
        guard let last = samples.last, now - last.time >= resolution else { return .keep }
        samples.append(Sample(time: now, bytes: bytes))
        let horizon = now - rule.spanSeconds
        // Keep only the newest sample at or before the horizon, and the ones after it.
        guard let base = samples.lastIndex(where: { $0.time <= horizon }) else { return .keep }
        samples.removeFirst(base)
        let start = samples[0]
        let elapsed = now - start.time
        let average = Double(bytes - start.bytes) / elapsed
        return average < Double(rule.bytesPerSecond) ? .drop(averageBytesPerSecond: average) : .keep
    }

    /// Starts the window again at `now`: the time before does not count (the connection was held back by a
    /// bandwidth limit, which is the client's choice, not the server's slowness).
    public mutating func restart(at now: Double, bytes: Int64) {
        samples = [Sample(time: now, bytes: bytes)]
    }
}
