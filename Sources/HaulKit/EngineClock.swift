import Foundation

/// The time one client's downloads run on: a monotonic reading for intervals (stalls, the lowest speed,
/// checkpoints), the waits (the transfer's ticker, a backoff or `Retry-After`, the progress ticker, the queue's
/// polling), and the wall clock HTTP dates are read against.
///
/// The system's by default (`HaulConfiguration.clock`), read exactly as before: `MonotonicClock.system`,
/// `Task.sleep` and `Date()`, so the library and the command line behave as they did. A test hands in any Swift
/// `Clock` with `Duration` steps (HaulTestSupport's `ManualClock`) and moves it, so that a 30 s backoff or a
/// lowest-speed window is tested by moving time, not by waiting for it, the way hummingbird's services take their
/// clock. A custom clock's wall time starts at `wallClockAtStart` and moves with it.
package struct EngineClock: Sendable {
    /// The monotonic reading, also handed to the receive loops (read once per chunk: the system's directly).
    let monotonic: MonotonicClock
    private let custom: Custom?

    private struct Custom: Sendable {
        let sleep: @Sendable (Double) async throws -> Void
        let wallClock: @Sendable () -> Int64
        let date: @Sendable () -> Date
    }

    /// The system's clocks.
    package static let system = EngineClock(monotonic: .system, custom: nil)

    private init(monotonic: MonotonicClock, custom: Custom?) {
        self.monotonic = monotonic
        self.custom = custom
    }

    /// Time read from `clock`: seconds since this value was made, and waits that `clock` ends.
    package init<C: Clock>(_ clock: C, wallClockAtStart: Int64 = 1_700_000_000) where C.Duration == Duration {
        let start = clock.now
        let seconds: @Sendable () -> Double = {
            let elapsed = start.duration(to: clock.now).components
            return Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
        }
        self.init(
            monotonic: MonotonicClock(seconds),
            custom: Custom(
                sleep: { try await clock.sleep(for: .seconds($0)) },
                wallClock: { wallClockAtStart + Int64(seconds()) },
                date: { Date(timeIntervalSince1970: Double(wallClockAtStart) + seconds()) }
            )
        )
    }

    /// The current monotonic time in seconds.
    @inline(__always)
    package func now() -> Double { monotonic.now() }

    /// Waits `seconds`, clamped to 0...`longestWait`: a wait longer than that (a server's `Retry-After` or HLS
    /// target duration of centuries) is the same "not in this program's life" and is waited as `longestWait`,
    /// because `Task.sleep(nanoseconds:)` traps past 2^64 ns (about 584 years) and `Duration.seconds` past about
    /// 10^20 s. Not a number is 0. - Throws: `CancellationError` when the task is cancelled meanwhile.
    package func sleep(seconds: Double) async throws {
        let wait = Self.clampedWait(seconds)
        guard let custom else { return try await Task.sleep(nanoseconds: UInt64(wait * 1e9)) }
        try await custom.sleep(wait)
    }

    /// The longest single wait, in seconds: `HaulConfiguration.longestTime` (10^9 s, about 31 years).
    static let longestWait = HaulConfiguration.longestTime.inSeconds

    /// `seconds` as `sleep(seconds:)` waits it: within 0...`longestWait`, and 0 for not a number.
    static func clampedWait(_ seconds: Double) -> Double {
        seconds.isNaN ? 0 : min(max(0, seconds), longestWait)
    }

    /// The wall clock's instant to the sub-second, the time schedules are read against (`Date()`, or the custom
    /// clock's from `wallClockAtStart`).
    package func date() -> Date {
        custom?.date() ?? Date()
    }

    /// Seconds since 1970, the time HTTP dates are compared with (`Retry-After`, `Expires`).
    package func wallClock() -> Int64 {
        custom?.wallClock() ?? Int64(Date().timeIntervalSince1970)
    }
}
