import Dispatch

/// Seconds on a clock that only moves forward (not the wall clock, which can jump), for pacing, stall and speed
/// measurements.
///
/// A value passed to what needs time (`BandwidthLimiter`) rather than a static borrowed from one transfer type, so
/// that every layer reads time the same way and a test can pass its own. The system clock is read directly, not
/// through a closure: the receive loops read it once per chunk, and that path must cost no more than a direct call.
struct MonotonicClock: Sendable {
    private let source: (@Sendable () -> Double)?

    /// The system's monotonic clock (`DispatchTime`).
    static var system: MonotonicClock { MonotonicClock(source: nil) }

    /// A clock whose time is whatever `source` says (tests).
    init(_ source: @escaping @Sendable () -> Double) {
        self.source = source
    }

    private init(source: (@Sendable () -> Double)?) {
        self.source = source
    }

    /// The current time in seconds since an arbitrary start.
    @inline(__always)
    func now() -> Double {
        if let source { return source() }
        return Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }
}
