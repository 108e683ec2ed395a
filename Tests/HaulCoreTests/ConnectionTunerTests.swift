import XCTest

@testable import HaulCore

/// `-x auto`: the tuner fed by simulated servers on a hand-moved clock (no sockets, no sleeping).
final class ConnectionTunerTests: XCTestCase {
    /// Runs a download of `size` bytes against a server whose total speed for `n` connections is `speed(n)`,
    /// ticking every 0.1 s; every connection receives from the tick after it opens. Returns the tuner, the seconds
    /// the download took, and the count at each tick.
    private func simulate(
        _ settings: ConnectionTuner.Settings, size: Double = .infinity, seconds limit: Double = 30,
        speed: (Int) -> Double
    ) -> (tuner: ConnectionTuner, seconds: Double, counts: [Int]) {
        var tuner = ConnectionTuner(settings: settings)
        var bytes = 0.0
        var now = 0.0
        var counts: [Int] = []
        var receiving = 0
        while bytes < size, now < limit {
            now += 0.1
            bytes += speed(receiving) * 0.1
            let target = tuner.observe(bytes: Int64(bytes), at: now, connectionsReceiving: receiving)
            receiving = target  // connections opened now receive from the next tick
            counts.append(target)
        }
        return (tuner, now, counts)
    }

    private let mib = 1_048_576.0

    /// The benchmark's limited case: 8 MiB/s per connection, plenty of link.
    func testPerConnectionCapsGrowToTheCeiling() {
        let run = simulate(ConnectionTuner.Settings(ceiling: 16), speed: { Double($0) * 8 * self.mib })
        XCTAssertEqual(run.tuner.target, 16)
        XCTAssertEqual(run.tuner.phase, .settled)
        XCTAssertEqual(run.tuner.measured.map(\.connections), [4, 16], "the ceiling is tried second")
    }

    /// The bar: against per-connection caps, auto reaches >= 90 % of the best fixed count's speed over a
    /// 1 GiB download (the fixed count's time is size / (16 x 8 MiB/s) = 8 s).
    func testAutoReachesNinetyPercentOfTheBestFixedCountOnOneGiB() {
        let size = 1024 * mib
        let run = simulate(ConnectionTuner.Settings(ceiling: 16), size: size, speed: { Double($0) * 8 * self.mib })
        let best = size / (16 * 8 * mib)
        XCTAssertGreaterThanOrEqual(best / run.seconds, 0.90, "auto took \(run.seconds) s, fixed -x 16 \(best) s")
    }

    /// Under a rate limit the limiter holds the total at the rate; the tuner looks for the fewest connections that
    /// reach it. A server that gives one connection 10 MiB/s and a limit of 512 KiB/s: one connection, as aria2c.
    func testARateLimitOneConnectionReachesUsesOne() {
        let rate = 512 * 1024.0
        let run = simulate(ConnectionTuner.Settings(ceiling: 16, rateLimit: rate), speed: { min(Double($0) * 10 * self.mib, rate) })
        XCTAssertEqual(run.tuner.target, 1)
        XCTAssertEqual(run.tuner.phase, .settled)
        XCTAssertEqual(run.tuner.measured.map(\.connections), [1], "one level measured")
        XCTAssertEqual(run.counts.max(), 1, "never more than one connection open")
    }

    /// A limit of 4 MiB/s against 1 MiB/s per connection: one connection's speed says four are needed, and four it is.
    func testARateLimitGetsTheConnectionsItsRateNeeds() {
        let rate = 4 * mib
        let run = simulate(ConnectionTuner.Settings(ceiling: 16, rateLimit: rate), speed: { min(Double($0) * self.mib, rate) })
        XCTAssertEqual(run.tuner.target, 4)
        XCTAssertEqual(run.tuner.phase, .settled)
        XCTAssertLessThanOrEqual(run.counts.max() ?? 0, 4, "no more than the rate needs: \(run.tuner.measured)")
    }

    /// A rate that even the ceiling does not reach (a server of 100 KiB/s per connection, a 100 MiB/s limit):
    /// the ceiling, as without a limit.
    func testARateTheCeilingDoesNotReachKeepsTheCeiling() {
        let run = simulate(ConnectionTuner.Settings(ceiling: 8, rateLimit: 100 * mib), speed: { Double($0) * 100 * 1024 })
        XCTAssertEqual(run.tuner.target, 8)
        XCTAssertEqual(run.tuner.phase, .settled)
    }

    /// One fast pipe: the total is the same for any count, so the tuner keeps the initial few.
    func testOneFastPipeStaysAtAFew() {
        let run = simulate(ConnectionTuner.Settings(), speed: { $0 == 0 ? 0 : 100 * self.mib })
        XCTAssertEqual(run.tuner.target, 4)
        XCTAssertEqual(run.tuner.phase, .settled)
        XCTAssertEqual(run.tuner.measured.map(\.connections), [4, 16])
        XCTAssertEqual(run.counts.suffix(5), [4, 4, 4, 4, 4], "the probe's extra connections are given back")
    }

    /// A link that fills at 10 connections of 8 MiB/s: 64 is no faster than 16, and 8 is slower than both, so the
    /// bisection between 4 and 64 ends on 16 (the fewest, within a factor of two, that reach the top speed).
    func testALinkThatFillsPartWayKeepsTheFewestThatReachItsSpeed() {
        let run = simulate(ConnectionTuner.Settings(ceiling: 64), speed: { min(Double($0) * 8, 80) * self.mib })
        XCTAssertEqual(run.tuner.measured.map(\.connections), [4, 64, 16, 8])
        XCTAssertEqual(run.tuner.target, 16)
        XCTAssertEqual(run.tuner.phase, .settled)
        let narrow = simulate(ConnectionTuner.Settings(ceiling: 64), speed: { min(Double($0) * 8, 40) * self.mib })
        XCTAssertEqual(narrow.tuner.target, 8, "a link full at 5 connections: 8 reaches it, 4 does not")
    }

    /// A gain smaller than the margin is noise, not a reason for twice the connections.
    func testAGainBelowTheMarginSettlesOnTheSmallerCount() {
        let run = simulate(ConnectionTuner.Settings(margin: 0.15), speed: { $0 >= 8 ? 110 * self.mib : ($0 == 0 ? 0 : 100 * self.mib) })
        XCTAssertEqual(run.tuner.target, 4)
        let more = simulate(ConnectionTuner.Settings(margin: 0.15), speed: { $0 >= 8 ? 120 * self.mib : ($0 == 0 ? 0 : 100 * self.mib) })
        XCTAssertEqual(more.tuner.target, 8, "+20 % pays for the doubling")
    }

    /// Nothing is measured until every connection of a level receives: a slow start is not read as "no gain".
    func testALevelIsMeasuredOnlyOnceAllItsConnectionsReceive() {
        var tuner = ConnectionTuner(settings: ConnectionTuner.Settings(initial: 2, ceiling: 8))
        for tick in 1...50 {  // five seconds with one of two connections receiving
            tuner.observe(bytes: Int64(tick) * 100_000, at: Double(tick) / 10, connectionsReceiving: 1)
        }
        XCTAssertEqual(tuner.measured, [], "no verdict while a connection of the level has not started")
        XCTAssertEqual(tuner.target, 2)
    }

    func testALowerBudgetCapsAndSettles() {
        var tuner = ConnectionTuner(settings: ConnectionTuner.Settings(ceiling: 16))
        tuner.lowerCeiling(to: 3)
        XCTAssertEqual(tuner.target, 3)
        XCTAssertEqual(tuner.phase, .settled)
        XCTAssertEqual(tuner.observe(bytes: 1 << 30, at: 100, connectionsReceiving: 3), 3)
        XCTAssertEqual(ConnectionTuner(settings: ConnectionTuner.Settings(initial: 4, ceiling: 2)).target, 2)
    }

    /// A count the budget held at its ceiling measures again when the budget rises; one that settled below its
    /// ceiling (more were no faster) stays.
    func testARaisedBudgetIsMeasuredOnlyWhereTheOldCeilingHeldTheCount() {
        var capped = ConnectionTuner(settings: ConnectionTuner.Settings(ceiling: 16))
        capped.lowerCeiling(to: 1)
        XCTAssertEqual(capped.phase, .settled)
        capped.raiseCeiling(to: 16)
        XCTAssertEqual(capped.currentCeiling, 16)
        XCTAssertEqual(capped.phase, .probing, "held at one by the budget: measured again")
        var bytes: Int64 = 0
        for tick in 1...40 {
            bytes += Int64(capped.target) * 100_000  // every connection brings its share
            capped.observe(bytes: bytes, at: Double(tick) / 10, connectionsReceiving: capped.target)
        }
        XCTAssertEqual(capped.target, 16)
        XCTAssertEqual(capped.measured.map(\.connections), [1, 16])

        let pipe = simulate(ConnectionTuner.Settings(ceiling: 8), speed: { $0 > 0 ? 8 * self.mib : 0 })
        var slower = pipe.tuner
        XCTAssertEqual(slower.target, 4, "one fast pipe: four")
        slower.raiseCeiling(to: 16)
        XCTAssertEqual(slower.phase, .settled, "more were no faster: nothing to measure")
        XCTAssertEqual(slower.target, 4)
        slower.raiseCeiling(to: 2)
        XCTAssertEqual(slower.currentCeiling, 16, "a raise never lowers")
    }

    /// A rate limit set while the download runs (aria2's `changeOption max-download-limit`): a count settled at 16
    /// without a limit measures again from one connection, and one reaches 512 KiB/s from a server that gives each
    /// connection 8 MiB/s; the limit lifted again: measured from the usual four back up to the ceiling.
    func testARateLimitChangedMidRunTunesAgainUnderTheNewRate() {
        let unlimited = simulate(ConnectionTuner.Settings(ceiling: 16), seconds: 5, speed: { Double($0) * 8 * self.mib })
        var tuner = unlimited.tuner
        XCTAssertEqual(tuner.target, 16)
        XCTAssertEqual(tuner.phase, .settled)
        XCTAssertFalse(tuner.changeRateLimit(to: nil), "no limit to no limit changes nothing")
        XCTAssertFalse(tuner.changeRateLimit(to: 0), "0 is no limit, as in aria2")

        let rate = 512 * 1024.0
        XCTAssertTrue(tuner.changeRateLimit(to: rate))
        XCTAssertEqual(tuner.target, 1, "under the new limit: from one connection")
        XCTAssertEqual(tuner.phase, .probing)
        XCTAssertEqual(tuner.measured, [], "what was measured without the limit answered another question")
        var (bytes, now, receiving) = (0.0, 5.0, 16)
        for _ in 0..<50 {
            now += 0.1
            bytes += min(Double(receiving) * 8 * mib, rate) * 0.1
            receiving = tuner.observe(bytes: Int64(bytes), at: now, connectionsReceiving: receiving)
        }
        XCTAssertEqual(tuner.target, 1)
        XCTAssertEqual(tuner.phase, .settled)
        XCTAssertEqual(tuner.currentCeiling, 16, "the ceiling stays")
        XCTAssertFalse(tuner.changeRateLimit(to: rate), "the same limit again: nothing to measure")

        XCTAssertTrue(tuner.changeRateLimit(to: nil))
        XCTAssertEqual(tuner.target, 4, "the limit lifted: from the usual first level")
        for _ in 0..<50 {
            now += 0.1
            bytes += Double(receiving) * 8 * mib * 0.1
            receiving = tuner.observe(bytes: Int64(bytes), at: now, connectionsReceiving: receiving)
        }
        XCTAssertEqual(tuner.target, 16, "per-connection caps: the ceiling again")
    }
}
