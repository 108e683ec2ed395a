/// How the connections of a host's budget are shared among one client's downloads that run there at once.
///
/// Each run holds what it was granted (`reserve`) until it ends (`release`). A count Haul chooses (`-x auto`) is
/// a share, not a first-come claim:
/// - a download that arrives when the others hold the whole budget gets a fair share, `budget / n` for `n`
///   downloads whose count Haul chooses, and those holding more are lowered to that share (their runs drop the
///   connections above it; their segments are taken over, nothing received is lost);
/// - connections that come free (a download ends, plans a single connection, or finds that more were no faster)
///   go to those holding less than they wanted, oldest first, and their runs open more.
///
/// Before this, the first download took all 16 and every later one got the one connection left over for its whole
/// run, even after the first had ended: on a host that caps each connection, a queue of large files from one mirror
/// ran every file but the first at a sixteenth of the speed it could have had.
///
/// A typed count (`-x N`) is the person's word: never lowered or raised here, only bound by a limit the host taught
/// (`limit` at `reserve`), as before. Pure: the caller (`HostBudgetBook`) keeps it under a lock, supplies the
/// budgets, and delivers each `Adjustment` to the run it names.
public struct HostShares: Hashable, Sendable {
    /// What one run holds.
    public struct Holding: Hashable, Sendable {
        public var host: String
        public var granted: Int
        public var wanted: Int
        /// A count Haul chooses whose run can still change it: lowered for a newcomer, raised when connections come
        /// free. A run over one connection (planned so, or typed) is not.
        public var adjustable: Bool
    }

    /// A run's new grant, to deliver to it.
    public struct Adjustment: Hashable, Sendable {
        public var token: Int
        public var connections: Int

        public init(token: Int, connections: Int) {
            self.token = token
            self.connections = connections
        }
    }

    /// The runs holding connections, by token.
    public private(set) var holdings: [Int: Holding] = [:]
    private var nextToken = 1

    public init() {}

    /// Connections held on `host` by every run.
    public func held(on host: String) -> Int {
        holdings.values.reduce(0) { $0 + ($1.host == host ? $1.granted : 0) }
    }

    /// Grants a run to `host` what it may open now, and returns the runs lowered to make room.
    ///
    /// - Parameters:
    ///   - limit: the budget the grant keeps within (with the others' holdings): for a count Haul chooses, the
    ///     host's budget (the lesson in force, else the default); for a typed count, a limit the host taught, or
    ///     nil (no limit: the count as typed).
    ///   - chosenByHaul: a count Haul chooses (`-x auto`): shared fairly (see the type's summary).
    public mutating func reserve(
        host: String, wanted: Int, limit: Int?, chosenByHaul: Bool
    ) -> (token: Int, granted: Int, lowered: [Adjustment]) {
        let wanted = max(1, wanted)
        var lowered: [Adjustment] = []
        var granted = wanted
        if let limit {
            var available = limit - held(on: host)
            if chosenByHaul, available < wanted {
                let sharing = holdings.filter { $0.value.host == host && $0.value.adjustable }
                let share = max(1, min(wanted, limit / (sharing.count + 1)))
                // The largest holdings first, each down to the share, until the newcomer has its share.
                for (token, holding) in sharing.sorted(by: { ($0.value.granted, $1.key) > ($1.value.granted, $0.key) }) {
                    guard available < share else { break }
                    let take = min(holding.granted - share, share - available)
                    guard take > 0 else { continue }
                    holdings[token]?.granted -= take
                    available += take
                    lowered.append(Adjustment(token: token, connections: holding.granted - take))
                }
            }
            granted = max(1, min(wanted, available))
        }
        let token = nextToken
        nextToken += 1
        holdings[token] = Holding(host: host, granted: granted, wanted: wanted, adjustable: chosenByHaul && wanted > 1)
        return (token, granted, lowered)
    }

    /// The run `token` ended: its connections go to the runs that hold less than they wanted (see `giveOut`).
    public mutating func release(_ token: Int, budget: Int) -> [Adjustment] {
        guard let holding = holdings.removeValue(forKey: token) else { return [] }
        return giveOut(on: holding.host, budget: budget)
    }

    /// The run `token` will use no more than `connections`: it planned a single connection (a file not worth
    /// splitting), or its count settled there because more were no faster. It holds and wants no more than that
    /// from now on (a later share never raises it past it), and a run over one connection is no longer adjusted.
    /// What it let go of is given out (see `giveOut`).
    public mutating func planned(_ token: Int, connections: Int, budget: Int) -> [Adjustment] {
        guard let holding = holdings[token] else { return [] }
        let most = max(1, connections)
        guard most < holding.wanted || most < holding.granted || most == 1 else { return [] }
        holdings[token]?.wanted = min(holding.wanted, most)
        holdings[token]?.granted = min(holding.granted, most)
        if most == 1 { holdings[token]?.adjustable = false }
        return giveOut(on: holding.host, budget: budget)
    }

    /// What `token` holds now, if it runs.
    public func granted(_ token: Int) -> Int? { holdings[token]?.granted }

    /// Raises the adjustable runs on `host` that hold less than they wanted, oldest first, while `budget` has room.
    private mutating func giveOut(on host: String, budget: Int) -> [Adjustment] {
        var available = budget - held(on: host)
        var raised: [Adjustment] = []
        for token in holdings.keys.sorted() where available > 0 {
            guard let holding = holdings[token], holding.host == host, holding.adjustable, holding.granted < holding.wanted
            else { continue }
            let give = min(available, holding.wanted - holding.granted)
            holdings[token]?.granted += give
            available -= give
            raised.append(Adjustment(token: token, connections: holding.granted + give))
        }
        return raised
    }
}
