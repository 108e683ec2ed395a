import XCTest

@testable import HaulCore

final class ResponseJudgeTests: XCTestCase {
    private let known = ResourceIdentity(entityTag: EntityTag("\"v1\""), lastModified: nil, totalLength: 1000, lastModifiedIsStrong: false)
    private var resume: RequestPlan { .fetch(ByteRange(400, nil), of: known) }

    private func judge(_ status: Int, _ headers: [(String, String)], plan: RequestPlan? = nil, held: Int64 = 400) -> ResponseVerdict {
        ResponseJudge.judge(ResponseHead(status: status, headers), to: plan ?? resume, known: known, heldBytes: held, now: 0)
    }

    private func partial(_ contentRange: String, etag: String = "\"v1\"", extra: [(String, String)] = []) -> ResponseVerdict {
        judge(206, [("Content-Range", contentRange), ("ETag", etag)] + extra)
    }

    private func restartReason(_ verdict: ResponseVerdict, file: StaticString = #filePath, line: UInt = #line) -> RestartReason? {
        guard case .restart(let reason) = verdict else {
            XCTFail("expected a restart, got \(verdict)", file: file, line: line)
            return nil
        }
        return reason
    }

    // Rule 5: a 200 to a ranged request is the whole body from 0; the held bytes are dropped, never appended to.
    func testWholeBodyToARangedRequestRestartsFromZero() {
        guard case .accept(let body) = judge(200, [("Content-Length", "1000"), ("ETag", "\"v1\"")]) else { return XCTFail() }
        XCTAssertEqual(body.offset, 0)
        XCTAssertTrue(body.discardsPartial)
        XCTAssertEqual(body.expectedLength, 1000)
    }

    func testFreshDownloadRecordsIdentityAndLength() {
        guard case .accept(let body) = judge(200, [("Content-Length", "1000"), ("ETag", "\"v9\"")], plan: .wholeFile, held: 0) else { return XCTFail() }
        XCTAssertFalse(body.discardsPartial)
        XCTAssertEqual(body.identity.entityTag, EntityTag("\"v9\""))
        XCTAssertEqual(body.identity.totalLength, 1000)
    }

    func testChunkedWholeBodyHasUnknownLength() {
        guard case .accept(let body) = judge(200, [("Transfer-Encoding", "chunked")], plan: .wholeFile, held: 0) else { return XCTFail() }
        XCTAssertNil(body.expectedLength)
        XCTAssertNil(body.identity.totalLength)
    }

    // Rule 6: a matching 206 is written where the server says.
    func testExactPartialIsAccepted() {
        guard case .accept(let body) = partial("bytes 400-999/1000", extra: [("Content-Length", "600")]) else { return XCTFail() }
        XCTAssertEqual(body.offset, 400)
        XCTAssertEqual(body.expectedLength, 600)
        XCTAssertFalse(body.discardsPartial)
    }

    func testEarlierStartIsWrittenAtTheServersOffset() {
        guard case .accept(let body) = partial("bytes 300-999/1000") else { return XCTFail() }
        XCTAssertEqual(body.offset, 300)
        XCTAssertEqual(body.expectedLength, 700)
    }

    func testLaterStartIsRefused() {
        guard case .invalidContentRange = restartReason(partial("bytes 500-999/1000")) else { return XCTFail() }
    }

    func testEndPastAClosedRequestIsRefused() {
        let plan = RequestPlan.fetch(ByteRange(400, 500), of: known)
        let verdict = judge(206, [("Content-Range", "bytes 400-999/1000"), ("ETag", "\"v1\"")], plan: plan)
        guard case .invalidContentRange = restartReason(verdict) else { return XCTFail() }
    }

    func testOtherTotalIsRefused() {
        guard case .invalidContentRange = restartReason(partial("bytes 400-999/2000")) else { return XCTFail() }
        guard case .invalidContentRange = restartReason(partial("bytes 400-999/*")) else { return XCTFail() }
    }

    func testMissingOrMalformedContentRangeIsRefused() {
        guard case .invalidContentRange = restartReason(judge(206, [("ETag", "\"v1\"")])) else { return XCTFail() }
        guard case .invalidContentRange = restartReason(partial("bytes 999-400/1000")) else { return XCTFail() }
        guard case .invalidContentRange = restartReason(partial("bytes 400-1000/1000")) else { return XCTFail() }
        guard case .invalidContentRange = restartReason(partial("pages 400-999/1000")) else { return XCTFail() }
    }

    func testMultipartAnswerIsRefused() {
        let verdict = partial("bytes 400-999/1000", extra: [("Content-Type", "multipart/byteranges; boundary=x")])
        XCTAssertEqual(restartReason(verdict), .multipartRange)
    }

    func testContentLengthMustMatchTheRange() {
        guard case .invalidContentRange = restartReason(partial("bytes 400-999/1000", extra: [("Content-Length", "599")])) else {
            return XCTFail()
        }
    }

    // Rule 1: an encoded range cannot be spliced.
    func testEncodedPartialIsRefused() {
        XCTAssertEqual(restartReason(partial("bytes 400-999/1000", extra: [("Content-Encoding", "gzip")])), .encodedRange("gzip"))
        guard case .accept = partial("bytes 400-999/1000", extra: [("Content-Encoding", "identity")]) else { return XCTFail() }
    }

    // Rule 7: a different validator means another version.
    func testChangedValidatorRestarts() {
        XCTAssertEqual(restartReason(partial("bytes 400-999/1000", etag: "\"v2\"")), .versionChanged)
        XCTAssertEqual(restartReason(judge(206, [("Content-Range", "bytes 400-999/1000")])), .versionChanged)
    }

    func testPartialWithoutKnownVersionIsRefused() {
        let verdict = ResponseJudge.judge(
            ResponseHead(status: 206, [("Content-Range", "bytes 400-999/1000"), ("ETag", "\"v1\"")]),
            to: resume, known: nil, heldBytes: 400, now: 0
        )
        XCTAssertEqual(restartReason(verdict), .noStrongValidator)
    }

    func testPartialToAnUnrangedRequestFails() {
        XCTAssertEqual(judge(206, [("Content-Range", "bytes 0-999/1000")], plan: .wholeFile, held: 0), .fail(.unexpectedStatus(206)))
    }

    // Rule 8: 416 is success only when it proves the held bytes are the whole file.
    func testUnsatisfiableWithMatchingLengthIsComplete() {
        let plan = RequestPlan.fetch(ByteRange(1000, nil), of: known)
        guard case .complete(let identity) = judge(416, [("Content-Range", "bytes */1000")], plan: plan, held: 1000) else { return XCTFail() }
        XCTAssertEqual(identity.totalLength, 1000)
    }

    func testOtherUnsatisfiableRestarts() {
        let plan = RequestPlan.fetch(ByteRange(1000, nil), of: known)
        XCTAssertEqual(restartReason(judge(416, [("Content-Range", "bytes */2000")], plan: plan, held: 1000)), .unsatisfiableRange)
        XCTAssertEqual(restartReason(judge(416, [], plan: plan, held: 1000)), .unsatisfiableRange)
        XCTAssertEqual(restartReason(judge(416, [("Content-Range", "bytes */400")], held: 400)), .unsatisfiableRange)
        XCTAssertEqual(
            restartReason(judge(416, [("Content-Range", "bytes */1000"), ("ETag", "\"v2\"")], plan: plan, held: 1000)),
            .versionChanged
        )
    }

    // Rule 11: transient statuses are retried, Retry-After is read; others fail.
    func testRetryableStatuses() {
        for status in [408, 429, 500, 502, 503, 504] {
            XCTAssertEqual(judge(status, []), .retry(status: status, retryAfterSeconds: nil), "\(status)")
        }
        XCTAssertEqual(judge(503, [("Retry-After", "7")]), .retry(status: 503, retryAfterSeconds: 7))
    }

    func testErrorStatusesFailWithoutWriting() {
        for status in [400, 401, 403, 404, 410, 501] {
            XCTAssertEqual(judge(status, [("Content-Length", "10")]), .fail(.httpStatus(status)), "\(status)")
        }
        XCTAssertEqual(judge(204, []), .fail(.unexpectedStatus(204)))
        XCTAssertEqual(judge(304, []), .fail(.unexpectedStatus(304)))
    }

    func testRedirects() {
        XCTAssertEqual(judge(302, [("Location", "/next")]), .redirect(status: 302, location: "/next"))
        XCTAssertEqual(judge(301, []), .fail(.redirectWithoutLocation(301)))
    }
}
