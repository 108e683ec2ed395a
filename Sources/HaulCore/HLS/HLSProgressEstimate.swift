/// What a stream's progress view can say while its segments' sizes are unknown (docs/hls.md, "Progress").
///
/// A playlist gives each segment's playing time, not its size. So the share done is the playing time written over
/// the stream's, and the whole stream's size is estimated from the bytes written per second of playing time so far,
/// times the stream's playing time. A playlist whose durations are all zero falls back to segments done over
/// segments. When every piece is written, the estimate is exactly the bytes written.
public struct HLSProgressEstimate: Sendable, Equatable {
    /// The share of the stream written, 0 to 1.
    public let fractionDone: Double
    /// The stream's size in bytes as far as it can be told: `nil` before a byte is written.
    public let estimatedTotalBytes: Int64?
    /// Whether `estimatedTotalBytes` is exact (every piece written), not an estimate.
    public let isExact: Bool

    public init(piecesWritten: Int, piecesTotal: Int, bytesWritten: Int64, secondsWritten: Double, secondsTotal: Double) {
        if piecesTotal > 0, piecesWritten >= piecesTotal {
            fractionDone = 1
            estimatedTotalBytes = bytesWritten
            isExact = true
            return
        }
        isExact = false
        let byTime = secondsTotal > 0 && secondsWritten.isFinite && secondsTotal.isFinite
        let fraction = byTime
            ? secondsWritten / secondsTotal
            : Double(piecesWritten) / Double(max(1, piecesTotal))
        fractionDone = min(1, max(0, fraction))
        guard bytesWritten > 0, fractionDone > 0 else {
            estimatedTotalBytes = nil
            return
        }
        estimatedTotalBytes = max(bytesWritten, Int64((Double(bytesWritten) / fractionDone).rounded()))
    }

    /// Seconds until the estimated end at `bytesPerSecond`: `nil` without an estimate or a speed.
    public func secondsLeft(bytesWritten: Int64, bytesPerSecond: Double) -> Double? {
        guard let estimatedTotalBytes else { return nil }
        if estimatedTotalBytes <= bytesWritten { return 0 }
        guard bytesPerSecond > 0, bytesPerSecond.isFinite else { return nil }
        return Double(estimatedTotalBytes - bytesWritten) / bytesPerSecond
    }

    /// The share done as a whole percent, rounded down (100 only when every piece is written).
    public var percent: Int {
        isExact ? 100 : min(99, Int((fractionDone * 100).rounded(.down)))
    }
}
