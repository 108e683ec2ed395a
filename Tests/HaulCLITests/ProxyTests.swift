import Foundation
import HaulTestSupport
import XCTest

/// `haul` through a real proxy the test starts (`TestProxy`): plain http as absolute-form requests kept alive to the
/// proxy, `--proxy`, the `*_proxy` variables, `no_proxy`/`--noproxy`, credentials that go where they belong, and a
/// proxy that is down. (https through its `CONNECT` tunnel: HTTPSTests, and on the direct client HTTPSProxyTunnelTests; a real Squid:
/// SquidProxyTests.)
final class ProxyTests: XCTestCase {
    private let content = deterministicBytes(count: 1 << 20, seed: 71)

    private func basic(_ user: String, _ password: String) -> String {
        "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
    }

    /// A plain http URL goes to the proxy as absolute-form GETs (no `CONNECT`), a split download's segments too, with
    /// the proxy's credentials percent-decoded in `Proxy-Authorization`; the origin gets its own credentials and
    /// never the proxy's (the proxy consumes them, as a proxy must).
    func testPlainHTTPGoesAsAbsoluteFormRequestsWithTheProxysCredentials() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/f.bin", FileResource(content: content))
                let proxy = try TestProxy(user: "pxuser", password: "px:secret")
                defer { proxy.shutdown() }
                let origin = server.url("/f.bin").replacingOccurrences(of: "http://", with: "http://alice:origin-pw@")
                let result = try HaulProcess.run(
                    ["--state-dir", dir.file("s").path, "-x", "2", "--min-split-size", "256K",
                     "--proxy", proxy.url(user: "pxuser", password: "px%3Asecret"), "-o", "f.bin", origin],
                    in: dir.url
                )
                XCTAssertEqual(result.status, 0, result.stderr)
                XCTAssertTrue(contents(dir.file("f.bin")) == content, "the bytes came through the proxy intact")

                let requests = proxy.requests
                XCTAssertGreaterThan(requests.count, 1, "the segments did not all go through the proxy")
                for request in requests {
                    XCTAssertEqual(request.method, "GET")
                    XCTAssertEqual(request.target, "http://127.0.0.1:\(server.port)/f.bin", "not absolute form")
                    XCTAssertEqual(request["Host"], "127.0.0.1:\(server.port)")
                    XCTAssertEqual(request["Proxy-Authorization"], basic("pxuser", "px:secret"))
                }
                XCTAssertTrue(requests.contains { $0["Range"] != nil }, "the segments asked for their ranges")
                let originRequests = server.requests(for: "/f.bin")
                XCTAssertEqual(originRequests.count, requests.count)
                for request in originRequests {
                    XCTAssertNil(request.header("Proxy-Authorization"), "the proxy's credentials reached the origin")
                    XCTAssertEqual(request.header("Authorization"), basic("alice", "origin-pw"))
                }
            }
        }
    }

    /// Downloads one after another reuse one connection to the proxy (keep-alive), as they would a server's.
    func testTheConnectionToTheProxyIsKeptForTheNextRequest() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                for name in ["a", "b", "c"] { server.serve("/\(name)", FileResource(content: Array(content.prefix(10_000)))) }
                let proxy = try TestProxy()
                defer { proxy.shutdown() }
                let list = dir.file("list.txt")
                try ["a", "b", "c"].map { server.url("/\($0)") }.joined(separator: "\n").write(to: list, atomically: true, encoding: .utf8)
                let result = try HaulProcess.run(
                    ["--state-dir", dir.file("s").path, "-j", "1", "--proxy", proxy.url(), "-i", list.path], in: dir.url
                )
                XCTAssertEqual(result.status, 0, result.stderr)
                XCTAssertEqual(proxy.requests.map(\.target), ["a", "b", "c"].map { server.url("/\($0)") })
                XCTAssertEqual(proxy.requests.map(\.connection), [1, 1, 1], "a new connection to the proxy per file")
            }
        }
    }

    /// A proxy that is down: one sentence naming it, retried with the usual backoff (not given up at once as a
    /// refused origin is, and not retried at once either), then exit 3.
    func testAProxyThatIsDownIsNamedAndRetriedWithBackoff() async throws {
        try await withTemporaryDirectory { dir in
            let closed = try TestProxy()
            let port = closed.port
            closed.shutdown()
            let started = Date()
            let result = try HaulProcess.run(
                ["--state-dir", dir.file("s").path, "--retries", "2", "--retry-wait", "0.3",
                 "--proxy", "http://127.0.0.1:\(port)", "-o", "f.bin", "http://127.0.0.1:9/f.bin"],
                in: dir.url
            )
            let elapsed = Date().timeIntervalSince(started)
            XCTAssertEqual(result.status, 3, result.stderr)
            let sentence = "cannot connect to the proxy 127.0.0.1:\(port): connection refused"
            XCTAssertTrue(result.stderr.contains("haul: error: f.bin: \(sentence)"), result.stderr)
            XCTAssertFalse(result.stderr.contains("Connection errors"), result.stderr)
            XCTAssertEqual(result.stderr.components(separatedBy: "retry ").count - 1, 2, "two retries: \(result.stderr)")
            XCTAssertGreaterThanOrEqual(elapsed, 0.6, "the retries did not wait")
        }
    }

    /// `http_proxy` is honoured; `no_proxy` and `--noproxy` send the host around it; `--proxy ''` turns it off.
    func testEnvironmentVariablesAndBypassLists() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/f.bin", FileResource(content: content))
                let proxy = try TestProxy()
                defer { proxy.shutdown() }
                let state = ["--state-dir", dir.file("s").path]
                let viaEnvironment = try HaulProcess.run(state + ["-o", "a.bin", server.url("/f.bin")], in: dir.url, environment: ["http_proxy": proxy.url()])
                XCTAssertEqual(viaEnvironment.status, 0, viaEnvironment.stderr)
                XCTAssertEqual(proxy.requests.count, 1, "http_proxy was not used")

                let bypassed = try HaulProcess.run(state + ["-o", "b.bin", server.url("/f.bin")], in: dir.url, environment: ["http_proxy": proxy.url(), "NO_PROXY": "localhost,127.0.0.0/8"])
                XCTAssertEqual(bypassed.status, 0, bypassed.stderr)
                let option = try HaulProcess.run(state + ["--noproxy", "127.0.0.1", "-o", "c.bin", server.url("/f.bin")], in: dir.url, environment: ["all_proxy": proxy.url()])
                XCTAssertEqual(option.status, 0, option.stderr)
                let off = try HaulProcess.run(state + ["--proxy", "", "-o", "d.bin", server.url("/f.bin")], in: dir.url, environment: ["http_proxy": proxy.url()])
                XCTAssertEqual(off.status, 0, off.stderr)
                XCTAssertEqual(proxy.requests.count, 1, "a bypassed host went through the proxy")
                for name in ["a.bin", "b.bin", "c.bin", "d.bin"] {
                    XCTAssertTrue(contents(dir.file(name)) == content, name)
                }
            }
        }
    }

    /// SOCKS5 (`socks5://`, `socks5h://`, from `--proxy` or `all_proxy`): the bytes go through the proxy's tunnel.
    func testSOCKS5Proxy() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/f.bin", FileResource(content: content))
                let proxy = try TestProxy()
                defer { proxy.shutdown() }
                let socks = "socks5h://127.0.0.1:\(proxy.port)"
                let state = ["--state-dir", dir.file("s").path]
                let viaOption = try HaulProcess.run(state + ["--proxy", socks, "-o", "a.bin", server.url("/f.bin")], in: dir.url)
                XCTAssertEqual(viaOption.status, 0, viaOption.stderr)
                let viaEnvironment = try HaulProcess.run(state + ["-o", "b.bin", server.url("/f.bin")], in: dir.url, environment: ["all_proxy": "socks5://127.0.0.1:\(proxy.port)"])
                XCTAssertEqual(viaEnvironment.status, 0, viaEnvironment.stderr)
                for name in ["a.bin", "b.bin"] { XCTAssertTrue(contents(dir.file(name)) == content, name) }
                XCTAssertEqual(proxy.requests.map(\.method), ["SOCKS5 CONNECT", "SOCKS5 CONNECT"])
                XCTAssertEqual(Set(proxy.requests.map(\.target)), ["127.0.0.1:\(server.port)"])
            }
        }
    }

    /// A proxy that wants credentials it did not get: exit 4 at once, saying so; a bad proxy URL is a usage error.
    func testMissingProxyCredentialsAndBadProxyURLs() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/f.bin", FileResource(content: content))
                let proxy = try TestProxy(user: "u", password: "p")
                defer { proxy.shutdown() }
                let state = ["--state-dir", dir.file("s").path]
                let refused = try HaulProcess.run(state + ["--proxy", proxy.url(), "-o", "f.bin", server.url("/f.bin")], in: dir.url)
                XCTAssertEqual(refused.status, 4, refused.stderr)
                XCTAssertTrue(refused.stderr.contains("the proxy 127.0.0.1:\(proxy.port) wants credentials (407)"), refused.stderr)
                let wrong = try HaulProcess.run(state + ["--proxy", proxy.url(user: "u", password: "wrong"), "-o", "f.bin", server.url("/f.bin")], in: dir.url)
                XCTAssertEqual(wrong.status, 4, wrong.stderr)
                XCTAssertTrue(wrong.stderr.contains("the proxy 127.0.0.1:\(proxy.port) refused its credentials (407)"), wrong.stderr)
                XCTAssertTrue(server.requests(for: "/f.bin").isEmpty, "the origin was reached around the proxy")
                XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file("f.bin.part").path), "an empty .part was left")

                for (arguments, environment) in [(["--proxy", "https://p:1"], [:]), ([], ["https_proxy": "ftp://p:1"])] as [([String], [String: String])] {
                    let bad = try HaulProcess.run(state + arguments + ["-o", "g.bin", server.url("/f.bin").replacingOccurrences(of: "http:", with: "https:")], in: dir.url, environment: environment)
                    XCTAssertEqual(bad.status, 2, bad.stderr)
                    XCTAssertTrue(bad.stderr.contains(arguments.isEmpty ? "https_proxy" : "--proxy"), bad.stderr)
                }
            }
        }
    }
}
