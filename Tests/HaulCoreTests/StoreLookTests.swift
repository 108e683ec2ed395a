import HaulCore
import XCTest

/// Which held downloads a look at the store reads (issue 62: a look after another process's commit read all 30,000).
final class StoreLookTests: XCTestCase {
    func testNoOtherCommitReadsOnlyWhatRunsElsewhere() {
        XCTAssertEqual(StoreLook.decide(versionMoved: false, seen: 10, log: ChangeLogRead(cutUpTo: 0, last: 12, ids: [3])), .runElsewhere)
        XCTAssertEqual(StoreLook.decide(versionMoved: false, seen: nil, log: nil), .runElsewhere)
    }

    func testACommitElsewhereReadsWhatTheLogNames() {
        let log = ChangeLogRead(cutUpTo: 5, last: 14, ids: [7, 3, 7])
        XCTAssertEqual(StoreLook.decide(versionMoved: true, seen: 10, log: log), .changed([3, 7]))
        XCTAssertEqual(StoreLook.decide(versionMoved: true, seen: 5, log: log), .changed([3, 7]), "cut exactly at the point: nothing lost")
        XCTAssertEqual(StoreLook.decide(versionMoved: true, seen: 10, log: ChangeLogRead(cutUpTo: 0, last: 10, ids: [])), .changed([]))
    }

    func testEverythingWhenTheLogCannotTell() {
        let log = ChangeLogRead(cutUpTo: 20, last: 30, ids: [1])
        XCTAssertEqual(StoreLook.decide(versionMoved: true, seen: 19, log: log), .everything, "cut past the last look")
        XCTAssertEqual(StoreLook.decide(versionMoved: true, seen: nil, log: log), .everything, "no earlier point")
        XCTAssertEqual(StoreLook.decide(versionMoved: true, seen: 25, log: nil), .everything, "the log unreadable")
    }
}
