import Foundation
import HaulCore
import XCTest

/// RFC 6265 §5.2-5.3: which `Set-Cookie` a download keeps, for which domain and path, and until when.
final class SetCookieTests: XCTestCase {
  private let now: Int64 = 1_800_000_000

  private func parse(_ header: String, scheme: String = "https", host: String = "dl.example.com", path: String = "/files/a.iso") -> Cookie? {
    SetCookie.parse(header, scheme: scheme, host: host, path: path, now: now)
  }

  func testAPlainCookieIsHostOnlyWithTheDirectoryAsItsPath() throws {
    let cookie = try XCTUnwrap(parse("sid=abc"))
    XCTAssertEqual(cookie.name, "sid")
    XCTAssertEqual(cookie.value, "abc")
    XCTAssertEqual(cookie.domain, "dl.example.com")
    XCTAssertTrue(cookie.hostOnly)
    XCTAssertEqual(cookie.path, "/files", "the default path is the request path up to its last slash (§5.1.4)")
    XCTAssertNil(cookie.expires)
    XCTAssertEqual(parse("sid=abc", path: "/a.iso")?.path, "/")
    XCTAssertEqual(parse(" sid = a b ; Path=/x")?.value, "a b", "name and value are trimmed, inner spaces kept")
  }

  func testNoNameOrNoEqualsSignIsIgnored() {
    XCTAssertNil(parse("justavalue"))
    XCTAssertNil(parse("=abc"))
    XCTAssertNotNil(parse("sid="), "an empty value is a cookie")
  }

  func testDomainMustCoverTheAnsweringHost() throws {
    let parent = try XCTUnwrap(parse("sid=1; Domain=.Example.COM"))
    XCTAssertEqual(parent.domain, "example.com")
    XCTAssertFalse(parent.hostOnly, "a Domain attribute covers subdomains")
    XCTAssertNil(parse("sid=1; Domain=other.com"), "a host cannot set a cookie for another site")
    XCTAssertNil(parse("sid=1; Domain=cdn.dl.example.com"), "nor for a subdomain of itself")
    XCTAssertNil(parse("sid=1; Domain=com"), "nor for a whole top-level domain")
    XCTAssertEqual(parse("sid=1; Domain=", host: "h.example")?.hostOnly, true, "an empty Domain is ignored")
    XCTAssertNil(parse("sid=1; Domain=0.0.1", host: "127.0.0.1"), "an address has no parent domain")
  }

  func testPathAttributeWhenItStartsWithASlash() {
    XCTAssertEqual(parse("sid=1; Path=/")?.path, "/")
    XCTAssertEqual(parse("sid=1; path=/downloads")?.path, "/downloads")
    XCTAssertEqual(parse("sid=1; Path=relative")?.path, "/files", "a relative Path means the default path")
  }

  func testMaxAgeWinsOverExpires() {
    XCTAssertEqual(parse("sid=1; Max-Age=60")?.expires, now + 60)
    XCTAssertEqual(parse("sid=1; Expires=Wed, 21 Oct 2015 07:28:00 GMT; Max-Age=60")?.expires, now + 60)
    XCTAssertEqual(parse("sid=1; Max-Age=60; Expires=Wed, 21 Oct 2015 07:28:00 GMT")?.expires, now + 60)
    XCTAssertEqual(parse("sid=1; Max-Age=0")?.expires, Int64.min, "zero or less means expired now")
    XCTAssertNil(parse("sid=1; Max-Age=soon")?.expires, "a Max-Age that is not digits is ignored")
  }

  func testExpiresInTheFormatsServersSend() {
    let expected: Int64 = 1_445_412_480  // 2015-10-21 07:28:00 UTC
    for text in [
      "Wed, 21 Oct 2015 07:28:00 GMT", "Wednesday, 21-Oct-15 07:28:00 GMT", "Wed Oct 21 07:28:00 2015",
      "21 October 2015 07:28:00",
    ] {
      XCTAssertEqual(parse("sid=1; Expires=\(text)")?.expires, expected, text)
    }
    XCTAssertNil(parse("sid=1; Expires=tomorrow")?.expires, "a date that cannot be read is ignored")
    XCTAssertEqual(CookieDate.parse("Thu, 01 Jan 1970 00:00:00 GMT"), 0)
    XCTAssertEqual(CookieDate.parse("Tue, 29 Feb 2028 12:00:00 GMT"), 1_835_438_400)
    XCTAssertNil(CookieDate.parse("Wed, 21 Oct 2015 25:28:00 GMT"), "hour 25")
  }

  func testSecureCookiesOnlyFromHTTPS() {
    XCTAssertEqual(parse("sid=1; Secure")?.secure, true)
    XCTAssertNil(parse("sid=1; Secure", scheme: "http"), "an http answer cannot set a secure cookie")
    XCTAssertEqual(parse("sid=1; HttpOnly", scheme: "http")?.secure, false)
  }

  func testTheJarReplacesAndDeletesByNameDomainAndPath() throws {
    var jar = CookieJar()
    XCTAssertTrue(jar.receive(try XCTUnwrap(parse("sid=1; Path=/")), now: now))
    XCTAssertTrue(jar.receive(try XCTUnwrap(parse("sid=2; Path=/")), now: now))
    XCTAssertFalse(jar.receive(try XCTUnwrap(parse("sid=2; Path=/")), now: now), "the same cookie again changes nothing")
    XCTAssertEqual(jar.cookies.map(\.value), ["2"])
    XCTAssertTrue(jar.receive(try XCTUnwrap(parse("sid=x; Path=/files")), now: now))
    XCTAssertEqual(jar.cookies.count, 2, "another path is another cookie")
    XCTAssertTrue(jar.receive(try XCTUnwrap(parse("sid=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT")), now: now))
    XCTAssertEqual(jar.cookies.map(\.path), ["/files"], "an expiry in the past deletes (the logout idiom)")
    XCTAssertTrue(jar.holds(try XCTUnwrap(parse("sid=other; Path=/files"))))
    jar.add(Cookie(name: "old", value: "v", domain: "dl.example.com", hostOnly: true, expires: now - 1))
    jar.removeExpired(now: now)
    XCTAssertEqual(jar.cookies.map(\.name), ["sid"])
  }

  func testTheJarRoundTripsThroughJSONWithItsValues() throws {
    let jar = CookieJar([Cookie(name: "sid", value: "s3cr3t", domain: "a.example", hostOnly: false, path: "/x", secure: true, expires: 5)])
    let decoded = try JSONDecoder().decode(CookieJar.self, from: JSONEncoder().encode(jar))
    XCTAssertEqual(decoded, jar)
    XCTAssertFalse("\(jar)".contains("s3cr3t"))
  }
}
