import Foundation
import HaulCore
import HaulTestSupport
import XCTest

@testable import HaulKit

/// `HaulClient.fetch` follows `SourceFailureRule` as downloads do: a refused connection or a host name that does not
/// resolve fails at once, without a backoff (issue 57: it retried a refused connection for about 22 s).
final class FetchUnreachableTests: XCTestCase {
    private final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var raised = false
        var isRaised: Bool {
            lock.lock()
            defer { lock.unlock() }
            return raised
        }

        func raise() {
            lock.lock()
            raised = true
            lock.unlock()
        }
    }

    func testAnUnreachableSourceFailsAtOnceWithoutABackoff() async throws {
        try await withTemporaryDirectory { dir in
            let clock = ManualClock()
            // A backoff of 1000-2000 s on the test's clock: any wait for a retry shows up among its deadlines.
            var configuration = HaulConfiguration(
                stateDirectory: dir.file("state"), timeouts: .init(connect: .seconds(5)),
                retryPolicy: RetryPolicy(maximumRetries: 5, initialDelay: 2000, maximumDelay: 2000))
            configuration.clock = EngineClock(clock)
            let client = try HaulClient(configuration: configuration)
            for url in ["http://127.0.0.1:1/f.bin", "http://haul-fetch.invalid/f.bin"] {
                let done = Flag()
                let fetching = Task {
                    defer { done.raise() }
                    return try await client.fetch(URL(string: url)!)
                }
                var backoffs = 0
                while !done.isRaised {
                    if clock.deadlines.contains(where: { clock.now.duration(to: $0) >= .seconds(900) }) {
                        backoffs += 1
                        clock.advance(by: .seconds(2000))
                    }
                    await Task.yield()
                }
                switch await fetching.result {
                case .success:
                    XCTFail("\(url): nothing listens there")
                case .failure(let error):
                    XCTAssertEqual((error as? HaulError)?.kind, .network, "\(url): \(error)")
                }
                XCTAssertEqual(backoffs, 0, "\(url): waited for a retry")
            }
            try await client.shutdown()
        }
    }
}
