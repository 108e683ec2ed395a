import HaulCore
import XCTest

/// How an `EXT-X-BYTERANGE` piece's answer is taken, and the one-version rule for its file (docs/hls.md, "Byte
/// ranges").
final class HLSRangeAnswerTests: XCTestCase {
    private let asked = HLSByteRange(offset: 100, length: 50)

    private func head(_ status: Int, _ fields: [(String, String)]) -> ResponseHead {
        ResponseHead(status: status, headers: fields.map { HeaderField(name: $0.0, value: $0.1) })
    }

    func testA206OfExactlyTheRangeIsThePiece() {
        XCTAssertEqual(HLSRangeAnswer.judge(head(206, [("Content-Range", "bytes 100-149/1000")]), asked: asked), .piece)
    }

    func testA206OfAnotherRangeOrWithoutOneIsRefused() {
        for range in ["bytes 100-148/1000", "bytes 99-149/1000", "bytes 100-150/1000", "bytes 0-999/1000"] {
            guard case .refuse(let why) = HLSRangeAnswer.judge(head(206, [("Content-Range", range)]), asked: asked) else {
                return XCTFail("\(range) taken as the piece")
            }
            XCTAssertTrue(why.contains("100-149 were asked"), why)
        }
        guard case .refuse = HLSRangeAnswer.judge(head(206, []), asked: asked) else { return XCTFail("206 without Content-Range taken") }
    }

    func testA200IsTheWholeFileToCutThePieceFrom() {
        XCTAssertEqual(HLSRangeAnswer.judge(head(200, [("Content-Length", "1000")]), asked: asked), .wholeResource(offset: 100))
    }

    func testAnEncodedAnswerIsRefusedItsOffsetsAreNotTheFiles() {
        guard case .refuse(let why) = HLSRangeAnswer.judge(head(206, [("Content-Range", "bytes 100-149/1000"), ("Content-Encoding", "gzip")]), asked: asked)
        else { return XCTFail("an encoded range taken") }
        XCTAssertTrue(why.contains("gzip"), why)
    }

    func testOtherStatusesAreForTheUsualRules() {
        for status in [301, 302, 404, 416, 429, 500, 503] {
            XCTAssertEqual(HLSRangeAnswer.judge(head(status, []), asked: asked), .usual, "\(status)")
        }
    }

    func testThePiecesOfOneFileMustBeOfOneVersion() {
        var versions = HLSResourceVersions()
        let v1 = ResourceIdentity(response: head(206, [("ETag", "\"v1\"")]), totalLength: 1000)
        let v2 = ResourceIdentity(response: head(206, [("ETag", "\"v2\"")]), totalLength: 1000)
        XCTAssertTrue(versions.admit("http://h/stream.ts", v1))
        XCTAssertTrue(versions.admit("http://h/stream.ts", v1))
        XCTAssertFalse(versions.admit("http://h/stream.ts", v2), "another ETag: another version")
        XCTAssertTrue(versions.admit("http://h/other.ts", v2), "each file on its own")
        let longer = ResourceIdentity(response: head(206, [("ETag", "\"v1\"")]), totalLength: 2000)
        XCTAssertFalse(versions.admit("http://h/stream.ts", longer), "another length: another version")
    }

    func testWithoutAValidatorTheLengthIsWhatIsChecked() {
        var versions = HLSResourceVersions()
        let plain = ResourceIdentity(response: head(206, []), totalLength: 1000)
        XCTAssertTrue(versions.admit("u", plain))
        XCTAssertTrue(versions.admit("u", plain))
        XCTAssertFalse(versions.admit("u", ResourceIdentity(response: head(206, []), totalLength: 999)))
    }

    func testAPartAsksForItsRangeWithoutIfRange() {
        let plan = RequestPlan.part(ByteRange(100, 150))
        XCTAssertEqual(plan.headers.map(\.name), ["Accept-Encoding", "Range"])
        XCTAssertEqual(plan.headers.last?.value, "bytes=100-149")
    }
}
