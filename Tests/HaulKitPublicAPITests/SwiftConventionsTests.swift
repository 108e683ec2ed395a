import Foundation
import HaulKit
import HaulTestSupport
import XCTest

/// Issue #57, "Swift conventions": a file's digest as a static of `Checksum` (the free function stays, deprecated),
/// time as `Duration` in the configuration.
final class SwiftConventionsTests: XCTestCase {
    /// `Checksum.hexDigest(ofFileAt:algorithm:)` gives the digest `verifyFile(at:)` accepts, and what was downloaded
    /// hashes to the same digest as the bytes served.
    func testAFilesDigestIsAStaticOfChecksum() async throws {
        try await withClient { client, server, dir in
            let task = try await client.download(request(server, "/small", to: "small.txt", in: dir))
            guard case .completed(let file) = try await task.outcome() else { return XCTFail("the download did not complete") }
            let digest = try Checksum.hexDigest(ofFileAt: file, algorithm: .sha256)
            // sha256("hello, haul\n"), as `sha256sum` prints it.
            XCTAssertEqual(digest, "db576fb4ed8934340f48ad622e3c99886afec9f9159d77290205b6d8769a7136")
            XCTAssertNoThrow(try Checksum(algorithm: .sha256, hex: digest).verifyFile(at: file))
            XCTAssertThrowsError(try Checksum.hexDigest(ofFileAt: dir.file("missing"), algorithm: .md5)) { error in
                XCTAssertEqual((error as? ChecksumError)?.code, .io)
            }
        }
    }

    /// Time in the configuration is a `Duration`: the timeouts and intervals, and the waits of the HaulCore values
    /// it holds (retry, lowest speed, host budgets); `validate()` names a time out of range in the new spelling.
    func testTimesAreDurations() throws {
        var configuration = HaulConfiguration(
            timeouts: .init(connect: .seconds(5), stall: .milliseconds(2500)),
            retryPolicy: RetryPolicy(maximumRetries: 2, initialDelay: .milliseconds(500), maximumDelay: .seconds(4)),
            intervals: .init(checkpoint: .seconds(2), progress: .milliseconds(250)),
            lowestSpeed: LowestSpeed(bytesPerSecond: 512, over: .seconds(10)),
            hostBudgetPolicy: HostBudgetPolicy(defaultLimit: 4, easingEvery: .seconds(60))
        )
        XCTAssertNoThrow(try configuration.validate())
        XCTAssertEqual(configuration.timeouts, HaulConfiguration.Timeouts(connect: .seconds(5), stall: .milliseconds(2500)))
        XCTAssertEqual(configuration.retryPolicy.initialDelay, .milliseconds(500))
        XCTAssertEqual(configuration.retryPolicy.maximumDelay, .seconds(4))
        XCTAssertEqual(configuration.lowestSpeed?.span, .seconds(10))
        XCTAssertEqual(configuration.hostBudgetPolicy.easing, .seconds(60))
        XCTAssertEqual(HaulConfiguration().timeouts, HaulConfiguration.Timeouts(connect: .seconds(15), stall: .seconds(30)))
        XCTAssertEqual(HaulConfiguration().intervals, HaulConfiguration.Intervals(checkpoint: .seconds(1), progress: .milliseconds(100)))
        XCTAssertEqual(RetryPolicy(), RetryPolicy(maximumRetries: 5, initialDelay: .seconds(1), maximumDelay: .seconds(30)))

        configuration.intervals.progress = .milliseconds(9)
        XCTAssertThrowsError(try configuration.validate()) { error in
            XCTAssertEqual((error as? HaulError)?.kind, .usage)
            XCTAssertTrue((error as? HaulError)?.message.contains("intervals.progress") ?? false, "\(error)")
        }
        configuration.intervals.progress = .milliseconds(10)
        XCTAssertNoThrow(try configuration.validate())

        let progress = DownloadProgress(bytesDone: 10, totalBytes: 20, secondsRemaining: 1.5)
        XCTAssertEqual(progress.timeRemaining, .milliseconds(1500))
        XCTAssertNil(DownloadProgress(bytesDone: 10, totalBytes: nil).timeRemaining)
    }

    /// The `Double` spelling still compiles (deprecated) and forwards to the `Duration` one; a value that is no
    /// number of seconds (infinite, not a number) is refused by `validate()` with `.usage`, never a trap.
    @available(*, deprecated, message: "exercises the deprecated Double spelling on purpose")
    func testTheSecondsSpellingForwardsToTheDurations() throws {
        var configuration = HaulConfiguration(connectTimeout: 2.5, stallTimeout: 7, checkpointInterval: 0.5, progressInterval: 0.02)
        XCTAssertEqual(configuration.timeouts, HaulConfiguration.Timeouts(connect: .milliseconds(2500), stall: .seconds(7)))
        XCTAssertEqual(configuration.intervals, HaulConfiguration.Intervals(checkpoint: .milliseconds(500), progress: .milliseconds(20)))
        configuration.progressInterval = 0.3
        XCTAssertEqual(configuration.intervals.progress, .milliseconds(300))
        XCTAssertEqual(configuration.connectTimeout, 2.5)
        for bad in [Double.infinity, -Double.infinity, .nan, 1e300] {
            configuration.stallTimeout = bad
            XCTAssertThrowsError(try configuration.validate(), "\(bad)") { error in
                XCTAssertEqual((error as? HaulError)?.kind, .usage)
            }
            configuration.stallTimeout = 7
        }
        XCTAssertThrowsError(try HaulConfiguration(progressInterval: .nan).validate())
    }

    /// `DownloadManager`'s poll interval is a `Duration`; the seconds spelling forwards, refusing what is no time.
    @available(*, deprecated, message: "exercises the deprecated Double spelling on purpose")
    func testTheManagersPollIntervalIsADuration() async throws {
        try await withClient { client, _, _ in
            let manager = try DownloadManager(client: client, pollInterval: .milliseconds(200))
            await manager.shutdown()
            let old = try DownloadManager(client: client, pollInterval: 0.2)
            await old.shutdown()
            for bad in [Double.nan, .infinity, 0, -1] {
                let error = await haulError { _ = try DownloadManager(client: client, pollInterval: bad) }
                XCTAssertEqual(error?.kind, .usage, "\(bad)")
            }
        }
    }
}
