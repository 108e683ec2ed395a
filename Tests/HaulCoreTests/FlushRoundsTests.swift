import XCTest

@testable import HaulCore

/// `FlushRounds`: renames share a directory flush, and none is answered by a flush that started before it.
final class FlushRoundsTests: XCTestCase {
    private struct Failure: Error, Equatable { var code: Int32 }

    func testALoneCallerStartsARoundAndIsDoneWhenItFinishes() {
        var rounds = FlushRounds<Failure>()
        let round = rounds.roundNeeded()
        XCTAssertEqual(rounds.next(for: round), .start(1))
        XCTAssertEqual(rounds.next(for: round), .wait, "the round it started is running")
        rounds.finish(1, failure: nil)
        XCTAssertEqual(rounds.next(for: round), .done(failure: nil))
        XCTAssertTrue(rounds.isIdle)
    }

    func testAChangeMadeWhileARoundRunsWaitsForTheNextRound() {
        var rounds = FlushRounds<Failure>()
        let first = rounds.roundNeeded()
        XCTAssertEqual(rounds.next(for: first), .start(1))
        // This rename happened after round 1 started: round 1 may not have seen it.
        let late = rounds.roundNeeded()
        XCTAssertEqual(late, 2)
        XCTAssertEqual(rounds.next(for: late), .wait)
        rounds.finish(1, failure: nil)
        XCTAssertEqual(rounds.next(for: first), .done(failure: nil))
        XCTAssertEqual(rounds.next(for: late), .start(2), "round 1 does not answer a change made while it ran")
        rounds.finish(2, failure: nil)
        XCTAssertEqual(rounds.next(for: late), .done(failure: nil))
        XCTAssertEqual(rounds.started, 2)
        XCTAssertTrue(rounds.isIdle)
    }

    func testCallersWaitingTogetherShareOneRound() {
        var rounds = FlushRounds<Failure>()
        let first = rounds.roundNeeded()
        XCTAssertEqual(rounds.next(for: first), .start(1))
        // Seven more renames while round 1 runs: all of them need round 2, and one flush answers them all.
        let waiters = (0..<7).map { _ in rounds.roundNeeded() }
        XCTAssertEqual(Set(waiters), [2])
        for waiter in waiters { XCTAssertEqual(rounds.next(for: waiter), .wait) }
        rounds.finish(1, failure: nil)
        XCTAssertEqual(rounds.next(for: first), .done(failure: nil))
        XCTAssertEqual(rounds.next(for: waiters[0]), .start(2))
        for waiter in waiters.dropFirst() { XCTAssertEqual(rounds.next(for: waiter), .wait) }
        rounds.finish(2, failure: nil)
        for waiter in waiters { XCTAssertEqual(rounds.next(for: waiter), .done(failure: nil)) }
        XCTAssertEqual(rounds.started, 2, "eight renames, two flushes")
        XCTAssertTrue(rounds.isIdle)
    }

    func testAFailedRoundFailsEveryCallerItAnswers() {
        var rounds = FlushRounds<Failure>()
        let a = rounds.roundNeeded(), b = rounds.roundNeeded()
        XCTAssertEqual(rounds.next(for: a), .start(1))
        XCTAssertEqual(rounds.next(for: b), .wait)
        rounds.finish(1, failure: Failure(code: 5))
        XCTAssertEqual(rounds.next(for: a), .done(failure: Failure(code: 5)))
        XCTAssertEqual(rounds.next(for: b), .done(failure: Failure(code: 5)))
        // The next round is judged on its own.
        let c = rounds.roundNeeded()
        XCTAssertEqual(rounds.next(for: c), .start(2))
        rounds.finish(2, failure: nil)
        XCTAssertEqual(rounds.next(for: c), .done(failure: nil))
    }

    func testIsIdleOnlyWhenNobodyRunsOrWaits() {
        var rounds = FlushRounds<Failure>()
        XCTAssertTrue(rounds.isIdle)
        let a = rounds.roundNeeded()
        XCTAssertFalse(rounds.isIdle, "a caller is waiting")
        _ = rounds.next(for: a)
        rounds.finish(1, failure: nil)
        XCTAssertFalse(rounds.isIdle, "the caller has not taken its answer")
        _ = rounds.next(for: a)
        XCTAssertTrue(rounds.isIdle)
    }
}
