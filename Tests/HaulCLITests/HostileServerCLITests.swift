import Foundation
import HaulTestSupport
import XCTest

/// `haul` against a server that breaks HTTP/1.1 or fails its first answer (issue 33, point 11): requests counted
/// at the server, exit codes as the README's table says. Each case runs over http and over https through both
/// clients (`FaultCarrier`), with the same outcome.
final class HostileServerCLITests: XCTestCase {
    /// `--retries 0` sends exactly one request, also when that request is the probe of a split download.
    func testNoRetriesMeansOneRequest() async throws {
        for carrier in FaultCarrier.allCases {
            try await withTestServer(tls: carrier.tls) { server in
                server.route("/gone.bin") { _ in
                    var response = TestResponse(status: 200, body: [1])
                    response.rawHead = ""
                    response.closeAfterBodyBytes = 0  // the connection closes before any answer
                    return response
                }
                try await withTemporaryDirectory { dir in
                    let result = try HaulProcess.run(
                        ["--state-dir", dir.file("s").path, "--retries", "0", "-x", "4"] + carrier.arguments(in: dir.url)
                            + [server.url("/gone.bin")], in: dir.url
                    )
                    XCTAssertEqual(result.status, 3, "\(carrier): \(result.stderr)")
                    XCTAssertEqual(server.requests(for: "/gone.bin").count, 1, "\(carrier): \(result.stderr)")
                    XCTAssertFalse(result.stderr.contains("retry"), "\(carrier): \(result.stderr)")
                }
            }
        }
    }

    /// A bad chunk size or status line is a broken protocol: exit 5 at once, one request, no retries (it used to be
    /// retried for about 25 s as a network failure and end with exit 3).
    func testMalformedFramingExitsWithFiveWithoutRetries() async throws {
        for carrier in FaultCarrier.allCases {
            try await withTestServer(tls: carrier.tls) { server in
                server.route("/chunk.bin") { _ in
                    TestResponse(status: 200, headers: [("Transfer-Encoding", "chunked")], body: Array("5\r\nhello\r\nzz\r\n".utf8))
                }
                server.route("/status.bin") { _ in
                    var response = TestResponse(status: 200, body: Array("x".utf8))
                    response.rawHead = "HTTP/1.1 OK 200\r\nContent-Length: 1\r\n\r\n"
                    return response
                }
                try await withTemporaryDirectory { dir in
                    for path in ["/chunk.bin", "/status.bin"] {
                        let started = Date()
                        let result = try HaulProcess.run(
                            ["--state-dir", dir.file("s").path] + carrier.arguments(in: dir.url) + [server.url(path)], in: dir.url)
                        XCTAssertEqual(result.status, 5, "\(carrier) \(path): \(result.stderr)")
                        XCTAssertTrue(result.stderr.contains("malformed response"), "\(carrier): \(result.stderr)")
                        XCTAssertEqual(server.requests(for: path).count, 1, "\(carrier) \(path) was retried: \(result.stderr)")
                        XCTAssertLessThan(Date().timeIntervalSince(started), 10, "\(carrier) \(path)")
                    }
                }
            }
        }
    }
}
