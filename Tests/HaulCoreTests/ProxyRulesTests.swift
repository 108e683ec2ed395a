import Foundation
import XCTest

@testable import HaulCore

/// Which proxy a URL goes through, and how proxy URLs and bypass lists are read (curl's rules).
final class ProxyRulesTests: XCTestCase {
    private func url(_ text: String) -> URL { URL(string: text)! }

    func testParsesProxyURLsWithCredentialsAndDefaults() throws {
        let plain = try ProxyEndpoint(parsing: "proxy.example:3128")
        XCTAssertEqual(plain, ProxyEndpoint(kind: .http, host: "proxy.example", port: 3128))
        let withUser = try ProxyEndpoint(parsing: "http://al%40ice:p%3Ass@proxy.example:8080/")
        XCTAssertEqual(withUser, ProxyEndpoint(kind: .http, host: "proxy.example", port: 8080, user: "al@ice", password: "p:ss"))
        XCTAssertEqual(try ProxyEndpoint(parsing: "http://proxy.example").port, 1080, "curl's default port")
        XCTAssertEqual(try ProxyEndpoint(parsing: "socks5h://[::1]:9050").kind, .socks5)
        XCTAssertEqual(try ProxyEndpoint(parsing: "socks5://[::1]:9050").host, "::1")
        XCTAssertEqual(withUser.description, "http://proxy.example:8080", "messages never show the password")
    }

    /// How messages name a proxy, and its credentials as `Proxy-Authorization` (percent-decoded, RFC 7617 Basic).
    func testAddressAndAuthorization() throws {
        let proxy = try ProxyEndpoint(parsing: "http://px%40corp:p%3Ass@proxy.example:3128")
        XCTAssertEqual(proxy.address, "proxy.example:3128")
        XCTAssertEqual(proxy.authorization, "Basic " + Data("px@corp:p:ss".utf8).base64EncodedString())
        XCTAssertNil(try ProxyEndpoint(parsing: "proxy.example:3128").authorization)
        XCTAssertEqual(try ProxyEndpoint(parsing: "http://[::1]:8080").address, "[::1]:8080")
        XCTAssertEqual(try ProxyEndpoint(parsing: "http://u@p:1").authorization, "Basic " + Data("u:".utf8).base64EncodedString())
    }

    func testRefusesProxyURLsItCannotHonour() {
        for text in ["https://proxy:443", "socks4://proxy:1080", "socks5://u:p@proxy:1080", "proxy:0", "proxy:http", "", "http://:80"] {
            XCTAssertThrowsError(try ProxyEndpoint(parsing: text), text)
        }
    }

    func testEnvironmentChoosesBySchemeAndLowerCaseWins() throws {
        let rules = try ProxyRules(proxyOption: nil, noProxyOption: nil, environment: [
            "http_proxy": "http://h:1", "https_proxy": "http://s:2", "HTTPS_PROXY": "http://S:9", "ALL_PROXY": "http://a:3",
        ])
        XCTAssertEqual(rules.proxy(for: url("http://x.org/f"))?.host, "h")
        XCTAssertEqual(rules.proxy(for: url("https://x.org/f"))?.host, "s")
        let upper = try ProxyRules(proxyOption: nil, noProxyOption: nil, environment: ["HTTPS_PROXY": "http://S:9", "ALL_PROXY": "http://a:3"])
        XCTAssertEqual(upper.proxy(for: url("https://x.org/f"))?.host, "S")
        XCTAssertEqual(upper.proxy(for: url("http://x.org/f"))?.host, "a", "all_proxy covers what has no variable of its own")
    }

    func testUpperCaseHTTPProxyIsIgnoredLikeCurl() throws {
        let rules = try ProxyRules(proxyOption: nil, noProxyOption: nil, environment: ["HTTP_PROXY": "http://evil:1"])
        XCTAssertNil(rules.proxy(for: url("http://x.org/f")), "httpoxy: HTTP_PROXY can come from a request header")
    }

    func testEmptyVariablesCountAsUnset() throws {
        let rules = try ProxyRules(proxyOption: nil, noProxyOption: nil, environment: ["https_proxy": "", "HTTPS_PROXY": "http://S:9"])
        XCTAssertEqual(rules.proxy(for: url("https://x.org/f"))?.host, "S")
    }

    func testProxyOptionBeatsEnvironmentAndEmptyOptionDisablesProxies() throws {
        let environment = ["http_proxy": "http://h:1", "all_proxy": "http://a:3"]
        let explicit = try ProxyRules(proxyOption: "socks5h://sock:1080", noProxyOption: nil, environment: environment)
        XCTAssertEqual(explicit.proxy(for: url("http://x.org/f")), ProxyEndpoint(kind: .socks5, host: "sock", port: 1080))
        XCTAssertEqual(explicit.proxy(for: url("https://x.org/f"))?.host, "sock")
        let off = try ProxyRules(proxyOption: "", noProxyOption: nil, environment: environment)
        XCTAssertNil(off.proxy(for: url("http://x.org/f")))
        XCTAssertNil(ProxyRules.direct.proxy(for: url("http://x.org/f")))
    }

    func testBadVariableNamesItsSource() {
        XCTAssertThrowsError(try ProxyRules(proxyOption: nil, noProxyOption: nil, environment: ["https_proxy": "https://p:1"])) {
            XCTAssertTrue("\($0)".hasPrefix("https_proxy: "), "\($0)")
        }
        XCTAssertThrowsError(try ProxyRules(proxyOption: "ftp://p", noProxyOption: nil, environment: [:])) {
            XCTAssertTrue("\($0)".hasPrefix("--proxy: "), "\($0)")
        }
    }

    func testNoProxyMatchesDomainsOnLabelBoundaries() {
        let list = NoProxyList("example.com, .internal.net,10.0.0.0/8 ,192.168.1.7:8080,[::1],LOCALHOST")
        XCTAssertTrue(list.matches(host: "example.com"))
        XCTAssertTrue(list.matches(host: "www.EXAMPLE.com"))
        XCTAssertFalse(list.matches(host: "badexample.com"))
        XCTAssertTrue(list.matches(host: "internal.net"))
        XCTAssertTrue(list.matches(host: "a.b.internal.net"))
        XCTAssertTrue(list.matches(host: "10.200.3.4"))
        XCTAssertFalse(list.matches(host: "11.0.0.1"))
        XCTAssertTrue(list.matches(host: "192.168.1.7"), "a port in an entry is ignored")
        XCTAssertFalse(list.matches(host: "192.168.1.8"))
        XCTAssertTrue(list.matches(host: "[::1]"))
        XCTAssertTrue(list.matches(host: "localhost"))
        XCTAssertFalse(list.matches(host: "10.0.0.1.example.org"), "an address entry is not a domain suffix")
        XCTAssertTrue(NoProxyList("*").matches(host: "anything.org"))
        XCTAssertFalse(NoProxyList("").matches(host: "anything.org"))
    }

    func testBypassAppliesToEveryProxySourceAndOptionReplacesVariable() throws {
        let environment = ["all_proxy": "http://a:3", "no_proxy": "mirror.org", "NO_PROXY": "other.org"]
        let fromEnvironment = try ProxyRules(proxyOption: "http://p:1", noProxyOption: nil, environment: environment)
        XCTAssertNil(fromEnvironment.proxy(for: url("https://cdn.mirror.org/f")), "no_proxy also covers --proxy")
        XCTAssertNotNil(fromEnvironment.proxy(for: url("https://other.org/f")), "lower-case no_proxy wins over NO_PROXY")
        let fromOption = try ProxyRules(proxyOption: nil, noProxyOption: "other.org", environment: environment)
        XCTAssertNotNil(fromOption.proxy(for: url("https://mirror.org/f")), "--noproxy replaces no_proxy")
        XCTAssertNil(fromOption.proxy(for: url("https://other.org/f")))
        let upperOnly = try ProxyRules(proxyOption: nil, noProxyOption: nil, environment: ["all_proxy": "http://a:3", "NO_PROXY": "x.org"])
        XCTAssertNil(upperOnly.proxy(for: url("http://x.org/f")))
    }

  /// `haul` passes only the variables `environmentNames` lists (`ProcessEnvironment.proxyVariables`): a variable
  /// that `init` reads and the list misses would be ignored by the command line.
  func testEnvironmentNamesAreEveryVariableRead() throws {
    let candidates = [
      "http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY", "no_proxy", "NO_PROXY",
      "ftp_proxy", "socks_proxy", "proxy",
    ]
    let none = try ProxyRules(proxyOption: nil, noProxyOption: nil, environment: [:])
    for name in candidates {
      let set = try ProxyRules(proxyOption: nil, noProxyOption: nil, environment: [name: "http://proxy.example:3128"])
      XCTAssertEqual(set != none, ProxyRules.environmentNames.contains(name), name)
    }
    XCTAssertEqual(Set(ProxyRules.environmentNames).count, ProxyRules.environmentNames.count)
  }
}
