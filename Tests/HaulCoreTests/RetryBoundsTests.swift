import XCTest

@testable import HaulCore

/// `--retry-wait` and `--retry-max-time`: the bounds a person puts on retries (`RetryPolicy.fixedDelay`,
/// `RetryPolicy.maximumRetryTime`), decided with numbers only.
final class RetryBoundsTests: XCTestCase {
    func testAFixedWaitNeitherGrowsNorJitters() {
        var tracker = RetryTracker(policy: RetryPolicy(maximumRetries: 10, fixedDelay: 3))
        for jitter in [0, 0.5, 0.999, 0, 0.25, 0.75] {
            XCTAssertEqual(tracker.recordFailure(madeProgress: false, jitter: jitter, now: 0), .retry(afterSeconds: 3))
        }
    }

    func testAZeroWaitRetriesAtOnce() {
        var tracker = RetryTracker(policy: RetryPolicy(maximumRetries: 2, fixedDelay: 0))
        XCTAssertEqual(tracker.recordFailure(madeProgress: false, jitter: 0.9), .retry(afterSeconds: 0))
        XCTAssertEqual(tracker.recordFailure(madeProgress: false, jitter: 0.9), .retry(afterSeconds: 0))
        XCTAssertEqual(tracker.recordFailure(madeProgress: false, jitter: 0.9), .giveUp, "the count still applies")
    }

    func testRetryAfterStillWinsOverAFixedWaitAndIsCapped() {
        var tracker = RetryTracker(policy: RetryPolicy(maximumRetries: 5, maximumRetryAfter: 120, fixedDelay: 2))
        XCTAssertEqual(tracker.recordFailure(madeProgress: false, retryAfterSeconds: 45, jitter: 0), .retry(afterSeconds: 45))
        XCTAssertEqual(tracker.recordFailure(madeProgress: false, retryAfterSeconds: 3600, jitter: 0), .retry(afterSeconds: 120))
        XCTAssertEqual(tracker.recordFailure(madeProgress: false, jitter: 0), .retry(afterSeconds: 2))
    }

    /// A server that keeps answering 500, with `--retries 1000 --retry-wait 1 --retry-max-time 10`, each attempt
    /// failing 0.01 s after it starts: nine retries fit, the tenth would start past the budget.
    func testTheTimeBudgetEndsAStreakOfFailures() {
        var tracker = RetryTracker(policy: RetryPolicy(maximumRetries: 1000, fixedDelay: 1, maximumRetryTime: 10))
        var now = 100.0
        var retries = 0
        while case .retry(let delay) = tracker.recordFailure(madeProgress: false, jitter: 0, now: now) {
            retries += 1
            now += delay + 0.01  // the failed attempt itself takes a little time
            if retries >= 100 { break }  // the budget did not end the streak: fails below
        }
        XCTAssertEqual(retries, 9, "retries start at 101.01, 102.02, ..., 109.09; the next would start at 110.09 > 110")
        XCTAssertLessThanOrEqual(now - 100, 10.1)
    }

    func testAWaitThatWouldEndPastTheBudgetIsNotWaitedFor() {
        var tracker = RetryTracker(policy: RetryPolicy(maximumRetries: 5, maximumRetryTime: 60))
        XCTAssertEqual(tracker.recordFailure(madeProgress: false, retryAfterSeconds: 30, jitter: 0, now: 0), .retry(afterSeconds: 30))
        XCTAssertEqual(tracker.recordFailure(madeProgress: false, retryAfterSeconds: 30, jitter: 0, now: 31), .giveUp,
                       "31 s spent plus a 30 s wait is past 60 s")
    }

    func testTheBudgetCountsFromTheFirstFailureOfTheStreakNotTheDownload() {
        var tracker = RetryTracker(policy: RetryPolicy(maximumRetries: 1000, fixedDelay: 5, maximumRetryTime: 20))
        XCTAssertEqual(tracker.recordFailure(madeProgress: false, jitter: 0, now: 0), .retry(afterSeconds: 5))
        XCTAssertEqual(tracker.recordFailure(madeProgress: false, jitter: 0, now: 10), .retry(afterSeconds: 5))
        // Bytes arrive: a new streak starts at the next failure, an hour later.
        tracker.recordProgress()
        XCTAssertNil(tracker.streakStartedAt)
        XCTAssertEqual(tracker.recordFailure(madeProgress: false, jitter: 0, now: 3600), .retry(afterSeconds: 5))
        XCTAssertEqual(tracker.streakStartedAt, 3600)
        XCTAssertEqual(tracker.recordFailure(madeProgress: false, jitter: 0, now: 3610), .retry(afterSeconds: 5))
        XCTAssertEqual(tracker.recordFailure(madeProgress: false, jitter: 0, now: 3616), .giveUp, "16 s + 5 s > 20 s")
        // A failed attempt that delivered bytes also starts afresh.
        XCTAssertEqual(tracker.recordFailure(madeProgress: true, jitter: 0, now: 3700), .retry(afterSeconds: 5))
        XCTAssertEqual(tracker.streakStartedAt, 3700)
    }

    func testWithoutAClockTheBudgetIsNotApplied() {
        var tracker = RetryTracker(policy: RetryPolicy(maximumRetries: 3, fixedDelay: 50, maximumRetryTime: 1))
        XCTAssertEqual(tracker.recordFailure(madeProgress: false, jitter: 0), .retry(afterSeconds: 50))
    }

    /// The documented default table (docs/cli.md, "When a download fails"): 1, 2, 4, 8, 16, then 30 s, times 0.5-1.
    func testTheDefaultBackoffIsTheDocumentedTable() {
        let policy = RetryPolicy()
        XCTAssertEqual(policy.maximumRetries, 5)
        XCTAssertEqual((1...7).map { policy.backoffSeconds(afterFailure: $0) }, [1, 2, 4, 8, 16, 30, 30])
        XCTAssertEqual(policy.maximumRetryAfterSeconds, 300)
        XCTAssertNil(policy.fixedDelaySeconds)
        XCTAssertNil(policy.maximumRetryTimeSeconds)
    }
}
