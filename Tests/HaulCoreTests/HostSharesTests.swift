import HaulCore
import XCTest

/// `HostShares`: fair shares of a host's budget among the counts Haul chooses, given back as runs end.
final class HostSharesTests: XCTestCase {
    private let host = "mirror.example:443"

    func testNewcomersGetFairSharesAndTheOthersAreLoweredToMakeRoom() {
        var shares = HostShares()
        let a = shares.reserve(host: host, wanted: 16, limit: 16, chosenByHaul: true)
        XCTAssertEqual(a.granted, 16)
        XCTAssertEqual(a.lowered, [])
        let b = shares.reserve(host: host, wanted: 16, limit: 16, chosenByHaul: true)
        XCTAssertEqual(b.granted, 8)
        XCTAssertEqual(b.lowered, [.init(token: a.token, connections: 8)])
        let c = shares.reserve(host: host, wanted: 16, limit: 16, chosenByHaul: true)
        XCTAssertEqual(c.granted, 5, "16 / 3")
        XCTAssertEqual(c.lowered, [.init(token: a.token, connections: 5), .init(token: b.token, connections: 6)])
        XCTAssertEqual(shares.held(on: host), 16, "never above the budget")
        XCTAssertEqual(shares.reserve(host: "other:80", wanted: 16, limit: 16, chosenByHaul: true).granted, 16, "another host")
    }

    func testWhatComesFreeGoesToThoseThatWantedMoreOldestFirst() {
        var shares = HostShares()
        let a = shares.reserve(host: host, wanted: 16, limit: 16, chosenByHaul: true)
        let b = shares.reserve(host: host, wanted: 16, limit: 16, chosenByHaul: true)
        let c = shares.reserve(host: host, wanted: 16, limit: 16, chosenByHaul: true)
        XCTAssertEqual(shares.release(a.token, budget: 16), [.init(token: b.token, connections: 11)], "b first: 6 + 5")
        XCTAssertEqual(shares.release(b.token, budget: 16), [.init(token: c.token, connections: 16)])
        XCTAssertEqual(shares.release(c.token, budget: 16), [])
        XCTAssertEqual(shares.held(on: host), 0)
        XCTAssertEqual(shares.release(c.token, budget: 16), [], "twice: nothing")
    }

    func testTypedCountsAreNeverLoweredNorRaisedAndOnlyALimitTheHostTaughtBindsThem() {
        var shares = HostShares()
        let typed = shares.reserve(host: host, wanted: 32, limit: nil, chosenByHaul: false)
        XCTAssertEqual(typed.granted, 32)
        let chosen = shares.reserve(host: host, wanted: 16, limit: 16, chosenByHaul: true)
        XCTAssertEqual(chosen.granted, 1, "nothing left, and the typed count is not shared")
        XCTAssertEqual(chosen.lowered, [])
        XCTAssertEqual(shares.release(typed.token, budget: 16), [.init(token: chosen.token, connections: 16)])
        let bound = shares.reserve(host: host, wanted: 8, limit: 20, chosenByHaul: false)
        XCTAssertEqual(bound.granted, 4, "a refusal lesson of 20, 16 held by the other")
        XCTAssertEqual(shares.release(chosen.token, budget: 16), [], "a typed count is not raised")
    }

    func testARunOverOneConnectionKeepsOneAndIsNotAdjustedAgain() {
        var shares = HostShares()
        let small = shares.reserve(host: host, wanted: 16, limit: 16, chosenByHaul: true)
        let large = shares.reserve(host: host, wanted: 16, limit: 16, chosenByHaul: true)
        XCTAssertEqual(shares.planned(small.token, connections: 1, budget: 16), [.init(token: large.token, connections: 15)])
        XCTAssertEqual(shares.granted(small.token), 1)
        let next = shares.reserve(host: host, wanted: 16, limit: 16, chosenByHaul: true)
        XCTAssertFalse(next.lowered.contains { $0.token == small.token }, "one connection is not shared further")
        XCTAssertEqual(shares.planned(large.token, connections: 16, budget: 16), [], "a plan for more changes nothing")
    }

    /// A count that settled because more were no faster keeps what it settled on and is never raised past it.
    func testACountThatSettledBelowItsShareGivesTheRestAndIsNotRaisedAgain() {
        var shares = HostShares()
        let pipe = shares.reserve(host: host, wanted: 16, limit: 16, chosenByHaul: true)
        let other = shares.reserve(host: host, wanted: 16, limit: 16, chosenByHaul: true)
        XCTAssertEqual(shares.planned(pipe.token, connections: 4, budget: 16), [.init(token: other.token, connections: 12)])
        let third = shares.reserve(host: host, wanted: 16, limit: 16, chosenByHaul: true)
        XCTAssertEqual(third.granted, 5, "16 / 3, taken from the other: the settled one holds less than a share")
        XCTAssertEqual(shares.granted(pipe.token), 4)
        XCTAssertEqual(shares.release(other.token, budget: 16), [.init(token: third.token, connections: 12)], "not the settled one")
        XCTAssertEqual(shares.granted(pipe.token), 4)
    }
}
