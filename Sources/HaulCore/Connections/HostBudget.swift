/// How many connections Haul opens to one host at once, across all its downloads and segments, and what it learns
/// when a host says that was too many.
///
/// The default is `ConnectionCount.hostBudget` (16) connections per host: aria2's hard cap for
/// `--max-connection-per-server`, the count people reach for with `-x 16`, and what public mirrors and CDNs
/// commonly tolerate; a host that tolerates fewer says so
/// (429/503 to an extra connection, refused or reset connections while others are open), and its budget falls at
/// once to the count that was working. What was learned is kept (the state database, with when it was learned), so
/// the next download to that host, in this process or a later one, starts within it; it eases back up by one
/// connection per `easeSeconds` (an hour by default), because servers change their limits and a budget learned
/// during one busy evening should not hold for ever.
public struct HostBudgetPolicy: Hashable, Sendable {
    /// The budget of a host nothing has been learned about.
    public var defaultLimit: Int
    /// Seconds after which a learned budget rises by one connection, up to `defaultLimit` (an app reads and sets
    /// it as `easing`, a `Duration`, which HaulKit adds).
    package var easingSeconds: Double

    /// The easing time in seconds: the spelling before `Duration` (issue #57), forwarding to `easing`.
    @available(*, deprecated, renamed: "easing", message: "use easing, a Duration")
    public var easeSeconds: Double {
        get { easingSeconds }
        set { easingSeconds = newValue }
    }

    /// Creates a policy: hosts get `defaultLimit` connections until one teaches fewer, and a learned budget rises
    /// by one connection every `easing` (at least a second), up to `defaultLimit`.
    ///
    /// - Parameters:
    ///   - defaultLimit: The budget of a host nothing has been learned about (at least 1).
    ///   - easing: The time after which a learned budget rises by one connection (an hour by default).
    public init(defaultLimit: Int = ConnectionCount.hostBudget, easingEvery easing: Duration = .seconds(3600)) {
        let (seconds, attoseconds) = easing.components
        self.defaultLimit = max(1, defaultLimit)
        self.easingSeconds = max(1, Double(seconds) + Double(attoseconds) / 1e18)
    }

    /// The spelling in seconds before `Duration` (issues #52 point 6, #57), forwarding to `init(defaultLimit:easingEvery:)`.
    /// Below a second, or not a number, is a second, as it was; beyond 10^15 s (infinity) is 10^15 s, which a
    /// `Duration` holds (`Duration.seconds` traps on infinity and NaN).
    @available(*, deprecated, renamed: "init(defaultLimit:easingEvery:)", message: "give easing as a Duration")
    public init(defaultLimit: Int = ConnectionCount.hostBudget, easeSeconds: Double) {
        self.init(defaultLimit: defaultLimit, easingEvery: .seconds(easeSeconds.isNaN ? 1 : min(max(easeSeconds, 1), 1e15)))
    }
}

/// What was learned about one host: the connection count it accepted and when that was learned (seconds since the
/// epoch, the caller's clock).
public struct LearnedHostBudget: Hashable, Sendable, Codable {
    /// How the host taught it.
    public enum Lesson: String, Hashable, Sendable, Codable {
        /// The host said no to one more connection: 429/503 (or 403) to an extra ranged request, a refused or reset
        /// connect while others were open. Binds every download to it, `-x N` included: the server's word.
        case refused
        /// More connections were no faster (`ConnectionTuner` settled below its ceiling): binds only the downloads
        /// whose count Haul chooses (`-x auto`). A person who typed `-x 16` gets 16 unless the server refuses them,
        /// because "no faster" may be this machine's link, not the host.
        case slower
    }

    /// The host as the pool keys it: lower-cased name and port, e.g. `mirror.example.org:443`.
    public var host: String
    public var limit: Int
    public var learnedAt: Double
    /// Why: the status or failure that taught it, for `haul hosts`.
    public var reason: String
    public var lesson: Lesson

    public init(host: String, limit: Int, learnedAt: Double, reason: String, lesson: Lesson = .refused) {
        self.host = host
        self.limit = limit
        self.learnedAt = learnedAt
        self.reason = reason
        self.lesson = lesson
    }

    /// Whether it binds a download whose connection count was typed (`-x N`), not chosen by Haul.
    public var bindsFixedCounts: Bool { lesson == .refused }

    /// The budget in force at `now`: the learned limit plus one per `easeSeconds` since it was learned, never above
    /// the policy's default (and never below one).
    public func limit(at now: Double, policy: HostBudgetPolicy) -> Int {
        let eased = max(0, (now - learnedAt) / policy.easingSeconds)
        let raised = Double(limit) + eased.rounded(.down)
        return max(1, Int(min(raised, Double(policy.defaultLimit))))
    }

    /// Whether it has eased all the way back and can be forgotten.
    public func hasExpired(at now: Double, policy: HostBudgetPolicy) -> Bool {
        limit(at: now, policy: policy) >= policy.defaultLimit
    }
}

extension LearnedHostBudget {
    /// A host refused one more connection while `openConnections` others to it were working (a 429/503 to an extra
    /// connection, a refused or reset connect): its budget becomes that count (at least one), learned now. An
    /// earlier lesson that was stricter and still in force stands.
    ///
    /// A `.slower` lesson never replaces a `.refused` one still in force (the server's own word is stronger than a
    /// measurement), and a `.refused` lesson replaces a `.slower` one whatever their limits.
    public static func lowered(
        from earlier: LearnedHostBudget?, host: String, openConnections: Int, now: Double, reason: String,
        lesson: Lesson = .refused, policy: HostBudgetPolicy
    ) -> LearnedHostBudget {
        let inForce = earlier.flatMap { $0.hasExpired(at: now, policy: policy) ? nil : $0 }
        if let inForce, inForce.lesson == .refused, lesson == .slower { return inForce }
        let comparable = inForce.flatMap { $0.lesson == lesson ? $0 : nil }
        let current = comparable?.limit(at: now, policy: policy) ?? policy.defaultLimit
        let limit = max(1, min(current, openConnections))
        // Nothing new learned (a stricter, unchanged lesson still in force): keep when it was learned.
        if let comparable, limit == current, limit == comparable.limit { return comparable }
        return LearnedHostBudget(host: host, limit: limit, learnedAt: now, reason: reason, lesson: lesson)
    }
}
