import XCTest

@testable import HaulCore

final class HTTPParsingTests: XCTestCase {
    // Rule 2: one range per request, inclusive HTTP positions.
    func testRangeHeaderValues() {
        XCTAssertEqual(ByteRange(0, 100).rangeHeaderValue, "bytes=0-99")
        XCTAssertEqual(ByteRange(10, nil).rangeHeaderValue, "bytes=10-")
        XCTAssertEqual(ByteRange(5, 6).rangeHeaderValue, "bytes=5-5")
        XCTAssertFalse(ByteRange(10, nil).rangeHeaderValue.contains(","))
        XCTAssertEqual(ByteRange(3, 10).count, 7)
        XCTAssertNil(ByteRange(3, nil).count)
    }

    // Rule 12: numbers beyond Int64 are errors, never wraps or crashes.
    func testNumbersParseDefensively() {
        XCTAssertEqual(HTTPNumber.parseNonNegative("0"), 0)
        XCTAssertEqual(HTTPNumber.parseNonNegative("9223372036854775807"), Int64.max)
        XCTAssertNil(HTTPNumber.parseNonNegative("9223372036854775808"))
        XCTAssertNil(HTTPNumber.parseNonNegative("99999999999999999999999"))
        XCTAssertNil(HTTPNumber.parseNonNegative("-1"))
        XCTAssertNil(HTTPNumber.parseNonNegative("+1"))
        XCTAssertNil(HTTPNumber.parseNonNegative(" 1"))
        XCTAssertNil(HTTPNumber.parseNonNegative("1e3"))
        XCTAssertNil(HTTPNumber.parseNonNegative(""))
        XCTAssertEqual(HTTPNumber.parseContentLength("42"), 42)
        XCTAssertEqual(HTTPNumber.parseContentLength("42, 42"), 42)
        XCTAssertNil(HTTPNumber.parseContentLength("42, 43"))
        XCTAssertNil(HTTPNumber.parseContentLength("18446744073709551616"))
    }

    // Rule 6: Content-Range is parsed exactly; anything odd is refused.
    func testContentRangeParsing() {
        XCTAssertEqual(ContentRange(headerValue: "bytes 0-99/1000"), .satisfied(first: 0, last: 99, total: 1000))
        XCTAssertEqual(ContentRange(headerValue: "bytes 0-99/*"), .satisfied(first: 0, last: 99, total: nil))
        XCTAssertEqual(ContentRange(headerValue: "bytes */1000"), .unsatisfied(total: 1000))
        XCTAssertEqual(ContentRange(headerValue: "BYTES 5-5/6")?.byteRange, ByteRange(5, 6))
        XCTAssertNil(ContentRange(headerValue: "bytes 10-5/100"), "last < first")
        XCTAssertNil(ContentRange(headerValue: "bytes 0-100/100"), "total <= last")
        XCTAssertNil(ContentRange(headerValue: "items 0-1/2"), "other unit")
        XCTAssertNil(ContentRange(headerValue: "bytes 0-99"), "no total")
        XCTAssertNil(ContentRange(headerValue: "bytes */*"))
        XCTAssertNil(ContentRange(headerValue: "bytes -5/100"))
        XCTAssertNil(ContentRange(headerValue: "bytes 0-99/1000, 200-299/1000"))
        XCTAssertNil(ContentRange(headerValue: "bytes 0-99999999999999999999/99999999999999999999"), "overflow")
    }

    /// Field names compare without regard to ASCII case, and only to ASCII case: `@` and a backquote differ by the
    /// same bit as `A` and `a` but are different characters.
    func testFieldNamesCompareWithoutRegardToASCIICaseOnly() {
        let head = ResponseHead(status: 200, [("Content-Type", "text/plain"), ("X-@", "at"), ("x-\u{7F}", "del"), ("ETag", "\"a\"")])
        XCTAssertEqual(head["content-type"], "text/plain")
        XCTAssertEqual(head["CONTENT-TYPE"], "text/plain")
        XCTAssertEqual(head["etag"], "\"a\"")
        XCTAssertNil(head["content-typ"])
        XCTAssertNil(head["content_type"])
        XCTAssertEqual(head["x-@"], "at")
        XCTAssertNil(head["x-`"], "@ and ` are not one letter in two cases")
        XCTAssertNil(head["x-_"], "_ and DEL are not one letter in two cases")
        XCTAssertNil(head["Content-Typé"], "other lengths never match")
        XCTAssertEqual(head.values("CONTENT-type"), ["text/plain"])
    }

    func testHTTPDatesInAllThreeForms() {
        let expected: Int64 = 784_111_777  // Sun, 06 Nov 1994 08:49:37 GMT
        XCTAssertEqual(HTTPDate.secondsSinceEpoch("Sun, 06 Nov 1994 08:49:37 GMT"), expected)
        XCTAssertEqual(HTTPDate.secondsSinceEpoch("Sunday, 06-Nov-94 08:49:37 GMT"), expected)
        XCTAssertEqual(HTTPDate.secondsSinceEpoch("Sun Nov  6 08:49:37 1994"), expected)
        XCTAssertEqual(HTTPDate.secondsSinceEpoch("Thu, 01 Jan 1970 00:00:00 GMT"), 0)
        XCTAssertNil(HTTPDate.secondsSinceEpoch("yesterday"))
        XCTAssertNil(HTTPDate.secondsSinceEpoch("Sun, 06 Foo 1994 08:49:37 GMT"))
        XCTAssertNil(HTTPDate.secondsSinceEpoch("Sun, 06 Nov 1994 25:49:37 GMT"))
    }

    func testRetryAfterSecondsAndDates() {
        XCTAssertEqual(RetryAfter.seconds(headerValue: "120", responseDate: nil, now: 0), 120)
        XCTAssertEqual(
            RetryAfter.seconds(
                headerValue: "Sun, 06 Nov 1994 08:49:47 GMT",
                responseDate: "Sun, 06 Nov 1994 08:49:37 GMT",
                now: 0
            ),
            10,
            "a date is measured against the response's Date, not the local clock"
        )
        XCTAssertEqual(RetryAfter.seconds(headerValue: "Sun, 06 Nov 1994 08:49:47 GMT", responseDate: nil, now: 784_111_777), 10)
        XCTAssertEqual(RetryAfter.seconds(headerValue: "Sun, 06 Nov 1994 08:49:27 GMT", responseDate: nil, now: 784_111_777), 0)
        XCTAssertNil(RetryAfter.seconds(headerValue: "soon", responseDate: nil, now: 0))
        XCTAssertNil(RetryAfter.seconds(headerValue: "-5", responseDate: nil, now: 0))
    }

    func testResponseHeadLooksUpNamesCaseInsensitively() {
        let head = ResponseHead(status: 200, [("content-length", "5"), ("ETag", "\"a\""), ("etag", "\"b\"")])
        XCTAssertEqual(head["Content-Length"], "5")
        XCTAssertEqual(head["ETAG"], "\"a\"")
        XCTAssertEqual(head.values("etag"), ["\"a\"", "\"b\""])
        XCTAssertNil(head["Range"])
    }
}
