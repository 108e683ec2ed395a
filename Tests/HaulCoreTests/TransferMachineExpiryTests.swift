import XCTest

@testable import HaulCore

/// A link that expires: 401, 403 or 410 after bytes arrived asks for a fresh URL (`TransferMachine+Expiry`).
final class TransferMachineExpiryTests: XCTestCase {
    /// 150 of 400 bytes of `v1` held, as a resumed download finds them.
    private let held150 = StoredTransfer(
        identity: MachineDriver.identity(), segments: [StoredSegment(start: 0, end: 400, next: 150)], partFileSize: 150
    )

    func testAnExpiredAnswerAfterBytesAsksForAFreshURLAndKeepsTheBytesWhenItServesTheSameVersion() {
        for status in [401, 403, 410] {
            var d = MachineDriver(refreshesExpiredSources: true)
            XCTAssertEqual(d.start(held150).opens.map(\.plan), [ranged(150, nil)])
            let expired = d.head(1, status, [("Content-Length", "0")])
            XCTAssertEqual(expired, [
                .drop(ConnectionID(1), .transferEnding),
                .checkpoint([StoredSegment(start: 0, end: 400, next: 150)], immediately: true),
                .refreshSource(TransferProblem(.http, "HTTP \(status) \(HTTPStatusText.reason(status)) for http://example.org/f", httpStatus: status)),
            ])
            XCTAssertNil(expired.failure)
            XCTAssertEqual(d.machine.progress.done, 150)
            // Events of the dropped connection while the runner asks are not wanted.
            XCTAssertEqual(d.wrote(1, upTo: 300), [])
            let refreshed = d.machine.event(.sourceRefreshed(partFileSize: 150, now: 1))
            XCTAssertEqual(refreshed, [.plan(connections: 1), .truncate(to: 150), .open(ConnectionID(2), ranged(150, nil), end: nil)])
            XCTAssertEqual(d.partial(2, 150, 400).writes.map(\.body.offset), [150])
            _ = d.wrote(2, upTo: 400)
            XCTAssertEqual(d.ended(2).finish?.length, 400)
        }
    }

    func testAFreshURLServingAnotherVersionStartsOver() {
        var d = MachineDriver(refreshesExpiredSources: true)
        _ = d.start(held150)
        XCTAssertNotNil(d.head(1, 403, []).refresh)
        _ = d.machine.event(.sourceRefreshed(partFileSize: 150, now: 1))
        // If-Range with v1 answered by the whole file of v2.
        let head = d.whole(2, etag: MachineDriver.v2)
        XCTAssertEqual(head.discards, [RestartReason.versionChanged.description])
        XCTAssertEqual(head.writes.map(\.body.offset), [0])
        XCTAssertEqual(d.machine.progress.done, 0)
    }

    func testNoFreshURLFailsWithTheExpiredStatusAndKeepsTheProgress() {
        var d = MachineDriver(refreshesExpiredSources: true)
        _ = d.start(held150)
        _ = d.head(1, 403, [])
        let actions = d.machine.event(.sourceUnavailable(now: 1))
        XCTAssertEqual(actions.failure?.httpStatus, 403)
        XCTAssertEqual(actions.failure?.kind, .http)
        XCTAssertTrue(d.machine.isEnded)
        XCTAssertEqual(d.machine.storedSegments, [StoredSegment(start: 0, end: 400, next: 150)])
    }

    func testWithoutAProviderTheStatusFailsAsBefore() {
        var d = MachineDriver()
        _ = d.start(held150)
        let actions = d.head(1, 403, [])
        XCTAssertNil(actions.refresh)
        XCTAssertEqual(actions.failure?.httpStatus, 403)
    }

    /// Issue 60, point 1: with a refresh command the one URL has another source. A failure that would end the
    /// download before any byte (a 403, a refused connection, a probe's refusal, retries spent) asks for a fresh URL
    /// once; a fresh URL that fails before its first byte ends the download with its own failure.
    func testAFailureOfTheOneSourceAsksForAFreshSourceOnce() {
        let failures: [(String, (inout MachineDriver) -> [TransferAction])] = [
            ("403", { $0.head(1, 403, []) }),
            ("refused", { $0.failed(1, .unreachable) }),
            ("404", { $0.head(1, 404, []) }),
        ]
        for (name, fail) in failures {
            for connections in [1, 4] {
                var d = MachineDriver(connections: connections, refreshesExpiredSources: true)
                _ = d.start()
                let first = fail(&d)
                XCTAssertNotNil(first.refresh, "\(name), \(connections): \(first)")
                XCTAssertNil(first.failure, name)
                let refreshed = d.machine.event(.sourceRefreshed(partFileSize: 0, now: 1))
                XCTAssertEqual(refreshed.opens.map(\.plan), [.wholeFile], "the fresh link is asked from byte 0")
                let again = d.failed(refreshed.opens.first?.connection ?? 0, .unreachable, now: 2)
                XCTAssertNil(again.refresh, "\(name): not asked again before a fresh link delivered")
                XCTAssertEqual(again.failure?.kind, .unreachable, name)
            }
        }
        var alone = MachineDriver(connections: 1, refreshesExpiredSources: true)
        _ = alone.start()
        _ = alone.failed(1, .unreachable)
        let none = alone.machine.event(.sourceUnavailable(now: 1))
        XCTAssertEqual(none.failure?.kind, .unreachable, "no fresh link: the URL's own failure (exit 3)")
        var local = MachineDriver(refreshesExpiredSources: true)
        _ = local.start()
        XCTAssertNil(local.failed(1, .local).refresh, "the machine's own failure is no source's")
    }

    func testAFreshLinkThatExpiresBeforeDeliveringAByteFails() {
        var d = MachineDriver(refreshesExpiredSources: true)
        _ = d.start(held150)
        XCTAssertNotNil(d.head(1, 403, []).refresh)
        _ = d.machine.event(.sourceRefreshed(partFileSize: 150, now: 1))
        let again = d.head(2, 403, [])
        XCTAssertNil(again.refresh)
        XCTAssertEqual(again.failure?.httpStatus, 403)
        XCTAssertTrue(d.machine.isEnded)
    }

    func testAFreshLinkThatDeliveredBytesMayExpireAgain() {
        var d = MachineDriver(refreshesExpiredSources: true)
        _ = d.start(held150)
        _ = d.head(1, 403, [])
        _ = d.machine.event(.sourceRefreshed(partFileSize: 150, now: 1))
        _ = d.partial(2, 150, 400)
        _ = d.wrote(2, upTo: 250)
        _ = d.failed(2)
        let retry = d.timer(100)
        XCTAssertEqual(retry.opens.map(\.plan), [ranged(250, nil)])
        XCTAssertNotNil(d.head(3, 410, []).refresh)
    }

    func testASegmentedRunDropsEveryConnectionAndResumesItsSegments() {
        var d = MachineDriver(connections: 2, refreshesExpiredSources: true)
        let stored = StoredTransfer(
            identity: MachineDriver.identity(),
            segments: [StoredSegment(start: 0, end: 200, next: 100), StoredSegment(start: 200, end: 400, next: 250)],
            partFileSize: 400
        )
        let start = d.start(stored)
        XCTAssertEqual(start.opens.count, 2)
        _ = d.partial(1, 100, 200)
        _ = d.wrote(1, upTo: 150)
        let expired = d.head(2, 403, [])
        XCTAssertEqual(Set(expired.drops.map(\.connection)), [1, 2])
        XCTAssertEqual(expired.refresh?.httpStatus, 403)
        XCTAssertEqual(d.machine.storedSegments.map(\.next), [150, 250])
        let refreshed = d.machine.event(.sourceRefreshed(partFileSize: 400, now: 1))
        XCTAssertEqual(refreshed.opens.map(\.plan), [ranged(150, 200), ranged(250, 400)])
    }
}
