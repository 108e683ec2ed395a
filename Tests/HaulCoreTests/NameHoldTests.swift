import XCTest

@testable import HaulCore

/// Which unfinished downloads keep their name from a download of another URL (issue 60, point 4).
final class NameHoldTests: XCTestCase {
    func testAFailedDownloadThatLeftNoByteHoldsNoName() {
        XCTAssertFalse(NameHold.holds(state: .failed, partBytes: nil), "no .part: a refused connection, a wrong port")
        XCTAssertFalse(NameHold.holds(state: .failed, partBytes: 0), "an empty .part")
    }

    func testAFailedDownloadWithBytesKeepsItsName() {
        XCTAssertTrue(NameHold.holds(state: .failed, partBytes: 1), "running it again resumes those bytes")
    }

    func testQueuedRunningAndPausedDownloadsKeepTheirNameWithOrWithoutBytes() {
        for state in [DownloadState.queued, .downloading, .paused] {
            XCTAssertTrue(NameHold.holds(state: state, partBytes: nil), "\(state)")
            XCTAssertTrue(NameHold.holds(state: state, partBytes: 0), "\(state)")
        }
    }
}
