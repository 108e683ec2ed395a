import Foundation
import HaulTestSupport
import XCTest

/// `haul` over HTTPS from nginx: `--cacert` for a private authority, exit code 11 without it, 2 for a bad file.
final class HTTPSTests: XCTestCase {
    func testPrivateAuthorityUntrustedAndBadCertificateFile() throws {
        try withTemporaryDirectorySync { dir in
            let content = deterministicBytes(count: 3 << 20, seed: 61)
            let certificates = try TestCertificates.write(to: dir.url)
            guard let nginx = try NginxServer.serving(["f.bin": content], in: dir, tls: certificates) else {
                throw XCTSkip("nginx is not installed")
            }
            defer { nginx.stop() }
            let state = ["--state-dir", dir.file("s").path]

            // Reported at once: not retried by haul, nor by the connection pool until the 15 s connect timeout.
            let started = Date()
            let untrusted = try HaulProcess.run(state + ["-o", "u.bin", nginx.url("/f.bin")], in: dir.url)
            XCTAssertLessThan(Date().timeIntervalSince(started), 10, "the certificate failure waited for the connect timeout")
            XCTAssertEqual(untrusted.status, 11, untrusted.stderr)
            XCTAssertTrue(untrusted.stderr.contains("--cacert"), "says what to do: \(untrusted.stderr)")
            XCTAssertFalse(untrusted.stderr.contains("retry"), "a certificate is not retried: \(untrusted.stderr)")

            let trusted = try HaulProcess.run(state + ["--cacert", "ca.pem", "-x", "2", "--min-split-size", "1M", "-o", "f.bin", nginx.url("/f.bin")], in: dir.url)
            XCTAssertEqual(trusted.status, 0, trusted.stderr)
            XCTAssertTrue(contents(dir.file("f.bin")) == content, "contents(dir.file('f.bin'))")

            try Data("not a certificate\n".utf8).write(to: dir.file("junk.pem"))
            for file in ["junk.pem", "missing.pem"] {
                let bad = try HaulProcess.run(state + ["--cacert", file, "-o", "b.bin", nginx.url("/f.bin")], in: dir.url)
                XCTAssertEqual(bad.status, 2, bad.stderr)
                XCTAssertTrue(bad.stderr.contains("--cacert"), bad.stderr)
            }
        }
    }

    /// `-k`/`--insecure`/`--no-check-certificate` download from an untrusted server and warn each time; HTTPS
    /// goes through an HTTP proxy's tunnel (`https_proxy`), certificate checks intact.
    func testInsecureWarnsEveryTimeAndHTTPSGoesThroughTheProxyTunnel() throws {
        try withTemporaryDirectorySync { dir in
            let content = deterministicBytes(count: 1 << 20, seed: 62)
            let certificates = try TestCertificates.write(to: dir.url)
            guard let nginx = try NginxServer.serving(["f.bin": content], in: dir, tls: certificates) else {
                throw XCTSkip("nginx is not installed")
            }
            defer { nginx.stop() }
            let state = ["--state-dir", dir.file("s").path]
            for (index, flag) in ["-k", "--insecure", "--no-check-certificate"].enumerated() {
                let result = try HaulProcess.run(state + [flag, "-o", "k\(index).bin", nginx.url("/f.bin")], in: dir.url)
                XCTAssertEqual(result.status, 0, "\(flag): \(result.stderr)")
                XCTAssertTrue(result.stderr.contains("warning: --insecure: HTTPS certificates are not checked"), "\(flag): \(result.stderr)")
                XCTAssertTrue(contents(dir.file("k\(index).bin")) == content)
            }

            let proxy = try TestProxy()
            defer { proxy.shutdown() }
            let tunnelled = try HaulProcess.run(state + ["--cacert", "ca.pem", "-o", "p.bin", nginx.url("/f.bin")], in: dir.url, environment: ["https_proxy": proxy.url(), "http_proxy": "http://127.0.0.1:9"])
            XCTAssertEqual(tunnelled.status, 0, tunnelled.stderr)
            XCTAssertTrue(contents(dir.file("p.bin")) == content)
            XCTAssertEqual(proxy.requests.first?.method, "CONNECT")
            let untrusted = try HaulProcess.run(state + ["-o", "u.bin", nginx.url("/f.bin")], in: dir.url, environment: ["https_proxy": proxy.url()])
            XCTAssertEqual(untrusted.status, 11, "the tunnel does not bypass certificate checks: \(untrusted.stderr)")
        }
    }
}
