import Foundation
import HaulTestSupport
import XCTest

/// `haul` through a real Squid from Debian's packages with its stock `http_access` rules (`SquidProxy`), in front of
/// nginx on an unprivileged port: the case companies have, where `CONNECT` is allowed to port 443 only, so a plain
/// http download must go as absolute-form GETs (issue 34, point 7).
///
/// Squid and nginx come from `.ci/run`'s apt list. Without them the test is skipped locally and fails on CI
/// (`CI=true`), where a skip would hide a gap.
final class SquidProxyTests: XCTestCase {
    private let content = deterministicBytes(count: 3 << 20, seed: 83)

    func testPlainHTTPThroughStockSquidDownloadsTheRightBytes() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let nginx = try requireInstalled(try NginxServer.serving(["file": content], in: directory), package: "nginx")
        defer { nginx.stop() }
        let squid = try requireInstalled(try SquidProxy.start(), package: "squid")
        defer { squid.stop() }
        let state = ["--state-dir", directory.file("state").path]

        let viaOption = try HaulProcess.run(
            state + ["--proxy", squid.url, "-o", "a.bin", nginx.url("/file")], in: directory.url
        )
        XCTAssertEqual(viaOption.status, 0, viaOption.stderr)
        XCTAssertTrue(contents(directory.file("a.bin")) == content, "--proxy: the bytes through Squid differ")

        // `http_proxy`, and a split download: every segment's ranged GET through Squid.
        let split = try HaulProcess.run(
            state + ["-x", "4", "--min-split-size", "512K", "-o", "b.bin", nginx.url("/file")], in: directory.url,
            environment: ["http_proxy": squid.url, "no_proxy": ""]
        )
        XCTAssertEqual(split.status, 0, split.stderr)
        XCTAssertTrue(contents(directory.file("b.bin")) == content, "http_proxy, 4 segments: the bytes differ")

        let log = squid.accessLog()
        let gets = log.filter { $0.contains(" GET \(nginx.url("/file")) ") }
        XCTAssertGreaterThanOrEqual(gets.count, 2, "the downloads did not go through Squid: \(log)")
        XCTAssertFalse(log.contains { $0.contains(" CONNECT ") }, "a CONNECT was asked of Squid: \(log)")
        XCTAssertFalse(log.contains { $0.contains("TCP_DENIED") }, "Squid denied a request: \(log)")
    }
}
