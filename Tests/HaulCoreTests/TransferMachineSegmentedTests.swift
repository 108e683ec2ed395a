import XCTest

@testable import HaulCore

/// A run with several connections allowed: probe, split, steal, retry, fall back, restart.
final class TransferMachineSegmentedTests: XCTestCase {
    private let v1 = MachineDriver.v1

    /// Starts a two-connection download of 400 bytes split at 200: #1 streams the probe, #2 asks for [200, 400).
    private func split(_ d: inout MachineDriver) -> [TransferAction] {
        let start = d.start()
        XCTAssertEqual(start, [.open(ConnectionID(1), .wholeFile, end: nil)])
        return d.whole(1)
    }

    func testAFileWorthSplittingKeepsTheProbeAsTheFirstSegmentAndOpensTheRest() {
        var d = MachineDriver(connections: 2)
        let actions = split(&d)
        XCTAssertEqual(actions.writes.map(\.connection), [1])
        XCTAssertEqual(actions.writes.first?.end, 200, "the probe stops at its segment's end")
        XCTAssertEqual(actions.opens.map(\.connection), [2])
        XCTAssertEqual(actions.opens.first?.plan, ranged(200, 400))
        XCTAssertTrue(actions.contains(.plan(connections: 2)))
        XCTAssertTrue(actions.contains(.checkpoint(
            [StoredSegment(start: 0, end: 200, next: 0), StoredSegment(start: 200, end: 400, next: 200)], immediately: true
        )))
        XCTAssertEqual(d.partial(2, 200, 400).writes.map(\.end), [400])
        _ = d.wrote(2, upTo: 400)
        _ = d.wrote(1, upTo: 150)
        let idle = d.ended(2)
        XCTAssertNil(idle.finish, "#1 still writes")
        XCTAssertTrue(idle.opens.isEmpty, "50 bytes left are not worth splitting")
        _ = d.wrote(1, upTo: 200)
        XCTAssertEqual(d.ended(1).finish?.length, 400)
        XCTAssertTrue(d.machine.isEnded)
    }

    func testAFileNotWorthSplittingContinuesOnTheProbe() {
        for extra in [[("Accept-Ranges", "none")], [("Content-Encoding", "gzip")], []] as [[(String, String)]] {
            var d = MachineDriver(connections: 4, minimumSplitSize: extra.isEmpty ? 300 : 50)
            _ = d.start()
            let actions = d.whole(1, extra: extra)
            XCTAssertEqual(actions.first, .plan(connections: 1))
            XCTAssertEqual(actions.writes.map(\.connection), [1], "no second request for the same bytes")
            XCTAssertTrue(actions.opens.isEmpty)
        }
        var weak = MachineDriver(connections: 2)
        _ = weak.start()
        XCTAssertTrue(weak.head(1, 200, [("Content-Length", "400")]).opens.isEmpty, "no strong validator: no ranges")
    }

    /// The probe's failure is the run's first failure (issue 33, point 11): one connection, after the backoff.
    func testAProbeThatCannotConnectContinuesOnOneConnection() {
        var d = MachineDriver(connections: 2)
        _ = d.start()
        let actions = d.failed(1)
        XCTAssertTrue(actions.contains(.plan(connections: 1)))
        XCTAssertTrue(actions.opens.isEmpty, "at once, as if the probe had not been an attempt")
        XCTAssertEqual(actions.retries.map(\.attempt), [1])
        XCTAssertEqual(d.timer(actions.retries.first?.at ?? 0).opens.map(\.plan), [.wholeFile])
    }

    func testStoredSegmentsResumeOnAsManyConnections() {
        var d = MachineDriver(connections: 2)
        let stored = StoredTransfer(
            identity: MachineDriver.identity(),
            segments: [StoredSegment(start: 0, end: 200, next: 120), StoredSegment(start: 200, end: 400, next: 250)],
            partFileSize: 400
        )
        let actions = d.start(stored)
        XCTAssertEqual(actions.prefix(2), [.plan(connections: 2), .adopt(MachineDriver.identity())])
        XCTAssertEqual(actions.opens.map(\.plan), [ranged(120, 200), ranged(250, 400)])
        XCTAssertEqual(d.machine.progress.done, 170)
    }

    // 200 instead of 206 on a later connection (a server without ranges, `python3 -m http.server`): ranges are not
    // honoured, so one connection goes on. The probe's whole-file answer still streaming the first segment is the
    // download: it keeps streaming to the file's end, the others are dropped, nothing is asked for again (issue 60,
    // point 3: before, the probe was dropped too and the file fetched again, "starting over" when no byte was
    // reported yet).
    func testAWholeFileToALaterRangeKeepsTheProbesStreamOnOneConnection() {
        for reported: Int64 in [0, 80] {
            var d = MachineDriver(connections: 2)
            _ = split(&d)
            if reported > 0 { _ = d.wrote(1, upTo: reported) }
            let actions = d.whole(2)
            XCTAssertEqual(actions.drops.map(\.connection), [2], "the probe keeps streaming")
            XCTAssertEqual(actions.notices, ["continuing on one connection: example.org answered a range request with the whole file"])
            XCTAssertTrue(actions.contains(.plan(connections: 1)))
            XCTAssertTrue(actions.contains(.shorten(ConnectionID(1), end: 400)), "its segment's end lifted to the file's: \(actions)")
            XCTAssertTrue(actions.opens.isEmpty, "nothing fetched again: \(actions)")
            XCTAssertTrue(actions.discards.isEmpty)
            XCTAssertFalse(actions.contains { if case .truncate = $0 { true } else { false } })
            XCTAssertEqual(d.machine.progress.done, reported)
            _ = d.wrote(1, upTo: 300)
            XCTAssertEqual(d.machine.progress.done, 300)
            _ = d.wrote(1, upTo: 400)
            XCTAssertEqual(d.ended(1).finish?.length, 400)
        }
    }

    // The probe's stream cut short after the fallback is retried from the byte held, on a fresh connection.
    func testTheKeptStreamEndingEarlyIsRetriedFromTheByteHeld() {
        var d = MachineDriver(connections: 2)
        _ = split(&d)
        _ = d.whole(2)
        _ = d.wrote(1, upTo: 150)
        let ended = d.ended(1, now: 1)
        XCTAssertEqual(ended.retries.count, 1)
        XCTAssertNil(ended.failure)
        XCTAssertEqual(d.timer(100).opens.map(\.plan), [ranged(150, nil)])
    }

    func testA416OrAMangledRangeAlsoContinuesOnOneConnection() {
        var d = MachineDriver(connections: 2)
        _ = split(&d)
        XCTAssertEqual(
            d.head(2, 416, [("Content-Range", "bytes */400")]).notices,
            ["continuing on one connection: \(RestartReason.unsatisfiableRange)"]
        )
        var e = MachineDriver(connections: 2)
        _ = split(&e)
        XCTAssertEqual(e.head(2, 206, [("Content-Range", "bytes 250-399/400"), ("ETag", v1)]).notices.count, 1)
    }

    // docs/http-rules.md rule 7: every partial byte goes, and the run starts over with a fresh probe.
    func testAValidatorChangeMidwayDropsEverythingAndProbesAgain() {
        var d = MachineDriver(connections: 2, maximumVersionRestarts: 1)
        _ = split(&d)
        _ = d.wrote(1, upTo: 100)
        var actions = d.partial(2, 200, 400, etag: MachineDriver.v2)
        XCTAssertEqual(Set(actions.drops.map(\.connection)), [1, 2])
        XCTAssertEqual(actions.discards, [RestartReason.versionChanged.description])
        XCTAssertEqual(actions.opens.map(\.plan), [.wholeFile])
        XCTAssertEqual(d.machine.progress.done, 0)
        // The fresh probe's answer of the new version splits again.
        actions = d.whole(1, etag: MachineDriver.v2)
        XCTAssertEqual(actions.opens.map(\.plan), [ranged(200, 400, etag: MachineDriver.v2)])
        XCTAssertEqual(d.whole(2, etag: v1).failure?.kind, .protocolViolation, "a second change is over the limit of one")
    }

    func testAWholeFileOfAnotherVersionToARangeIsAVersionChange() {
        var d = MachineDriver(connections: 2)
        _ = split(&d)
        XCTAssertEqual(d.whole(2, etag: MachineDriver.v2).discards, [RestartReason.versionChanged.description])
    }

    // When a connection finishes, it takes the back half of the largest remaining range (SegmentPlanner).
    func testAFinishedConnectionStealsTheBackHalfOfTheOther() {
        var d = MachineDriver(connections: 2)
        _ = split(&d)
        _ = d.partial(2, 200, 400)
        _ = d.wrote(1, upTo: 200)
        _ = d.wrote(2, upTo: 220)
        let actions = d.ended(1)
        guard case .shorten(let victim, let cut)? = actions.first else { return XCTFail("\(actions)") }
        XCTAssertEqual(victim, ConnectionID(2))
        XCTAssertTrue((221..<400).contains(cut))
        XCTAssertEqual(actions.opens.map(\.connection), [1])
        XCTAssertEqual(actions.opens.first?.plan, ranged(cut, 400))
        XCTAssertEqual(actions.opens.first?.end, 400)
        // #2 may overshoot its new end before it hears of it: counted only up to the end.
        _ = d.wrote(2, upTo: cut + 10)
        XCTAssertEqual(d.machine.progress.done, 200 + cut - 200)
    }

    // docs/http-rules.md rule 11: 429/503 ask for fewer connections and their `Retry-After` is obeyed.
    func testATooManyConnectionsAnswerLowersTheCapAndWaitsForRetryAfter() {
        var d = MachineDriver(connections: 2)
        _ = split(&d)
        let actions = d.head(2, 503, [("Retry-After", "5")], now: 10)
        XCTAssertEqual(actions.drops.map(\.connection), [2])
        XCTAssertTrue(actions.retries.isEmpty, "#1 runs: its range waits for a free connection, not for a timer")
        XCTAssertTrue(d.timer(20).opens.isEmpty, "the cap is now one")
        _ = d.wrote(1, upTo: 200)
        let next = d.ended(1)
        XCTAssertEqual(next.opens.map(\.connection), [1])
        XCTAssertEqual(next.opens.first?.plan, ranged(200, 400))
    }

    func testAFailedRangeWaitsOutItsBackoffBeforeANewConnectionTakesIt() {
        var d = MachineDriver(connections: 2, retry: RetryPolicy(maximumRetries: 3, initialDelay: 1, maximumDelay: 30, fixedDelay: 4))
        _ = split(&d)
        _ = d.partial(2, 200, 400)
        _ = d.wrote(2, upTo: 300)
        var actions = d.failed(2, now: 10)
        XCTAssertEqual(actions.retries.map(\.at), [14])
        XCTAssertTrue(actions.opens.isEmpty, "not before the backoff")
        XCTAssertTrue(d.timer(13).opens.isEmpty)
        actions = d.timer(14)
        XCTAssertEqual(actions.opens.map(\.plan), [ranged(300, 400)])
        XCTAssertEqual(actions.opens.map(\.connection), [3])
    }

    func testA500WithRetryAfterOnARangeIsObeyed() {
        var d = MachineDriver(connections: 2)
        _ = split(&d)
        XCTAssertEqual(d.head(2, 500, [("Retry-After", "9")], now: 1).retries.map(\.at), [10])
    }

    func testTheRetryBudgetEndsTheRun() {
        var d = MachineDriver(connections: 2, retry: RetryPolicy(maximumRetries: 1, initialDelay: 1, maximumDelay: 30))
        _ = split(&d)
        _ = d.failed(2, now: 0)
        _ = d.timer(5)
        let actions = d.failed(3, now: 5)
        XCTAssertEqual(actions.failure?.message, "connection reset")
        XCTAssertEqual(actions.drops.map(\.connection).sorted(), [1, 3])
        XCTAssertTrue(d.machine.isEnded)
    }

    func testARangeEndedEarlyIsAFailure() {
        var d = MachineDriver(connections: 2)
        _ = split(&d)
        _ = d.partial(2, 200, 400)
        _ = d.wrote(2, upTo: 300)
        XCTAssertEqual(d.ended(2, now: 1).retries.count, 1)
    }

    func testA404OnARangeFailsTheRun() {
        var d = MachineDriver(connections: 2)
        _ = split(&d)
        XCTAssertEqual(d.head(2, 404, []).failure?.httpStatus, 404)
    }

    func testAStalledConnectionIsDroppedAndItsRangeReopened() {
        var d = MachineDriver(connections: 2)
        _ = split(&d)
        _ = d.partial(2, 200, 400)
        _ = d.timer(1)
        XCTAssertTrue(d.timer(15.9).drops.isEmpty)
        let actions = d.timer(16)
        XCTAssertEqual(actions.drops.map(\.connection), [1, 2])
        XCTAssertEqual(actions.drops.map(\.reason), [.stalled, .stalled])
        XCTAssertEqual(actions.opens.map(\.plan), [.wholeFile, ranged(200, 400)], "a range from 0 is asked open")
        XCTAssertEqual(actions.opens.map(\.connection), [3, 4])
    }

    // The lowest-speed rule also drops a connection that holds the only remaining segment: there is nobody to compare
    // it with, but a trickle is below the rule alone.
    func testTheLowestSpeedDropAlsoHitsTheOnlyRemainingSegment() {
        var d = MachineDriver(connections: 2, minimumSplitSize: 150, lowestSpeed: LowestSpeed(bytesPerSecond: 100, seconds: 2))
        _ = split(&d)
        _ = d.partial(2, 200, 400)
        _ = d.wrote(1, upTo: 200)
        XCTAssertTrue(d.ended(1).opens.isEmpty, "nothing worth splitting: #1 goes idle")
        XCTAssertEqual(d.machine.connections.map(\.id), [ConnectionID(2)])
        _ = d.timer(1)
        _ = d.wrote(2, upTo: 210)
        _ = d.timer(2)
        _ = d.wrote(2, upTo: 220)
        XCTAssertTrue(d.timer(2.9).drops.isEmpty)
        _ = d.wrote(2, upTo: 230)
        let actions = d.timer(3.5)
        XCTAssertEqual(actions.drops.map(\.reason), [.belowLowestSpeed])
        XCTAssertEqual(actions.opens.map(\.plan), [ranged(230, 400)])
    }

    func testTheLowestSpeedRuleWaitsWhileTheClientsOwnLimitHoldsTheDownloadBack() {
        var d = MachineDriver(connections: 2, minimumSplitSize: 150, lowestSpeed: LowestSpeed(bytesPerSecond: 100, seconds: 2))
        _ = split(&d)
        _ = d.partial(2, 200, 400)
        for t in 1...6 {
            _ = d.wrote(2, upTo: 200 + Int64(t))
            XCTAssertTrue(d.timer(Double(t), throttled: true).drops.isEmpty)
        }
    }

    func testStopDropsEveryConnectionAndCheckpointsNow() {
        var d = MachineDriver(connections: 2)
        _ = split(&d)
        _ = d.wrote(1, upTo: 50)
        let actions = d.machine.event(.stop)
        XCTAssertEqual(Set(actions.drops.map(\.connection)), [1, 2])
        XCTAssertEqual(actions.suffix(2), [
            .checkpoint([StoredSegment(start: 0, end: 200, next: 50), StoredSegment(start: 200, end: 400, next: 200)], immediately: true),
            .stopped,
        ])
    }

    func testEventsOfADroppedConnectionAreIgnored() {
        var d = MachineDriver(connections: 2)
        _ = split(&d)
        _ = d.failed(2, now: 0)
        XCTAssertEqual(d.wrote(2, upTo: 300), [])
        XCTAssertEqual(d.partial(2, 200, 400), [])
    }

    // Issue 33, point 11: the whole-file probe is the run's first attempt. Its failure counts against the retry
    // budget (`--retries 0` sent two requests) and the next request waits for the backoff.
    func testAFailedProbeCountsAsTheFirstAttempt() {
        var none = MachineDriver(connections: 4, retry: RetryPolicy(maximumRetries: 0))
        XCTAssertEqual(none.start().opens.count, 1)
        let failed = none.failed(1, now: 5)
        XCTAssertTrue(failed.opens.isEmpty, "a second request after the probe with no retries allowed: \(failed)")
        XCTAssertEqual(failed.failure?.kind, .network)
        XCTAssertTrue(none.machine.isEnded)

        var two = MachineDriver(connections: 4, retry: RetryPolicy(maximumRetries: 2, initialDelay: 1, maximumDelay: 30))
        _ = two.start()
        let first = two.failed(1, now: 5)
        XCTAssertTrue(first.opens.isEmpty, "the retry waits for its backoff")
        XCTAssertEqual(first.retries.map(\.attempt), [1])
        let due = first.retries.first?.at ?? 0
        let reopened = two.timer(due).opens
        XCTAssertEqual(reopened.map(\.plan), [.wholeFile])
        XCTAssertEqual(two.failed(reopened.first?.connection ?? 0, now: due + 1).retries.map(\.attempt), [2])
    }

    func testAProbeThatBreaksTheProtocolIsNotRetried() {
        var d = MachineDriver(connections: 4)
        _ = d.start()
        let failed = d.failed(1, .protocolViolation, now: 1)
        XCTAssertTrue(failed.opens.isEmpty)
        XCTAssertEqual(failed.failure?.kind, .protocolViolation)
    }
}
