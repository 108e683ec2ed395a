import Foundation
import HaulTestSupport
import XCTest

/// https through an HTTP proxy on the direct client (issue 61, point 2): the `CONNECT` tunnel it opens itself
/// (`ProxyTunnel`, `DirectHTTPRequest+Tunnel`), TLS to the origin inside it. Which client carried a response is
/// read from `HAUL_TRACE`'s line for it ("... over HTTP/1.1 (direct)"); before, these requests went through
/// AsyncHTTPClient's tunnel ("(AsyncHTTPClient)").
final class HTTPSProxyTunnelTests: XCTestCase {
    /// Through a real Squid with Debian's stock rules (plus the test server's port among its `SSL_ports`, which
    /// hold 443 alone): a single download and a split one, byte-exact, every response carried by the direct client,
    /// and a list of files over fewer tunnels than files (tunnelled connections kept in the pool).
    func testHTTPSThroughStockSquidGoesOverTheDirectClientsTunnel() throws {
        try withTemporaryDirectorySync { dir in
            var files: [String: [UInt8]] = ["big.bin": deterministicBytes(count: 3 << 20, seed: 611)]
            for index in 0..<4 { files["s\(index).bin"] = deterministicBytes(count: 32 << 10, seed: UInt64(612 + index)) }
            let certificates = try TestCertificates.write(to: dir.url)
            let nginx = try requireInstalled(try NginxServer.serving(files, in: dir, tls: certificates, logsRequests: true), package: "nginx")
            defer { nginx.stop() }
            let squid = try requireInstalled(try SquidProxy.start(tunnelPorts: [nginx.port]), package: "squid")
            defer { squid.stop() }
            let state = ["--state-dir", dir.file("s").path, "--cacert", "ca.pem"]
            let environment = ["https_proxy": squid.url, "no_proxy": "", "HAUL_TRACE": "1"]

            let single = try HaulProcess.run(state + ["--http1.1", "-o", "a.bin", nginx.url("/big.bin")], in: dir.url, environment: environment)
            XCTAssertEqual(single.status, 0, single.stderr)
            XCTAssertTrue(contents(dir.file("a.bin")) == files["big.bin"], "--http1.1: the bytes through the tunnel differ")
            let split = try HaulProcess.run(
                state + ["-x", "4", "--min-split-size", "512K", "-o", "b.bin", nginx.url("/big.bin")], in: dir.url, environment: environment)
            XCTAssertEqual(split.status, 0, split.stderr)
            XCTAssertTrue(contents(dir.file("b.bin")) == files["big.bin"], "-x 4: the bytes through the tunnel differ")
            let small = (0..<4).map { nginx.url("/s\($0).bin") }
            try (small.joined(separator: "\n") + "\n").write(to: dir.file("list.txt"), atomically: true, encoding: .utf8)
            let list = try HaulProcess.run(
                state + ["--http1.1", "-j", "1", "-i", "list.txt", "-d", dir.file("out").path], in: dir.url, environment: environment)
            XCTAssertEqual(list.status, 0, list.stderr)
            for index in 0..<4 { XCTAssertTrue(contents(dir.file("out/s\(index).bin")) == files["s\(index).bin"], "s\(index).bin") }

            for run in [single, split, list] {
                let carried = run.stderr.split(separator: "\n").filter { $0.contains(" over HTTP/") }
                XCTAssertFalse(carried.isEmpty, "no trace of a response: \(run.stderr)")
                XCTAssertTrue(carried.allSatisfy { $0.hasSuffix("over HTTP/1.1 (direct)") }, "\(carried)")
            }
            // nginx saw every request, each over TLS from the tunnel; Squid logs a tunnel once it closes.
            XCTAssertGreaterThanOrEqual(nginx.loggedRequests().count, 1 + 2 + 4)
            let tunnels = try Self.waitForTunnels(squid, to: "127.0.0.1:\(nginx.port)", atLeast: 3)
            XCTAssertFalse(squid.accessLog().contains { $0.contains("TCP_DENIED") }, "\(squid.accessLog())")
            // A tunnel per connection, not per request: the list's four files came over fewer (kept in the pool).
            XCTAssertLessThan(tunnels, nginx.loggedRequests().count, "\(squid.accessLog())")
        }
    }

    /// The `CONNECT` carries the proxy's credentials and names the origin in `Host`; `--cacert` and `--insecure`
    /// are honoured inside the tunnel (no trust without them: exit 11); a proxy's 407 and 502 each get their
    /// sentence and exit code, and leave no file.
    func testTunnelCredentialsCertificatesAndTheProxysRefusals() throws {
        try withTemporaryDirectorySync { dir in
            let content = deterministicBytes(count: 256 << 10, seed: 619)
            let certificates = try TestCertificates.write(to: dir.url)
            let nginx = try requireInstalled(try NginxServer.serving(["f.bin": content], in: dir, tls: certificates), package: "nginx")
            defer { nginx.stop() }
            let proxy = try TestProxy(user: "u", password: "p")
            defer { proxy.shutdown() }
            let state = ["--state-dir", dir.file("s").path, "--http1.1", "--retries", "0"]
            let through = ["https_proxy": proxy.url(user: "u", password: "p"), "no_proxy": "", "HAUL_TRACE": "1"]

            let trusted = try HaulProcess.run(state + ["--cacert", "ca.pem", "-o", "a.bin", nginx.url("/f.bin")], in: dir.url, environment: through)
            XCTAssertEqual(trusted.status, 0, trusted.stderr)
            XCTAssertTrue(contents(dir.file("a.bin")) == content)
            XCTAssertTrue(trusted.stderr.contains("over HTTP/1.1 (direct)"), trusted.stderr)
            let connect = try XCTUnwrap(proxy.requests.first)
            XCTAssertEqual(connect.method, "CONNECT")
            XCTAssertEqual(connect.target, "127.0.0.1:\(nginx.port)")
            XCTAssertEqual(connect["Host"], "127.0.0.1:\(nginx.port)")
            XCTAssertEqual(connect["Proxy-Authorization"], "Basic " + Data("u:p".utf8).base64EncodedString())

            let untrusted = try HaulProcess.run(state + ["-o", "u.bin", nginx.url("/f.bin")], in: dir.url, environment: through)
            XCTAssertEqual(untrusted.status, 11, "the tunnel does not bypass the certificate check: \(untrusted.stderr)")
            XCTAssertTrue(untrusted.stderr.contains("127.0.0.1: the server's certificate is not signed by an authority this machine trusts"), untrusted.stderr)
            let insecure = try HaulProcess.run(state + ["-k", "-o", "k.bin", nginx.url("/f.bin")], in: dir.url, environment: through)
            XCTAssertEqual(insecure.status, 0, insecure.stderr)
            XCTAssertTrue(contents(dir.file("k.bin")) == content)
            XCTAssertTrue(insecure.stderr.contains("over HTTP/1.1 (direct)"), insecure.stderr)

            let noCredentials = try HaulProcess.run(
                state + ["--cacert", "ca.pem", "-o", "c.bin", nginx.url("/f.bin")], in: dir.url, environment: ["https_proxy": proxy.url()])
            XCTAssertEqual(noCredentials.status, 4, noCredentials.stderr)
            XCTAssertTrue(noCredentials.stderr.contains("the proxy 127.0.0.1:\(proxy.port) wants credentials (407)"), noCredentials.stderr)
            // Port 9 (discard) is closed here: the proxy cannot reach the origin and answers 502.
            let unreachable = try HaulProcess.run(
                state + ["--cacert", "ca.pem", "-o", "d.bin", "https://127.0.0.1:9/f.bin"], in: dir.url, environment: through)
            XCTAssertEqual(unreachable.status, 3, unreachable.stderr)
            XCTAssertTrue(
                unreachable.stderr.contains("the proxy 127.0.0.1:\(proxy.port) could not open a tunnel to 127.0.0.1:9: 502 Bad Gateway"),
                unreachable.stderr)
            for name in ["u.bin", "c.bin", "d.bin"] {
                XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file(name).path), name)
                XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file(name + ".part").path), name + ".part")
            }
        }
    }

    /// A proxy's other answers to `CONNECT`, each with its sentence and exit code, tried once: a 403 with a body
    /// (exit 4), a 200 followed by bytes before TLS began and an answer that is not HTTP (exit 5). The origin's
    /// name is the proxy's to resolve.
    func testAProxysRefusalAndBrokenAnswersToCONNECT() throws {
        try withTemporaryDirectorySync { dir in
            let state = ["--state-dir", dir.file("s").path, "--http1.1", "--retries", "0", "-k"]
            for (answer, status, sentence) in [
                ("HTTP/1.1 403 Forbidden\r\nContent-Length: 6\r\n\r\ndenied", Int32(4), "refused a tunnel to origin.test:443: 403 Forbidden"),
                ("HTTP/1.1 200 Connection established\r\n\r\nHELLO", 5, "sent bytes after opening the tunnel to origin.test:443, before TLS began"),
                ("SSH-2.0-OpenSSH_9.2\r\n\r\n", 5, "answered CONNECT with a malformed response"),
            ] {
                let proxy = try RawTCPServer(.reply(Array(answer.utf8)))
                defer { proxy.stop() }
                let result = try HaulProcess.run(
                    state + ["--proxy", "http://127.0.0.1:\(proxy.port)", "-o", "f.bin", "https://origin.test/f.bin"], in: dir.url)
                XCTAssertEqual(result.status, status, "\(answer): \(result.stderr)")
                XCTAssertTrue(result.stderr.contains("the proxy 127.0.0.1:\(proxy.port) \(sentence)"), "\(answer): \(result.stderr)")
                XCTAssertEqual(proxy.connections, 1, "\(answer): asked again")
                XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file("f.bin").path))
            }
        }
    }

    /// The number of `CONNECT`s to `authority` in Squid's access log once there are at least `count`: Squid writes a
    /// tunnel's line when the tunnel closes, which may be just after `haul` exits. Polls, up to 10 s.
    static func waitForTunnels(_ squid: SquidProxy, to authority: String, atLeast count: Int) throws -> Int {
        var tunnels = 0
        eventuallyBlocking(every: .milliseconds(20)) {
            tunnels = squid.accessLog().filter { $0.contains(" CONNECT \(authority) ") }.count
            return tunnels >= count
        }
        XCTAssertGreaterThanOrEqual(tunnels, count, "Squid logged too few tunnels: \(squid.accessLog())")
        return tunnels
    }
}
