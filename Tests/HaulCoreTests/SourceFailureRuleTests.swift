import XCTest

@testable import HaulCore

/// `SourceFailureRule`: the table of what a failed attempt on a source does, cited by docs/cli.md.
final class SourceFailureRuleTests: XCTestCase {
    private func consequence(_ failure: SourceFailureRule.Failure, delivered: Bool = false, others: Bool) -> SourceFailureRule.Consequence {
        SourceFailureRule.consequence(of: failure, sourceHasDelivered: delivered, otherSourcesLeft: others)
    }

    func testAnUnreachableSourceIsDroppedWhileOthersRemainAndFailsTheDownloadAlone() {
        XCTAssertEqual(consequence(.unreachable, others: true), .dropSource)
        XCTAssertEqual(consequence(.unreachable, others: false), .failDownload)
    }

    func testAnUnreachableSourceThatDeliveredIsRetried() {
        XCTAssertEqual(consequence(.unreachable, delivered: true, others: true), .retry)
        XCTAssertEqual(consequence(.unreachable, delivered: true, others: false), .retry)
    }

    func testAFinalAnswerDropsTheSourceOrFailsTheDownload() {
        XCTAssertEqual(consequence(.final, others: true), .dropSource)
        XCTAssertEqual(consequence(.final, delivered: true, others: true), .dropSource)
        XCTAssertEqual(consequence(.final, others: false), .failDownload)
    }

    func testATransientFailureIsRetriedWithOrWithoutOthers() {
        XCTAssertEqual(consequence(.transient, others: true), .retry)
        XCTAssertEqual(consequence(.transient, others: false), .retry)
    }

    func testALocalFailureIsNoSourcesFault() {
        XCTAssertEqual(consequence(.local, others: true), .failDownload)
    }

    func testClassesOfProblemsAndStatuses() {
        XCTAssertEqual(SourceFailureRule.failure(of: .unreachable), .unreachable)
        XCTAssertEqual(SourceFailureRule.failure(of: .network), .transient)
        XCTAssertEqual(SourceFailureRule.failure(of: .server), .transient)
        XCTAssertEqual(SourceFailureRule.failure(of: .http), .final)
        XCTAssertEqual(SourceFailureRule.failure(of: .protocolViolation), .final)
        XCTAssertEqual(SourceFailureRule.failure(of: .local), .local)
        XCTAssertEqual(SourceFailureRule.failure(ofStatus: 404), .final)
        XCTAssertEqual(SourceFailureRule.failure(ofStatus: 410), .final)
        XCTAssertEqual(SourceFailureRule.failure(ofStatus: 503), .transient)
        XCTAssertEqual(SourceFailureRule.failure(ofStatus: 500), .transient)
    }

    /// The retry policy applies the same rule to the last source: unreachable before any byte gives up at once.
    func testTheRetryTrackerGivesUpOnAnUnreachableSourceAtOnce() {
        var tracker = RetryTracker(policy: RetryPolicy(maximumRetries: 5))
        XCTAssertEqual(tracker.recordFailure(madeProgress: false, jitter: 0, unreachable: true), .giveUp)
    }
}

/// The rule as the machine applies it, for every source kind: mirrors drop an unreachable or failing source, the
/// last one standing ends the download naming every source's reason.
final class TransferMachineSourceFailureTests: XCTestCase {
    private let twoSources = ["http://dead/f", "http://live/f"]

    /// `haul -x 1 DEAD --mirror LIVE`: the refused first source is dropped and the live one carries the download.
    func testARefusedFirstSourceIsDroppedAndTheOtherCarriesOneConnection() {
        var d = MachineDriver(mirrors: twoSources)
        XCTAssertEqual(d.start().sources.map(\.url), ["http://dead/f"])
        let refused = d.failed(1, .unreachable)
        XCTAssertNil(refused.failure, "one dead source must not end a download that has another")
        XCTAssertEqual(refused.notices, ["dropping mirror http://dead/f: connection reset"])
        XCTAssertTrue(refused.retries.isEmpty, "a reassignment, not a retry")
        XCTAssertEqual(refused.sources.map(\.url), ["http://live/f"])
        let k = try! XCTUnwrap(refused.opens.first?.connection)
        XCTAssertEqual(d.whole(k).writes.count, 1)
        _ = d.wrote(k, upTo: 400)
        XCTAssertEqual(d.ended(k).finish?.length, 400)
    }

    /// `-x 8`: the probe is asked again on the live source (so the file may still split).
    func testARefusedProbeIsAskedAgainOnTheOtherSource() {
        var d = MachineDriver(connections: 4, mirrors: twoSources)
        _ = d.start()
        let refused = d.failed(1, .unreachable)
        XCTAssertNil(refused.failure)
        XCTAssertEqual(refused.sources.map(\.url), ["http://live/f"])
        XCTAssertEqual(refused.opens.map(\.plan), [.wholeFile])
    }

    /// `-x 8 LIVE --mirror DEAD`: the split sends a connection to the untried dead source; refused, it is dropped
    /// and its range goes to the live one at once.
    func testARefusedExtraConnectionDropsItsSourceAndTheRangeGoesElsewhere() {
        var d = MachineDriver(connections: 2, mirrors: ["http://live/f", "http://dead/f"])
        _ = d.start()
        let split = d.whole(1)
        let onDead = try! XCTUnwrap(split.opens.first)
        XCTAssertEqual(split.sources.map(\.url), ["http://dead/f"])
        let refused = d.failed(onDead.connection, .unreachable)
        XCTAssertNil(refused.failure)
        XCTAssertEqual(refused.notices, ["dropping mirror http://dead/f: connection reset"])
        XCTAssertEqual(refused.sources.map(\.url), ["http://live/f"])
        XCTAssertEqual(refused.opens.first?.plan.range?.lowerBound, onDead.plan.range?.lowerBound)
    }

    /// A TLS failure (reported as a final `.http` problem) drops its source while another remains.
    func testAFinalFailureDropsItsSourceWhileAnotherRemains() {
        var d = MachineDriver(mirrors: twoSources)
        _ = d.start()
        let tls = d.failed(1, .http)
        XCTAssertNil(tls.failure)
        XCTAssertEqual(tls.sources.map(\.url), ["http://live/f"])
    }

    /// No source left: the download fails with the last failure's class, naming every source's reason.
    func testWhenNoSourceIsLeftTheFailureNamesEverySource() {
        var d = MachineDriver(mirrors: twoSources)
        _ = d.start()
        let k = try! XCTUnwrap(d.head(1, 404, [("Content-Length", "0")]).opens.first?.connection)
        let last = d.failed(k, .unreachable)
        let failure = try! XCTUnwrap(last.failure)
        XCTAssertEqual(failure.kind, .unreachable)
        XCTAssertEqual(failure.message, "every source failed:\nhttp://dead/f: HTTP 404 Not Found\nhttp://live/f: connection reset")
    }

    /// A source that delivered and then refuses is a server restarting: retried, not dropped.
    func testASourceThatDeliveredAndThenRefusesIsRetried() {
        var d = MachineDriver(mirrors: twoSources)
        _ = d.start()
        XCTAssertEqual(d.whole(1).writes.count, 1)
        _ = d.wrote(1, upTo: 100)
        let refused = d.failed(1, .unreachable, now: 1)
        XCTAssertNil(refused.failure)
        XCTAssertTrue(refused.notices.isEmpty, "\(refused.notices)")
        XCTAssertEqual(refused.retries.count, 1)
    }

    /// One URL alone: unreachable fails at once. With a refresh command, the command is its other source: asked at
    /// once instead of failing (issue 60, point 1; TransferMachineExpiryTests has the rest).
    func testOneUnreachableSourceAloneFailsAtOnceOrAsksItsRefreshCommand() {
        for refreshes in [false, true] {
            var d = MachineDriver(refreshesExpiredSources: refreshes)
            _ = d.start()
            let refused = d.failed(1, .unreachable)
            XCTAssertEqual(refused.failure?.kind, refreshes ? nil : .unreachable)
            XCTAssertEqual(refused.refresh?.kind, refreshes ? .unreachable : nil)
            XCTAssertTrue(refused.retries.isEmpty, "no backoff either way")
        }
    }
}
