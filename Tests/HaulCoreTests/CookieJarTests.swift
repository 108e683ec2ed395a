import XCTest

@testable import HaulCore

final class CookieJarTests: XCTestCase {
    private let now: Int64 = 1_800_000_000

    private func header(_ jar: CookieJar, _ url: String) -> String? {
        let (scheme, rest) = (String(url.prefix { $0 != ":" }), url.drop { $0 != ":" }.dropFirst(3))
        let host = String(rest.prefix { $0 != "/" })
        let path = String(rest.dropFirst(host.count))
        return jar.headerValue(scheme: scheme, host: host, path: path.isEmpty ? "/" : path, now: now)
    }

    func testDomainMatching() {
        let jar = CookieJar([
            Cookie(name: "wide", value: "1", domain: ".example.com", hostOnly: false),
            Cookie(name: "host", value: "2", domain: "example.com", hostOnly: true),
        ])
        XCTAssertEqual(header(jar, "https://example.com/f"), "wide=1; host=2")
        XCTAssertEqual(header(jar, "https://dl.example.com/f"), "wide=1", "a host-only cookie stays on its host")
        XCTAssertNil(header(jar, "https://badexample.com/f"), "a suffix that is not at a dot is another site")
        XCTAssertNil(header(jar, "https://example.com.evil.net/f"))
        XCTAssertNil(header(jar, "https://other.org/f"), "never to another site, after a redirect either")
    }

    func testIPAddressesGetNoSubdomainMatch() {
        let jar = CookieJar([Cookie(name: "a", value: "1", domain: "0.0.1", hostOnly: false)])
        XCTAssertNil(header(jar, "http://127.0.0.1/f"))
        let exact = CookieJar([Cookie(name: "a", value: "1", domain: "127.0.0.1", hostOnly: false)])
        XCTAssertEqual(header(exact, "http://127.0.0.1/f"), "a=1")
    }

    func testPathMatchingAndOrder() {
        let jar = CookieJar([
            Cookie(name: "root", value: "r", domain: "h", hostOnly: true, path: "/"),
            Cookie(name: "files", value: "f", domain: "h", hostOnly: true, path: "/files"),
        ])
        XCTAssertEqual(header(jar, "http://h/files/a.iso"), "files=f; root=r", "longer paths first")
        XCTAssertEqual(header(jar, "http://h/files"), "files=f; root=r")
        XCTAssertEqual(header(jar, "http://h/filesystem/a"), "root=r", "a prefix counts only at a / boundary")
        XCTAssertEqual(header(jar, "http://h/other"), "root=r")
    }

    func testSecureAndExpiry() {
        let jar = CookieJar([
            Cookie(name: "s", value: "1", domain: "h", hostOnly: true, secure: true),
            Cookie(name: "old", value: "2", domain: "h", hostOnly: true, expires: now - 1),
            Cookie(name: "later", value: "3", domain: "h", hostOnly: true, expires: now + 60),
        ])
        XCTAssertEqual(header(jar, "https://h/f"), "s=1; later=3")
        XCTAssertEqual(header(jar, "http://h/f"), "later=3", "a Secure cookie never goes over plain http")
    }

    func testASameNamedCookieReplacesTheOldOne() {
        var jar = CookieJar([Cookie(name: "sid", value: "old", domain: "h", hostOnly: true)])
        jar.add(Cookie(name: "sid", value: "new", domain: "h", hostOnly: true))
        jar.add(Cookie(name: "sid", value: "other-path", domain: "h", hostOnly: true, path: "/x"))
        XCTAssertEqual(header(jar, "http://h/"), "sid=new")
        XCTAssertEqual(jar.cookies.count, 2)
    }

    func testCookieOptionGoesToTheDownloadsHostOnly() throws {
        let cookies = try XCTUnwrap(CookieJar.cookies(fromHeaderValue: " a=1;b = two words ; ;c=", host: "Dl.Example.com"))
        XCTAssertEqual(cookies.map(\.name), ["a", "b", "c"])
        XCTAssertEqual(cookies.map(\.value), ["1", "two words", ""])
        let jar = CookieJar(cookies)
        XCTAssertEqual(header(jar, "https://dl.example.com/x"), "a=1; b=two words; c=")
        XCTAssertNil(header(jar, "https://cdn.example.com/x"))
        XCTAssertNil(CookieJar.cookies(fromHeaderValue: "novalue", host: "h"))
        XCTAssertNil(CookieJar.cookies(fromHeaderValue: "=v", host: "h"))
    }

    func testDescriptionNeverShowsTheValue() {
        let cookie = Cookie(name: "session", value: "s3cr3t", domain: ".example.com", hostOnly: false, secure: true)
        XCTAssertFalse(cookie.description.contains("s3cr3t"))
        XCTAssertEqual(cookie.description, "session (.example.com/, secure)")
        XCTAssertEqual("\(CookieJar([cookie]))", "1 cookie")
    }
}

final class NetscapeCookieFileTests: XCTestCase {
    func testBrowserExport() throws {
        let text = """
            # Netscape HTTP Cookie File
            # https://curl.se/docs/http-cookies.html

            .example.com\tTRUE\t/\tTRUE\t1900000000\tsid\tabc\tdef
            #HttpOnly_dl.example.com\tFALSE\t/files\tFALSE\t0\ttoken\txyz\r
            """
        let cookies = try NetscapeCookieFile.parse(text)
        XCTAssertEqual(cookies, [
            Cookie(name: "sid", value: "abc\tdef", domain: "example.com", hostOnly: false, path: "/", secure: true, expires: 1_900_000_000),
            Cookie(name: "token", value: "xyz", domain: "dl.example.com", hostOnly: true, path: "/files", secure: false, expires: nil),
        ])
    }

    func testBadLinesNameTheLineAndNeverTheValue() {
        XCTAssertThrowsError(try NetscapeCookieFile.parse("# c\nexample.com\tTRUE\t/\tFALSE\tsid=secretvalue\n")) {
            let error = $0 as? NetscapeCookieFile.ParseError
            XCTAssertEqual(error?.line, 2)
            XCTAssertFalse("\($0)".contains("secretvalue"))
        }
        XCTAssertThrowsError(try NetscapeCookieFile.parse("h\tMAYBE\t/\tFALSE\t0\tn\tsecretvalue\n")) {
            XCTAssertFalse("\($0)".contains("secretvalue"))
        }
        XCTAssertThrowsError(try NetscapeCookieFile.parse("h\tTRUE\t/\tFALSE\tsoon\tn\tv\n"))
    }
}

final class RefererTests: XCTestCase {
    func testStarIsTheDownloadsOwnURLWithoutCredentialsOrFragment() {
        XCTAssertEqual(Referer.value(option: "*", downloadURL: "https://u:p@h/a.iso#x"), "https://h/a.iso")
        XCTAssertEqual(Referer.value(option: "https://site/page?q=1", downloadURL: "https://h/a"), "https://site/page?q=1")
        XCTAssertNil(Referer.value(option: nil, downloadURL: "https://h/a"))
        XCTAssertNil(Referer.value(option: "", downloadURL: "https://h/a"))
    }
}
