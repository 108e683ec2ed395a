/// Chooses how many connections one download uses when the person left it to Haul (`-x auto`): start with a few,
/// add more while the download's total speed grows by a margin, and stop adding when it does not, never above a
/// ceiling (the host's connection budget).
///
/// Why this shape: a server that caps each connection (a per-connection `limit_rate`, a CDN node's per-flow shaping)
/// rewards every added connection with about the same speed again; a server with one fast pipe (or a link already
/// full) gives the same total with 4 connections or 16, and extra connections then only cost the server sockets.
/// Measuring the total at a few counts tells the two apart without knowing anything about the server:
///
///     measure `initial` (4)                       -> s0
///     measure `ceiling` (16)                      -> sC
///     sC <= s0 * (1 + margin)                     -> settle at `initial`: more connections do not pay
///     sC >= s0 * ceiling/initial * 0.9            -> settle at `ceiling`: every connection brought its share
///     otherwise bisect (geometric middle) between the largest count measured too slow and the smallest that
///     reached sC / (1 + margin), until they are within a factor of two; settle at the smaller good one.
///
/// Trying the ceiling second rather than doubling step by step reaches full speed after one level under
/// per-connection caps (with ~0.6 s levels, 94 % of a fixed `-x 16` on 1 GiB at 8 MiB/s a connection, against 89 %
/// for 4 -> 8 -> 16), and a host still gets the fewest connections, within a factor of two, that reach its speed.
/// Each level is measured only once all its connections receive, after a short settle (TCP's slow start).
///
/// Under a rate limit (`Settings.rateLimit`, the download's own `--limit-rate` or aria2's `max-download-limit`) the
/// question is another: not "how many are fastest" but "how few reach the rate". The tuner starts with one
/// connection; a level that reaches 90 % of the rate is enough, and the count settles at the fewest measured that
/// do (bisecting between the largest that did not and the smallest that did); a level below it measures next the
/// count its speed per connection says the rate needs. A rate that even the ceiling does not reach settles at the
/// fewest measured that were about as fast as the ceiling. So a download limited to 512 KiB/s from a server that gives one connection 10 MiB/s uses one
/// connection, as aria2c does, instead of 4 to 16 that the limiter would only hold back.
///
/// Pure: the caller feeds the download's received bytes and its own monotonic seconds (and how many connections
/// are receiving), so tests move time by hand. One tuner per download; the host's budget lowers the ceiling
/// through ``lowerCeiling(to:)`` when a server answers "too many connections".
public struct ConnectionTuner: Hashable, Sendable {
    /// How the tuner probes.
    public struct Settings: Hashable, Sendable {
        /// Connections to start with. Four: a link that one connection cannot fill (long round trips, per-flow
        /// shaping) is most often filled by a handful, and four is what browsers' download managers open by default.
        public var initial: Int
        /// The most it may reach: the host's budget or the person's cap.
        public var ceiling: Int
        /// How much the total must grow, as a fraction, for a doubling to be kept: 0.15 = 15 %. Doubling under
        /// per-connection caps gives about +100 %; noise on a full link is a few percent.
        public var margin: Double
        /// Seconds to wait, after every connection of a level is receiving, before measuring (TCP's slow start).
        public var settleSeconds: Double
        /// Seconds over which a level's total speed is measured.
        public var windowSeconds: Double
        /// The download's rate limit in bytes per second, when one holds it: the tuner then looks for the fewest
        /// connections that reach it, starting from one (see the type's documentation).
        public var rateLimit: Double?

        public init(initial: Int = ConnectionCount.automaticStart, ceiling: Int = ConnectionCount.automaticCeiling, margin: Double = 0.15, settleSeconds: Double = 0.1,
            windowSeconds: Double = 0.4, rateLimit: Double? = nil)
        {
            self.rateLimit = rateLimit.flatMap { $0 > 0 ? $0 : nil }
            self.initial = max(1, min(self.rateLimit == nil ? initial : 1, ceiling))
            self.ceiling = max(1, ceiling)
            self.margin = margin
            self.settleSeconds = settleSeconds
            self.windowSeconds = windowSeconds
        }
    }

    /// Where the tuner is.
    public enum Phase: Hashable, Sendable {
        /// Measuring the current level.
        case probing
        /// Done: the count stays, whatever the speed does next (a later change is the stall and lowest-speed
        /// rules' business, or the host budget's).
        case settled
    }

    public private(set) var settings: Settings
    /// The connection count to use now.
    public private(set) var target: Int
    public private(set) var phase: Phase = .probing
    /// The speeds measured so far, level by level: (connections, bytes per second), for reports and tests.
    public private(set) var measured: [Level] = []
    private var ceiling: Int
    /// When every connection of the current level was first seen receiving; `nil` until then.
    private var allReceivingSince: Double?
    /// The start of the current measuring window: (seconds, bytes).
    private var windowStart: Mark?

    private struct Mark: Hashable, Sendable {
        var time: Double
        var bytes: Int64
    }

    /// A level's measurement.
    public struct Level: Hashable, Sendable {
        public var connections: Int
        public var bytesPerSecond: Double
    }

    public init(settings: Settings = Settings()) {
        self.settings = settings
        self.ceiling = settings.ceiling
        self.target = settings.initial
    }

    /// Feeds the download's total received bytes at `now` (monotonic seconds), with how many of its connections
    /// have received at least one byte since the current level began (or simply are receiving). Returns the count
    /// to use from now on.
    @discardableResult
    public mutating func observe(bytes: Int64, at now: Double, connectionsReceiving: Int) -> Int {
        guard phase == .probing else { return target }
        guard let since = allReceivingSince else {
            if connectionsReceiving >= target { allReceivingSince = now }
            return target
        }
        guard let start = windowStart else {
            if now - since >= settings.settleSeconds { windowStart = Mark(time: now, bytes: bytes) }
            return target
        }
        let elapsed = now - start.time
        guard elapsed >= settings.windowSeconds else { return target }
        let speed = Double(bytes - start.bytes) / elapsed
        measured.append(Level(connections: target, bytesPerSecond: speed))
        switch nextStep() {
        case .measure(let count):
            target = count
            allReceivingSince = nil
            windowStart = nil
        case .settle(let count):
            target = count
            phase = .settled
        }
        return target
    }

    private enum Step {
        case measure(Int)
        case settle(Int)
    }

    /// What follows the levels measured so far (the rule in the type's documentation).
    private func nextStep() -> Step {
        guard let first = measured.first else { return .measure(target) }
        if let rate = settings.rateLimit { return nextStep(under: rate) }
        guard measured.count >= 2 else { return first.connections >= ceiling ? .settle(target) : .measure(ceiling) }
        let top = measured[1]
        if top.bytesPerSecond <= first.bytesPerSecond * (1 + settings.margin) { return .settle(first.connections) }
        let linear = first.bytesPerSecond * Double(top.connections) / Double(first.connections) * 0.9
        if top.bytesPerSecond >= linear { return .settle(top.connections) }
        func reachesTop(_ level: Level) -> Bool { level.bytesPerSecond * (1 + settings.margin) >= top.bytesPerSecond }
        let high = measured.filter(reachesTop).map(\.connections).min() ?? top.connections
        let low = measured.filter { !reachesTop($0) && $0.connections < high }.map(\.connections).max() ?? first.connections
        guard high > low * 2 else { return .settle(high) }
        return .measure(Int((Double(low) * Double(high)).squareRoot().rounded()))
    }

    /// The next step under a rate limit of `rate` bytes per second. When even the ceiling did not reach it, the count
    /// settles at the fewest measured that were about as fast as the ceiling (the usual margin).
    private func nextStep(under rate: Double) -> Step {
        let enough = rate * 0.9
        if let high = measured.filter({ $0.bytesPerSecond >= enough }).map(\.connections).min() {
            let low = measured.filter { $0.bytesPerSecond < enough && $0.connections < high }.map(\.connections).max()
            guard let low, high > low + 1 else { return .settle(high) }
            let middle = Int((Double(low) * Double(high)).squareRoot().rounded())
            return .measure(min(high - 1, max(low + 1, middle)))
        }
        let last = measured[measured.count - 1]
        guard last.connections < ceiling else {
            let fewest = measured.filter { $0.bytesPerSecond * (1 + settings.margin) >= last.bytesPerSecond }
            return .settle(fewest.map(\.connections).min() ?? last.connections)
        }
        // The count this level's speed per connection says the rate needs, at least one more than measured.
        let perConnection = last.bytesPerSecond / Double(last.connections)
        let needed = perConnection > 0 ? Int((rate / perConnection).rounded(.up)) : ceiling
        return .measure(min(ceiling, max(last.connections + 1, needed)))
    }

    /// The rate limit in force changed while the download runs (aria2's `changeOption max-download-limit`,
    /// `changeGlobalOption max-overall-download-limit`, a speed schedule): what was measured answered the old
    /// question, so the tuner measures again under the new one, from its first level: one connection under a limit
    /// (the fewest that reach the new rate), the usual `initial` without one (the fewest that are fastest), up to
    /// the same ceiling. Returns whether the limit changed (`nil`, 0 or less: none).
    @discardableResult
    public mutating func changeRateLimit(to rate: Double?) -> Bool {
        let rate = rate.flatMap { $0 > 0 ? $0 : nil }
        guard rate != settings.rateLimit else { return false }
        settings.rateLimit = rate
        target = max(1, min(rate == nil ? Settings().initial : 1, ceiling))
        phase = .probing
        measured = []
        allReceivingSince = nil
        windowStart = nil
        return true
    }

    /// The most it may reach now: the settings' ceiling, lowered or raised since by the host's budget.
    public var currentCeiling: Int { ceiling }

    /// The host's budget fell (a 429/503 to an extra connection, refused connections, or a share given to another
    /// download of the same host): never go above `limit` again (until `raiseCeiling`), and settle if already there.
    public mutating func lowerCeiling(to limit: Int) {
        ceiling = max(1, min(ceiling, limit))
        if target >= ceiling {
            target = ceiling
            phase = .settled
        }
    }

    /// More of the host's budget came free (another download to the same host ended): the ceiling becomes `limit`.
    /// A count that settled at its old ceiling (the budget, not the host, held it there) measures again from where
    /// it is up to the new ceiling; one that settled below its ceiling stays (more were no faster); one still
    /// measuring reaches for the new ceiling at its next step.
    public mutating func raiseCeiling(to limit: Int) {
        guard limit > ceiling else { return }
        let heldAtCeiling = phase == .settled && target >= ceiling
        ceiling = limit
        guard heldAtCeiling else { return }
        phase = .probing
        measured = []
        allReceivingSince = nil
        windowStart = nil
    }
}
