import Foundation
import XCTest

@testable import HaulCore

final class RetryPolicyTests: XCTestCase {
    func testBackoffDoublesUpToTheCap() {
        let policy = RetryPolicy(maximumRetries: 10, initialDelay: 1, maximumDelay: 30)
        XCTAssertEqual((1...7).map { policy.backoffSeconds(afterFailure: $0) }, [1, 2, 4, 8, 16, 30, 30])
        XCTAssertEqual(policy.backoffSeconds(afterFailure: 1000), 30, "no overflow for huge counts")
    }

    func testJitterStaysWithinHalfToFullBackoff() {
        var tracker = RetryTracker(policy: RetryPolicy(maximumRetries: 10, initialDelay: 2, maximumDelay: 60))
        XCTAssertEqual(tracker.recordFailure(madeProgress: false, jitter: 0), .retry(afterSeconds: 1))
        XCTAssertEqual(tracker.recordFailure(madeProgress: false, jitter: 0.999_999), .retry(afterSeconds: 4 * (0.5 + 0.5 * 0.999_999)))
    }

    func testRetryAfterIsObeyedAndCapped() {
        var tracker = RetryTracker(policy: RetryPolicy(maximumRetries: 5, initialDelay: 1, maximumDelay: 30, maximumRetryAfter: 120))
        XCTAssertEqual(tracker.recordFailure(madeProgress: false, retryAfterSeconds: 45, jitter: 0.5), .retry(afterSeconds: 45))
        XCTAssertEqual(tracker.recordFailure(madeProgress: false, retryAfterSeconds: 3600, jitter: 0.5), .retry(afterSeconds: 120))
    }

    func testBudgetCountsOnlyConsecutiveFailuresWithoutProgress() {
        var tracker = RetryTracker(policy: RetryPolicy(maximumRetries: 2, initialDelay: 0, maximumDelay: 0))
        XCTAssertEqual(tracker.recordFailure(madeProgress: false, jitter: 0), .retry(afterSeconds: 0))
        XCTAssertEqual(tracker.recordFailure(madeProgress: false, jitter: 0), .retry(afterSeconds: 0))
        XCTAssertEqual(tracker.recordFailure(madeProgress: false, jitter: 0), .giveUp)

        var flaky = RetryTracker(policy: RetryPolicy(maximumRetries: 1, initialDelay: 0, maximumDelay: 0))
        for _ in 0..<50 {
            XCTAssertEqual(flaky.recordFailure(madeProgress: true, jitter: 0), .retry(afterSeconds: 0), "progress resets the count")
        }
        flaky.recordProgress()
        XCTAssertEqual(flaky.recordFailure(madeProgress: false, jitter: 0), .retry(afterSeconds: 0))
        XCTAssertEqual(flaky.recordFailure(madeProgress: false, jitter: 0), .giveUp)
    }

    /// A refused connection before any byte came is final; after bytes came, it is retried like any failure.
    func testRefusedConnectionIsFinalOnlyBeforeTheServerDelivered() {
        var fresh = RetryTracker(policy: RetryPolicy(maximumRetries: 5))
        XCTAssertEqual(fresh.recordFailure(madeProgress: false, jitter: 0, unreachable: true), .giveUp)

        var other = RetryTracker(policy: RetryPolicy(maximumRetries: 5))
        XCTAssertEqual(other.recordFailure(madeProgress: false, jitter: 0), .retry(afterSeconds: 0.5), "a timeout is still retried")

        var delivered = RetryTracker(policy: RetryPolicy(maximumRetries: 5))
        delivered.recordProgress()
        XCTAssertEqual(delivered.recordFailure(madeProgress: false, jitter: 0, unreachable: true), .retry(afterSeconds: 0.5))

        var cut = RetryTracker(policy: RetryPolicy(maximumRetries: 5))
        XCTAssertEqual(cut.recordFailure(madeProgress: true, jitter: 0), .retry(afterSeconds: 0.5))
        XCTAssertEqual(cut.recordFailure(madeProgress: false, jitter: 0, unreachable: true), .retry(afterSeconds: 1), "bytes came in this run")
    }

    func testZeroRetriesNeverRetries() {
        var tracker = RetryTracker(policy: RetryPolicy(maximumRetries: 0))
        XCTAssertEqual(tracker.recordFailure(madeProgress: false, jitter: 0), .giveUp)
    }
}

final class RedirectTrackerTests: XCTestCase {
    private func tracker(_ url: String, _ policy: RedirectPolicy = RedirectPolicy()) -> RedirectTracker {
        RedirectTracker(policy: policy, startURL: URL(string: url)!)
    }

    func testRelativeLocationsResolveAgainstTheCurrentURL() throws {
        var chain = tracker("http://a.example/dir/file")
        XCTAssertEqual(try chain.follow(location: "other").absoluteString, "http://a.example/dir/other")
        XCTAssertEqual(try chain.follow(location: "/root").absoluteString, "http://a.example/root")
        XCTAssertEqual(chain.hops, 2)
        XCTAssertTrue(chain.sendsCredentials)
    }

    // Rule 13.
    func testChainIsCapped() throws {
        var chain = tracker("http://a.example/0", RedirectPolicy(maximumRedirects: 2))
        _ = try chain.follow(location: "/1")
        _ = try chain.follow(location: "/2")
        XCTAssertThrowsError(try chain.follow(location: "/3")) { XCTAssertEqual($0 as? RedirectError, .tooManyRedirects(2)) }
    }

    func testLoopsAreDetected() throws {
        var chain = tracker("http://a.example/a")
        _ = try chain.follow(location: "/b")
        XCTAssertThrowsError(try chain.follow(location: "/a")) { XCTAssertEqual($0 as? RedirectError, .loop("http://a.example/a")) }
    }

    func testOnlyHTTPAndHTTPSAreFollowed() {
        var chain = tracker("http://a.example/a")
        XCTAssertThrowsError(try chain.follow(location: "ftp://a.example/x")) { XCTAssertEqual($0 as? RedirectError, .unsupportedScheme("ftp")) }
        XCTAssertThrowsError(try chain.follow(location: "file:///etc/passwd"))
    }

    func testHTTPSDowngradeIsRefusedUnlessAllowed() throws {
        var strict = tracker("https://a.example/a")
        XCTAssertThrowsError(try strict.follow(location: "http://a.example/b")) {
            guard case .insecureDowngrade = $0 as? RedirectError else { return XCTFail("\($0)") }
        }
        var lenient = tracker("https://a.example/a", RedirectPolicy(allowsInsecureDowngrade: true))
        XCTAssertEqual(try lenient.follow(location: "http://a.example/b").scheme, "http")
    }

    // Rule 14: credentials stop at the origin's border, and stay stopped.
    func testCredentialsAreDroppedWhenTheOriginChanges() throws {
        var host = tracker("http://a.example/a")
        _ = try host.follow(location: "http://b.example/b")
        XCTAssertFalse(host.sendsCredentials)
        _ = try host.follow(location: "http://a.example/c")
        XCTAssertFalse(host.sendsCredentials, "coming back does not restore them")

        var port = tracker("http://a.example/a")
        _ = try port.follow(location: "http://a.example:8080/a")
        XCTAssertFalse(port.sendsCredentials)

        var scheme = tracker("http://a.example/a")
        _ = try scheme.follow(location: "https://a.example/a")
        XCTAssertFalse(scheme.sendsCredentials)

        var explicitPort = tracker("http://a.example/a")
        _ = try explicitPort.follow(location: "http://A.EXAMPLE:80/b")
        XCTAssertTrue(explicitPort.sendsCredentials, "same origin spelled differently")
    }
}

final class FileNameTests: XCTestCase {
    func testNameComesFromTheLastPathSegment() {
        XCTAssertEqual(FileName.fromURL(URL(string: "http://h/a/b/file.iso?x=1")!), "file.iso")
        XCTAssertEqual(FileName.fromURL(URL(string: "http://h/a/my%20file.txt")!), "my file.txt")
        XCTAssertEqual(FileName.fromURL(URL(string: "http://h/")!), FileName.fallback)
        XCTAssertEqual(FileName.fromURL(URL(string: "http://h")!), FileName.fallback)
        XCTAssertEqual(FileName.fromURL(URL(string: "http://h/a/..%2F..%2Fetc%2Fpasswd")!), "passwd")
        XCTAssertEqual(FileName.fromURL(URL(string: "http://h/%2e%2e")!), FileName.fallback)
    }

    /// `percentDecoded` answers what Foundation's `removingPercentEncoding` answers (it replaced it on the path of
    /// every download), malformed escapes and bytes that are not UTF-8 included.
    func testPercentDecodingAgreesWithFoundation() {
        let samples = [
            "plain.iso", "my%20file.txt", "%E2%82%AC%20rates", "%e2%82%ac", "%41%42c", "100%", "%2", "%zz", "a%2Gb",
            "%FF%FE", "%C3", "%C3%A9t%C3%A9", "%00x", "%2e%2e", "%%41", "caf%C3%A9%2Fbar", "",
        ]
        for sample in samples {
            XCTAssertEqual(FileName.percentDecoded(sample), sample.removingPercentEncoding, "\(sample)")
        }
        XCTAssertEqual(FileName.percentDecoded("%E2%82%AC"), "€")
        XCTAssertNil(FileName.percentDecoded("%FF"), "not UTF-8")
        XCTAssertNil(FileName.percentDecoded("50%off"), "a % without two hex digits")
        // A segment that does not decode keeps its raw spelling, as before.
        XCTAssertEqual(FileName.fromURL(URL(string: "http://h/a/%FF.bin")!), "%FF.bin")
    }

    func testSanitizeTrimsSpaceSeparatorsOnly() {
        XCTAssertEqual(FileName.sanitize("  name.txt \u{00A0}\u{3000}"), "name.txt")
        XCTAssertEqual(FileName.sanitize("\u{2003}a b\u{2009}"), "a b", "inner spaces stay")
        XCTAssertEqual(FileName.sanitize("\u{200B}x\u{200B}"), "x", "the zero-width space is trimmed as Foundation on Linux did")
        XCTAssertEqual(FileName.sanitize("\u{FEFF}y"), "\u{FEFF}y", "a byte order mark is not blank")
        XCTAssertNil(FileName.sanitize(" \u{00A0} "))
        for sample in ["  a ", "\u{00A0}b\u{2002}", "\u{3000}c", "d\u{202F}", "\u{200B}e", "\u{FEFF}f", "\u{205F}g\u{1680}"] {
            XCTAssertEqual(FileName.sanitize(sample), sample.trimmingCharacters(in: .whitespaces), "\(sample.unicodeScalars.map { $0.value })")
        }
    }

    // Rule 15: basename only, no control characters, never . or .. or empty.
    func testSanitizeRefusesDangerousNames() throws {
        XCTAssertEqual(FileName.sanitize("../../x"), "x")
        XCTAssertEqual(FileName.sanitize("/etc/passwd"), "passwd")
        XCTAssertEqual(FileName.sanitize("..\\..\\win.ini"), "win.ini")
        XCTAssertEqual(FileName.sanitize("a\u{0}b\u{1B}[31mc\u{7F}d\u{85}"), "ab[31mcd")
        XCTAssertNil(FileName.sanitize("."))
        XCTAssertNil(FileName.sanitize(".."))
        XCTAssertNil(FileName.sanitize(""))
        XCTAssertNil(FileName.sanitize("/"))
        XCTAssertNil(FileName.sanitize("../.."))
        XCTAssertEqual(FileName.sanitize(String(repeating: "é", count: 200))?.utf8.count, 244)
        // Room for `.part` and a numbered name: the longest name still makes a `.part` of at most 255 bytes.
        let longest = try XCTUnwrap(FileName.sanitize(String(repeating: "x", count: 400) + ".bin"))
        XCTAssertEqual(longest.utf8.count, FileName.maximumBytes)
        XCTAssertLessThanOrEqual(DestinationPlanner.numbered(longest, 9999).utf8.count + ".part".utf8.count, 255)
    }

    func testContentDispositionNames() {
        XCTAssertEqual(FileName.fromContentDisposition("attachment; filename=\"report.pdf\""), "report.pdf")
        XCTAssertEqual(FileName.fromContentDisposition("attachment; filename=plain.txt"), "plain.txt")
        XCTAssertEqual(FileName.fromContentDisposition("attachment; filename=\"a.txt\"; filename*=UTF-8''%E2%82%AC%20rates.txt"), "€ rates.txt")
        XCTAssertEqual(FileName.fromContentDisposition("attachment; filename*=iso-8859-1'en'%A3%20rates"), "£ rates")
        XCTAssertEqual(FileName.fromContentDisposition("attachment; filename=\"../../etc/cron.d/x\""), "x")
        XCTAssertEqual(FileName.fromContentDisposition("attachment; filename=\"/abs/path.bin\""), "path.bin")
        XCTAssertNil(FileName.fromContentDisposition("attachment; filename=\"..\""))
        XCTAssertNil(FileName.fromContentDisposition("attachment"))
        XCTAssertEqual(FileName.fromContentDisposition("attachment; filename=\"q\\\"uote\""), "q\"uote")
    }
}

final class ProgressMathTests: XCTestCase {
    func testSpeedAndTimeLeft() throws {
        var meter = TransferRateMeter(window: 5)
        for second in 0...10 { meter.record(totalBytes: Int64(second) * 1000, at: Double(second)) }
        XCTAssertEqual(meter.currentSpeed, 1000, accuracy: 0.001)
        XCTAssertEqual(meter.averageSpeed, 1000, accuracy: 0.001)
        XCTAssertEqual(try XCTUnwrap(meter.secondsRemaining(totalBytes: 20_000)), 10, accuracy: 0.001)
        XCTAssertNil(meter.secondsRemaining(totalBytes: nil))
    }

    func testCurrentSpeedFollowsRecentChanges() {
        var meter = TransferRateMeter(window: 2)
        var bytes: Int64 = 0
        for second in 0...10 {
            bytes += second < 5 ? 1000 : 100
            meter.record(totalBytes: bytes, at: Double(second))
        }
        XCTAssertEqual(meter.currentSpeed, 100, accuracy: 0.001)
        XCTAssertGreaterThan(meter.averageSpeed, 100)
    }

    func testStalledTransferHasNoEstimate() {
        var meter = TransferRateMeter()
        meter.record(totalBytes: 0, at: 0)
        meter.record(totalBytes: 0, at: 1)
        XCTAssertNil(meter.secondsRemaining(totalBytes: 100))
    }

    func testByteCountsParseAndFormat() {
        XCTAssertEqual(ByteCount.parse("4M"), 4 << 20)
        XCTAssertEqual(ByteCount.parse("4MiB"), 4 << 20)
        XCTAssertEqual(ByteCount.parse("1.5k"), 1536)
        XCTAssertEqual(ByteCount.parse("2G"), 2 << 30)
        XCTAssertEqual(ByteCount.parse("100"), 100)
        XCTAssertNil(ByteCount.parse("-1M"))
        XCTAssertNil(ByteCount.parse("M"))
        XCTAssertNil(ByteCount.parse("1.2.3K"))
        XCTAssertNil(ByteCount.parse("99999999999T"))
        XCTAssertEqual(ByteCount.format(512), "512 B")
        XCTAssertEqual(ByteCount.format(1536), "1.50 KiB")
        XCTAssertEqual(ByteCount.format(120 << 20), "120 MiB")
        XCTAssertEqual(ByteCount.format(1 << 30), "1.00 GiB")
        XCTAssertEqual(DurationText.format(42), "42s")
        XCTAssertEqual(DurationText.format(185), "3m05s")
        XCTAssertEqual(DurationText.format(3720), "1h02m")
        XCTAssertEqual(DurationText.format(nil), "--")
    }

    /// Elapsed times and delays: tenths under 10 s, never rounded up.
    func testElapsedTimesShowTenthsAndAreNotRoundedUp() {
        XCTAssertEqual(DurationText.elapsed(0.26), "0.3s")
        XCTAssertEqual(DurationText.elapsed(0.01), "0.1s", "never shown as nothing")
        XCTAssertEqual(DurationText.elapsed(9.94), "9.9s")
        XCTAssertEqual(DurationText.elapsed(9.96), "10s")
        XCTAssertEqual(DurationText.elapsed(16.04), "16s")
        XCTAssertEqual(DurationText.elapsed(16.9), "16s")
        XCTAssertEqual(DurationText.elapsed(185.5), "3m05s")
    }
}

final class DownloadLifecycleTests: XCTestCase {
    func testTheDocumentedTransitions() throws {
        var lifecycle = DownloadLifecycle()
        XCTAssertEqual(try lifecycle.handle(.start), .downloading)
        XCTAssertEqual(try lifecycle.handle(.pause), .paused)
        XCTAssertEqual(try lifecycle.handle(.resume), .queued)
        XCTAssertEqual(try lifecycle.handle(.start), .downloading)
        XCTAssertEqual(try lifecycle.handle(.fail), .failed)
        XCTAssertEqual(try lifecycle.handle(.resume), .queued)
        XCTAssertEqual(try lifecycle.handle(.start), .downloading)
        XCTAssertEqual(try lifecycle.handle(.interrupt), .queued)
        XCTAssertEqual(try lifecycle.handle(.start), .downloading)
        XCTAssertEqual(try lifecycle.handle(.complete), .completed)
    }

    func testIllegalTransitionsAreRefusedAndLeaveTheStateAlone() {
        var completed = DownloadLifecycle(state: .completed)
        XCTAssertThrowsError(try completed.handle(.pause)) {
            XCTAssertEqual($0 as? IllegalTransition, IllegalTransition(state: .completed, event: .pause))
        }
        XCTAssertEqual(completed.state, .completed)
        var cancelled = DownloadLifecycle(state: .cancelled)
        XCTAssertThrowsError(try cancelled.handle(.resume))
        var failed = DownloadLifecycle(state: .failed)
        XCTAssertThrowsError(try failed.handle(.complete), "a failed download runs nothing that could complete")
        var paused = DownloadLifecycle(state: .paused)
        XCTAssertThrowsError(try paused.handle(.start), "a paused download must be resumed, not started")
    }

    func testEveryPairIsDecided() {
        var legal = 0
        for state in DownloadState.allCases {
            for event in LifecycleEvent.allCases where DownloadLifecycle.next(from: state, on: event) != nil { legal += 1 }
        }
        XCTAssertEqual(legal, 21, "the table in the documentation of DownloadLifecycle lists 21 legal transitions")
    }

    /// The whole table of `DownloadLifecycle`'s documentation, row by row: every pair of state and event, legal or not.
    func testTheWholeTransitionTable() {
        let events: [LifecycleEvent] = [.start, .pause, .resume, .complete, .fail, .cancel, .interrupt]
        let table: [DownloadState: [DownloadState?]] = [
            .queued: [.downloading, .paused, nil, .completed, .failed, .cancelled, .queued],
            .downloading: [nil, .paused, nil, .completed, .failed, .cancelled, .queued],
            .paused: [nil, .paused, .queued, .completed, nil, .cancelled, .paused],
            .failed: [nil, nil, .queued, nil, nil, .cancelled, .failed],
            .completed: [nil, nil, nil, nil, nil, nil, .completed],
            .cancelled: [nil, nil, nil, nil, nil, nil, .cancelled],
        ]
        XCTAssertEqual(Set(table.keys), Set(DownloadState.allCases))
        XCTAssertEqual(events.count, LifecycleEvent.allCases.count)
        for (state, row) in table {
            for (event, expected) in zip(events, row) {
                XCTAssertEqual(DownloadLifecycle.next(from: state, on: event), expected, "\(state) + \(event)")
                var lifecycle = DownloadLifecycle(state: state)
                if let expected {
                    XCTAssertEqual(try lifecycle.handle(event), expected)
                } else {
                    XCTAssertThrowsError(try lifecycle.handle(event), "\(state) + \(event)")
                    XCTAssertEqual(lifecycle.state, state, "a refused event leaves the state alone")
                }
            }
        }
    }

    /// A pause that came while the finished file was verified and renamed cannot undo the completion.
    func testAPausedDownloadWhoseFileWasFinishedCompletes() throws {
        var lifecycle = DownloadLifecycle(state: .downloading)
        XCTAssertEqual(try lifecycle.handle(.pause), .paused)
        XCTAssertEqual(try lifecycle.handle(.complete), .completed)
        var failed = DownloadLifecycle(state: .failed)
        XCTAssertThrowsError(try failed.handle(.complete), "a failed run has no finished file")
    }

    func testAStatePrintsAsItsPlainName() {
        XCTAssertEqual(String(describing: DownloadState.downloading), "downloading")
        XCTAssertEqual("\(DownloadState.paused)", "paused")
    }
}
