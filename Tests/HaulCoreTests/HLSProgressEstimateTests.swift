import HaulCore
import XCTest

/// The stream progress view's share done, size estimate and time left (docs/hls.md, "Progress").
final class HLSProgressEstimateTests: XCTestCase {
    func testTheShareDoneIsByPlayingTimeAndTheSizeScalesFromIt() {
        // 12 s of a 60 s stream written in 3 MiB: about 15 MiB in all, 20 % done.
        let estimate = HLSProgressEstimate(piecesWritten: 3, piecesTotal: 10, bytesWritten: 3 << 20, secondsWritten: 12, secondsTotal: 60)
        XCTAssertEqual(estimate.fractionDone, 0.2, accuracy: 1e-9)
        XCTAssertEqual(estimate.percent, 20)
        XCTAssertEqual(estimate.estimatedTotalBytes, 15 << 20)
        XCTAssertFalse(estimate.isExact)
        // 12 MiB left at 1 MiB/s.
        XCTAssertEqual(estimate.secondsLeft(bytesWritten: 3 << 20, bytesPerSecond: 1_048_576) ?? -1, 12, accuracy: 1e-9)
    }

    func testUnevenSegmentsAreWeighedByTheirTimeNotTheirCount() {
        // One long segment of three: a third of the pieces but four fifths of the time.
        let estimate = HLSProgressEstimate(piecesWritten: 1, piecesTotal: 3, bytesWritten: 800, secondsWritten: 8, secondsTotal: 10)
        XCTAssertEqual(estimate.percent, 80)
        XCTAssertEqual(estimate.estimatedTotalBytes, 1_000)
    }

    func testWithoutDurationsTheShareIsSegmentsDone() {
        let estimate = HLSProgressEstimate(piecesWritten: 1, piecesTotal: 4, bytesWritten: 500, secondsWritten: 0, secondsTotal: 0)
        XCTAssertEqual(estimate.percent, 25)
        XCTAssertEqual(estimate.estimatedTotalBytes, 2_000)
    }

    func testNothingWrittenYetHasNoEstimateAndNoTimeLeft() {
        let estimate = HLSProgressEstimate(piecesWritten: 0, piecesTotal: 30, bytesWritten: 0, secondsWritten: 0, secondsTotal: 60)
        XCTAssertNil(estimate.estimatedTotalBytes)
        XCTAssertEqual(estimate.percent, 0)
        XCTAssertNil(estimate.secondsLeft(bytesWritten: 0, bytesPerSecond: 1_000))
    }

    func testEveryPieceWrittenIsExactAndDone() {
        // The playing times may not add up to the total (rounding in EXTINF): the count decides the end.
        let estimate = HLSProgressEstimate(piecesWritten: 31, piecesTotal: 31, bytesWritten: 2_500_000, secondsWritten: 59.9, secondsTotal: 60)
        XCTAssertTrue(estimate.isExact)
        XCTAssertEqual(estimate.percent, 100)
        XCTAssertEqual(estimate.estimatedTotalBytes, 2_500_000)
        XCTAssertEqual(estimate.secondsLeft(bytesWritten: 2_500_000, bytesPerSecond: 0), 0)
    }

    func testAnUnfinishedStreamNeverSays100PercentNorLessThanWritten() {
        // The init section and all but the last segment: 59.9 of 60 s.
        let estimate = HLSProgressEstimate(piecesWritten: 30, piecesTotal: 31, bytesWritten: 2_400_000, secondsWritten: 59.99, secondsTotal: 60)
        XCTAssertEqual(estimate.percent, 99)
        XCTAssertGreaterThanOrEqual(estimate.estimatedTotalBytes ?? 0, 2_400_000)
        // A stalled transfer has no time left to promise.
        XCTAssertNil(estimate.secondsLeft(bytesWritten: 2_400_000, bytesPerSecond: 0))
    }
}
