import Foundation
import HaulKit
import HaulTestSupport
import XCTest

/// Issue #57, "Crashes where an error belongs": a value an app passes (often a person's input) is an error where it
/// is given, never a trap. Each of these stopped the process before (a precondition), or ran wild
/// (a progress interval of 0, a negative connect timeout).
final class NothingTrapsTests: XCTestCase {
    /// 0 is "no limit" (aria2's convention) for every rate limit; a negative one is `.usage`, thrown.
    func testAZeroRateLimitMeansNoLimitAndANegativeOneThrows() async throws {
        try await withClient { client, server, dir in
            try client.bandwidth.setGlobalLimit(0)
            XCTAssertNil(client.bandwidth.globalLimit)
            try client.bandwidth.setGlobalLimit(1000)
            XCTAssertEqual(client.bandwidth.globalLimit, 1000)
            try client.bandwidth.setGlobalLimit(0)
            XCTAssertNil(client.bandwidth.globalLimit, "0 removes a limit")
            try client.bandwidth.setLimit(0, for: 1)
            let negativeGlobal = await haulError { try client.bandwidth.setGlobalLimit(-1) }
            XCTAssertEqual(negativeGlobal?.kind, .usage)
            let negativeOwn = await haulError { try client.bandwidth.setLimit(-5, for: 1) }
            XCTAssertEqual(negativeOwn?.kind, .usage)

            let manager = try DownloadManager(client: client, limits: QueueLimits(maxConcurrent: 0, maxTotalConnections: 0))
            try await manager.setGlobalRateLimit(0)
            XCTAssertNil(client.bandwidth.globalLimit)
            let negativeThroughManager = await haulError { try await manager.setGlobalRateLimit(-1) }
            XCTAssertEqual(negativeThroughManager?.kind, .usage)

            var zero = request(server, "/small", to: "zero", in: dir)
            zero.maxBytesPerSecond = 0
            let task = try await client.download(zero)
            guard case .completed = try await task.outcome() else { return XCTFail("a 0 limit is no limit") }
            try await task.setRateLimit(0)
            let limit = await task.rateLimit
            XCTAssertNil(limit, "0 is stored as no limit")
            await manager.shutdown()
        }
    }

    /// Negative queue limits are refused by the manager where they are given, at creation and on change.
    func testNegativeQueueLimitsThrowInsteadOfTrapping() async throws {
        try await withClient { client, _, _ in
            let limits = QueueLimits(maxConcurrent: -1, maxTotalConnections: 8)
            let refused = await haulError { _ = try DownloadManager(client: client, limits: limits) }
            XCTAssertEqual(refused?.kind, .usage)
            XCTAssertTrue(refused?.message.contains("maxConcurrent") ?? false, refused?.message ?? "")
            let zeroPollInterval = await haulError { _ = try DownloadManager(client: client, pollInterval: .zero) }
            XCTAssertEqual(zeroPollInterval?.kind, .usage)
            let manager = try DownloadManager(client: client)
            let change = await haulError { try await manager.setLimits(QueueLimits(maxConcurrent: 2, maxTotalConnections: -3)) }
            XCTAssertEqual(change?.kind, .usage)
            let kept = await manager.limits
            XCTAssertEqual(kept, .standard, "a refused change changes nothing")
            await manager.shutdown()
        }
    }

    /// Configuration values out of range are refused by `HaulClient.init` (and `validate()`), before anything opens.
    func testBadConfigurationValuesThrowWhereTheyAreGiven() async throws {
        try await withTemporaryDirectory { dir in
            let state = dir.file("state")
            let cases: [(String, HaulConfiguration)] = [
                ("intervals.progress", HaulConfiguration(stateDirectory: state, intervals: .init(progress: .zero))),
                ("timeouts.connect", HaulConfiguration(stateDirectory: state, timeouts: .init(connect: .seconds(-1)))),
                ("timeouts.stall", HaulConfiguration(stateDirectory: state, timeouts: .init(stall: .seconds(Int64.max)))),
                ("intervals.checkpoint", HaulConfiguration(stateDirectory: state, intervals: .init(checkpoint: .seconds(-1)))),
                ("lowestSpeed", HaulConfiguration(stateDirectory: state, lowestSpeed: LowestSpeed(bytesPerSecond: 0, seconds: 30))),
                ("lowestSpeed", HaulConfiguration(stateDirectory: state, lowestSpeed: LowestSpeed(bytesPerSecond: 1024, seconds: -1))),
                ("retryPolicy", HaulConfiguration(stateDirectory: state, retryPolicy: RetryPolicy(maximumRetries: -1))),
                ("retryPolicy", HaulConfiguration(stateDirectory: state, retryPolicy: RetryPolicy(initialDelay: .seconds(10), maximumDelay: .seconds(1)))),
                ("retryPolicy", HaulConfiguration(stateDirectory: state, retryPolicy: RetryPolicy(fixedDelay: .seconds(-2)))),
            ]
            for (name, configuration) in cases {
                let error = await haulError { _ = try HaulClient(configuration: configuration) }
                XCTAssertEqual(error?.kind, .usage, name)
                XCTAssertTrue(error?.message.contains(name) ?? false, "\(name): \(error?.message ?? "")")
                let validated = await haulError { try configuration.validate() }
                XCTAssertEqual(validated?.kind, .usage, name)
            }
            XCTAssertFalse(FileManager.default.fileExists(atPath: state.path), "nothing was opened for a bad configuration")
            try HaulConfiguration(stateDirectory: state).validate()
            XCTAssertEqual(RetryPolicy().backoff(afterFailure: 0), RetryPolicy().backoff(afterFailure: 1), "no trap either")
        }
    }

    /// Issue #52, point 6: a retry wait past `HaulConfiguration.longestTime` was accepted (finite, not negative)
    /// and then trapped the process at the first retry, in `Task.sleep(nanoseconds: UInt64(seconds * 1e9))` (past
    /// 2^64 ns, about 584 years); a proxy an app built with a port outside 1...65535 reached SwiftNIO, which
    /// converts it with `in_port_t(port)`. Both are now `.usage` from `HaulClient.init` and `validate()`; on the old
    /// code `validate()` threw nothing here, so every case fails.
    func testRetryWaitsPastTheLongestTimeAndProxyPortsOutOfRangeThrow() async throws {
        try await withTemporaryDirectory { dir in
            let state = dir.file("state")
            let centuries = Duration.seconds(Int64(100_000_000_000))
            let proxy = { (port: Int, host: String) in ProxyEndpoint(kind: .socks5, host: host, port: port) }
            let cases: [(String, HaulConfiguration)] = [
                ("fixedDelay", HaulConfiguration(stateDirectory: state, retryPolicy: RetryPolicy(fixedDelay: centuries))),
                ("maximumRetryAfter", HaulConfiguration(stateDirectory: state, retryPolicy: RetryPolicy(maximumRetryAfter: centuries))),
                ("initialDelay", HaulConfiguration(
                    stateDirectory: state, retryPolicy: RetryPolicy(initialDelay: centuries, maximumDelay: centuries))),
                ("port must be 1...65535, not 70000", HaulConfiguration(
                    stateDirectory: state, proxies: ProxyRules(explicit: .some(proxy(70000, "proxy.example")))),
                ),
                ("port must be 1...65535, not 0", HaulConfiguration(
                    stateDirectory: state, proxies: ProxyRules(httpsProxy: proxy(0, "proxy.example")))),
                ("allProxy has no host", HaulConfiguration(stateDirectory: state, proxies: ProxyRules(allProxy: proxy(1080, "")))),
            ]
            for (phrase, configuration) in cases {
                let error = await haulError { _ = try HaulClient(configuration: configuration) }
                XCTAssertEqual(error?.kind, .usage, phrase)
                XCTAssertTrue(error?.message.contains(phrase) ?? false, "\(phrase): \(error?.message ?? "")")
                let validated = await haulError { try configuration.validate() }
                XCTAssertEqual(validated?.kind, .usage, phrase)
            }
            XCTAssertFalse(FileManager.default.fileExists(atPath: state.path), "nothing was opened for a bad configuration")
            let longest = RetryPolicy(maximumDelay: HaulConfiguration.longestTime, fixedDelay: HaulConfiguration.longestTime)
            try HaulConfiguration(stateDirectory: state, retryPolicy: longest).validate()
            try HaulConfiguration(stateDirectory: state, proxies: ProxyRules(allProxy: proxy(65535, "proxy.example"))).validate()
        }
    }
}
