import HaulCore
import XCTest

/// Whether a half-written byte-range stream continues on a later run, and how the next parts are judged against the
/// versions the earlier run recorded (docs/hls.md, "Byte ranges").
final class HLSByteRangeResumeTests: XCTestCase {
    private let stream = "http://h/stream.ts"
    private let v1 = ResourceIdentity(entityTag: EntityTag("\"v1\""), lastModified: nil, totalLength: 1000, lastModifiedIsStrong: false)
    private let v2 = ResourceIdentity(entityTag: EntityTag("\"v2\""), lastModified: nil, totalLength: 1000, lastModifiedIsStrong: false)

    func testSavedPartsWithARecordedStrongValidatorResume() {
        XCTAssertEqual(HLSByteRangeResume.judge(savedResources: [stream, stream, stream], recorded: [stream: v1]), .resume)
        let oldDate = ResourceIdentity(entityTag: nil, lastModified: "Sun, 01 Nov 2026 00:00:00 GMT", totalLength: 1000, lastModifiedIsStrong: true)
        XCTAssertEqual(HLSByteRangeResume.judge(savedResources: [stream], recorded: [stream: oldDate]), .resume)
    }

    func testNoSavedByteRangesResume() {
        XCTAssertEqual(HLSByteRangeResume.judge(savedResources: [], recorded: [:]), .resume, "segments of their own: no version to prove")
    }

    func testAVersionNotRecordedStartsOver() {
        guard case .startOver(let why) = HLSByteRangeResume.judge(savedResources: [stream], recorded: [:]) else {
            return XCTFail("a row from before versions were kept resumed")
        }
        XCTAssertEqual(why, "the version of http://h/stream.ts was not recorded with the saved parts")
        let other = HLSByteRangeResume.judge(savedResources: [stream, "http://h/b.ts"], recorded: [stream: v1])
        XCTAssertNotEqual(other, .resume, "each saved resource needs its version")
    }

    func testALengthOrAWeakTagAloneStartsOver() {
        let lengthOnly = ResourceIdentity(entityTag: nil, lastModified: nil, totalLength: 1000, lastModifiedIsStrong: false)
        let weak = ResourceIdentity(entityTag: EntityTag("W/\"w\""), lastModified: nil, totalLength: 1000, lastModifiedIsStrong: false)
        let recent = ResourceIdentity(entityTag: nil, lastModified: "Sun, 01 Nov 2026 00:00:00 GMT", totalLength: 1000, lastModifiedIsStrong: false)
        for identity in [lengthOnly, weak, recent] {
            guard case .startOver(let why) = HLSByteRangeResume.judge(savedResources: [stream], recorded: [stream: identity]) else {
                return XCTFail("\(identity) resumed")
            }
            XCTAssertTrue(why.hasPrefix("http://h/stream.ts has no strong validator"), why)
        }
    }

    func testAnotherVersionBeforeThisRunTookAPartChangedSinceTheLastRun() {
        var versions = HLSResourceVersions(lastRun: [stream: v1])
        XCTAssertEqual(versions.judge(stream, v2), .changedSinceLastRun)
        XCTAssertEqual(versions.judge("http://h/other.ts", v2), .sameVersion, "a resource the earlier run did not record is new")
    }

    func testAnotherVersionAfterThisRunTookAPartChangedWhileFetched() {
        var versions = HLSResourceVersions(lastRun: [stream: v1])
        XCTAssertEqual(versions.judge(stream, v1), .sameVersion)
        XCTAssertEqual(versions.judge(stream, v2), .changedWhileFetched)
        var fresh = HLSResourceVersions()
        XCTAssertEqual(fresh.judge(stream, v1), .sameVersion)
        XCTAssertEqual(fresh.judge(stream, v2), .changedWhileFetched, "within one run, as before")
    }

    func testAnotherLengthUnderTheSameTagChangedSinceTheLastRun() {
        var versions = HLSResourceVersions(lastRun: [stream: v1])
        let longer = ResourceIdentity(entityTag: EntityTag("\"v1\""), lastModified: nil, totalLength: 2000, lastModifiedIsStrong: false)
        XCTAssertEqual(versions.judge(stream, longer), .changedSinceLastRun)
        XCTAssertEqual(versions.versions[stream], v1, "the recorded version stays the one compared with")
    }
}
