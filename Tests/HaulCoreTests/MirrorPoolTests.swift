import HaulCore
import XCTest

/// Which mirror each connection uses, and when a mirror is dropped: never two versions stitched together.
final class MirrorPoolTests: XCTestCase {
  private func identity(etag: String?, length: Int64?) -> ResourceIdentity {
    ResourceIdentity(entityTag: etag.map(EntityTag.init), lastModified: nil, totalLength: length, lastModifiedIsStrong: false)
  }

  func testEveryMirrorIsTriedFirstInOrderThenTheFastOnesGetMore() {
    var pool = MirrorPool(urls: ["a", "b", "c"], connectionsPerMirror: 4)
    XCTAssertEqual([pool.openConnection(), pool.openConnection(), pool.openConnection()], [0, 1, 2])
    pool.received(10_000_000, in: 1, from: 0)  // a: 10 MB/s
    pool.received(1_000_000, in: 1, from: 1)  // b: 1 MB/s
    pool.received(2_000_000, in: 1, from: 2)  // c: 2 MB/s
    XCTAssertEqual(pool.openConnection(), 0, "the fastest per connection it would carry")
    XCTAssertEqual(pool.openConnection(), 0, "10/3 still beats 2/2")
    XCTAssertEqual(pool.openConnection(), 0, "10/4 beats 2/2")
    XCTAssertEqual(pool.openConnection(), 2, "a is at its cap of 4")
    XCTAssertEqual(pool.mirrors.map(\.connections), [4, 1, 2])
  }

  func testTheCapIsPerMirrorAndDuplicatesAreOneMirror() {
    var pool = MirrorPool(urls: ["a", "a", "b"], connectionsPerMirror: 1)
    XCTAssertEqual(pool.mirrors.count, 2)
    XCTAssertEqual(pool.openConnection(), 0)
    XCTAssertEqual(pool.openConnection(), 1)
    XCTAssertNil(pool.openConnection(), "every mirror is full")
    pool.closeConnection(on: 0)
    XCTAssertEqual(pool.openConnection(), 0)
  }

  func testAnotherLengthDropsTheMirror() {
    var pool = MirrorPool(urls: ["a", "b"])
    XCTAssertEqual(pool.check(identity(etag: "\"1\"", length: 1000), from: 0), .consistent)
    XCTAssertEqual(pool.check(identity(etag: "\"x\"", length: 999), from: 1), .dropped("serves 999 bytes where the file has 1000"))
    XCTAssertEqual(pool.active, [0])
    var known = MirrorPool(urls: ["a"], length: 5)
    XCTAssertEqual(known.check(identity(etag: nil, length: 6), from: 0), .dropped("serves 6 bytes where the file has 5"))
    XCTAssertTrue(known.exhausted)
  }

  func testMirrorsMayHaveTheirOwnValidatorsButNotChangeThem() {
    var pool = MirrorPool(urls: ["a", "b"])
    XCTAssertEqual(pool.check(identity(etag: "\"a1\"", length: 10), from: 0), .consistent)
    XCTAssertEqual(pool.check(identity(etag: "\"b1\"", length: 10), from: 1), .consistent, "each mirror has its own ETag")
    XCTAssertEqual(pool.check(identity(etag: "\"a1\"", length: 10), from: 0), .consistent)
    guard case .dropped(let reason) = pool.check(identity(etag: "\"b2\"", length: 10), from: 1) else {
      return XCTFail("a changed validator must drop the mirror")
    }
    XCTAssertTrue(reason.contains("changed"), reason)
    XCTAssertNil(pool.openConnection().flatMap { $0 == 1 ? $0 : nil }, "a dropped mirror gets no connection")
  }

  func testFailuresInARowOrAFinalAnswerDropAMirrorAndTheLastDropExhaustsThePool() {
    var pool = MirrorPool(urls: ["a", "b"], failuresBeforeDrop: 3)
    XCTAssertNil(pool.failed(0, "connection reset", final: false))
    XCTAssertNil(pool.failed(0, "connection reset", final: false))
    pool.received(100, in: 0.1, from: 0)
    XCTAssertNil(pool.failed(0, "connection reset", final: false), "bytes in between reset the count")
    XCTAssertNil(pool.failed(0, "connection reset", final: false))
    XCTAssertEqual(pool.failed(0, "connection reset", final: false), "connection reset (3 times in a row)")
    XCTAssertFalse(pool.exhausted)
    XCTAssertEqual(pool.failed(1, "404 Not Found", final: true), "404 Not Found")
    XCTAssertTrue(pool.exhausted)
    XCTAssertNil(pool.openConnection())
    XCTAssertEqual(pool.exhaustedReason, "a: connection reset (3 times in a row)\nb: 404 Not Found")
  }
}
