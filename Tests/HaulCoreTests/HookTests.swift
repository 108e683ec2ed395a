import XCTest

@testable import HaulCore

final class HookEventTrackerTests: XCTestCase {
    private let all = Set(DownloadHookEvent.allCases)

    func testALifeFiresEachEventOnce() {
        var tracker = HookEventTracker(configured: all)
        tracker.baseline(1, state: .queued)
        XCTAssertEqual(tracker.observe(1, state: .downloading), [.start])
        XCTAssertEqual(tracker.observe(1, state: .paused), [.pause])
        XCTAssertEqual(tracker.observe(1, state: .queued), [])
        XCTAssertEqual(tracker.observe(1, state: .downloading), [], "start fires once per download")
        XCTAssertEqual(tracker.observe(1, state: .paused), [], "pause too")
        XCTAssertEqual(tracker.observe(1, state: .downloading), [])
        XCTAssertEqual(tracker.observe(1, state: .completed), [.complete])
        XCTAssertEqual(tracker.observe(1, state: .completed), [], "the same state again is no transition")
        XCTAssertEqual(tracker.removed(1), [], "removing a completed download is no stop")
    }

    func testNothingFiresForTheStateADownloadWasRestoredIn() {
        var tracker = HookEventTracker(configured: all)
        tracker.baseline(1, state: .completed)
        tracker.baseline(2, state: .failed)
        tracker.baseline(3, state: .paused)
        XCTAssertEqual(tracker.observe(1, state: .completed), [])
        XCTAssertEqual(tracker.observe(2, state: .failed), [])
        XCTAssertEqual(tracker.observe(3, state: .paused), [])
        XCTAssertEqual(tracker.observe(3, state: .downloading), [.start], "but what happens next does")
    }

    func testStopStandsInForCompleteAndErrorOnlyWhenTheyAreNotSet() {
        var onlyStop = HookEventTracker(configured: [.stop])
        XCTAssertEqual(onlyStop.observe(1, state: .downloading), [], "start is not configured")
        XCTAssertEqual(onlyStop.observe(1, state: .completed), [.stop])
        XCTAssertEqual(onlyStop.observe(2, state: .failed), [.stop])
        var both = HookEventTracker(configured: [.stop, .error])
        XCTAssertEqual(both.observe(1, state: .failed), [.error])
        XCTAssertEqual(both.observe(2, state: .completed), [.stop])
    }

    func testCancellingFiresStop() {
        var tracker = HookEventTracker(configured: all)
        tracker.baseline(1, state: .paused)
        XCTAssertEqual(tracker.removed(1), [.stop])
        XCTAssertEqual(tracker.removed(1), [], "once")
        XCTAssertEqual(tracker.removed(9), [], "an unknown download is nothing to report")
    }

    func testAFailureThenASecondFailureFiresErrorOnce() {
        var tracker = HookEventTracker(configured: [.error])
        XCTAssertEqual(tracker.observe(1, state: .failed), [.error])
        XCTAssertEqual(tracker.observe(1, state: .queued), [])
        XCTAssertEqual(tracker.observe(1, state: .failed), [])
    }
}

final class HookFactsTests: XCTestCase {
    func testAria2ArgumentsAndEnvironment() {
        let facts = HookFacts(
            event: .complete, id: 26, path: "/d/a.iso", url: "https://user:pw@example.com/a.iso",
            finalURL: "https://cdn.example.com/a.iso?sig=1", size: 1234, checksum: "sha256=ab"
        )
        XCTAssertEqual(facts.arguments, ["000000000000001a", "1", "/d/a.iso"])
        XCTAssertEqual(facts.environment, [
            "HAUL_EVENT": "complete", "HAUL_GID": "000000000000001a", "HAUL_ID": "26", "HAUL_PATH": "/d/a.iso",
            "HAUL_URL": "https://example.com/a.iso", "HAUL_FINAL_URL": "https://cdn.example.com/a.iso?sig=1",
            "HAUL_SIZE": "1234", "HAUL_CHECKSUM": "sha256=ab",
        ])
        let failed = HookFacts(event: .error, id: 1, path: "/d/b", url: "http://h/b", error: "HTTP 404", exitCode: 4)
        XCTAssertEqual(failed.environment["HAUL_ERROR"], "HTTP 404")
        XCTAssertEqual(failed.environment["HAUL_EXIT_CODE"], "4")
        XCTAssertNil(failed.environment["HAUL_CHECKSUM"])
    }

    func testCredentialsLeaveURLs() {
        XCTAssertEqual(HookFacts.withoutCredentials("https://u:p@h:8080/x@y?a=b@c"), "https://h:8080/x@y?a=b@c")
        XCTAssertEqual(HookFacts.withoutCredentials("http://h/x"), "http://h/x")
    }

    func testWebhookRetries() {
        let retry = WebhookRetry()
        XCTAssertNil(retry.delay(after: 1, status: 204), "delivered")
        XCTAssertEqual(retry.delay(after: 1, status: nil), 1)
        XCTAssertEqual(retry.delay(after: 2, status: 503), 2)
        XCTAssertEqual(retry.delay(after: 3, status: 429), 4)
        XCTAssertNil(retry.delay(after: 4, status: 503), "three retries, then give up")
        XCTAssertNil(retry.delay(after: 1, status: 400), "a refusal is not retried")
    }
}
