import XCTest

@testable import HaulCore

/// The lowest-speed rule (`LowSpeedWatch`): a connection below N bytes/s over T seconds is dropped.
final class LowSpeedWatchTests: XCTestCase {
    private let rule = LowestSpeed(bytesPerSecond: 1000, seconds: 10)

    /// A server that sends one byte a second never trips a stall timeout, but this rule drops it after T.
    func testAByteASecondIsDroppedOnceTheWindowIsFull() {
        var watch = LowSpeedWatch(rule: rule, startingAt: 0)
        for second in 1...9 {
            XCTAssertEqual(watch.record(bytes: Int64(second), at: Double(second)), .keep, "no verdict before 10 s (t = \(second))")
        }
        XCTAssertEqual(watch.record(bytes: 10, at: 10), .drop(averageBytesPerSecond: 1))
    }

    func testASteadyConnectionAtTheLimitIsKept() {
        var watch = LowSpeedWatch(rule: rule, startingAt: 0)
        for second in 1...120 {
            XCTAssertEqual(watch.record(bytes: Int64(second) * 1000, at: Double(second)), .keep, "t = \(second)")
        }
    }

    /// The average covers the last T seconds only: a fast start does not excuse a trickle later on.
    func testAFastStartDoesNotExcuseALaterTrickle() {
        var watch = LowSpeedWatch(rule: rule, startingAt: 0)
        XCTAssertEqual(watch.record(bytes: 10_000_000, at: 1), .keep)
        var verdict = LowSpeedWatch.Verdict.keep
        var t = 1.0
        while verdict == .keep && t < 100 {
            t += 1
            verdict = watch.record(bytes: 10_000_000 + Int64(t), at: t)
        }
        XCTAssertEqual(t, 11, "dropped once the window [t - 10, t] no longer holds the burst (it came before t = 1)")
        guard case .drop(let average) = verdict else { return XCTFail("kept a trickle") }
        XCTAssertLessThan(average, 1000)
    }

    /// A short dip inside an otherwise fast window is fine: the rule judges an average, not an instant.
    func testAShortDipIsAveragedOut() {
        var watch = LowSpeedWatch(rule: rule, startingAt: 0)
        var bytes: Int64 = 0
        for second in 1...60 {
            bytes += (20...24).contains(second) ? 0 : 5000
            XCTAssertEqual(watch.record(bytes: bytes, at: Double(second)), .keep, "t = \(second)")
        }
    }

    /// Chunks arrive far more often than samples are kept: memory and verdicts do not depend on the chunk rate.
    func testManyChunksBetweenSamplesKeepTheVerdictAndTheMemorySmall() {
        var watch = LowSpeedWatch(rule: rule, startingAt: 0)
        var bytes: Int64 = 0
        var time = 0.0
        for _ in 0..<100_000 {
            time += 0.001
            bytes += 100  // 100 KB/s
            XCTAssertEqual(watch.record(bytes: bytes, at: time), .keep)
        }
        XCTAssertLessThanOrEqual(watch.sampleCount, 32, "about one sample per 1/30 of the window")
        // Then it falls to nothing: dropped within one window and a sample.
        var verdict = LowSpeedWatch.Verdict.keep
        let fell = time
        while verdict == .keep && time < fell + 20 {
            time += 0.5
            verdict = watch.record(bytes: bytes, at: time)
        }
        XCTAssertLessThanOrEqual(time - fell, 10.5 + 0.5)
        XCTAssertNotEqual(verdict, .keep)
    }

    /// Time held back by the client's own bandwidth limit does not count against the server.
    func testARestartForgetsTheTimeBefore() {
        var watch = LowSpeedWatch(rule: rule, startingAt: 0)
        XCTAssertEqual(watch.record(bytes: 5, at: 9), .keep)
        watch.restart(at: 9, bytes: 5)
        XCTAssertEqual(watch.record(bytes: 6, at: 10), .keep, "without the restart this would drop (6 bytes in 10 s)")
        XCTAssertEqual(watch.record(bytes: 7, at: 18), .keep)
        XCTAssertEqual(watch.record(bytes: 8, at: 19), .drop(averageBytesPerSecond: 0.3))
    }

    func testTheDefaultIsOneKibibytePerSecondOverThirtySeconds() {
        XCTAssertEqual(LowestSpeed.default, LowestSpeed(bytesPerSecond: 1024, seconds: 30))
    }
}
