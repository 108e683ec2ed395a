/// How many connections one download may open: Haul chooses (`automatic`, the default everywhere) or the person
/// typed a count (`fixed`). The one owner of the connection count: its valid range, its default, the automatic
/// ceiling and start, the host budget and the pool's limits are the static members below, and every front-end
/// (the library's `DownloadRequest`, `haul -x`, the daemon's `split` and `max-connection-per-server`, the MCP tools)
/// reads a count with ``init(parsing:)`` and checks it with ``problem(named:)``, so the same input gives the same
/// count, or the same words, wherever it is typed. docs/architecture.md, "Who owns the connection count".
///
/// | name | value | what it bounds |
/// |---|---|---|
/// | ``range`` | 1...32 | a count a person or an app may ask for |
/// | ``default`` | `automatic(ceiling: 16)` | a download nobody gave a count (library, CLI and daemon alike) |
/// | ``automaticStart`` | 4 | the connections an automatic count starts with (`ConnectionTuner`) |
/// | ``automaticCeiling`` | 16 | the most an automatic count reaches, unless the host taught less |
/// | ``hostBudget`` | 16 | one host's budget over all downloads until it teaches less (`HostBudgetPolicy`) |
/// | ``poolHostLimit`` | 64 | the connection pool's hard cap per host (`ConnectionPoolMachine`) |
/// | ``poolIdleSeconds`` | 30 | how long the pool keeps an idle keep-alive connection |
public enum ConnectionCount: Hashable, Sendable, CustomStringConvertible {
    /// Haul chooses how many, up to `ceiling` (`ConnectionTuner`): it starts with ``automaticStart``, tries the
    /// most, and keeps the fewest that reach the speed the most reached. `-x auto`.
    case automatic(ceiling: Int)
    /// Exactly this many, whatever the speed, unless the server refuses that many. `-x N`.
    case fixed(Int)

    /// A count that may be asked for: at least one, and at most 32, twice aria2's cap of 16 for
    /// `--max-connection-per-server` (a person who knows the server may want more than the automatic ceiling).
    public static let range: ClosedRange<Int> = 1...32

    /// The count of a download nobody gave one, in the library, `haul` and the daemon alike: automatic. The reason:
    /// the same download must not be slower in an app or over RPC than on the command line, and no fixed count suits
    /// both a server that caps each connection (wants many) and one fast pipe (many only cost the server sockets);
    /// the tuner measures which it is. A small file or a server without ranges gets one connection either way.
    public static let `default` = ConnectionCount.automatic(ceiling: automaticCeiling)

    /// The connections an automatic count starts with: a link that one connection cannot fill (long round trips,
    /// per-flow shaping) is most often filled by a handful, and four is what browsers' download managers open.
    public static let automaticStart = 4

    /// The most an automatic count goes up to: the host budget (a host that taught less lowers it).
    public static let automaticCeiling = hostBudget

    /// How many connections go to one host at once, over all downloads, until the host teaches less: aria2's hard
    /// cap for `--max-connection-per-server`, the count people reach for with `-x 16`, and what public mirrors and
    /// CDNs commonly tolerate (`HostBudgetPolicy.defaultLimit`).
    public static let hostBudget = 16

    /// The connection pool's cap on one host (leased, opening and idle, through any route) until the host teaches
    /// less: twice the largest count one download may ask for, so two downloads of `-x 32` to one host still run
    /// side by side. The budget above, not this, is what shares a host between downloads.
    public static let poolHostLimit = 2 * range.upperBound

    /// Seconds the pool keeps an idle keep-alive connection (the pool's value before it was kept here; the pool
    /// machine's own default was 60 s and nothing ran with it). A kept connection the server closed meanwhile is
    /// not sent on (docs/architecture.md, "One pool, two carriers").
    public static let poolIdleSeconds: Double = 30

    /// The rule a typed count must follow, in words: "must be auto or a count between 1 and 32".
    public static var rule: String { "must be auto or a count between \(range.lowerBound) and \(range.upperBound)" }

    /// What to say about `value` typed for option `name` that is no count: every front-end's words.
    ///
    ///     ConnectionCount.refusal(of: "40", named: "split")  // "split must be auto or a count between 1 and 32, not 40"
    public static func refusal(of value: String, named name: String) -> String { "\(name) \(rule), not \(value)" }

    /// Reads `auto` (any case: the default ceiling) or a whole number (unchecked: see ``problem(named:)``).
    public init?(parsing text: String) {
        if text.lowercased() == "auto" {
            self = .default
        } else if let count = Int(text) {
            self = .fixed(count)
        } else {
            return nil
        }
    }

    /// Reads and checks `text` typed for option `name`, with ``refusal(of:named:)``'s words when it is no count.
    public static func checked(_ text: String, named name: String) -> Result<ConnectionCount, ConnectionCountError> {
        guard let count = ConnectionCount(parsing: text) else { return .failure(ConnectionCountError(refusal(of: text, named: name))) }
        if let problem = count.problem(named: name) { return .failure(ConnectionCountError(problem)) }
        return .success(count)
    }

    /// The one clamp: `count` brought into ``range`` (a count Haul derives, such as a budget granted or an input
    /// file's `connections=`; a count a person types is refused instead, ``problem(named:)``).
    public static func clamped(_ count: Int) -> Int { min(max(count, range.lowerBound), range.upperBound) }

    /// What is wrong with this count as option `name`, or nil when it is within ``range``.
    public func problem(named name: String) -> String? {
        Self.range.contains(most) ? nil : Self.refusal(of: String(most), named: name)
    }

    /// The most connections it may open: the ceiling, or the count. What a queue plans with.
    public var most: Int {
        switch self {
        case .automatic(let ceiling): ceiling
        case .fixed(let count): count
        }
    }

    /// Whether Haul chooses the count.
    public var isAutomatic: Bool {
        if case .automatic = self { return true }
        return false
    }

    /// The same kind of count with its most brought into ``range``.
    public var clamped: ConnectionCount {
        switch self {
        case .automatic(let ceiling): .automatic(ceiling: Self.clamped(ceiling))
        case .fixed(let count): .fixed(Self.clamped(count))
        }
    }

    /// The stricter of two counts asked for one download (aria2's `split` and `max-connection-per-server`): two
    /// fixed counts give the smaller, a fixed count wins over an automatic one (a person's count binds), two
    /// automatic ones keep the lower ceiling.
    public static func stricter(_ a: ConnectionCount, _ b: ConnectionCount) -> ConnectionCount {
        switch (a, b) {
        case (.fixed(let x), .fixed(let y)): .fixed(min(x, y))
        case (.fixed, .automatic): a
        case (.automatic, .fixed): b
        case (.automatic(let x), .automatic(let y)): .automatic(ceiling: min(x, y))
        }
    }

    /// `auto` (with the default ceiling), `auto up to N` (another ceiling) or the count.
    public var description: String {
        switch self {
        case .automatic(let ceiling): ceiling == Self.automaticCeiling ? "auto" : "auto up to \(ceiling)"
        case .fixed(let count): "\(count)"
        }
    }
}

/// A connection count that cannot be used, with ``ConnectionCount/refusal(of:named:)``'s words.
public struct ConnectionCountError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The sentence: the option's name, the rule and the value typed.
    public let description: String

    /// An error saying `description`.
    public init(_ description: String) { self.description = description }
}
