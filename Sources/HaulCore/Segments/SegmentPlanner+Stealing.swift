/// How a free connection gets work from a running one.
enum StealPlan: Hashable, Sendable {
    /// Cut the running segment's remaining range at `cut`: its owner keeps `[next, cut)`, the free connection
    /// takes `[cut, end)`.
    case split(at: Int64)
    /// The free connection takes the owner's whole remaining range `[next, end)`, cut into `pieces` equal parts:
    /// it fetches the first, the others wait for the next connections to ask. The owner is dropped.
    case takeOver(pieces: Int)
}

extension SegmentPlanner {
    /// The work worth taking from a running connection (never `spared`) for a free one, if any.
    ///
    /// For each running segment with `R = end - next` bytes left, its owner's speed `v` (measured at the last
    /// `tick`, else assumed to be `r`), a free connection assumed to run at the reference speed `r` (see
    /// `referenceSpeed(excludingOne:from:)`) and the floor of the cut `m` (`floor`: `policy.stealingSplitSize` for a connection that has finished its segment,
    /// `policy.minimumSplitSize` for a new one, see `SegmentPolicy`):
    ///
    ///     leave it:   T0 = R / v
    ///     split:      k  = clamp(R * v / (v + r), m, R - m)              only when R >= 2m
    ///                 k  = max(k, A - next)                              only when end - A >= m, and v >= r / 2
    ///                 T1 = max(k / v, (R - k) / r)                       (both parts end together when unclamped)
    ///     take over:  T2 = R / r + takeoverMarginSeconds                 only when v was measured
    ///
    /// The segment with the largest gain `T0 - min(T1, T2) > 0` is taken (ties: more bytes left, then the earlier
    /// segment), by the cheaper of the two plans (the split on a tie). While no speed is known every `v` equals `r`:
    /// that is the back half, `k = R / 2`, of the largest remainder whose halves are both at least `m`. `A` is where
    /// the owner's request ends (`unasked`, `SegmentPlanner+Asked`): a split never takes bytes already asked for.
    ///
    /// This is the endgame: a slow connection late in the download holds the file hostage, and a split would leave
    /// it at least `m` bytes to fetch at its slow speed; taken over whole, its range moves at the reference speed.
    /// Other connections are often about to finish too (they started together), so the range taken over is cut
    /// into `p` pieces of at least `m`, for them: `p` is the largest number with
    ///
    ///     p <= R / m   and   p <= 1 + free slots + #{other running connections with R_j / v_j <= R / (2 p r)}
    ///
    /// (free slots: below the cap once the owner is dropped; a connection counts when it will be free within the
    /// first half of a piece's time). The free connection fetches the first piece; the others wait, and waiting
    /// pieces are taken before anything is stolen.
    func bestSteal(sparing spared: ConnectionID?, floor: Int64) -> (index: Int, plan: StealPlan)? {
        let known = segments.compactMap { segment -> Double? in
            guard let owner = segment.owner, owner != spared else { return nil }
            return speeds[owner].flatMap { $0 > 0 ? $0 : nil }
        }.sorted()
        // Seconds when a reference speed exists for every segment, else bytes for all of them (never a mix).
        let timed = known.count >= 2 || referenceSpeed != nil
        var best: (index: Int, plan: StealPlan, gain: Double, remaining: Int64, reference: Double)?
        for (i, segment) in segments.enumerated() {
            guard let owner = segment.owner, owner != spared, !segment.isComplete else { continue }
            let plan = timed ? stealPlan(for: segment, ownerSpeed: speeds[owner], known: known, floor: floor) : untimedPlan(for: segment, floor: floor)
            guard let (plan, gain, reference) = plan, gain > 0 else { continue }
            if let current = best, (gain, segment.remainingBytes) <= (current.gain, current.remaining) { continue }
            best = (i, plan, gain, segment.remainingBytes, reference)
        }
        guard let best else { return nil }
        if case .takeOver = best.plan {
            return (best.index, .takeOver(pieces: takeoverPieces(of: best.index, reference: best.reference, sparing: spared, floor: floor)))
        }
        return (best.index, best.plan)
    }

    /// How many pieces the remaining range of segment `i` is cut into when it is taken over (see `bestSteal`).
    private func takeoverPieces(of i: Int, reference r: Double, sparing spared: ConnectionID?, floor: Int64) -> Int {
        let victim = segments[i]
        let R = Double(victim.remainingBytes)
        // The taker replaces the owner, so as many connections run afterwards as now (`spared` owns nothing).
        let freeSlots = max(0, maximumConnections - stayingConnections.count)
        var finishing: [Double] = []
        for segment in segments {
            guard let owner = segment.owner, owner != victim.owner, owner != spared else { continue }
            let speed = speeds[owner] ?? r
            finishing.append(speed > 0 ? Double(segment.remainingBytes) / speed : .infinity)
        }
        let most = min(victim.remainingBytes / floor, Int64(maximumConnections))
        var pieces = Int(max(1, most))
        while pieces > 1 {
            let soon = R / (2 * Double(pieces) * r)
            if pieces <= 1 + freeSlots + finishing.count(where: { $0 <= soon }) { break }
            pieces -= 1
        }
        return pieces
    }

    /// Without speeds: the back half when both halves are at least `floor`; the gain is in bytes.
    private func untimedPlan(for segment: Segment, floor: Int64) -> (StealPlan, gain: Double, reference: Double)? {
        guard segment.remainingBytes / 2 >= floor else { return nil }
        let cut = max(segment.next + segment.remainingBytes / 2, unasked(segment))
        guard segment.end - cut >= floor else { return nil }
        return (.split(at: cut), Double(segment.end - cut), 1)
    }

    /// The better plan for one running segment, its gain in seconds and the reference speed it assumed.
    private func stealPlan(for segment: Segment, ownerSpeed measured: Double?, known: [Double], floor: Int64) -> (StealPlan, gain: Double, reference: Double)? {
        guard let r = referenceSpeed(excludingOne: measured.flatMap { $0 > 0 ? $0 : nil }, from: known) else {
            return untimedPlan(for: segment, floor: floor)
        }
        let remaining = segment.remainingBytes
        let m = floor
        let R = Double(remaining)
        let v = measured ?? r
        let leave = v > 0 ? R / v : .infinity
        var plans: [(StealPlan, Double)] = []
        // The owner's request binds the cut unless the owner is measured at under half the reference speed: then
        // its server, not its buffers, holds it back, little is in flight, and a cut inside its request costs
        // less than waiting for it (`SegmentPlanner+Asked`). A connection that was fast on its last range and has
        // just moved to this one is judged only after `measuringSeconds` (`isJudged`).
        let judged = isJudged(segment, reference: r)
        let asked = v >= r / 2 || !judged ? unasked(segment) : segment.next
        if remaining / 2 >= m, segment.end - asked >= m {
            var kept: Int64
            if v == r {
                kept = remaining / 2
            } else {
                let share = R * v / (v + r)
                let proportional = share >= R ? remaining : Int64(share)
                kept = min(max(proportional, m), remaining - m)
            }
            // What the owner's request already covers arrives anyway: the cut goes no lower.
            kept = max(kept, asked - segment.next)
            let time = max(v > 0 ? Double(kept) / v : .infinity, Double(remaining - kept) / r)
            plans.append((.split(at: segment.next + kept), time))
        }
        if measured != nil && judged {
            plans.append((.takeOver(pieces: 1), R / r + policy.takeoverMarginSeconds))
        }
        guard let (plan, time) = plans.min(by: { $0.1 < $1.1 }) else { return nil }
        return (plan, leave - time, r)
    }

    /// Whether the owner's speed may cut inside the request it has in flight (or take its range over, docs/segments.md
    /// rule 2). Not yet when the owner finished its last range at half the reference speed `r` or more and has
    /// watched its current one for under `policy.measuringSeconds`: its meter starts again with each range, a tick
    /// or two later the round trip of its first part can make it look slow, and a cut would drop the part it has
    /// in flight, fetched again by the taker. A connection slow from its start (a throttled first range, a slow
    /// mirror) is judged at once, as before; so is one with nothing asked past `next`.
    private func isJudged(_ segment: Segment, reference r: Double) -> Bool {
        guard let owner = segment.owner, let asked = askedEnds[owner], asked > segment.next,
            let before = finishedSpeeds[owner], before >= r / 2
        else { return true }
        guard let watch = watches[owner], let now = lastTick else { return false }
        return now - watch.since >= policy.measuringSeconds
    }

    /// The speed a free connection is assumed to reach: the median of the measured speeds of the running
    /// connections (`known`, sorted) without one entry for the segment's own owner (`own`), or, when no other
    /// connection is measured, the median remembered from the last tick that measured two or more.
    private func referenceSpeed(excludingOne own: Double?, from known: [Double]) -> Double? {
        var others = known
        if let own, let i = others.firstIndex(of: own) { others.remove(at: i) }
        guard !others.isEmpty else { return referenceSpeed }
        return (others[(others.count - 1) / 2] + others[others.count / 2]) / 2
    }

    /// Takes work for connection `id` from segment `i` as `plan` says.
    mutating func steal(for id: ConnectionID, from i: Int, _ plan: StealPlan) -> SegmentAssignment {
        let victim = segments[i].owner!
        switch plan {
        case .split(let cut):
            let end = segments[i].end
            segments[i].end = cut
            segments.insert(Segment(start: cut, end: end, next: cut, owner: id), at: i + 1)
            return SegmentAssignment(connection: id, start: cut, end: end, shrink: SegmentShrink(connection: victim, end: cut))
        case .takeOver(let pieces):
            release(i)
            segments[i].owner = id
            let next = segments[i].next, end = segments[i].end
            let size = (end - next) / Int64(pieces), extra = (end - next) % Int64(pieces)
            // Piece j is [cut(j), cut(j + 1)); the first `extra` pieces are one byte longer.
            func cut(_ j: Int64) -> Int64 { next + j * size + min(j, extra) }
            segments[i].end = cut(1)
            for j in 1..<Int64(pieces) {
                segments.insert(Segment(start: cut(j), end: cut(j + 1), next: cut(j)), at: i + Int(j))
            }
            return SegmentAssignment(connection: id, start: next, end: cut(1), replaces: victim)
        }
    }
}
