import Foundation
@testable import HaulKit
import XCTest

/// `BandwidthLimiter` with a clock the test moves: what each chunk must wait, without sleeping or a socket.
final class BandwidthLimiterTests: XCTestCase {
  func testNoLimitMeansNoWaitAndNoClockRead() {
    let time = ManualTime()
    let limiter = BandwidthLimiter(clock: MonotonicClock { time.read() })
    XCTAssertEqual(limiter.charge(1 << 20, download: 1), 0)
    XCTAssertEqual(time.reads, 0, "the hot path without limits reads no clock")
  }

  func testTheTighterLimitGovernsAndTimeRepaysTheDebt() {
    let time = ManualTime()
    let limiter = BandwidthLimiter(clock: MonotonicClock { time.read() })
    limiter.setGlobalLimit(1000)
    XCTAssertEqual(limiter.charge(500, download: 1), 0.5, accuracy: 1e-9, "a new limit starts with an empty bucket")
    limiter.setLimit(100, for: 2)
    // Global: 600 bytes owed at 1000 B/s = 0.6 s; its own: 100 bytes at 100 B/s = 1 s. The longer wait wins.
    XCTAssertEqual(limiter.charge(100, download: 2), 1.0, accuracy: 1e-9)
    time.now = 100
    XCTAssertEqual(limiter.charge(100, download: 2), 0, "both buckets refilled while the clock moved")
    limiter.setLimit(nil, for: 2)
    limiter.setGlobalLimit(nil)
    XCTAssertNil(limiter.globalLimit)
    XCTAssertEqual(limiter.charge(1 << 30, download: 2), 0)
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

  func read() -> Double {
    lock.withLock {
      readCount += 1
      return seconds
    }
  }
}
