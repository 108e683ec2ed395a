import Foundation

// The tests' one way to wait for something that happens in another task, thread or process: ask for the state
// until it holds, with a deadline that only ends a test whose behaviour broke. A test never sleeps a fixed time
// hoping the thing happened meanwhile (issue #52, point 4); time a rule counts is moved on `ManualClock` instead.
// These and `FixtureDelay` hold the only sleeps of the test helpers.

/// Checks `condition` until it holds or `timeout` has passed; returns whether it held.
///
/// A poll of state (every `interval`, 10 ms by default), for state the code offers no event for (a server's open
/// connections, another process's file, a daemon's answer over RPC). - Returns: `true` as soon as it holds.
@discardableResult
public func eventually(
    within timeout: Duration = .seconds(10), every interval: Duration = .milliseconds(10),
    _ condition: () async throws -> Bool
) async rethrows -> Bool {
    let deadline = ContinuousClock.now + timeout
    while true {
        if try await condition() { return true }
        guard ContinuousClock.now < deadline else { return false }
        try? await Task.sleep(for: interval)
    }
}

/// ``eventually(within:every:_:)`` for a caller that is not async (a thread or a process driven synchronously):
/// blocks the calling thread between checks.
@discardableResult
public func eventuallyBlocking(
    within timeout: Duration = .seconds(10), every interval: Duration = .milliseconds(10), _ condition: () throws -> Bool
) rethrows -> Bool {
    let deadline = ContinuousClock.now + timeout
    while true {
        if try condition() { return true }
        guard ContinuousClock.now < deadline else { return false }
        Thread.sleep(forTimeInterval: Double(interval.components.attoseconds) / 1e18 + Double(interval.components.seconds))
    }
}

/// Whether `condition` holds at every check for the whole of `window` (checked every `interval`): that something
/// does NOT happen within a window (a paused download receives nothing, a finished one is not run again). The
/// window is time the rule under test counts in another process or the daemon's own timers, so it is real time;
/// it returns `false` at the first check that fails.
public func stays(
    for window: Duration, every interval: Duration = .milliseconds(20), _ condition: () async throws -> Bool
) async rethrows -> Bool {
    let end = ContinuousClock.now + window
    while true {
        guard try await condition() else { return false }
        guard ContinuousClock.now < end else { return true }
        try? await Task.sleep(for: interval)
    }
}

/// ``stays(for:every:_:)`` for a caller that is not async.
public func staysBlocking(
    for window: Duration, every interval: Duration = .milliseconds(20), _ condition: () throws -> Bool
) rethrows -> Bool {
    let end = ContinuousClock.now + window
    while true {
        guard try condition() else { return false }
        guard ContinuousClock.now < end else { return true }
        Thread.sleep(forTimeInterval: Double(interval.components.attoseconds) / 1e18 + Double(interval.components.seconds))
    }
}

/// Suspends until `timeout` has passed, for a watchdog racing the awaited thing in a task group: the deadline
/// after which a test whose behaviour broke fails, never a wait for something to happen.
public func deadline(_ timeout: Duration) async throws {
    try await Task.sleep(for: timeout)
}

/// A test server's deliberate slowness (a handler that answers late, a stream that pauses): part of the fixture's
/// behaviour, not a wait of the test's.
public enum FixtureDelay {
    /// Suspends the handler for `duration`.
    public static func pause(_ duration: Duration) async throws {
        try await Task.sleep(for: duration)
    }

    /// Blocks the handler's thread for `duration` (a synchronous route).
    public static func block(_ duration: Duration) {
        Thread.sleep(forTimeInterval: Double(duration.components.attoseconds) / 1e18 + Double(duration.components.seconds))
    }
}
