import XCTest

@testable import HaulCore

/// "One destination, one download": where a new download goes, for every kind of occupant and policy.
final class DestinationPlannerTests: XCTestCase {
    private let url = "http://h/a/same.bin"
    private let other = "http://h/b/same.bin"

    private func decide(
        _ policy: ConflictPolicy, _ held: [String: DestinationOccupant], path: String = "/d/same.bin"
    ) -> DestinationDecision {
        DestinationPlanner.decide(path: path, url: url, policy: policy) { held[$0] ?? .free }
    }

    func testAFreeNameIsUsedWhateverThePolicy() {
        for policy in ConflictPolicy.allCases {
            XCTAssertEqual(decide(policy, [:]), .create(path: "/d/same.bin", replacesFile: false), "\(policy)")
        }
    }

    func testAnotherUnfinishedDownloadIsNeverReplaced() {
        let held: [String: DestinationOccupant] = ["/d/same.bin": .unfinishedDownload(id: 7, url: other)]
        let refused = DestinationDecision.refuse(.heldByDownload(path: "/d/same.bin", id: 7, url: other))
        XCTAssertEqual(decide(.fail, held), refused)
        XCTAssertEqual(decide(.overwrite, held), refused, "overwrite replaces files, never another download")
        XCTAssertEqual(decide(.rename, held), .create(path: "/d/same.1.bin", replacesFile: false))
    }

    func testAProcessOfAnotherStateDirectoryKeepsItsName() {
        let held: [String: DestinationOccupant] = ["/d/same.bin": .otherProcess]
        XCTAssertEqual(decide(.overwrite, held), .refuse(.heldByOtherProcess(path: "/d/same.bin")))
        XCTAssertEqual(decide(.rename, held), .create(path: "/d/same.1.bin", replacesFile: false))
    }

    func testTheSameURLIsTheSameDownload() {
        XCTAssertEqual(decide(.fail, ["/d/same.bin": .unfinishedDownload(id: 3, url: url)]), .takeUp(id: 3, path: "/d/same.bin"))
        XCTAssertEqual(
            decide(.fail, ["/d/same.bin": .completedDownload(id: 4, url: url)]), .alreadyComplete(id: 4, path: "/d/same.bin"))
        XCTAssertEqual(
            decide(.rename, ["/d/same.bin": .completedDownload(id: 4, url: url)]), .alreadyComplete(id: 4, path: "/d/same.bin"))
        XCTAssertEqual(
            decide(.overwrite, ["/d/same.bin": .completedDownload(id: 4, url: url)]),
            .create(path: "/d/same.bin", replacesFile: true), "overwrite downloads a completed file again")
    }

    /// aria2's RPC adds (`takesUpSame: false`): the same URL again is a download of its own, and the earlier one of
    /// that URL holds its name as any other download or file does.
    func testAnAddThatIsAlwaysNewTreatsTheSameURLAsAnyOtherOccupant() {
        func decideNew(_ policy: ConflictPolicy, _ held: [String: DestinationOccupant]) -> DestinationDecision {
            DestinationPlanner.decide(path: "/d/same.bin", url: url, policy: policy, takesUpSame: false) { held[$0] ?? .free }
        }
        let running: [String: DestinationOccupant] = ["/d/same.bin": .unfinishedDownload(id: 3, url: url)]
        XCTAssertEqual(decideNew(.rename, running), .create(path: "/d/same.1.bin", replacesFile: false))
        XCTAssertEqual(decideNew(.fail, running), .refuse(.heldByDownload(path: "/d/same.bin", id: 3, url: url)))
        XCTAssertEqual(decideNew(.overwrite, running), .refuse(.heldByDownload(path: "/d/same.bin", id: 3, url: url)))
        let done: [String: DestinationOccupant] = ["/d/same.bin": .completedDownload(id: 4, url: url)]
        XCTAssertEqual(decideNew(.rename, done), .create(path: "/d/same.1.bin", replacesFile: false))
        XCTAssertEqual(decideNew(.fail, done), .refuse(.fileExists(path: "/d/same.bin")))
        XCTAssertEqual(decideNew(.overwrite, done), .create(path: "/d/same.bin", replacesFile: true))
        // A numbered name the same URL holds is passed by too.
        let both: [String: DestinationOccupant] = [
            "/d/same.bin": .completedDownload(id: 4, url: url), "/d/same.1.bin": .unfinishedDownload(id: 5, url: url),
        ]
        XCTAssertEqual(decideNew(.rename, both), .create(path: "/d/same.2.bin", replacesFile: false))
    }

    func testAFileIsReplacedRenamedOrRefused() {
        let held: [String: DestinationOccupant] = ["/d/same.bin": .file]
        XCTAssertEqual(decide(.overwrite, held), .create(path: "/d/same.bin", replacesFile: true))
        XCTAssertEqual(decide(.fail, held), .refuse(.fileExists(path: "/d/same.bin")))
        XCTAssertEqual(decide(.rename, held), .create(path: "/d/same.1.bin", replacesFile: false))
        // Another URL's completed file is a file like any other.
        XCTAssertEqual(decide(.fail, ["/d/same.bin": .completedDownload(id: 2, url: other)]), .refuse(.fileExists(path: "/d/same.bin")))
    }

    /// Adding the same URL again after it was renamed finds it at its numbered name, past other occupants.
    func testRenamingWalksPastTakenNamesAndFindsItsOwn() {
        var held: [String: DestinationOccupant] = [
            "/d/same.bin": .unfinishedDownload(id: 1, url: other),
            "/d/same.1.bin": .file,
            "/d/same.2.bin": .otherProcess,
        ]
        XCTAssertEqual(decide(.rename, held), .create(path: "/d/same.3.bin", replacesFile: false))
        held["/d/same.3.bin"] = .unfinishedDownload(id: 9, url: url)
        XCTAssertEqual(decide(.rename, held), .takeUp(id: 9, path: "/d/same.3.bin"))
        held["/d/same.3.bin"] = .completedDownload(id: 9, url: url)
        XCTAssertEqual(decide(.rename, held), .alreadyComplete(id: 9, path: "/d/same.3.bin"))
    }

    func testRenamingGivesUpAfterTheLastNumber() {
        let decision = DestinationPlanner.decide(path: "/d/x", url: url, policy: .rename) { _ in .file }
        XCTAssertEqual(decision, .refuse(.noFreeName(path: "/d/x")))
    }

    func testNumberedNamesGoBeforeTheLastExtension() {
        XCTAssertEqual(DestinationPlanner.numbered("/d/same.bin", 1), "/d/same.1.bin")
        XCTAssertEqual(DestinationPlanner.numbered("/d/archive.tar.gz", 2), "/d/archive.tar.2.gz")
        XCTAssertEqual(DestinationPlanner.numbered("/d/README", 3), "/d/README.3")
        XCTAssertEqual(DestinationPlanner.numbered("/d/.hidden", 1), "/d/.hidden.1")
        XCTAssertEqual(DestinationPlanner.numbered("/d.dir/file", 1), "/d.dir/file.1", "a dot in a directory is no extension")
        XCTAssertEqual(DestinationPlanner.numbered("same.bin", 1), "same.1.bin")
    }
}
