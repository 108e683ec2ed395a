import XCTest

@testable import HaulCore

/// Every row of the verdict -> outcome table (`ResponseOutcome`), which single and segmented runs share.
final class ResponseOutcomeTests: XCTestCase {
    private let known = MachineDriver.identity()
    private let body = BodyPlan(offset: 100, expectedLength: 300, identity: MachineDriver.identity(), discardsPartial: false)

    private func outcome(_ verdict: ResponseVerdict, plan: RequestPlan? = nil, known: ResourceIdentity?? = nil) -> ResponseOutcome {
        ResponseOutcome.of(verdict, plan: plan ?? ranged(100, nil), known: known ?? self.known, host: "h", url: "http://h/f")
    }

    func testAcceptedContinuationIsWritten() {
        XCTAssertEqual(outcome(.accept(body)), .write(body))
    }

    func testAWholeBodyInPlaceOfAContinuationSaysWhetherTheVersionChanged() {
        var whole = body
        whole.offset = 0
        whole.discardsPartial = true
        XCTAssertEqual(outcome(.accept(whole)), .wholeBody(whole, versionChanged: false))
        whole.identity = MachineDriver.identity(MachineDriver.v2)
        XCTAssertEqual(outcome(.accept(whole)), .wholeBody(whole, versionChanged: true))
    }

    // docs/http-rules.md rule 7: a 200 from byte 0 must still be the version the held bytes belong to.
    func testAWholeFileOfAnotherVersionIsAVersionChangeWhenBytesAreHeld() {
        var other = body
        other.offset = 0
        other.identity = MachineDriver.identity(MachineDriver.v2)
        XCTAssertEqual(outcome(.accept(other), plan: .wholeFile), .versionChanged)
        XCTAssertEqual(outcome(.accept(other), plan: .wholeFile, known: .some(nil)), .write(other), "nothing held: any version")
    }

    func testA416ProvingTheFileWholeCompletes() {
        XCTAssertEqual(outcome(.complete(known)), .complete(known))
    }

    func testRestartsSplitIntoVersionChangesAndUnusableRanges() {
        XCTAssertEqual(outcome(.restart(.versionChanged)), .versionChanged)
        for reason in [RestartReason.invalidContentRange("x"), .encodedRange("gzip"), .multipartRange] {
            XCTAssertEqual(outcome(.restart(reason)), .rangesUnusable(reason, keepsRanges: false), "\(reason)")
        }
        for reason in [RestartReason.unsatisfiableRange, .noStrongValidator] {
            XCTAssertEqual(outcome(.restart(reason)), .rangesUnusable(reason, keepsRanges: true), "\(reason)")
        }
    }

    // docs/http-rules.md rule 11; 429 and 503 also ask for fewer connections.
    func testRetryableStatusesRetryAndLimitingOnesAskForFewerConnections() {
        for status in [408, 500, 502, 504] {
            guard case .retry(let problem, let after) = outcome(.retry(status: status, retryAfterSeconds: 3)) else {
                return XCTFail("\(status)")
            }
            XCTAssertEqual(problem.httpStatus, status)
            XCTAssertTrue(problem.isRetryable)
            XCTAssertEqual(after, 3)
        }
        for status in [429, 503] {
            guard case .tooManyConnections(let problem, let after) = outcome(.retry(status: status, retryAfterSeconds: 7)) else {
                return XCTFail("\(status)")
            }
            XCTAssertEqual(problem.httpStatus, status)
            XCTAssertTrue(problem.isRetryable)
            XCTAssertEqual(after, 7)
        }
    }

    func testA403AsksForFewerConnectionsButIsNotRetryableAlone() {
        guard case .tooManyConnections(let problem, nil) = outcome(.fail(.httpStatus(403))) else { return XCTFail() }
        XCTAssertEqual(problem.httpStatus, 403)
        XCTAssertFalse(problem.isRetryable)
    }

    func testOtherFailuresAndUnfollowedRedirectsFail() {
        guard case .fail(let notFound) = outcome(.fail(.httpStatus(404))) else { return XCTFail() }
        XCTAssertEqual(notFound.httpStatus, 404)
        XCTAssertEqual(notFound.message, "HTTP 404 Not Found for http://h/f")
        guard case .fail(let redirect) = outcome(.redirect(status: 302, location: "/x")) else { return XCTFail() }
        XCTAssertEqual(redirect.message, "unfollowed redirect 302 to /x")
        guard case .fail(let odd) = outcome(.fail(.unexpectedStatus(204))) else { return XCTFail() }
        XCTAssertNil(odd.httpStatus)
    }
}
