import XCTest

@testable import HaulDaemon

/// `DaemonRequest.header(_:)`: names match whatever the case of their letters (the Host and Origin checks read
/// them so), and only names of the same bytes otherwise.
final class DaemonRequestHeaderTests: XCTestCase {
    func testHeaderNamesMatchWithoutRegardToCase() {
        let request = DaemonRequest(headers: [(name: "HoSt", value: "127.0.0.1:6800"), (name: "origin", value: "http://a")])
        XCTAssertEqual(request.header("host"), "127.0.0.1:6800")
        XCTAssertEqual(request.header("HOST"), "127.0.0.1:6800")
        XCTAssertEqual(request.header("Origin"), "http://a")
        XCTAssertEqual(request.checkedHead.host, "127.0.0.1:6800")
        XCTAssertEqual(request.checkedHead.origin, "http://a")
    }

    func testOnlyTheSameNameMatches() {
        let request = DaemonRequest(headers: [(name: "Hosts", value: "a"), (name: "Hos", value: "b"), (name: "Origin[", value: "c")])
        XCTAssertNil(request.header("host"), "a longer or shorter name is another header")
        // `[` is `{` with the case bit: only letters fold.
        XCTAssertNil(request.header("origin{"))
        XCTAssertEqual(request.header("ORIGIN["), "c")
    }
}
