import HaulDaemon
import XCTest

final class GIDTests: XCTestCase {
    func testAGIDIsTheIdAsSixteenLowercaseHexDigits() {
        XCTAssertEqual(GID(1).description, "0000000000000001")
        XCTAssertEqual(GID(0x2089b05ecca3d829).description, "2089b05ecca3d829")
        XCTAssertEqual(GID(-1).description, "ffffffffffffffff")
    }

    func testParsingIsTheInverseAndRefusesAnythingButSixteenHexDigits() {
        XCTAssertEqual(GID(parsing: "2089B05ECCA3D829")?.id, 0x2089b05ecca3d829)
        XCTAssertEqual(GID(parsing: GID(-42).description)?.id, -42)
        XCTAssertNil(GID(parsing: "2089b05ecca3d82"))
        XCTAssertNil(GID(parsing: "2089b05ecca3d82g"))
    }

    func testAUniquePrefixFindsTheDownload() {
        let ids: [Int64] = [0x10, 0x21, 0x22]
        XCTAssertEqual(GIDTable.resolve("0000000000000021", among: ids), .found(0x21))
        XCTAssertEqual(GIDTable.resolve("000000000000001", among: ids), .found(0x10))
        XCTAssertEqual(GIDTable.resolve("00000000000000", among: ids), .ambiguous)
        XCTAssertEqual(GIDTable.resolve("000000000000002", among: ids), .ambiguous)
        XCTAssertEqual(GIDTable.resolve("0000000000000099", among: ids), .unknown)
        XCTAssertEqual(GIDTable.resolve("1", among: ids), .unknown)
    }

    func testMalformedGIDsAreToldApartFromUnknownOnes() {
        XCTAssertEqual(GIDTable.resolve("", among: [1]), .malformed)
        XCTAssertEqual(GIDTable.resolve("xyz", among: [1]), .malformed)
        XCTAssertEqual(GIDTable.resolve("00000000000000010", among: [1]), .malformed)
    }
}
