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
        let retry = d.timer(200)
        XCTAssertEqual(retry.sources.map(\.url), ["http://c/f"])
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
        XCTAssertEqual(d.timer(300).sources.map(\.url), ["http://b/f"])
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
        XCTAssertNil(d.head(1, 404, []).failure)
        let reopened = d.timer(100)
        XCTAssertEqual(reopened.sources.map(\.url), ["http://b/f"])
        let last = d.head(try! XCTUnwrap(reopened.opens.first?.connection), 404, [])
        XCTAssertEqual(last.failure?.httpStatus, 404)
        XCTAssertTrue(d.machine.isEnded)
    }

    func testATransientFailureNeverDropsTheLastMirror() {
        var d = MachineDriver(retry: RetryPolicy(maximumRetries: 10, initialDelay: 1, maximumDelay: 1), mirrors: ["http://a/f", "http://b/f"])
        _ = d.start()
        _ = d.head(1, 404, [])
        var now = 0.0
        for attempt in 0..<5 {
            now += 10
            let k = d.machine.event(.timer(now: now, throttled: false)).opens.first?.connection ?? (attempt == 0 ? 1 : -1)
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
        let reopened = d.timer(100)
        XCTAssertFalse(reopened.sources.isEmpty)
        XCTAssertTrue(reopened.sources.allSatisfy { $0.url == "http://a/f" }, "\(reopened.sources.map(\.url))")
    }

    func testOneSourceIsNoMirrorAtAll() {
        var d = MachineDriver(mirrors: ["http://a/f"])
        XCTAssertTrue(d.start().sources.isEmpty)
    }
}
