import HaulCore

// Configuration values are checked where they are given to the library, and a bad one is an error, never a trap:
// their types (`QueueLimits`, `RetryPolicy`, `LowestSpeed`, `HostBudgetPolicy`, `ProxyRules`) hold whatever they are given, and
// `HaulClient.init`, `HaulConfiguration.validate()`, `DownloadManager.init` and `setLimits` throw `.usage` with the
// sentence below. So a value typed by a person (a settings field, a flag) never stops the program.
//
// Why there and not a throwing initialiser: every one of these types has public `var`s an app sets after `init`
// (`policy.maximumDelay = ...`), so a check in `init` would catch only half the ways a bad value arrives, and a
// clamp would silently change what a person typed. The place the value is handed to the library sees every way.
// A wait is also bounded above (`HaulConfiguration.longestTime`): the engine's waits are `Task.sleep`s, which
// trap past 2^64 nanoseconds; `EngineClock.sleep` clamps to the same bound for waits a server names.

extension HaulConfiguration {
    /// Checks every value, as `HaulClient.init` does before it opens anything.
    ///
    /// - Throws: `HaulError` `.usage` naming the first value that cannot work: a timeout that is not positive, an
    ///   interval below its least (`intervals.checkpoint` 0, `intervals.progress` 10 ms: a hundred updates a second
    ///   is already more than any screen shows), any time over `HaulConfiguration.longestTime` (an infinite
    ///   number of seconds given through the deprecated `Double` spelling ends up there), a `retryPolicy`,
    ///   `lowestSpeed` or `hostBudgetPolicy` out of range.
    public func validate() throws {
        try Self.require(timeouts.connect, "timeouts.connect", atLeast: nil)
        try Self.require(timeouts.stall, "timeouts.stall", atLeast: nil)
        try Self.require(intervals.checkpoint, "intervals.checkpoint", atLeast: .zero)
        try Self.require(intervals.progress, "intervals.progress", atLeast: .milliseconds(10))
        if let problem = retryPolicy.problem { throw HaulError(.usage, "retryPolicy: \(problem)") }
        if let problem = lowestSpeed?.problem { throw HaulError(.usage, "lowestSpeed: \(problem)") }
        if let problem = proxies.problem { throw HaulError(.usage, "proxies: \(problem)") }
        guard hostBudgetPolicy.defaultLimit >= 1, hostBudgetPolicy.easingSeconds.isFinite, hostBudgetPolicy.easingSeconds > 0 else {
            throw HaulError(.usage, "hostBudgetPolicy needs at least 1 connection per host and a positive easing time")
        }
    }

    /// The longest time a timeout or interval may be: 10^9 seconds (about 31 years), so that every one converts to
    /// the milliseconds and seconds the engine and the system calls count in.
    public static let longestTime = Duration.seconds(1_000_000_000)

    /// Refuses `time` below `least` (or, with nil, not positive) or above `longestTime`.
    private static func require(_ time: Duration, _ name: String, atLeast least: Duration?) throws {
        let fits = least.map { time >= $0 } ?? (time > .zero)
        guard fits, time <= longestTime else {
            let bound = least.map { "at least \($0)" } ?? "positive"
            throw HaulError(.usage, "\(name) must be \(bound) and at most \(longestTime), not \(time)")
        }
    }
}

extension QueueLimits {
    /// What is wrong with these limits, as a sentence; nil when they can be used.
    var problem: String? {
        if maxConcurrent < 0 { return "maxConcurrent must be 0 (hold the queue) or more, not \(maxConcurrent)" }
        if maxTotalConnections < 0 { return "maxTotalConnections must be 0 or more, not \(maxTotalConnections)" }
        return nil
    }

    /// Throws `.usage` with `problem`.
    func check() throws {
        if let problem { throw HaulError(.usage, "QueueLimits: \(problem)") }
    }
}

extension RetryPolicy {
    /// What is wrong with this policy, as a sentence; nil when it can be used.
    var problem: String? {
        if maximumRetries < 0 { return "maximumRetries must be 0 (never retry) or more, not \(maximumRetries)" }
        let waits = [
            ("initialDelay", initialDelaySeconds), ("maximumDelay", maximumDelaySeconds),
            ("maximumRetryAfter", maximumRetryAfterSeconds),
        ]
        let longest = HaulConfiguration.longestTime.inSeconds
        for (name, value) in waits where !(value.isFinite && value >= 0 && value <= longest) {
            return "\(name) must be 0 or more seconds and at most \(HaulConfiguration.longestTime), not \(value)"
        }
        if maximumDelaySeconds < initialDelaySeconds {
            return "maximumDelay (\(maximumDelaySeconds) s) must not be shorter than initialDelay (\(initialDelaySeconds) s)"
        }
        if let fixed = fixedDelaySeconds, !(fixed.isFinite && fixed >= 0 && fixed <= longest) {
            return "fixedDelay must be 0 or more seconds and at most \(HaulConfiguration.longestTime), not \(fixed)"
        }
        if let budget = maximumRetryTimeSeconds, !(budget.isFinite && budget >= 0) {
            return "maximumRetryTime must be 0 or more seconds, not \(budget)"
        }
        return nil
    }
}

extension LowestSpeed {
    /// What is wrong with this rule, as a sentence; nil when it can be used.
    var problem: String? {
        if bytesPerSecond < 1 { return "bytesPerSecond must be at least 1, not \(bytesPerSecond) (nil turns the rule off)" }
        if !(spanSeconds.isFinite && spanSeconds > 0) { return "span must be positive, not \(spanSeconds) seconds" }
        return nil
    }
}

extension ProxyRules {
    /// What is wrong with a proxy an app built itself (`ProxyEndpoint(kind:host:port:)`), as a sentence; nil when
    /// every one can be used. A port outside 1...65535 would otherwise reach the socket layer, which converts it to
    /// 16 bits (SwiftNIO's `in_port_t(port)` traps); an empty host can never be connected to. Proxies read from a
    /// URL (`ProxyEndpoint(parsing:)`, the environment) are checked by the parser already.
    var problem: String? {
        let named: [(String, ProxyEndpoint?)] = [
            ("explicit", explicit ?? nil), ("httpProxy", httpProxy), ("httpsProxy", httpsProxy), ("allProxy", allProxy),
        ]
        for case let (name, endpoint?) in named {
            if endpoint.host.isEmpty { return "\(name) has no host" }
            if !(1...65535).contains(endpoint.port) { return "\(name)'s port must be 1...65535, not \(endpoint.port)" }
        }
        return nil
    }
}
