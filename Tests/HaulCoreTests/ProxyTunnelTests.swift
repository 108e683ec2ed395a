import HaulCore
import XCTest

/// `ProxyTunnel`'s rules (numbered in its documentation): the `CONNECT` request, and the verdict on each answer.
final class ProxyTunnelTests: XCTestCase {
    private func head(_ status: Int, _ fields: [HeaderField] = []) -> HTTP1Response.Head {
        HTTP1Response.Head(minorVersion: 1, status: status, headers: fields)
    }

    /// Rule 1: authority form with the port always written, brackets for IPv6, `Host`, the proxy's credentials.
    func testTheRequestNamesTheOriginWithItsPortAndCarriesOnlyTheProxysCredentials() {
        XCTAssertEqual(ProxyTunnel.authority(host: "example.com", port: 443), "example.com:443")
        XCTAssertEqual(ProxyTunnel.authority(host: "::1", port: 8443), "[::1]:8443")
        XCTAssertEqual(ProxyTunnel.authority(host: "[::1]", port: 443), "[::1]:443")
        XCTAssertEqual(
            ProxyTunnel.request(authority: "example.com:443", authorization: nil),
            "CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n"
        )
        XCTAssertEqual(
            ProxyTunnel.request(authority: "[::1]:443", authorization: "Basic dTpw"),
            "CONNECT [::1]:443 HTTP/1.1\r\nHost: [::1]:443\r\nProxy-Authorization: Basic dTpw\r\n\r\n"
        )
    }

    /// Rule 2: any 2xx opens the tunnel, whatever framing fields it carries; bytes after it are not a tunnel.
    func testA2xxOpensTheTunnelUnlessTheProxySpeaksFirst() {
        XCTAssertEqual(ProxyTunnel.judge(head(200), bytesAfterHead: 0), .open)
        XCTAssertEqual(ProxyTunnel.judge(head(204), bytesAfterHead: 0), .open)
        XCTAssertEqual(ProxyTunnel.judge(head(200, [HeaderField(name: "Content-Length", value: "12")]), bytesAfterHead: 0), .open)
        XCTAssertEqual(ProxyTunnel.judge(head(200), bytesAfterHead: 5), .spokeFirst)
    }

    /// Rules 3-5: 407 wants credentials; a 5xx is the proxy's trouble reaching the origin; anything else refuses.
    func testEveryOtherStatusHasItsVerdict() {
        XCTAssertEqual(ProxyTunnel.judge(head(407), bytesAfterHead: 40), .wantsCredentials)
        for status in [500, 502, 503, 504] {
            XCTAssertEqual(ProxyTunnel.judge(head(status), bytesAfterHead: 0), .unavailable(status: status))
        }
        for status in [101, 301, 400, 403, 405] {
            XCTAssertEqual(ProxyTunnel.judge(head(status), bytesAfterHead: 0), .refused(status: status))
        }
    }
}
