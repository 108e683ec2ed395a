import XCTest

@testable import HaulCore

/// `ConnectionCount` is the one owner of the connection count: its range, default, automatic start and ceiling,
/// the host budget and the pool's limits live there, and every type with a default of its own reads it.
final class ConnectionCountTests: XCTestCase {
    func testTheLimitsAndDefaults() {
        XCTAssertEqual(ConnectionCount.range, 1...32)
        XCTAssertEqual(ConnectionCount.default, .automatic(ceiling: 16), "one default: Haul chooses, up to 16")
        XCTAssertEqual(ConnectionCount.automaticStart, 4)
        XCTAssertEqual(ConnectionCount.automaticCeiling, 16)
        XCTAssertEqual(ConnectionCount.hostBudget, 16)
        XCTAssertEqual(ConnectionCount.poolHostLimit, 64, "twice the most one download may ask for")
        XCTAssertEqual(ConnectionCount.poolIdleSeconds, 30)
    }

    /// The types that had a default of their own (16 and 60 s in the pool machine against 64 and 30 s in the pool,
    /// 4 and 16 in the tuner, 16 in the host budget, 32 in the segment policy) now take it from the one owner.
    func testEveryOtherDefaultIsTheOwnersConstant() {
        XCTAssertEqual(HostBudgetPolicy().defaultLimit, ConnectionCount.hostBudget)
        XCTAssertEqual(ConnectionPoolMachine.Settings().defaultLimit, ConnectionCount.poolHostLimit)
        XCTAssertEqual(ConnectionPoolMachine.Settings().idleSeconds, ConnectionCount.poolIdleSeconds)
        XCTAssertEqual(ConnectionTuner.Settings().initial, ConnectionCount.automaticStart)
        XCTAssertEqual(ConnectionTuner.Settings().ceiling, ConnectionCount.automaticCeiling)
        XCTAssertEqual(SegmentPolicy.connectionLimit, ConnectionCount.range.upperBound)
        XCTAssertLessThanOrEqual(ConnectionCount.automaticCeiling, ConnectionCount.range.upperBound)
        XCTAssertLessThanOrEqual(ConnectionCount.automaticStart, ConnectionCount.automaticCeiling)
    }

    func testTheOneClamp() {
        XCTAssertEqual(ConnectionCount.clamped(0), 1)
        XCTAssertEqual(ConnectionCount.clamped(-5), 1)
        XCTAssertEqual(ConnectionCount.clamped(1), 1)
        XCTAssertEqual(ConnectionCount.clamped(12), 12)
        XCTAssertEqual(ConnectionCount.clamped(32), 32)
        XCTAssertEqual(ConnectionCount.clamped(40), 32)
        XCTAssertEqual(ConnectionCount.clamped(.max), 32)
        XCTAssertEqual(ConnectionCount.clamped(.min), 1)
        XCTAssertEqual(ConnectionCount.fixed(40).clamped, .fixed(32))
        XCTAssertEqual(ConnectionCount.automatic(ceiling: 0).clamped, .automatic(ceiling: 1))
        XCTAssertEqual(ConnectionCount.default.clamped, .default)
    }

    func testParsing() {
        XCTAssertEqual(ConnectionCount(parsing: "auto"), .default)
        XCTAssertEqual(ConnectionCount(parsing: "AUTO"), .default)
        XCTAssertEqual(ConnectionCount(parsing: "12"), .fixed(12))
        XCTAssertEqual(ConnectionCount(parsing: "40"), .fixed(40), "read as typed; checked by problem(named:)")
        XCTAssertNil(ConnectionCount(parsing: "many"))
        XCTAssertNil(ConnectionCount(parsing: ""))
        XCTAssertNil(ConnectionCount(parsing: "8.5"))
    }

    /// One sentence for a count that cannot be used, whichever front-end it was typed into.
    func testOneWordingForACountOutOfRange() {
        XCTAssertNil(ConnectionCount.fixed(1).problem(named: "split"))
        XCTAssertNil(ConnectionCount.fixed(32).problem(named: "split"))
        XCTAssertNil(ConnectionCount.default.problem(named: "split"))
        XCTAssertEqual(ConnectionCount.fixed(40).problem(named: "split"), "split must be auto or a count between 1 and 32, not 40")
        XCTAssertEqual(ConnectionCount.fixed(0).problem(named: "--connections"), "--connections must be auto or a count between 1 and 32, not 0")
        XCTAssertEqual(ConnectionCount.automatic(ceiling: 33).problem(named: "connections"), "connections must be auto or a count between 1 and 32, not 33")
        XCTAssertEqual(ConnectionCount.checked("12", named: "split"), .success(.fixed(12)))
        XCTAssertEqual(ConnectionCount.checked("auto", named: "split"), .success(.default))
        XCTAssertEqual(ConnectionCount.checked("40", named: "split"),
                       .failure(ConnectionCountError("split must be auto or a count between 1 and 32, not 40")))
        XCTAssertEqual(ConnectionCount.checked("many", named: "split"),
                       .failure(ConnectionCountError("split must be auto or a count between 1 and 32, not many")))
    }

    func testMostAndKind() {
        XCTAssertEqual(ConnectionCount.default.most, 16)
        XCTAssertTrue(ConnectionCount.default.isAutomatic)
        XCTAssertEqual(ConnectionCount.fixed(5).most, 5)
        XCTAssertFalse(ConnectionCount.fixed(5).isAutomatic)
        XCTAssertEqual(ConnectionCount.default.description, "auto")
        XCTAssertEqual(ConnectionCount.automatic(ceiling: 8).description, "auto up to 8")
        XCTAssertEqual(ConnectionCount.fixed(5).description, "5")
    }

    /// aria2's `split` and `max-connection-per-server` together: the stricter binds.
    func testTheStricterOfTwoCounts() {
        XCTAssertEqual(ConnectionCount.stricter(.fixed(16), .fixed(4)), .fixed(4))
        XCTAssertEqual(ConnectionCount.stricter(.default, .fixed(20)), .fixed(20), "a typed count binds")
        XCTAssertEqual(ConnectionCount.stricter(.fixed(3), .default), .fixed(3))
        XCTAssertEqual(ConnectionCount.stricter(.automatic(ceiling: 8), .default), .automatic(ceiling: 8))
    }
}
