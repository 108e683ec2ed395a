/// Measures transfer speed and estimates the time left, from byte counts sampled at monotonic times.
///
/// Current speed is the rate over the last `window` seconds (a sliding window of samples); average speed is
/// bytes moved in this session over the session's elapsed time; the time left is `remaining / current` (falling
/// back to the average while the window is still empty).
public struct TransferRateMeter: Sendable {
    /// The window for the current speed, in seconds.
    public let window: Double
    private var samples: [(time: Double, bytes: Int64)] = []
    private var start: (time: Double, bytes: Int64)?

    /// Creates a meter with a window (default 5 s, like aria2c's and curl's "current speed").
    public init(window: Double = 5) {
        precondition(window > 0)
        self.window = window
    }

    /// Records that `totalBytes` had been transferred at time `now` (seconds on a monotonic clock).
    public mutating func record(totalBytes: Int64, at now: Double) {
        if start == nil { start = (now, totalBytes) }
        if let last = samples.last, totalBytes < last.bytes {
            // The count went backwards: the transfer restarted. Begin anew.
            samples.removeAll()
            start = (now, totalBytes)
        }
        samples.append((now, totalBytes))
        let horizon = now - window
        // Keep one sample at or before the horizon so the window is always fully covered.
        while samples.count > 2, samples[1].time <= horizon { samples.removeFirst() }
    }

    /// Bytes per second over the recent window, or 0 before two samples exist.
    public var currentSpeed: Double {
        guard let first = samples.first, let last = samples.last, last.time > first.time else { return 0 }
        return Double(last.bytes - first.bytes) / (last.time - first.time)
    }

    /// Bytes per second since the first sample.
    public var averageSpeed: Double {
        guard let start, let last = samples.last, last.time > start.time else { return 0 }
        return Double(last.bytes - start.bytes) / (last.time - start.time)
    }

    /// Seconds until `totalBytes` at the current speed, or `nil` when unknown (no total, or nothing moving).
    public func secondsRemaining(totalBytes: Int64?) -> Double? {
        guard let totalBytes, let last = samples.last else { return nil }
        let remaining = totalBytes - last.bytes
        if remaining <= 0 { return 0 }
        let speed = currentSpeed > 0 ? currentSpeed : averageSpeed
        guard speed > 0 else { return nil }
        return Double(remaining) / speed
    }
}
