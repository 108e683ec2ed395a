import XCTest

@testable import HaulCore

/// The keep-alive pool's decisions (`IdleConnections`), with numbers for connections and seconds for time.
final class IdleConnectionsTests: XCTestCase {
    func testTheConnectionKeptLastIsTakenFirstAndOnlyForItsServer() {
        var pool = IdleConnections<Int>(perServer: 4, lifetime: 30)
        XCTAssertEqual(pool.keep(1, for: "a:80", now: 0), [])
        XCTAssertEqual(pool.keep(2, for: "a:80", now: 1), [])
        XCTAssertEqual(pool.keep(3, for: "b:80", now: 2), [])
        XCTAssertEqual(pool.take("a:80", now: 3).connection, 2)
        XCTAssertEqual(pool.take("a:80", now: 3).connection, 1)
        XCTAssertNil(pool.take("a:80", now: 3).connection, "nothing left for a:80")
        XCTAssertEqual(pool.count("b:80"), 1, "another server's connection stays")
    }

    func testAConnectionIdleForItsLifetimeIsClosedNotTaken() {
        var pool = IdleConnections<Int>(perServer: 4, lifetime: 30)
        _ = pool.keep(1, for: "a:80", now: 0)
        _ = pool.keep(2, for: "a:80", now: 10)
        let (young, expired) = pool.take("a:80", now: 35)
        XCTAssertEqual(young, 2)
        XCTAssertEqual(expired, [])
        let (none, old) = pool.take("a:80", now: 35)
        XCTAssertNil(none)
        XCTAssertEqual(old, [1], "kept 35 s ago: past its lifetime, handed back to be closed")
        XCTAssertEqual(pool.count("a:80"), 0)
    }

    func testKeepingSweepsOldConnectionsOfEveryServer() {
        var pool = IdleConnections<Int>(perServer: 4, lifetime: 30)
        _ = pool.keep(1, for: "a:80", now: 0)
        _ = pool.keep(2, for: "b:80", now: 20)
        XCTAssertEqual(pool.keep(3, for: "c:80", now: 31), [1], "a:80's connection is past its lifetime")
        XCTAssertEqual(pool.count("a:80"), 0)
        XCTAssertEqual(pool.count("b:80"), 1)
        XCTAssertEqual(pool.count("c:80"), 1)
    }

    func testAFullServerOrAClosedPoolRefusesTheConnection() {
        var pool = IdleConnections<Int>(perServer: 2, lifetime: 30)
        XCTAssertEqual(pool.keep(1, for: "a:80", now: 0), [])
        XCTAssertEqual(pool.keep(2, for: "a:80", now: 0), [])
        XCTAssertEqual(pool.keep(3, for: "a:80", now: 0), [3], "a third idle connection to one server is closed")
        XCTAssertEqual(pool.keep(4, for: "b:80", now: 0), [])
        XCTAssertEqual(Set(pool.closeAll()), [1, 2, 4])
        XCTAssertTrue(pool.isClosed)
        XCTAssertEqual(pool.keep(5, for: "a:80", now: 1), [5], "once closed, nothing is kept")
        XCTAssertNil(pool.take("a:80", now: 1).connection)
    }
}
