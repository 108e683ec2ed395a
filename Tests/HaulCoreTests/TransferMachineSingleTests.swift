import XCTest

@testable import HaulCore

/// A run with one connection allowed: the machine with `connections: 1`.
final class TransferMachineSingleTests: XCTestCase {
    private let v1 = MachineDriver.v1

    func testAFreshDownloadAsksForTheWholeFileWritesItAndFinishes() {
        var d = MachineDriver()
        let start = d.start()
        XCTAssertEqual(start, [.plan(connections: 1), .truncate(to: 0), .open(ConnectionID(1), .wholeFile, end: nil)])
        let head = d.whole(1)
        XCTAssertEqual(head.writes.map(\.body.offset), [0])
        XCTAssertEqual(head.first, .adopt(MachineDriver.identity()))
        XCTAssertEqual(d.wrote(1, upTo: 400), [.checkpoint([StoredSegment(start: 0, end: 400, next: 400)], immediately: false)])
        XCTAssertEqual(d.ended(1).finish?.length, 400)
        XCTAssertTrue(d.machine.isEnded)
    }

    // docs/http-rules.md rule 17: the record is trusted only as far as the `.part` file backs it.
    func testStoredProgressBackedByTheFileResumesWithAnOpenRange() {
        var d = MachineDriver()
        let stored = StoredTransfer(identity: MachineDriver.identity(), segments: [StoredSegment(start: 0, end: 400, next: 150)], partFileSize: 200)
        let start = d.start(stored)
        XCTAssertEqual(start, [.plan(connections: 1), .truncate(to: 150), .open(ConnectionID(1), ranged(150, nil), end: nil)])
        XCTAssertEqual(d.partial(1, 150, 400).writes.map(\.body.offset), [150])
        _ = d.wrote(1, upTo: 400)
        XCTAssertEqual(d.ended(1).finish?.length, 400)
    }

    func testStoredProgressTheFileDoesNotBackStartsOverAndSaysWhy() {
        let cases: [(StoredTransfer, String)] = [
            (StoredTransfer(identity: MachineDriver.identity(), segments: [StoredSegment(start: 0, end: 400, next: 300)], partFileSize: 200),
             "the partial file is shorter than its record"),
            (StoredTransfer(identity: MachineDriver.identity(), segments: [], partFileSize: 200), "the partial file has no record of its progress"),
            (StoredTransfer(identity: ResourceIdentity(entityTag: nil, lastModified: nil, totalLength: 400, lastModifiedIsStrong: false),
                            segments: [StoredSegment(start: 0, end: 400, next: 100)], partFileSize: 200),
             "the partial file has no strong validator"),
        ]
        for (stored, reason) in cases {
            var d = MachineDriver()
            let start = d.start(stored)
            XCTAssertEqual(start.discards, [reason])
            XCTAssertEqual(start.opens.map(\.plan), [.wholeFile])
        }
    }

    // docs/http-rules.md rule 5: a 200 to a ranged request is the whole file from 0, never appended.
    func testAWholeFileInsteadOfTheRangeDropsTheHeldBytesAndWritesFromZero() {
        var d = MachineDriver()
        _ = d.start(StoredTransfer(identity: MachineDriver.identity(), segments: [StoredSegment(start: 0, end: 400, next: 100)], partFileSize: 100))
        let head = d.whole(1)
        XCTAssertEqual(head.discards, ["the server sent the whole file instead of the requested range"])
        XCTAssertEqual(head.writes.map(\.body.offset), [0])
        XCTAssertEqual(d.machine.progress.done, 0)
    }

    func testAWholeFileOfAnotherVersionSaysTheFileChanged() {
        var d = MachineDriver()
        _ = d.start(StoredTransfer(identity: MachineDriver.identity(), segments: [StoredSegment(start: 0, end: 400, next: 100)], partFileSize: 100))
        XCTAssertEqual(d.whole(1, etag: MachineDriver.v2).discards, [RestartReason.versionChanged.description])
    }

    // docs/http-rules.md rule 7: a 206 of another version restarts from 0, at once and without a retry.
    func testAValidatorChangeMidwayRestartsFromZeroAndGivesUpWhenTheFileKeepsChanging() {
        var d = MachineDriver(maximumVersionRestarts: 2)
        _ = d.start()
        _ = d.whole(1)
        _ = d.wrote(1, upTo: 100)
        _ = d.failed(1, now: 1)
        _ = d.timer(10)  // the backoff is over
        var actions = d.partial(2, 100, 400, etag: MachineDriver.v2)
        XCTAssertEqual(actions.drops.map(\.connection), [2])
        XCTAssertEqual(actions.discards, [RestartReason.versionChanged.description])
        XCTAssertEqual(actions.opens.map(\.plan), [.wholeFile], "nothing is held any more")
        XCTAssertTrue(actions.retries.isEmpty)
        _ = d.whole(3)
        _ = d.wrote(3, upTo: 50)
        _ = d.failed(3, now: 11)
        _ = d.timer(20)
        actions = d.partial(4, 50, 400, etag: MachineDriver.v2)
        XCTAssertNil(actions.failure)
        _ = d.whole(5, etag: MachineDriver.v2)
        _ = d.wrote(5, upTo: 50)
        _ = d.failed(5, now: 21)
        _ = d.timer(30)
        actions = d.partial(6, 50, 400, etag: MachineDriver.v1)
        XCTAssertEqual(actions.failure?.kind, .protocolViolation)
        XCTAssertTrue(d.machine.isEnded)
    }

    func testAMangledRangeRestartsAndAsksOnlyForWholeFilesFromThenOn() {
        var d = MachineDriver()
        _ = d.start(StoredTransfer(identity: MachineDriver.identity(), segments: [StoredSegment(start: 0, end: 400, next: 100)], partFileSize: 100))
        let actions = d.head(1, 206, [("Content-Range", "bytes 150-399/400"), ("ETag", v1)])
        XCTAssertEqual(actions.discards.count, 1)
        XCTAssertEqual(actions.opens.map(\.plan), [.wholeFile])
        _ = d.whole(2)
        _ = d.wrote(2, upTo: 100)
        _ = d.failed(2, now: 0)
        XCTAssertEqual(d.timer(5).opens.map(\.plan), [.wholeFile], "ranges are no longer trusted")
    }

    // docs/http-rules.md rule 8: a 416 whose total equals the bytes held proves the file whole.
    func testA416ProvingTheFileWholeFinishes() {
        var d = MachineDriver()
        _ = d.start(StoredTransfer(identity: MachineDriver.identity(length: nil), segments: [StoredSegment(start: 0, end: nil, next: 400)], partFileSize: 400))
        let actions = d.head(1, 416, [("Content-Range", "bytes */400"), ("ETag", v1)])
        XCTAssertEqual(actions.finish?.length, 400)
        XCTAssertEqual(actions.finish?.identity?.totalLength, 400)
    }

    func testA404Fails() {
        var d = MachineDriver()
        _ = d.start()
        let actions = d.head(1, 404, [])
        XCTAssertEqual(actions.failure?.httpStatus, 404)
        XCTAssertEqual(actions.drops.map(\.connection), [1])
        XCTAssertTrue(d.machine.isEnded)
    }

    func testAForbiddenRangeFailsWithOneConnection() {
        var d = MachineDriver()
        _ = d.start()
        XCTAssertEqual(d.head(1, 403, []).failure?.httpStatus, 403)
    }

    // docs/http-rules.md rule 11: `Retry-After` is obeyed (capped), else the backoff doubles with jitter.
    func testTheRetryScheduleHonoursRetryAfterAndGrowsTheBackoff() {
        var d = MachineDriver(retry: RetryPolicy(maximumRetries: 4, initialDelay: 1, maximumDelay: 30, maximumRetryAfter: 60))
        _ = d.start()
        var actions = d.head(1, 503, [("Retry-After", "7")], now: 100)
        XCTAssertEqual(actions.retries.map(\.at), [107])
        XCTAssertEqual(actions.retries.map(\.afterSeconds), [7])
        XCTAssertTrue(d.timer(106).opens.isEmpty, "not before the server's time")
        XCTAssertEqual(d.timer(107).opens.map(\.connection), [2])
        actions = d.head(2, 429, [("Retry-After", "3600")], now: 110)
        XCTAssertEqual(actions.retries.map(\.afterSeconds), [60], "capped at maximumRetryAfter")
        _ = d.timer(170)
        actions = d.failed(3, now: 200)
        let third = actions.retries[0].afterSeconds
        XCTAssertTrue((2..<4).contains(third), "third failure: backoff 4 s with equal jitter, got \(third)")
        XCTAssertEqual(actions.first, .checkpoint([StoredSegment(start: 0, end: nil, next: 0)], immediately: true))
        _ = d.timer(300)
        XCTAssertTrue((4..<8).contains(d.failed(4, now: 300).retries[0].afterSeconds))
        _ = d.timer(400)
        actions = d.failed(5, now: 400)
        XCTAssertEqual(actions.failure?.message, "connection reset", "the fifth failure in a row is over the budget of 4")
    }

    func testBytesThatArrivedStartANewStreak() {
        var d = MachineDriver(retry: RetryPolicy(maximumRetries: 1, initialDelay: 1, maximumDelay: 30))
        _ = d.start()
        _ = d.whole(1)
        _ = d.wrote(1, upTo: 100)
        XCTAssertEqual(d.failed(1, now: 0).retries.count, 1)
        _ = d.timer(5)
        _ = d.partial(2, 100, 400)
        _ = d.wrote(2, upTo: 200)
        XCTAssertEqual(d.failed(2, now: 6).retries.count, 1, "progress resets the budget")
        _ = d.timer(10)
        XCTAssertNotNil(d.failed(3, now: 10).failure, "no progress: the budget of one is spent")
    }

    func testARefusedConnectionBeforeAnyByteFailsAtOnce() {
        var d = MachineDriver()
        _ = d.start()
        XCTAssertEqual(d.failed(1, .unreachable).failure?.kind, .unreachable)
    }

    func testAShortBodyIsRetriedFromTheByteHeld() {
        var d = MachineDriver()
        _ = d.start()
        _ = d.whole(1)
        _ = d.wrote(1, upTo: 250)
        let actions = d.ended(1, now: 3)
        XCTAssertEqual(actions.retries.count, 1)
        XCTAssertEqual(d.timer(100).opens.map(\.plan), [ranged(250, nil)])
    }

    func testALocalFailureIsFinal() {
        var d = MachineDriver()
        _ = d.start()
        _ = d.whole(1)
        XCTAssertEqual(d.failed(1, .local).failure?.kind, .local)
    }

    func testAnUnknownLengthFinishesWhenTheMessageEnds() {
        var d = MachineDriver()
        _ = d.start()
        XCTAssertEqual(d.head(1, 200, [("ETag", v1)]).writes.first?.body.expectedLength, nil)
        _ = d.wrote(1, upTo: 1234)
        let finish = d.ended(1).finish
        XCTAssertEqual(finish?.length, 1234)
        XCTAssertEqual(finish?.identity?.totalLength, 1234)
    }

    func testATricklingConnectionIsDroppedAndResumedButNotUnderTheClientsOwnLimit() {
        var d = MachineDriver(lowestSpeed: LowestSpeed(bytesPerSecond: 100, seconds: 2))
        _ = d.start()
        _ = d.whole(1)
        _ = d.timer(0)
        _ = d.wrote(1, upTo: 10)
        XCTAssertTrue(d.timer(1, throttled: true).drops.isEmpty)
        XCTAssertTrue(d.timer(2, throttled: true).drops.isEmpty)
        XCTAssertTrue(d.timer(3).drops.isEmpty, "the window restarted at 2")
        _ = d.wrote(1, upTo: 20)
        let actions = d.timer(4)
        XCTAssertEqual(actions.drops.map(\.reason), [.belowLowestSpeed])
        XCTAssertEqual(actions.retries.count, 1)
    }

    func testStopDropsTheConnectionAndCheckpoints() {
        var d = MachineDriver()
        _ = d.start()
        _ = d.whole(1)
        _ = d.wrote(1, upTo: 100)
        XCTAssertEqual(d.machine.event(.stop), [
            .drop(ConnectionID(1), .transferEnding),
            .checkpoint([StoredSegment(start: 0, end: 400, next: 100)], immediately: true),
            .stopped,
        ])
        XCTAssertEqual(d.wrote(1, upTo: 200), [], "nothing after the end")
    }
}
