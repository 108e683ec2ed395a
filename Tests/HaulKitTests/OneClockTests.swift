import Foundation
import GRDB
import HaulCore
import HaulTestSupport
import NIOConcurrencyHelpers
import XCTest

@testable import HaulKit

/// Issue #52, point 4 ("one clock"): the timers that read the wall clock — cookie expiry, a hook's timeout, the
/// store's busy retry (and the pool's idle lifetime, `ConnectionPoolTests`) — run on the time they are handed, so
/// a test moves it instead of waiting for it. On the old code each read `Date()` or slept on the system clock.
final class OneClockTests: XCTestCase {
    private static let start: Int64 = 1_700_000_000

    /// A cookie is sent until the client's clock passes its expiry, whether it came with the request (`Expires`)
    /// or from the server (`Max-Age`). The old code judged both on `Date()`: this cookie, expiring in 2023, was
    /// never sent.
    func testACookieExpiresWhenTheClientsClockPassesItsExpiry() {
        let clock = ManualClock()
        let url = URL(string: "http://h.test/f")!
        let cookie = Cookie(name: "sid", value: "v", domain: "h.test", hostOnly: true, expires: Self.start + 10)
        let session = RequestSession(CookieJar([cookie]), wallClock: EngineClock(clock, wallClockAtStart: Self.start).wallClock)
        session.receive([HeaderField(name: "Set-Cookie", value: "cdn=w; Max-Age=20")], from: url)
        XCTAssertEqual(session.headerValue(for: url), "sid=v; cdn=w")
        clock.advance(by: .seconds(11))
        XCTAssertEqual(session.headerValue(for: url), "cdn=w", "sid expired at start + 10 s")
        clock.advance(by: .seconds(10))
        XCTAssertNil(session.headerValue(for: url), "cdn expired 20 s after it was received")
    }

    /// A hook program that outlives its timeout is stopped when the runner's clock reaches it, and not before:
    /// the old code waited five real seconds (`Task.sleep`).
    func testAHookPastItsTimeoutIsStoppedWhenTheClockReachesIt() async throws {
        try await withTemporaryDirectory { directory in
            let script = directory.file("hang.sh")
            try "#!/bin/sh\nexec sleep 1000\n".write(to: script, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
            let clock = ManualClock()
            let lines = NIOLockedValueBox<[String]>([])
            let facts = HookFacts(event: .complete, id: 1, path: "/d/f", url: "http://h/f")
            let run = Task {
                await HookProcess.run(script.path, facts: facts, timeout: 5, clock: EngineClock(clock)) { line in
                    lines.withLockedValue { $0.append(line) }
                }
            }
            let timeout = clock.now.advanced(by: .seconds(5))
            let waiting = await eventually { clock.deadlines == [timeout] }
            XCTAssertTrue(waiting, "the hook's timer waits on the clock it was given: \(clock.deadlines) \(lines.withLockedValue { $0 })")
            guard waiting else { return run.cancel() }
            clock.advance(by: .seconds(4))
            XCTAssertEqual(lines.withLockedValue { $0 }, [], "not stopped before its timeout")
            clock.advance(by: .seconds(1))
            // SIGTERM now; a program that ignores it (an ignored signal is inherited, as from this test process)
            // gets SIGKILL 2 s later on the same clock: moved on to those steps until the run says it stopped it.
            let told = await eventually {
                if !lines.withLockedValue({ $0 }).isEmpty { return true }
                clock.advanceToNextDeadline()
                return false
            }
            XCTAssertTrue(told, "the hook was not stopped when the clock reached its timeout: \(clock.deadlines)")
            guard told else { return }
            await run.value
            XCTAssertEqual(lines.withLockedValue { $0 }, ["hook --on-download-complete \(script.path) was stopped after 5 s"])
        }
    }

    /// A busy database is retried with pauses of 5 ms doubling to 100 ms for 15 s of the retry's clock, then the
    /// error is thrown; a busy spell that clears is retried through. The old code paused the thread for real and read
    /// `Date()`: this test took 15 real seconds.
    func testABusyStoreIsRetriedForFifteenSecondsOfItsClockThenFails() throws {
        let time = NIOLockedValueBox(0.0), pauses = NIOLockedValueBox<[Double]>([])
        let clock = DownloadStore.BusyClock(
            now: { time.withLockedValue { $0 } },
            pause: { pause in
                pauses.withLockedValue { $0.append(pause) }
                time.withLockedValue { $0 += pause }
            })
        var attempts = 0
        XCTAssertThrowsError(try DownloadStore.retryingWhileBusy(on: clock) { () -> Int in
            attempts += 1
            throw DatabaseError(resultCode: .SQLITE_BUSY)
        }) { XCTAssertEqual(($0 as? DatabaseError)?.resultCode, .SQLITE_BUSY) }
        let paused = pauses.withLockedValue { $0 }
        XCTAssertEqual(Array(paused.prefix(7)), [0.005, 0.01, 0.02, 0.04, 0.08, 0.1, 0.1])
        XCTAssertEqual(attempts, paused.count + 1, "one attempt more than pauses")
        XCTAssertGreaterThanOrEqual(time.withLockedValue { $0 }, DownloadStore.busyRetrySeconds)
        XCTAssertLessThan(time.withLockedValue { $0 }, DownloadStore.busyRetrySeconds + 0.1, "no pause after the deadline")

        var busyLeft = 3
        let answer = try DownloadStore.retryingWhileBusy(on: clock) { () -> Int in
            if busyLeft > 0 { busyLeft -= 1; throw DatabaseError(resultCode: .SQLITE_LOCKED) }
            return 42
        }
        XCTAssertEqual(answer, 42)
    }

    /// The transport's speed limits read and wait on the client's clock: a chunk over the limit is held until that
    /// clock moves. The old transport made its limiter on the system's clock whatever the configuration said.
    func testTheTransportsSpeedLimitWaitsOnTheClientsClock() async throws {
        let clock = ManualClock()
        var configuration = HaulConfiguration(stateDirectory: URL(fileURLWithPath: NSTemporaryDirectory()))
        configuration.clock = EngineClock(clock)
        let transport = HTTPTransport(configuration: configuration)
        try transport.bandwidth.setLimit(1000, for: 7)
        let paced = NIOLockedValueBox(false)
        let pace = Task {
            await transport.bandwidth.pace(2000, download: 7)
            paced.withLockedValue { $0 = true }
        }
        let waiting = await eventually { !clock.deadlines.isEmpty }
        XCTAssertTrue(waiting, "the limiter's wait is not on the client's clock")
        XCTAssertFalse(paced.withLockedValue { $0 }, "2,000 bytes at 1,000 B/s went on before the clock moved")
        clock.advance(by: .seconds(2))
        await pace.value
        XCTAssertTrue(paced.withLockedValue { $0 })
        await transport.shutdown()
    }
}
