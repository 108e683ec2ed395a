import Foundation
import HaulTestSupport
import XCTest

/// The server as a real client (curl) sees it.
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

    func testCurlReportsShortBodyAsPartialTransfer() async throws {
        let content = self.content
        try await withServer { server in
            server.route("/short") { request in
                var response = FileResource(content: content).response(for: request)
                response.closeAfterBodyBytes = 1_234
                return response
            }
            let result = try runCurl([server.url("/short")])
            XCTAssertEqual(result.status, 18, "CURLE_PARTIAL_FILE")
            XCTAssertEqual(result.output, Array(content[0..<1_234]))
        }
    }

    func testCurlRangeAndChunked() async throws {
        let content = self.content
        try await withServer { server in
            server.route("/c") { request in
                var response = FileResource(content: content).response(for: request)
                response.chunked = true
                return response
            }
            let ranged = try runCurl(["--range", "500-999", server.url("/c")])
            XCTAssertEqual(ranged.status, 0)
            XCTAssertEqual(ranged.output, Array(content[500...999]))
            XCTAssertEqual(server.requests(for: "/c").first?.header("Range"), "bytes=500-999")
        }
    }
}
