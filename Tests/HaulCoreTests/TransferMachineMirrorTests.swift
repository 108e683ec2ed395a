import XCTest

@testable import HaulCore

/// Several sources for one file (`TransferMachine+Mirrors`): which mirror each connection uses, and when one is dropped.
final class TransferMachineMirrorTests: XCTestCase {
    private let mirrors = ["http://a/f", "http://b/f", "http://c/f"]

    /// 150 bytes from mirror a, then its connection fails and the retry opens on b.
    private func heldFromA(_ d: inout MachineDriver) -> [TransferAction] {
        let start = d.start()
        XCTAssertEqual(start.sources.map(\.url), ["http://a/f"])
        XCTAssertEqual(start.opens.map(\.plan), [.wholeFile])
        XCTAssertEqual(d.whole(1).writes.map(\.body.offset), [0])
        _ = d.wrote(1, upTo: 150)
        _ = d.failed(1)
        return d.timer(100)
    }

    func testAnotherMirrorResumesTheHeldBytesWithoutAnotherMirrorsValidator() {
        var d = MachineDriver(mirrors: mirrors)
        let retry = heldFromA(&d)
        XCTAssertEqual(retry.sources.map(\.url), ["http://b/f"], "an untried mirror first")
        let plan = try! XCTUnwrap(retry.opens.first?.plan)
        XCTAssertEqual(plan.range, ByteRange(150, nil))
        XCTAssertNil(plan.ifRange, "a's ETag means nothing to b")
        // b has its own validator: the same length makes its bytes the same file.
        let head = d.partial(2, 150, 400, etag: "\"b-tag\"")
        XCTAssertEqual(head.writes.map(\.body.offset), [150])
        XCTAssertTrue(head.discards.isEmpty)
        _ = d.wrote(2, upTo: 400)
        XCTAssertEqual(d.ended(2).finish?.length, 400)
    }

    func testAMirrorServingAnotherLengthIsDroppedSaidAndItsRangeGoesElsewhere() {
        var d = MachineDriver(mirrors: mirrors)
        _ = heldFromA(&d)
        let head = d.partial(2, 150, 500, total: 500)
        XCTAssertEqual(head.notices, ["dropping mirror http://b/f: serves 500 bytes where the file has 400"])
        XCTAssertTrue(head.writes.isEmpty)
        XCTAssertNil(head.failure)
        XCTAssertEqual(head.sources.map(\.url), ["http://c/f"], "reassigned at once")
        XCTAssertTrue(head.retries.isEmpty)
        XCTAssertEqual(d.partial(3, 150, 400, etag: "\"c\"").writes.map(\.body.offset), [150])
    }

    func testAMirrorWhoseValidatorChangesIsDropped() {
        var d = MachineDriver(mirrors: ["http://a/f", "http://b/f"])
        _ = heldFromA(&d)
        XCTAssertEqual(d.partial(2, 150, 400, etag: "\"b1\"").writes.count, 1)
        _ = d.wrote(2, upTo: 200)
        _ = d.failed(2)
        let retry = d.timer(200)
        // Both tried: a and b are measured equal, a is preferred; its own validator guards the range.
        XCTAssertEqual(retry.sources.map(\.url), ["http://a/f"])
        XCTAssertEqual(retry.opens.first?.plan.ifRange, MachineDriver.v1)
        let changed = d.partial(3, 200, 400, etag: "\"a2\"")
        XCTAssertEqual(changed.notices, ["dropping mirror http://a/f: its file changed during the download (another validator)"])
        XCTAssertEqual(changed.sources.map(\.url), ["http://b/f"])
        XCTAssertTrue(changed.retries.isEmpty)
    }

    func testAFinalErrorDropsTheMirrorAndAskedAgainElsewhere() {
        var d = MachineDriver(connections: 4, mirrors: mirrors)
        _ = d.start()
        let missing = d.head(1, 404, [("Content-Length", "0")])
        XCTAssertEqual(missing.notices, ["dropping mirror http://a/f: HTTP 404 Not Found"])
        XCTAssertEqual(missing.sources.map(\.url), ["http://b/f"], "the probe is asked again, so the file may still split")
        XCTAssertEqual(missing.opens.map(\.plan), [.wholeFile])
        XCTAssertNil(missing.failure)
    }

    func testTheDownloadFailsOnlyWhenEveryMirrorIsDropped() {
        var d = MachineDriver(mirrors: ["http://a/f", "http://b/f"])
        _ = d.start()
        let reopened = d.head(1, 404, [])
        XCTAssertNil(reopened.failure)
        XCTAssertEqual(reopened.sources.map(\.url), ["http://b/f"])
        let last = d.head(try! XCTUnwrap(reopened.opens.first?.connection), 404, [])
        XCTAssertEqual(last.failure?.httpStatus, 404)
        XCTAssertTrue(d.machine.isEnded)
    }

    func testATransientFailureNeverDropsTheLastMirror() {
        var d = MachineDriver(retry: RetryPolicy(maximumRetries: 10, initialDelay: 1, maximumDelay: 1), mirrors: ["http://a/f", "http://b/f"])
        _ = d.start()
        var k = try! XCTUnwrap(d.head(1, 404, []).opens.first?.connection)
        var now = 0.0
        for attempt in 0..<5 {
            now += 10
            if attempt > 0 { k = d.machine.event(.timer(now: now, throttled: false)).opens.first?.connection ?? -1 }
            let failed = d.failed(k, now: now)
            XCTAssertTrue(failed.notices.isEmpty, "\(failed.notices)")
            XCTAssertNil(failed.failure)
        }
    }

    /// Two connections opened on a mirror before its first answer: its second 404 arrives after the mirror was
    /// dropped for the first. It is not the download's error; that connection's work goes to the mirror still in use.
    func testALateAnswerFromADroppedMirrorIsNotTheDownloadsError() {
        var d = MachineDriver(connections: 4, mirrors: ["http://a/f", "http://b/f"])
        XCTAssertEqual(d.start().sources.map(\.url), ["http://a/f"])
        let split = d.whole(1)
        let onB = split.sources.filter { $0.url == "http://b/f" }.map(\.connection)
        XCTAssertEqual(onB.count, 2, "untried b first, then b again for the fourth connection: \(split.sources.map(\.url))")
        let first = d.head(onB[0], 404, [("Content-Length", "0")])
        XCTAssertEqual(first.notices, ["dropping mirror http://b/f: HTTP 404 Not Found"])
        XCTAssertNil(first.failure)
        let late = d.head(onB[1], 404, [("Content-Length", "0")])
        XCTAssertNil(late.failure, "the late 404 of a dropped mirror must not fail the download")
        XCTAssertTrue(late.notices.isEmpty, "the drop was said once")
        XCTAssertFalse(d.machine.isEnded)
        let reopened = late
        XCTAssertFalse(reopened.sources.isEmpty)
        XCTAssertTrue(reopened.sources.allSatisfy { $0.url == "http://a/f" }, "\(reopened.sources.map(\.url))")
    }

    /// A mirror answering 404 with `--retries 0`: its work goes to the other mirror at once, no retry is spent.
    func testADroppedMirrorIsAReassignmentNotARetry() {
        var d = MachineDriver(retry: RetryPolicy(maximumRetries: 0, initialDelay: 1, maximumDelay: 1), mirrors: ["http://bad/f", "http://good/f"])
        _ = d.start()
        let missing = d.head(1, 404, [("Content-Length", "0")])
        XCTAssertEqual(missing.notices, ["dropping mirror http://bad/f: HTTP 404 Not Found"])
        XCTAssertTrue(missing.retries.isEmpty, "no backoff, no retry line")
        XCTAssertNil(missing.failure)
        XCTAssertEqual(missing.sources.map(\.url), ["http://good/f"])
        let k = try! XCTUnwrap(missing.opens.first?.connection)
        XCTAssertEqual(d.whole(k).writes.count, 1)
        _ = d.wrote(k, upTo: 400)
        XCTAssertEqual(d.ended(k).finish?.length, 400)
    }

    /// Several connections, `--retries 0`: a mirror serving another length mid-run hands its range to the mirror
    /// still in use at once, and the download finishes.
    func testASegmentedRunReassignsADroppedMirrorsRangeAtOnce() {
        var d = MachineDriver(connections: 2, retry: RetryPolicy(maximumRetries: 0, initialDelay: 1, maximumDelay: 1),
            mirrors: ["http://a/f", "http://b/f"])
        _ = d.start()
        let split = d.whole(1)
        XCTAssertEqual(split.sources.map(\.url), ["http://b/f"])
        let onB = try! XCTUnwrap(split.opens.first)
        let from = try! XCTUnwrap(onB.plan.range?.lowerBound)
        let wrong = d.partial(onB.connection, from, 500, total: 500)
        XCTAssertEqual(wrong.notices, ["dropping mirror http://b/f: serves 500 bytes where the file has 400"])
        XCTAssertTrue(wrong.retries.isEmpty)
        XCTAssertNil(wrong.failure)
        let again = try! XCTUnwrap(wrong.opens.first)
        XCTAssertEqual(wrong.sources.map(\.url), ["http://a/f"])
        XCTAssertEqual(again.plan.range?.lowerBound, from, "the dropped mirror's whole range, from where it was")
        XCTAssertEqual(d.partial(again.connection, from, 400).writes.map(\.body.offset), [from])
        _ = d.wrote(1, upTo: from)
        _ = d.wrote(again.connection, upTo: 400)
        let ends = d.ended(1) + d.ended(again.connection)
        XCTAssertEqual(ends.finish?.length, 400)
        XCTAssertTrue(ends.opens.isEmpty)
    }

    /// A shorter mirror refuses a range past its end with `416` and `Content-Range: bytes */N`: that mirror is
    /// dropped for its length and its range goes to the other mirror; the download keeps its connections (the 416 is
    /// not "this server's ranges are unusable", which would fall back to one connection).
    func testAShorterMirrorsRefusedRangeDropsItAndKeepsTheSplit() {
        var d = MachineDriver(connections: 2, retry: RetryPolicy(maximumRetries: 0, initialDelay: 1, maximumDelay: 1),
            mirrors: ["http://a/f", "http://short/f"])
        _ = d.start()
        let split = d.whole(1)
        XCTAssertEqual(split.sources.map(\.url), ["http://short/f"])
        let onShort = try! XCTUnwrap(split.opens.first)
        let from = try! XCTUnwrap(onShort.plan.range?.lowerBound)
        let refused = d.head(onShort.connection, 416, [("Content-Range", "bytes */150"), ("Content-Length", "0")])
        XCTAssertEqual(refused.notices, ["dropping mirror http://short/f: serves 150 bytes where the file has 400"])
        XCTAssertFalse(refused.contains { if case .plan(connections: 1) = $0 { return true } else { return false } },
            "the split stays: \(refused)")
        XCTAssertTrue(refused.retries.isEmpty)
        XCTAssertNil(refused.failure)
        let again = try! XCTUnwrap(refused.opens.first)
        XCTAssertEqual(refused.sources.map(\.url), ["http://a/f"])
        XCTAssertEqual(again.plan.range?.lowerBound, from)
    }

    /// A mirror dropped for failing three times in a row while another remains: that last failure is not retried.
    func testAMirrorDroppedForItsFailuresHandsOverWithoutARetry() {
        var d = MachineDriver(retry: RetryPolicy(maximumRetries: 10, initialDelay: 1, maximumDelay: 1), mirrors: ["http://a/f", "http://b/f"])
        var k = try! XCTUnwrap(d.start().opens.first?.connection)
        var now = 0.0
        for _ in 0..<10 {
            now += 10
            let failed = d.failed(k, now: now)
            if !failed.notices.isEmpty {
                XCTAssertEqual(failed.notices.count, 1)
                XCTAssertTrue(failed.notices[0].hasSuffix("(3 times in a row)"), failed.notices[0])
                XCTAssertTrue(failed.retries.isEmpty, "handed over at once")
                XCTAssertEqual(failed.opens.count, 1)
                return
            }
            XCTAssertEqual(failed.retries.count, 1, "a transient failure of a mirror not yet dropped is retried")
            k = try! XCTUnwrap(d.timer(now + 5).opens.first?.connection)
        }
        XCTFail("no mirror was dropped after ten failures")
    }

    /// A Metalink's `<size>` is the file's length: the first mirror to answer does not set it when it disagrees.
    func testTheExpectedLengthDropsAMirrorEvenWhenItAnswersFirst() {
        var d = MachineDriver(connections: 4, mirrors: ["http://a/f", "http://b/f"], expectedLength: 400)
        XCTAssertEqual(d.start().sources.map(\.url), ["http://a/f"])
        let wrong = d.whole(1, length: 500)
        XCTAssertEqual(wrong.notices, ["dropping mirror http://a/f: serves 500 bytes where the file has 400"])
        XCTAssertTrue(wrong.writes.isEmpty)
        XCTAssertEqual(wrong.sources.map(\.url), ["http://b/f"])
        XCTAssertTrue(wrong.retries.isEmpty)
        let k = try! XCTUnwrap(wrong.opens.first?.connection)
        XCTAssertEqual(d.whole(k, length: 400).writes.map(\.body.offset), [0])
    }

    /// Every source serving another length than the Metalink's: a protocol violation (exit 5), each reason said.
    func testEveryMirrorOfAnotherLengthFailsAsAProtocolViolation() {
        var d = MachineDriver(mirrors: ["http://a/f", "http://b/f"], expectedLength: 400)
        _ = d.start()
        let k = try! XCTUnwrap(d.whole(1, length: 500).opens.first?.connection)
        let last = d.whole(k, length: 300)
        XCTAssertEqual(last.failure?.kind, .protocolViolation)
        XCTAssertTrue(last.failure?.message.contains("http://b/f: serves 300 bytes where the file has 400") == true, "\(String(describing: last.failure))")
        XCTAssertTrue(d.machine.isEnded)
    }

    /// One source with an expected length: the length is checked, the requests are the source's own (no
    /// `.useSource`, its own validator seen by the machine).
    func testOneSourceIsHeldToTheExpectedLength() {
        var good = MachineDriver(mirrors: ["http://a/f"], expectedLength: 400)
        XCTAssertTrue(good.start().sources.isEmpty)
        let head = good.whole(1, length: 400)
        XCTAssertEqual(head.writes.first?.body.identity.entityTag, EntityTag(MachineDriver.v1))
        var bad = MachineDriver(mirrors: ["http://a/f"], expectedLength: 400)
        _ = bad.start()
        let failed = bad.whole(1, length: 401)
        XCTAssertEqual(failed.failure?.kind, .protocolViolation)
        XCTAssertEqual(failed.failure?.message, "http://a/f serves 401 bytes where the file has 400")
        XCTAssertTrue(failed.notices.isEmpty, "one source is no mirror to drop: \(failed.notices)")
    }

    /// After a restart the pool starts from the request's mirrors with no validator known: each first answer is held
    /// to the stored version's length, so a mirror of another length is dropped rather than restarting the file.
    func testAfterARestartEveryMirrorIsHeldToTheStoredLength() {
        var d = MachineDriver(mirrors: ["http://a/f", "http://b/f"])
        let stored = StoredTransfer(
            identity: MachineDriver.identity(MirrorRouting.sharedEntityTag), segments: [StoredSegment(start: 0, end: 400, next: 150)],
            partFileSize: 150
        )
        let start = d.start(stored)
        XCTAssertEqual(start.sources.map(\.url), ["http://a/f"])
        XCTAssertNil(start.opens.first?.plan.ifRange, "a's own validator is not known after a restart")
        let wrong = d.partial(1, 150, 500, total: 500, etag: "\"a\"")
        XCTAssertEqual(wrong.notices, ["dropping mirror http://a/f: serves 500 bytes where the file has 400"])
        XCTAssertTrue(wrong.discards.isEmpty, "the held bytes stay")
        XCTAssertEqual(wrong.sources.map(\.url), ["http://b/f"])
        XCTAssertEqual(d.partial(2, 150, 400, etag: "\"b\"").writes.map(\.body.offset), [150])
    }

    func testOneSourceIsNoMirrorAtAll() {
        var d = MachineDriver(mirrors: ["http://a/f"])
        XCTAssertTrue(d.start().sources.isEmpty)
    }
}
