import XCTest

@testable import HaulCore

final class ResumeValidatorTests: XCTestCase {
    private let date = "Sun, 06 Nov 1994 08:49:37 GMT"

    func testWeakEntityTagsAreRecognised() {
        XCTAssertTrue(EntityTag("W/\"x\"").isWeak)
        XCTAssertFalse(EntityTag("\"x\"").isWeak)
        XCTAssertTrue(EntityTag("\"x\"").stronglyMatches(EntityTag("\"x\"")))
        XCTAssertFalse(EntityTag("W/\"x\"").stronglyMatches(EntityTag("W/\"x\"")), "weak tags never match strongly")
        XCTAssertFalse(EntityTag("\"x\"").stronglyMatches(EntityTag("\"y\"")))
    }

    // Rule 3: If-Range only with a strong validator.
    func testIfRangeUsesStrongETag() {
        let identity = ResourceIdentity(response: ResponseHead(status: 200, [("ETag", "\"abc\""), ("Date", date)]), totalLength: 10)
        XCTAssertEqual(identity.ifRangeValue, "\"abc\"")
    }

    func testIfRangeNeverUsesWeakETag() {
        let identity = ResourceIdentity(response: ResponseHead(status: 200, [("ETag", "W/\"abc\"")]), totalLength: 10)
        XCTAssertNil(identity.ifRangeValue)
        XCTAssertFalse(identity.canResume)
    }

    func testLastModifiedIsStrongOnlyWhenOldEnough() {
        let old = ResourceIdentity(
            response: ResponseHead(status: 200, [("Last-Modified", "Sun, 06 Nov 1994 08:49:36 GMT"), ("Date", date)]),
            totalLength: 10
        )
        XCTAssertEqual(old.ifRangeValue, "Sun, 06 Nov 1994 08:49:36 GMT")
        let fresh = ResourceIdentity(
            response: ResponseHead(status: 200, [("Last-Modified", date), ("Date", date)]),
            totalLength: 10
        )
        XCTAssertNil(fresh.ifRangeValue, "modified in the same second as the response: could change unseen")
        let undated = ResourceIdentity(
            response: ResponseHead(status: 200, [("Last-Modified", "Sun, 06 Nov 1994 08:00:00 GMT")]),
            totalLength: 10
        )
        XCTAssertNil(undated.ifRangeValue, "without Date the age cannot be proven")
        let weakTagOldDate = ResourceIdentity(
            response: ResponseHead(status: 200, [("ETag", "W/\"x\""), ("Last-Modified", "Sun, 06 Nov 1994 08:00:00 GMT"), ("Date", date)]),
            totalLength: 10
        )
        XCTAssertEqual(weakTagOldDate.ifRangeValue, "Sun, 06 Nov 1994 08:00:00 GMT", "a strong date beats a weak tag")
    }

    // Rule 7: the same strong validator and length, or it is another version.
    func testSameVersionNeedsSameValidatorAndLength() {
        let known = ResourceIdentity(entityTag: EntityTag("\"a\""), lastModified: nil, totalLength: 100, lastModifiedIsStrong: false)
        XCTAssertTrue(known.isSameVersion(as: ResourceIdentity(entityTag: EntityTag("\"a\""), lastModified: nil, totalLength: 100, lastModifiedIsStrong: false)))
        XCTAssertFalse(known.isSameVersion(as: ResourceIdentity(entityTag: EntityTag("\"b\""), lastModified: nil, totalLength: 100, lastModifiedIsStrong: false)))
        XCTAssertFalse(known.isSameVersion(as: ResourceIdentity(entityTag: EntityTag("\"a\""), lastModified: nil, totalLength: 101, lastModifiedIsStrong: false)))
        XCTAssertFalse(known.isSameVersion(as: ResourceIdentity(entityTag: nil, lastModified: nil, totalLength: 100, lastModifiedIsStrong: false)), "a response without the validator cannot prove anything")
        XCTAssertFalse(known.isSameVersion(as: ResourceIdentity(entityTag: EntityTag("W/\"a\""), lastModified: nil, totalLength: 100, lastModifiedIsStrong: false)))
        let byDate = ResourceIdentity(entityTag: nil, lastModified: "Sun, 06 Nov 1994 08:00:00 GMT", totalLength: 100, lastModifiedIsStrong: true)
        XCTAssertTrue(byDate.isSameVersion(as: ResourceIdentity(entityTag: nil, lastModified: "Sun, 06 Nov 1994 08:00:00 GMT", totalLength: 100, lastModifiedIsStrong: false)))
        XCTAssertFalse(byDate.isSameVersion(as: ResourceIdentity(entityTag: nil, lastModified: "Sun, 06 Nov 1994 09:00:00 GMT", totalLength: 100, lastModifiedIsStrong: false)))
    }

    // Rules 1, 2, 3, 4: what a request asks for.
    func testPlansAlwaysAskForIdentityEncoding() {
        let known = ResourceIdentity(entityTag: EntityTag("\"a\""), lastModified: nil, totalLength: 100, lastModifiedIsStrong: false)
        for plan in [RequestPlan.wholeFile, .fetch(ByteRange(10, nil), of: known), .fetch(ByteRange(10, 20), of: known)] {
            XCTAssertEqual(plan.headers.first, HeaderField(name: "Accept-Encoding", value: "identity"))
        }
    }

    func testResumePlanSendsRangeAndIfRange() {
        let known = ResourceIdentity(entityTag: EntityTag("\"a\""), lastModified: nil, totalLength: 100, lastModifiedIsStrong: false)
        let plan = RequestPlan.fetch(ByteRange(40, nil), of: known)
        XCTAssertEqual(plan.range, ByteRange(40, nil))
        XCTAssertEqual(plan.ifRange, "\"a\"")
        XCTAssertEqual(plan.headers.map(\.name), ["Accept-Encoding", "Range", "If-Range"])
        XCTAssertEqual(plan.headers[1].value, "bytes=40-")
    }

    func testNoStrongValidatorMeansWholeFile() {
        let weak = ResourceIdentity(entityTag: EntityTag("W/\"a\""), lastModified: nil, totalLength: 100, lastModifiedIsStrong: false)
        XCTAssertEqual(RequestPlan.fetch(ByteRange(40, nil), of: weak), .wholeFile)
        XCTAssertEqual(RequestPlan.fetch(ByteRange(40, nil), of: nil), .wholeFile)
    }

    func testNoIfRangeWithoutRange() {
        let known = ResourceIdentity(entityTag: EntityTag("\"a\""), lastModified: nil, totalLength: 100, lastModifiedIsStrong: false)
        let plan = RequestPlan.fetch(ByteRange(0, nil), of: known)
        XCTAssertNil(plan.range)
        XCTAssertNil(plan.ifRange)
        XCTAssertFalse(plan.headers.contains { $0.name == "If-Range" || $0.name == "Range" })
    }
}
