import Foundation
import HaulTestSupport
import XCTest

/// `haul` through a real CONNECT proxy the test starts (`TestProxy`): `--proxy`, the `*_proxy` variables,
/// `no_proxy`/`--noproxy`, and credentials that stay where they belong.
final class ProxyTests: XCTestCase {
    private let content = deterministicBytes(count: 1 << 20, seed: 71)

    private func basic(_ user: String, _ password: String) -> String {
        "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
    }

    /// Proxy credentials go to the proxy only; the origin's (from the URL) go to the origin only, inside the tunnel.
    func testProxyCredentialsNeverReachTheOriginAndOriginCredentialsNeverReachTheProxy() async throws {
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
                XCTAssertTrue(contents(dir.file("f.bin")) == content, "the bytes came through the tunnel intact")

                let connects = proxy.requests
                XCTAssertFalse(connects.isEmpty, "nothing went through the proxy")
                for request in connects {
                    XCTAssertEqual(request.method, "CONNECT")
                    XCTAssertEqual(request.target, "127.0.0.1:\(server.port)")
                    XCTAssertEqual(request["Proxy-Authorization"], basic("pxuser", "px:secret"))
                    XCTAssertNil(request["Authorization"], "the origin's credentials were shown to the proxy")
                }
                let originRequests = server.requests(for: "/f.bin")
                XCTAssertFalse(originRequests.isEmpty)
                for request in originRequests {
                    XCTAssertNil(request.header("Proxy-Authorization"), "the proxy's credentials reached the origin")
                    XCTAssertEqual(request.header("Authorization"), basic("alice", "origin-pw"))
                }
            }
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
                XCTAssertTrue(refused.stderr.contains("407"), refused.stderr)
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
