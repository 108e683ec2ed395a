import XCTest

@testable import HaulCore

final class QueueTokenBucketTests: XCTestCase {
    /// A greedy pre-paying sender in simulated time: ask for `chunk` bytes, wait as told, send, repeat.
    ///
    /// - Returns: the bytes sent at or before `end`, and every send as (time, bytes).
    private func sendGreedily(
        _ chunk: Int,
        until end: Double,
        through bucket: inout TokenBucket,
        rateChange: (at: Double, to: Double?)? = nil
    ) -> (bytes: Int, sends: [(time: Double, bytes: Int)]) {
        var now = 0.0
        var sends: [(time: Double, bytes: Int)] = []
        var pendingChange = rateChange
        while now <= end {
            let sendAt = now + bucket.request(chunk, now: now)
            guard sendAt <= end + 1e-9 else { break }
            sends.append((sendAt, chunk))
            if let change = pendingChange, sendAt >= change.at {
                bucket.setRate(change.to, now: change.at)
                pendingChange = nil
            }
            now = sendAt
        }
        return (sends.reduce(0) { $0 + $1.bytes }, sends)
    }

    private func assertWithin(_ delivered: Int, of expected: Double, tolerance: Double = 0.02, _ message: String, line: UInt = #line) {
        let error = abs(Double(delivered) - expected) / expected
        XCTAssertLessThanOrEqual(error, tolerance, "\(message): delivered \(delivered), expected \(expected)", line: line)
    }

    func testUnlimitedNeverWaits() {
        var bucket = TokenBucket(rate: nil)
        XCTAssertTrue(bucket.isUnlimited)
        XCTAssertNil(bucket.burst)
        for step in 0..<1000 {
            XCTAssertEqual(bucket.request(Int.max / 2, now: Double(step) * 0.001), 0)
        }
        XCTAssertEqual(bucket.tokens, 0, "nothing is counted")
    }

    func testLongRunRateHoldsForManyChunkSizesWhenPayingBeforeSending() {
        for (rate, chunks) in [(1_000_000.0, [100, 1460, 16_384, 65_536, 100_000]), (50_000.0, [1, 1000, 8192])] {
            for chunk in chunks {
                var bucket = TokenBucket(rate: rate)
                let sent = sendGreedily(chunk, until: 10, through: &bucket).bytes
                assertWithin(sent, of: rate * 10, "rate \(rate), chunk \(chunk)")
                XCTAssertLessThanOrEqual(Double(sent), rate * 10 + 1e-6, "an empty start never exceeds rate x time")
            }
        }
    }

    func testLongRunRateHoldsWhenPayingAfterReceiving() {
        for chunk in [1460, 16_384, 65_536, 100_000] {
            var bucket = TokenBucket(rate: 1_000_000)
            var now = 0.0
            var received = 0
            while now <= 10 {
                received += chunk
                now += bucket.request(chunk, now: now)
            }
            assertWithin(received, of: 10_000_000, "chunk \(chunk)")
            XCTAssertLessThanOrEqual(received, 10_000_000 + chunk, "at most one read ahead of the limit")
        }
    }

    func testBucketStartsEmptyAndDebtIsPaidBack() {
        var bucket = TokenBucket(rate: 1000)
        XCTAssertEqual(bucket.request(1000, now: 0), 1)
        XCTAssertEqual(bucket.request(4000, now: 0), 5, "debt accumulates")
        XCTAssertEqual(bucket.request(0, now: 2), 3, "a zero request reports the remaining wait")
        XCTAssertEqual(bucket.request(1000, now: 5), 1)
        XCTAssertEqual(bucket.tokens, -1000)
    }

    func testDefaultBurstIsAQuarterSecondButAtLeast64KiB() {
        XCTAssertEqual(TokenBucket(rate: 1_048_576).burst, 262_144)
        XCTAssertEqual(TokenBucket(rate: 10_000).burst, 65_536)
        XCTAssertEqual(TokenBucket(rate: 262_144).burst, 65_536)
        XCTAssertEqual(TokenBucket(rate: 10_000, burst: 5000).burst, 5000)
    }

    func testBurstIsCappedAfterIdleTime() {
        var bucket = TokenBucket(rate: 1_000_000)
        XCTAssertEqual(bucket.request(0, now: 0), 0)
        XCTAssertEqual(bucket.request(250_000, now: 100), 0, "100 s idle saves up only the burst")
        XCTAssertEqual(bucket.request(1000, now: 100), 0.001, accuracy: 1e-12)

        var fixed = TokenBucket(rate: 1000, burst: 5000)
        _ = fixed.request(0, now: 0)
        XCTAssertEqual(fixed.request(5000, now: 3600), 0)
        XCTAssertEqual(fixed.request(1000, now: 3600), 1)
    }

    func testAnyWindowCarriesAtMostBurstPlusRateTimesItsLength() {
        var random = SeededRandom(seed: 7)
        let rate = 200_000.0
        var bucket = TokenBucket(rate: rate)
        let burst = bucket.burst!
        var now = 0.0
        var sends: [(time: Double, bytes: Int)] = []
        var largest = 0
        while now < 60 {
            now += Double.random(in: 0..<0.5, using: &random) * (Bool.random(using: &random) ? 1 : 10)
            let chunk = Int.random(in: 1...100_000, using: &random)
            largest = max(largest, chunk)
            now += bucket.request(chunk, now: now)
            sends.append((now, chunk))
        }
        for (start, first) in sends.enumerated() {
            var bytes = 0
            for send in sends[start...] {
                bytes += send.bytes
                let window = send.time - first.time
                XCTAssertLessThanOrEqual(Double(bytes), max(burst, Double(first.bytes)) + rate * window + 1e-3)
            }
        }
        XCTAssertGreaterThan(largest, Int(burst), "some chunks are larger than the burst and still go through")
    }

    func testLoweringTheRateMidwayHoldsBothRates() {
        var bucket = TokenBucket(rate: 1_000_000)
        let sent = sendGreedily(16_384, until: 10, through: &bucket, rateChange: (5, 200_000)).bytes
        assertWithin(sent, of: 5 * 1_000_000 + 5 * 200_000, "1 MB/s then 200 kB/s")
    }

    func testRaisingTheRateMidwayHoldsBothRates() {
        var bucket = TokenBucket(rate: 200_000)
        let sent = sendGreedily(16_384, until: 10, through: &bucket, rateChange: (5, 1_000_000)).bytes
        assertWithin(sent, of: 5 * 200_000 + 5 * 1_000_000, "200 kB/s then 1 MB/s")
    }

    func testRaisingDoesNotReleaseMoreThanWasSavedUp() {
        var bucket = TokenBucket(rate: 100_000)
        _ = bucket.request(0, now: 0)
        bucket.setRate(4_000_000, now: 10)
        XCTAssertEqual(bucket.burst, 1_000_000)
        XCTAssertEqual(bucket.tokens, 65_536, "the saved-up tokens do not jump to the new burst")
        XCTAssertEqual(bucket.request(65_536, now: 10), 0)
        XCTAssertEqual(bucket.request(4000, now: 10), 0.001, accuracy: 1e-12)
        XCTAssertEqual(bucket.request(1_000_000, now: 20), 0, "later idle time fills up to the new burst")
    }

    func testRaisingShortensTheDebt() {
        var bucket = TokenBucket(rate: 1000)
        XCTAssertEqual(bucket.request(3000, now: 0), 3)
        bucket.setRate(3000, now: 0)
        XCTAssertEqual(bucket.request(0, now: 0), 1)
    }

    func testLoweringKeepsTheDebtsDurationAndDropsTokensAboveTheNewBurst() {
        var indebted = TokenBucket(rate: 1000)
        XCTAssertEqual(indebted.request(3000, now: 0), 3)
        indebted.setRate(100, now: 1)
        XCTAssertEqual(indebted.request(0, now: 1), 2, accuracy: 1e-12, "no stall beyond the wait already owed")
        XCTAssertEqual(indebted.request(100, now: 3), 1, accuracy: 1e-12, "new bytes pay at the new rate")

        var saved = TokenBucket(rate: 1_000_000)
        _ = saved.request(0, now: 0)
        saved.setRate(100_000, now: 10)
        XCTAssertEqual(saved.tokens, 65_536)
        XCTAssertEqual(saved.request(65_536, now: 10), 0)
        XCTAssertEqual(saved.request(1000, now: 10), 0.01, accuracy: 1e-12)
    }

    func testSwitchingBetweenLimitedAndUnlimited() {
        var bucket = TokenBucket(rate: 1000)
        XCTAssertEqual(bucket.request(10_000, now: 0), 10)
        bucket.setRate(nil, now: 1)
        XCTAssertEqual(bucket.request(1_000_000, now: 1), 0, "unlimited forgets the debt")
        bucket.setRate(1000, now: 50)
        XCTAssertEqual(bucket.request(1000, now: 50), 1, "a new limit starts empty")
    }

    func testAClockGoingBackwardsAddsNoTokens() {
        var bucket = TokenBucket(rate: 1000)
        _ = bucket.request(0, now: 10)
        XCTAssertEqual(bucket.request(1000, now: 5), 6, "paid off at 11 s, six seconds after 5 s")
        XCTAssertEqual(bucket.request(0, now: 11), 0)
    }

    func testSharedBandwidthWaitsForTheSlowerBucketAndChargesBoth() {
        var global = TokenBucket(rate: 1000)
        var download = TokenBucket(rate: 500)
        XCTAssertEqual(SharedBandwidth.request(1000, now: 0, global: &global, download: &download), 2)
        XCTAssertEqual(global.tokens, -1000)
        XCTAssertEqual(download.tokens, -1000)

        var unlimited = TokenBucket(rate: nil)
        XCTAssertEqual(SharedBandwidth.request(1000, now: 0, global: &unlimited, download: &download), 4)
        var alsoUnlimited = TokenBucket(rate: nil)
        XCTAssertEqual(SharedBandwidth.request(1000, now: 0, global: &unlimited, download: &alsoUnlimited), 0)
    }

    func testSharedBandwidthHoldsTheTighterLimit() {
        // (global rate, per-download rate, bytes each of two downloads should move in 10 s)
        let cases: [(Double, Double, Double)] = [(1_000_000, 300_000, 3_000_000), (1_000_000, 800_000, 5_000_000)]
        for (globalRate, downloadRate, expected) in cases {
            var global = TokenBucket(rate: globalRate)
            var downloads = [TokenBucket(rate: downloadRate), TokenBucket(rate: downloadRate)]
            var next = [0.0, 0.0]
            var sent = [0, 0]
            while let index = next.indices.min(by: { next[$0] < next[$1] }), next[index] <= 10 {
                let sendAt = next[index] + SharedBandwidth.request(8192, now: next[index], global: &global, download: &downloads[index])
                if sendAt <= 10 + 1e-9 { sent[index] += 8192 }
                next[index] = sendAt
            }
            for index in 0..<2 {
                assertWithin(sent[index], of: expected, "global \(globalRate), per download \(downloadRate), download \(index)")
                XCTAssertLessThanOrEqual(Double(sent[index]), downloadRate * 10 + 1e-6)
            }
            XCTAssertLessThanOrEqual(Double(sent.reduce(0, +)), globalRate * 10 + 1e-6)
        }
    }
}
