import Foundation
import HaulTestSupport
import XCTest

/// The server as a real client (curl) sees it, over http and, where a case says so, over https.
final class CurlInteropTests: XCTestCase {
    let content = deterministicBytes(count: 100_000, seed: 21)

    func testCurlFollowsRedirectChainToFile() async throws {
        try await withServer { server in
            server.serve("/file", FileResource(content: content))
            server.route("/a") { _ in .redirect(301, to: "/b") }
            server.route("/b") { _ in .redirect(307, to: server.url("/file")) }
            let result = try runCurl(["--location", server.url("/a")])
            XCTAssertEqual(result.status, 0)
            XCTAssertEqual(result.output, content)
            XCTAssertEqual(server.requests().map(\.path), ["/a", "/b", "/file"])
        }
    }

    /// Over http and over https (`TestServer.start(tls:)`, trusted with `--cacert`): the same cut.
    func testCurlReportsShortBodyAsPartialTransfer() async throws {
        let content = self.content
        for tls in [false, true] {
            try await withTestServer(tls: tls) { server in
                server.route("/short") { request in
                    var response = FileResource(content: content).response(for: request)
                    response.closeAfterBodyBytes = 1_234
                    return response
                }
                let result = try runCurl(try Self.trust(server) + [server.url("/short")])
                XCTAssertEqual(result.status, 18, "CURLE_PARTIAL_FILE, \(server.scheme)")
                XCTAssertEqual(result.output, Array(content[0..<1_234]), server.scheme)
            }
        }
    }

    func testCurlRangeAndChunked() async throws {
        let content = self.content
        for tls in [false, true] {
            try await withTestServer(tls: tls) { server in
                server.route("/c") { request in
                    var response = FileResource(content: content).response(for: request)
                    response.chunked = true
                    return response
                }
                let ranged = try runCurl(try Self.trust(server) + ["--range", "500-999", server.url("/c")])
                XCTAssertEqual(ranged.status, 0, server.scheme)
                XCTAssertEqual(ranged.output, Array(content[500...999]), server.scheme)
                XCTAssertEqual(server.requests(for: "/c").first?.header("Range"), "bytes=500-999")
            }
        }
    }

    /// curl's options to trust `server`: `--cacert` with ``TestCertificates``' authority over https, nothing
    /// over http.
    static func trust(_ server: TestServer) throws -> [String] {
        guard server.scheme == "https" else { return [] }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("haul-curl-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return ["--cacert", try TestCertificates.write(to: directory).authority]
    }
}
