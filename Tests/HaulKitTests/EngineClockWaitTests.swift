import Foundation
import HaulTestSupport
import XCTest

@testable import HaulKit

/// Issue #52, point 6: a wait the engine is asked for (a backoff, a server's `Retry-After` or HLS target duration)
/// is clamped to 0...`HaulConfiguration.longestTime` before it reaches `Task.sleep` or a `Duration`. Before, a wait
/// of centuries trapped: `Task.sleep(nanoseconds: UInt64(seconds * 1e9))` past 2^64 ns, `Duration.seconds` past
/// about 10^20 s. The two waiting tests stopped the whole test process on the old code (a trap, not a failure).
final class EngineClockWaitTests: XCTestCase {
    func testAWaitIsClampedToTheLongestTimeAndNeverNegative() {
        XCTAssertEqual(EngineClock.longestWait, 1_000_000_000)
        XCTAssertEqual(EngineClock.clampedWait(1e20), 1_000_000_000)
        XCTAssertEqual(EngineClock.clampedWait(.infinity), 1_000_000_000)
        XCTAssertEqual(EngineClock.clampedWait(-5), 0)
        XCTAssertEqual(EngineClock.clampedWait(.nan), 0)
        XCTAssertEqual(EngineClock.clampedWait(2.5), 2.5)
    }

    /// The system clock's wait of 10^20 s (past `UInt64` nanoseconds) is a wait, which cancelling ends.
    func testTheSystemClockWaitsCenturiesUntilCancelledInsteadOfTrapping() async {
        let wait = Task { try await EngineClock.system.sleep(seconds: 1e20) }
        wait.cancel()
        let result = await wait.result
        XCTAssertThrowsError(try result.get()) { XCTAssertTrue($0 is CancellationError, "\($0)") }
    }

    /// A test clock is asked for the clamped wait (10^9 s), not for a `Duration` of 10^30 s.
    func testACustomClockIsAskedForTheClampedWait() async {
        let clock = ManualClock()
        let engineClock = EngineClock(clock)
        let wait = Task { try await engineClock.sleep(seconds: 1e30) }
        let longest = clock.now.advanced(by: HaulConfiguration.longestTime)
        await clock.waitForSleeper(until: longest)
        XCTAssertEqual(clock.deadlines, [longest], "one sleeper, until exactly the longest time")
        clock.advance(by: HaulConfiguration.longestTime)
        let result = await wait.result
        XCTAssertNoThrow(try result.get(), "the clamped wait ends when its time has passed")
    }
}
