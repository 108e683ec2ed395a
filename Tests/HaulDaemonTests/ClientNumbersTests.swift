import Foundation
import HaulDaemon
import HaulTestSupport
import XCTest

/// Issue 33, point 5: any integer a client sends is taken without a trap (the daemon died with SIGILL); the
/// answers are aria2's, clamped to the lists.
final class ClientNumbersTests: XCTestCase {
    let most = JSONValue.int(Int64.max)
    let least = JSONValue.int(Int64.min)

    func testHugeOffsetsCountsAndPositionsAreClampedNotTrapped() async throws {
        let fixture = try await DaemonFixture.start()
        let url = fixture.serve("/n", deterministicBytes(count: 1000))
        var gids: [JSONValue] = []
        for index in 0..<4 {
            gids.append(try fixture.call("aria2.addUri", [[.string(url)], ["out": .string("n\(index)"), "pause": "true"]]))
        }
        // Two stopped (removed), two waiting (paused).
        XCTAssertEqual(try fixture.call("aria2.remove", [gids[2]]), gids[2])
        XCTAssertEqual(try fixture.call("aria2.remove", [gids[3]]), gids[3])

        XCTAssertEqual(try fixture.call("aria2.tellStopped", [1, most, ["gid"]]), [["gid": gids[3]]])
        XCTAssertEqual(try fixture.call("aria2.tellStopped", [-1, most, ["gid"]]), [["gid": gids[3]], ["gid": gids[2]]])
        XCTAssertEqual(try fixture.call("aria2.tellStopped", [most, most]), [])
        XCTAssertEqual(try fixture.call("aria2.tellStopped", [least, most]), [])
        XCTAssertEqual(try fixture.call("aria2.tellWaiting", [1, most, ["gid"]]), [["gid": gids[1]]])
        XCTAssertEqual(try fixture.call("aria2.tellWaiting", [-2, most, ["gid"]]), [["gid": gids[0]]])
        // A negative count is refused as aria2 refuses it, for either list.
        for method in ["aria2.tellWaiting", "aria2.tellStopped"] {
            for count in [least, JSONValue.int(-1)] {
                XCTAssertEqual(try fixture.error(method, [0, count]), "The parameter num must be zero or positive integer.")
            }
        }
        XCTAssertEqual(try fixture.call("aria2.tellWaiting", [0, 0]), [])

        XCTAssertEqual(try fixture.call("aria2.changePosition", [gids[0], most, "POS_CUR"]), 1)
        XCTAssertEqual(try fixture.call("aria2.changePosition", [gids[0], most, "POS_END"]), 1)
        XCTAssertEqual(try fixture.call("aria2.changePosition", [gids[0], least, "POS_END"]), 0)
        XCTAssertEqual(try fixture.call("aria2.changePosition", [gids[0], least, "POS_CUR"]), 0)
        XCTAssertEqual(try fixture.call("aria2.changePosition", [gids[0], most, "POS_SET"]), 1)
        XCTAssertEqual(try fixture.call("aria2.tellWaiting", [0, 10, ["gid"]]), [["gid": gids[1]], ["gid": gids[0]]])
        // A number past Int64 is refused with aria2's error shape, not read as something else.
        let message = try fixture.error("aria2.tellWaiting", [.double(1e19), 1])
        XCTAssertTrue(message.contains("integer"), message)
        XCTAssertEqual(try fixture.call("aria2.getVersion")["version"], "1.37.0", "still running")
        await fixture.stop()
    }

    func testAMetalinkAtTheLastPositionPlacesEveryFileLast() async throws {
        let fixture = try await DaemonFixture.start()
        let url = fixture.serve("/m", deterministicBytes(count: 10))
        let xml = "<?xml version=\"1.0\"?><metalink xmlns=\"urn:ietf:params:xml:ns:metalink\">"
            + "<file name=\"m1\"><url>\(url)</url></file><file name=\"m2\"><url>\(url)</url></file></metalink>"
        let gids = try fixture.call("aria2.addMetalink", [.string(Data(xml.utf8).base64EncodedString()), ["pause": "true"], most])
        XCTAssertEqual(gids.arrayValue?.count, 2)
        let waiting = try fixture.call("aria2.tellWaiting", [0, 10, ["gid"]]).arrayValue?.compactMap { $0["gid"] }
        XCTAssertEqual(waiting, gids.arrayValue)
        await fixture.stop()
    }

    func testTheQueueArithmeticSaturates() {
        let items = Array(0..<5)
        XCTAssertEqual(Aria2Queue.window(items, offset: 3, num: Int.max), [3, 4])
        XCTAssertEqual(Aria2Queue.window(items, offset: -1, num: Int.max), [4, 3, 2, 1, 0])
        XCTAssertEqual(Aria2Queue.window(items, offset: Int.min, num: Int.max), [])
        XCTAssertEqual(Aria2Queue.window(items, offset: Int.max, num: 1), [])
        for how in [Aria2Queue.Origin.set, .current, .end] {
            XCTAssertEqual(Aria2Queue.newPosition(current: 2, count: 5, pos: Int.max, how: how), 4, "\(how)")
            XCTAssertEqual(Aria2Queue.newPosition(current: 2, count: 5, pos: Int.min, how: how), 0, "\(how)")
        }
    }
}
