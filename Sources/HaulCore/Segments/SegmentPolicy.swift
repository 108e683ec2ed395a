/// How one file is split across connections, and when a slow or stalled connection is replaced.
///
/// Defaults: 4 connections, 4 MiB minimum split (aria2c's `--min-split-size` default is 20 MiB, a 4 MiB minimum
/// keeps 4 connections useful from 16 MiB up), a stall after 15 s without a byte, "slow" below a quarter of the
/// median speed of the others, speeds trusted after 2 s of watching a connection (long enough to see a steady
/// rate with about one report per buffer, short enough that a slow first connection is replaced early), and a
/// running connection's whole remaining range taken over by a free one only when that is expected to finish at
/// least 1 s sooner (a new request costs a round trip and the bytes in flight; the margin keeps two connections of
/// similar speed from trading a range back and forth).
public struct SegmentPolicy: Hashable, Sendable {
    /// The most connections a policy may ask for.
    public static let connectionLimit = 32

    /// Connections wanted for one file, 1...32.
    public var connections: Int
    /// The smallest segment ever cut, in bytes (the file itself may be smaller).
    public var minimumSplitSize: Int64
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

    /// Creates a policy.
    public init(
        connections: Int = 4,
        minimumSplitSize: Int64 = 4 * 1024 * 1024,
        stallSeconds: Double = 15,
        slowFraction: Double = 0.25,
        measuringSeconds: Double = 2,
        takeoverMarginSeconds: Double = 1,
        lowestSpeed: LowestSpeed? = nil
    ) {
        precondition((1...Self.connectionLimit).contains(connections), "connections must be 1...\(Self.connectionLimit)")
        precondition(minimumSplitSize >= 1, "the minimum split size is at least one byte")
        precondition(stallSeconds > 0 && slowFraction >= 0 && slowFraction < 1 && measuringSeconds >= 0)
        precondition(takeoverMarginSeconds >= 0, "the takeover margin is never negative")
        self.connections = connections
        self.minimumSplitSize = minimumSplitSize
        self.stallSeconds = stallSeconds
        self.slowFraction = slowFraction
        self.measuringSeconds = measuringSeconds
        self.takeoverMarginSeconds = takeoverMarginSeconds
        self.lowestSpeed = lowestSpeed
    }
}
