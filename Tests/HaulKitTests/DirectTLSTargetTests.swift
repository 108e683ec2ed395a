import Foundation
import HaulCore
@testable import HaulKit
import XCTest

/// Which https requests the direct client takes, and the sentence each failed handshake is said in
/// (`DirectHTTPRequest+TLS`), without sockets.
final class DirectTLSTargetTests: XCTestCase {
    func testHTTPSGoesDirectOnlyWithTLSSettingsAndNoProxy() throws {
        #if os(Linux)
        let tls = try XCTUnwrap(TLSSettings.make(extraAuthorities: nil, insecure: false))
        XCTAssertNotNil(tls.context(), "the system's trust store loads")
        let target = try XCTUnwrap(DirectHTTPRequest.target(for: URL(string: "https://example.com/a?b=1")!, fields: [], tls: tls))
        XCTAssertEqual(target.port, 443)
        XCTAssertNotNil(target.tls)
        XCTAssertEqual(String(decoding: target.request, as: UTF8.self), "GET /a?b=1 HTTP/1.1\r\nHost: example.com\r\n\r\n")
        let other = try XCTUnwrap(DirectHTTPRequest.target(for: URL(string: "https://[::1]:8443/")!, fields: [], tls: tls))
        XCTAssertEqual(other.host, "::1")
        XCTAssertEqual(other.port, 8443)
        XCTAssertTrue(String(decoding: other.request, as: UTF8.self).contains("Host: [::1]:8443\r\n"))
        XCTAssertNil(target.tunnel)
        XCTAssertEqual(target.serverName, "example.com")
        // Plain http never takes the TLS settings; https without them is not direct, nor through SOCKS.
        XCTAssertNil(DirectHTTPRequest.target(for: URL(string: "http://example.com/")!, fields: [], tls: tls)?.tls)
        XCTAssertNil(DirectHTTPRequest.target(for: URL(string: "https://example.com/")!, fields: []))
        let socks = ProxyEndpoint(kind: .socks5, host: "127.0.0.1", port: 1080)
        XCTAssertNil(DirectHTTPRequest.target(for: URL(string: "https://example.com/")!, fields: [], through: socks, tls: tls))
        #else
        XCTAssertNil(TLSSettings.make(extraAuthorities: nil, insecure: false))
        #endif
    }

    /// https through an HTTP proxy: connect to the proxy, `CONNECT` the origin with the proxy's credentials, TLS
    /// (SNI, name check) for the origin, and an origin-form request inside the tunnel without the proxy's
    /// credentials (`ProxyTunnel`, rule 1).
    func testHTTPSThroughAnHTTPProxyOpensATunnelAndSpeaksTLSToTheOrigin() throws {
        #if os(Linux)
        let tls = try XCTUnwrap(TLSSettings.make(extraAuthorities: nil, insecure: false))
        let proxy = ProxyEndpoint(kind: .http, host: "proxy.example", port: 3128, user: "u", password: "p")
        let target = try XCTUnwrap(DirectHTTPRequest.target(for: URL(string: "https://example.com/a")!, fields: [], through: proxy, tls: tls))
        XCTAssertEqual(target.host, "proxy.example")
        XCTAssertEqual(target.port, 3128)
        XCTAssertNotNil(target.tls)
        XCTAssertEqual(target.serverName, "example.com")
        XCTAssertEqual(target.tunnel?.authority, "example.com:443")
        XCTAssertEqual(
            target.tunnel.map { String(decoding: $0.request, as: UTF8.self) },
            "CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\nProxy-Authorization: Basic dTpw\r\n\r\n"
        )
        XCTAssertEqual(String(decoding: target.request, as: UTF8.self), "GET /a HTTP/1.1\r\nHost: example.com\r\n\r\n")
        let v6 = try XCTUnwrap(DirectHTTPRequest.target(for: URL(string: "https://[::1]:8443/")!, fields: [], through: proxy, tls: tls))
        XCTAssertEqual(v6.serverName, "::1")
        XCTAssertEqual(v6.tunnel?.authority, "[::1]:8443")
        // Plain http through the same proxy stays an absolute-form request, no tunnel.
        let plain = try XCTUnwrap(DirectHTTPRequest.target(for: URL(string: "http://example.com/a")!, fields: [], through: proxy, tls: tls))
        XCTAssertNil(plain.tunnel)
        XCTAssertNil(plain.tls)
        XCTAssertTrue(String(decoding: plain.request, as: UTF8.self).hasPrefix("GET http://example.com/a HTTP/1.1\r\n"))
        #else
        XCTAssertNil(TLSSettings.make(extraAuthorities: nil, insecure: false))
        #endif
    }

    /// A `--cacert` file BoringSSL cannot read makes no context (the request then fails with a `.tls` error
    /// naming `--cacert`); `--insecure` needs none.
    func testAnUnreadableAuthorityFileMakesNoContext() throws {
        #if os(Linux)
        let junk = FileManager.default.temporaryDirectory.appendingPathComponent("junk-\(UUID().uuidString).pem")
        try Data("not a certificate\n".utf8).write(to: junk)
        defer { try? FileManager.default.removeItem(at: junk) }
        XCTAssertNil(TLSSettings.make(extraAuthorities: junk, insecure: false)?.context())
        XCTAssertNotNil(TLSSettings.make(extraAuthorities: junk, insecure: true)?.context())
        #endif
    }

    func testEachHandshakeFailureHasItsSentenceAndIsATLSError() {
        let cases: [(TLSConnection.Step, String)] = [
            (.failed(reason: "CERTIFICATE_VERIFY_FAILED", verifyResult: 20), "h: the server's certificate is not signed by an authority this machine trusts"),
            (.failed(reason: "CERTIFICATE_VERIFY_FAILED", verifyResult: 18), "h: the server's certificate is not signed by an authority this machine trusts"),
            (.failed(reason: "CERTIFICATE_VERIFY_FAILED", verifyResult: 10), "h: the server's certificate has expired"),
            (.failed(reason: "CERTIFICATE_VERIFY_FAILED", verifyResult: 9), "h: the server's certificate is not valid yet (is this machine's clock right?)"),
            (.failed(reason: "CERTIFICATE_VERIFY_FAILED", verifyResult: 62), "h: the server's certificate is for another name"),
            (.failed(reason: "CERTIFICATE_VERIFY_FAILED", verifyResult: 64), "h: the server's certificate is for another name"),
            (.failed(reason: "WRONG_VERSION_NUMBER", verifyResult: 0), "h: TLS handshake failed: the server did not answer in TLS (WRONG_VERSION_NUMBER)"),
            (.failed(reason: "NO_SHARED_CIPHER", verifyResult: 0), "h: TLS handshake failed: NO_SHARED_CIPHER"),
            (.closed, "h: TLS handshake failed: the server closed the connection during the handshake"),
        ]
        for (step, sentence) in cases {
            let error = DirectHTTPRequest.handshakeFailure(step, host: "h")
            XCTAssertEqual(error.kind, .tls, sentence)
            XCTAssertEqual(error.message, sentence)
            XCTAssertEqual(error.remedy == .trustCertificateAuthority, sentence.contains("authority"), sentence)
        }
    }
}
