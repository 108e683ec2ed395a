/// How many connections one download may open now: the one answer, from what it asked for (a typed count or
/// automatic, ``ConnectionCount``), what the queue granted it, its host's budget and the pool's cap. The limits
/// apply in this order:
///
///     wanted     = clamped(min(queue's grant, count.most))   the queue's share of all connections (QueuePolicy);
///                                                            a download run on its own: count.most
///     host limit = automatic: the host's lesson in force, else the budget (HostBudgetPolicy.defaultLimit)
///                  typed:     a lesson the host taught by refusing, else none (the person's word)
///     granted    = wanted within host limit less what the client's other downloads there hold (HostShares)
///     pool's cap = a lesson the host taught by refusing, else ConnectionCount.poolHostLimit, over all downloads
///     plan       = tuned: max(granted, wanted) planned, the tuner up to granted; else granted; in range
///
/// Pure: `HostBudgetBook` keeps the lessons and the shares under its lock and asks ``hostLimit(lesson:policy:at:)``
/// and ``poolLimit(lesson:policy:at:)``; `DownloadTask.makeTransfer` asks ``wanted``, and
/// `TransferRunner.machineSettings` ``plan(granted:tuned:)``. docs/architecture.md, "Who owns the connection count".
public struct ConnectionAllowance: Hashable, Sendable {
    /// What the download asked for.
    public var count: ConnectionCount
    /// The connections the queue granted its run (`QueuePolicy`), or nil for a download run on its own.
    public var queueGrant: Int?

    /// The allowance of a download that asked for `count`, run with `queueGrant` (nil: on its own).
    public init(count: ConnectionCount, queueGrant: Int? = nil) {
        self.count = count
        self.queueGrant = queueGrant
    }

    /// What the run asks its host for: the queue's grant within the count, in ``ConnectionCount/range``; the count's
    /// most on its own.
    public var wanted: Int {
        guard let queueGrant else { return count.most }
        return ConnectionCount.clamped(min(queueGrant, count.most))
    }

    /// The count the run goes with: ``wanted``, of the count's kind (an automatic count's ceiling lowered to it).
    public var runCount: ConnectionCount {
        count.isAutomatic ? .automatic(ceiling: wanted) : .fixed(wanted)
    }

    /// The budget the run's share of its host is taken within (`HostShares.reserve`'s `limit`).
    public func hostLimit(lesson: LearnedHostBudget?, policy: HostBudgetPolicy, at now: Double) -> Int? {
        Self.hostLimit(automatic: count.isAutomatic, lesson: lesson, policy: policy, at: now)
    }

    /// The budget on a host for an automatic count (`automatic`) or a typed one: the lesson in force (an
    /// automatic count's whatever it taught, a typed count's only a refusal), else the policy's budget for an
    /// automatic count and none for a typed one.
    public static func hostLimit(automatic: Bool, lesson: LearnedHostBudget?, policy: HostBudgetPolicy, at now: Double) -> Int? {
        let inForce = lesson.flatMap { $0.hasExpired(at: now, policy: policy) ? nil : $0 }
        if automatic { return inForce?.limit(at: now, policy: policy) ?? policy.defaultLimit }
        guard let inForce, inForce.bindsFixedCounts else { return nil }
        return inForce.limit(at: now, policy: policy)
    }

    /// The cap on every connection to a host, whoever asks (the pool's, `Transport.limitConnections`): a lesson in
    /// force the host taught by refusing, or nil (the pool's own, ``ConnectionCount/poolHostLimit``).
    public static func poolLimit(lesson: LearnedHostBudget?, policy: HostBudgetPolicy, at now: Double) -> Int? {
        hostLimit(automatic: false, lesson: lesson, policy: policy, at: now)
    }

    /// What a run granted `granted` connections of its host plans with.
    public struct Plan: Hashable, Sendable {
        /// The connections its segments are planned for (`SegmentPolicy.connections`).
        public var connections: Int
        /// The most its tuner may reach (`ConnectionTuner.Settings.ceiling`), or nil when its count is not tuned.
        public var tunerCeiling: Int?

        public init(connections: Int, tunerCeiling: Int?) {
            self.connections = connections
            self.tunerCeiling = tunerCeiling
        }
    }

    /// The run's plan: a tuned run (an automatic count, or a rate limit) is planned for what it wants, its tuner
    /// capped at `granted` (the host's budget may raise that while it runs, and a plan cut for fewer could not use
    /// more); an untuned one for `granted`.
    public func plan(granted: Int, tuned: Bool) -> Plan {
        Plan(connections: ConnectionCount.clamped(tuned ? max(granted, wanted) : granted), tunerCeiling: tuned ? granted : nil)
    }
}
