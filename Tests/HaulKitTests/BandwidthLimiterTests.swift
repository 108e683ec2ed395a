import Foundation
@testable import HaulKit
import XCTest

/// `BandwidthLimiter` with a clock the test moves: what each chunk must wait, without sleeping or a socket.
final class BandwidthLimiterTests: XCTestCase {
  func testNoLimitMeansNoWaitAndNoClockRead() throws {
    let time = ManualTime()
    let limiter = BandwidthLimiter(clock: MonotonicClock { time.read() })
    XCTAssertEqual(limiter.charge(1 << 20, download: 1), 0)
    XCTAssertEqual(time.reads, 0, "the hot path without limits reads no clock")
  }

  func testTheTighterLimitGovernsAndTimeRepaysTheDebt() throws {
    let time = ManualTime()
    let limiter = BandwidthLimiter(clock: MonotonicClock { time.read() })
    try limiter.setGlobalLimit(1000)
    XCTAssertEqual(limiter.charge(500, download: 1), 0.5, accuracy: 1e-9, "a new limit starts with an empty bucket")
    try limiter.setLimit(100, for: 2)
    // Global: 600 bytes owed at 1000 B/s = 0.6 s; its own: 100 bytes at 100 B/s = 1 s. The longer wait wins.
    XCTAssertEqual(limiter.charge(100, download: 2), 1.0, accuracy: 1e-9)
    time.now = 100
    XCTAssertEqual(limiter.charge(100, download: 2), 0, "both buckets refilled while the clock moved")
    try limiter.setLimit(nil, for: 2)
    try limiter.setGlobalLimit(nil)
    XCTAssertNil(limiter.globalLimit)
    XCTAssertEqual(limiter.charge(1 << 30, download: 2), 0)
  }
}

extension BandwidthLimiterTests {
  /// A limiter on the test's clock whose waits move that clock instead of sleeping.
  private func pacedLimiter(_ time: ManualTime) -> BandwidthLimiter {
    BandwidthLimiter(clock: MonotonicClock { time.read() }, sleep: { seconds in time.advance(by: seconds) })
  }

  func testPaceWaitsWhatTheLimitSaysAndTheWaitPaysTheDebt() async throws {
    let time = ManualTime()
    let limiter = pacedLimiter(time)
    try limiter.setLimit(1000, for: 7)
    await limiter.pace(500, download: 7)
    XCTAssertEqual(time.now, 0.5, accuracy: 1e-9, "500 bytes at 1000 B/s")
    await limiter.pace(1000, download: 7)
    XCTAssertEqual(time.now, 1.5, accuracy: 1e-9, "the wait before repaid the first chunk: this one costs its own second")
    await limiter.pace(1 << 20, download: 8)
    XCTAssertEqual(time.now, 1.5, accuracy: 1e-9, "another download without a limit does not wait")
  }

  func testAThrottledDownloadAveragesItsLimitOverManyChunks() async throws {
    let time = ManualTime()
    let limiter = pacedLimiter(time)
    try limiter.setGlobalLimit(64 << 10)
    for _ in 0..<64 { await limiter.pace(16 << 10, download: 1) }
    XCTAssertEqual(time.now, 16, accuracy: 1e-6, "1 MiB at 64 KiB/s takes 16 s, without a second of real sleep")
    XCTAssertTrue(limiter.isLimited(download: 1))
    try limiter.setGlobalLimit(nil)
    XCTAssertFalse(limiter.isLimited(download: 1), "the lowest-speed rule applies again")
  }

  func testAWaitIsCappedAtAMinute() async throws {
    let time = ManualTime()
    let limiter = pacedLimiter(time)
    try limiter.setLimit(1, for: 1)
    await limiter.pace(1000, download: 1)
    XCTAssertEqual(time.now, 60, accuracy: 1e-9)
  }
}

/// A clock that moves only when the test says, counting how often it is read.
private final class ManualTime: @unchecked Sendable {
  private let lock = NSLock()
  private var seconds: Double = 0
  private var readCount = 0

  var now: Double {
    get { lock.withLock { seconds } }
    set { lock.withLock { seconds = newValue } }
  }

  var reads: Int { lock.withLock { readCount } }

  func advance(by seconds: Double) {
    lock.withLock { self.seconds += seconds }
  }

  func read() -> Double {
    lock.withLock {
      readCount += 1
      return seconds
    }
  }
}
