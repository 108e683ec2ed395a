import XCTest

@testable import HaulCore

/// `HolderRule`: what `haul pause|resume ID` (and the daemon's pause/unpause) do to a download another process holds.
final class HolderRuleTests: XCTestCase {
    private let waiting = DownloadHolder.otherProcess(pid: 4242, waitsWhenPaused: true)
    private let ending = DownloadHolder.otherProcess(pid: 4242, waitsWhenPaused: false)

    /// Rule 1: no live holder elsewhere, whatever the state: done here.
    func testWithoutAnotherHolderEverythingIsDoneHere() {
        for state in DownloadState.allCases {
            for request in [HolderRequest.pause, .resume] {
                XCTAssertEqual(HolderRule.decide(request, state: state, holder: .none), .here, "\(request) \(state)")
                XCTAssertEqual(HolderRule.decide(request, state: state, holder: .thisProcess), .here, "\(request) \(state)")
            }
        }
    }

    /// Rule 2: a paused or failed download whose holder waits for space is resumed by that holder, through the store.
    func testAResumeOfAPausedDownloadIsHandedToTheHolderThatWaits() {
        XCTAssertEqual(HolderRule.decide(.resume, state: .paused, holder: waiting), .handTo(pid: 4242, store: .queued))
        XCTAssertEqual(HolderRule.decide(.resume, state: .failed, holder: waiting), .handTo(pid: 4242, store: .queued))
    }

    /// Rule 3: running or in line in the holder: it goes on there, nothing is taken over.
    func testAResumeOfARunningDownloadLeavesItInItsHolder() {
        for holder in [waiting, ending] {
            XCTAssertEqual(HolderRule.decide(.resume, state: .downloading, holder: holder), .alreadyIn(pid: 4242, .downloading))
            XCTAssertEqual(HolderRule.decide(.resume, state: .queued, holder: holder), .alreadyIn(pid: 4242, .queued))
        }
    }

    /// Rule 4: a holder without keys ends once nothing runs there: a paused download is resumed here.
    func testAResumeOfAPausedDownloadWhoseHolderDoesNotWaitRunsHere() {
        XCTAssertEqual(HolderRule.decide(.resume, state: .paused, holder: ending), .here)
        XCTAssertEqual(HolderRule.decide(.resume, state: .failed, holder: ending), .here)
    }

    /// Rule 5: a pause goes through the store to the holder; a paused one stays as it is.
    func testAPauseIsStoredForTheHolder() {
        for holder in [waiting, ending] {
            XCTAssertEqual(HolderRule.decide(.pause, state: .downloading, holder: holder), .handTo(pid: 4242, store: .paused))
            XCTAssertEqual(HolderRule.decide(.pause, state: .queued, holder: holder), .handTo(pid: 4242, store: .paused))
            XCTAssertEqual(HolderRule.decide(.pause, state: .paused, holder: holder), .alreadyIn(pid: 4242, .paused))
            XCTAssertEqual(HolderRule.decide(.pause, state: .failed, holder: holder), .here)
        }
    }

    /// Rule 6: completed and cancelled downloads get the usual answers, never a hand-over.
    func testFinishedDownloadsAreNeverHanded() {
        for state in [DownloadState.completed, .cancelled] {
            for request in [HolderRequest.pause, .resume] {
                XCTAssertEqual(HolderRule.decide(request, state: state, holder: waiting), .here, "\(request) \(state)")
            }
        }
    }
}
