import Foundation
import XCTest

@testable import HaulCore

/// The one request every transport sends (`RequestBuilder`): which fields, in which order, and which never go.
final class RequestBuilderTests: XCTestCase {
    private let builder = RequestBuilder(userAgent: "haul/1")
    private let known = ResourceIdentity(entityTag: EntityTag("\"v1\""), lastModified: nil, totalLength: 1000, lastModifiedIsStrong: false)

    private func names(_ head: RequestHead) -> [String] { head.fields.map(\.name) }

    func testTheUserAgentThenTheCallersFieldsThenThePlansReplacingTheirNames() {
        let plan = RequestPlan.fetch(ByteRange(100, 200), of: known)
        let head = builder.head(
            for: URL(string: "http://example.org/f")!, plan: plan,
            extraHeaders: [
                HeaderField(name: "X-Id", value: "7"), HeaderField(name: "range", value: "bytes=0-"),
                HeaderField(name: "Accept-Encoding", value: "gzip"), HeaderField(name: "If-Range", value: "\"old\""),
            ],
            sendsCredentials: true
        )
        XCTAssertEqual(head.fields, [
            HeaderField(name: "User-Agent", value: "haul/1"), HeaderField(name: "X-Id", value: "7"),
            HeaderField(name: "Accept-Encoding", value: "identity"), HeaderField(name: "Range", value: "bytes=100-199"),
            HeaderField(name: "If-Range", value: "\"v1\""),
        ])
        let own = builder.head(
            for: URL(string: "http://example.org/f")!, plan: .wholeFile,
            extraHeaders: [HeaderField(name: "user-agent", value: "mine")], sendsCredentials: true)
        XCTAssertEqual(own["User-Agent"], "mine")
        XCTAssertEqual(names(own), ["user-agent", "Accept-Encoding"], "one User-Agent, the caller's")
    }

    func testURLCredentialsBecomeBasicAuthorizationAndLeaveTheURL() {
        let head = builder.head(for: URL(string: "http://al%40ice:p%3Aw@example.org/f?x=1")!, plan: .wholeFile, extraHeaders: [], sendsCredentials: true)
        XCTAssertEqual(head.url.absoluteString, "http://example.org/f?x=1")
        XCTAssertEqual(head["Authorization"], "Basic " + Data("al@ice:p:w".utf8).base64EncodedString())
        let callers = builder.head(
            for: URL(string: "http://u:p@example.org/f")!, plan: .wholeFile,
            extraHeaders: [HeaderField(name: "authorization", value: "Bearer t")], sendsCredentials: true)
        XCTAssertEqual(callers.fields.filter { $0.name.lowercased() == "authorization" }.map(\.value), ["Bearer t"])
    }

    /// After a redirect to another origin (rule 14), none of the caller's credentials go, nor the URL's.
    func testCredentialsStayWithTheirOrigin() {
        let head = builder.head(
            for: URL(string: "http://u:p@other.example/f")!, plan: .wholeFile,
            extraHeaders: [
                HeaderField(name: "Authorization", value: "Bearer t"), HeaderField(name: "Cookie", value: "a=1"),
                HeaderField(name: "Proxy-Authorization", value: "Basic x"), HeaderField(name: "X-Kept", value: "1"),
            ],
            sendsCredentials: false
        )
        XCTAssertEqual(names(head), ["User-Agent", "X-Kept", "Accept-Encoding"])
    }

    /// One `Cookie` field (RFC 6265 §5.4): the caller's own first, then the session's; the session's alone once the
    /// caller's may not go.
    func testOneCookieFieldTheCallersFirst() {
        let url = URL(string: "http://example.org/f")!
        let own = [HeaderField(name: "Cookie", value: "a=1"), HeaderField(name: "cookie", value: "b=2")]
        let merged = builder.head(for: url, plan: .wholeFile, extraHeaders: own, sendsCredentials: true, cookie: "s=3")
        XCTAssertEqual(merged.fields.filter { $0.name.lowercased() == "cookie" }, [HeaderField(name: "Cookie", value: "a=1; b=2; s=3")])
        let away = builder.head(for: url, plan: .wholeFile, extraHeaders: own, sendsCredentials: false, cookie: "s=3")
        XCTAssertEqual(away["Cookie"], "s=3")
        let none = builder.head(for: url, plan: .wholeFile, extraHeaders: own, sendsCredentials: true)
        XCTAssertEqual(none.fields.filter { $0.name.lowercased() == "cookie" }.map(\.value), ["a=1", "b=2"])
    }
}
