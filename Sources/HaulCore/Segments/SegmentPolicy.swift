/// How one file is split across connections, and when a slow or stalled connection is replaced.
///
/// Defaults: 4 connections, 4 MiB minimum split (aria2c's `--min-split-size` default is 20 MiB, a 4 MiB minimum
/// keeps 4 connections useful from 16 MiB up), a stall after 15 s without a byte, "slow" below a quarter of the
/// median speed of the others, speeds trusted after 2 s of watching a connection (long enough to see a steady
/// rate with about one report per buffer, short enough that a slow first connection is replaced early), and a
/// running connection's whole remaining range taken over by a free one only when that is expected to finish at
/// least 1 s sooner (a new request costs a round trip and the bytes in flight; the margin keeps two connections of
/// similar speed from trading a range back and forth).
///
/// A connection that has finished its segment may cut a running range down to 1 MiB parts (`endgameSplitSize`),
/// below the 4 MiB of the first plan: near the end every connection that finishes early would otherwise idle while
/// the last few, each holding less than two minimum splits, finish alone. A *new* connection still cuts nothing
/// below `minimumSplitSize`, so a file too small for the first plan to split is not split by the connections
/// opened after it either. Measured on 16
/// connections limited to 8 MiB/s each (1 GiB from nginx `limit_rate 8m`): their ends spread over 0.2-0.5 s, all of
/// which is lost with a 4 MiB floor. 1 MiB is aria2c's smallest `--min-split-size`; below it a new request's round
/// trip starts to cost a noticeable share of what it saves.
public struct SegmentPolicy: Hashable, Sendable {
    /// The most connections a policy may ask for: `ConnectionCount.range`'s upper bound.
    public static let connectionLimit = ConnectionCount.range.upperBound

    /// Connections wanted for one file, 1...32.
    public var connections: Int
    /// The smallest segment the first plan cuts, in bytes (the file itself may be smaller); also the floor of every
    /// later cut when it is below `endgameSplitSize`.
    public var minimumSplitSize: Int64
    /// The smallest part a connection that has finished its segment cuts off a running range, or a range it takes
    /// over is cut into; the floor actually used is `stealingSplitSize`.
    public var endgameSplitSize: Int64
    /// Seconds without a received byte after which a connection is stalled and replaced.
    public var stallSeconds: Double
    /// A connection is slow when its speed < `slowFraction` * median(speeds of the other connections).
    public var slowFraction: Double
    /// Seconds a connection must have been watched before its speed is compared (or used as a reference).
    public var measuringSeconds: Double
    /// How much sooner, in seconds, a free connection must be expected to finish a running connection's whole
    /// remaining range than that connection at its measured speed, before it takes the range over (see
    /// `SegmentPlanner`'s endgame).
    public var takeoverMarginSeconds: Double
    /// The lowest speed any connection must keep, alone or not (`LowestSpeed`); nil: no such rule. Unlike
    /// `slowFraction`, which compares connections with each other, this is absolute: it also drops the connection
    /// that holds the last remaining segment when there is nobody left to compare it with.
    public var lowestSpeed: LowestSpeed?
    /// `--in-order`: connections take the earliest missing ranges first, so the file's beginning is complete as early
    /// as possible (a video can be played while it downloads). The first plan then cuts the file into pieces of
    /// ``inOrderPieceSize(length:)`` in file order instead of one range per connection, and each free connection
    /// takes the first waiting piece; still several connections at once.
    public var inOrder: Bool
    /// Each byte crosses the wire once (issue 56; docs/segments.md): a connection asks for its segment in parts of
    /// at most half what is left (`SegmentPlanner.askedEnd(from:to:floor:atMost:)`), so a steal takes bytes nobody asked
    /// for instead of cutting a running request; and the whole-file probe is dropped at its head once it shows a
    /// size and ranges, its segment asked for again as a range, instead of being cut at its segment's end with
    /// megabytes in flight. `false`: one request per segment, the probe cut at its end (the rules before).
    public var fetchesEachByteOnce: Bool

    /// Creates a policy.
    public init(
        connections: Int = 4,
        minimumSplitSize: Int64 = 4 * 1024 * 1024,
        stallSeconds: Double = 15,
        slowFraction: Double = 0.25,
        measuringSeconds: Double = 2,
        takeoverMarginSeconds: Double = 1,
        lowestSpeed: LowestSpeed? = nil,
        endgameSplitSize: Int64 = 1024 * 1024,
        inOrder: Bool = false,
        fetchesEachByteOnce: Bool = true
    ) {
        precondition((1...Self.connectionLimit).contains(connections), "connections must be 1...\(Self.connectionLimit)")
        precondition(minimumSplitSize >= 1 && endgameSplitSize >= 1, "a minimum split size is at least one byte")
        precondition(stallSeconds > 0 && slowFraction >= 0 && slowFraction < 1 && measuringSeconds >= 0)
        precondition(takeoverMarginSeconds >= 0, "the takeover margin is never negative")
        self.connections = connections
        self.minimumSplitSize = minimumSplitSize
        self.stallSeconds = stallSeconds
        self.slowFraction = slowFraction
        self.measuringSeconds = measuringSeconds
        self.takeoverMarginSeconds = takeoverMarginSeconds
        self.lowestSpeed = lowestSpeed
        self.endgameSplitSize = endgameSplitSize
        self.inOrder = inOrder
        self.fetchesEachByteOnce = fetchesEachByteOnce
    }

    /// The piece of an in-order plan: `minimumSplitSize`, or larger for a file over 256 of them, so a plan holds at
    /// most 256 segments (each is a row in the state database and a step in the planner's scans) whatever the size.
    /// The playable prefix then trails the newest bytes by at most `connections` pieces.
    public func inOrderPieceSize(length: Int64) -> Int64 {
        max(minimumSplitSize, (length + 255) / 256)
    }

    /// The floor of a cut by a connection that has finished its segment: the smaller of `minimumSplitSize` and
    /// `endgameSplitSize`, so a small `--min-split-size` is honoured as it is and a large one governs the first
    /// plan and new connections only.
    public var stealingSplitSize: Int64 { min(minimumSplitSize, endgameSplitSize) }
}
