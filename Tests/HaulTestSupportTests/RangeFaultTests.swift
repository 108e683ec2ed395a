import HaulTestSupport
import XCTest

/// Each ``RangeFault`` puts exactly the promised lie (or legal oddity) on the wire.
final class RangeFaultTests: XCTestCase {
    let content = deterministicBytes(count: 1_000, seed: 3)

    private func rangedFetch(_ fault: RangeFault, range: String = "bytes=100-199") async throws -> RawResponse {
        var result: RawResponse?
        try await withServer { server in
            server.serve("/f", FileResource(content: content, rangeFault: fault))
            result = try fetch(server, "/f", headers: [("Range", range)])
        }
        return try XCTUnwrap(result)
    }

    func testStartEarlierByMovesHeaderAndBodyTogether() async throws {
        let response = try await rangedFetch(.startEarlierBy(50))
        XCTAssertEqual(response.status, 206)
        XCTAssertEqual(response.header("Content-Range"), "bytes 50-199/1000")
        XCTAssertEqual(response.body, Array(content[50...199]))
    }

    func testStartEarlierByClampsAtZero() async throws {
        let response = try await rangedFetch(.startEarlierBy(500))
        XCTAssertEqual(response.header("Content-Range"), "bytes 0-199/1000")
        XCTAssertEqual(response.body, Array(content[0...199]))
    }

    func testWrongStartLiesInHeaderOnly() async throws {
        let response = try await rangedFetch(.wrongStart(0))
        XCTAssertEqual(response.status, 206)
        XCTAssertEqual(response.header("Content-Range"), "bytes 0-99/1000")
        XCTAssertEqual(response.body, Array(content[100...199]))
    }

    func testEndBeyondRequestSendsToEndOfFile() async throws {
        let response = try await rangedFetch(.endBeyondRequest)
        XCTAssertEqual(response.header("Content-Range"), "bytes 100-999/1000")
        XCTAssertEqual(response.body, Array(content[100...]))
    }

    func testWrongTotal() async throws {
        let response = try await rangedFetch(.wrongTotal(5_000))
        XCTAssertEqual(response.header("Content-Range"), "bytes 100-199/5000")
        XCTAssertEqual(response.body, Array(content[100...199]))
    }

    func testMissingContentRange() async throws {
        let response = try await rangedFetch(.missingContentRange)
        XCTAssertEqual(response.status, 206)
        XCTAssertNil(response.header("Content-Range"))
        XCTAssertEqual(response.body, Array(content[100...199]))
    }

    func testMalformedContentRangeIsSentVerbatim() async throws {
        let response = try await rangedFetch(.malformedContentRange("bytes 199-100/1000"))
        XCTAssertEqual(response.status, 206)
        XCTAssertEqual(response.header("Content-Range"), "bytes 199-100/1000")
    }

    func testMultipartByteranges() async throws {
        let response = try await rangedFetch(.multipart)
        XCTAssertEqual(response.status, 206)
        XCTAssertNil(response.header("Content-Range"))
        let contentType = try XCTUnwrap(response.header("Content-Type"))
        XCTAssertTrue(contentType.hasPrefix("multipart/byteranges; boundary="), contentType)
        let boundary = String(contentType.dropFirst("multipart/byteranges; boundary=".count))
        let partHead = Array(
            "--\(boundary)\r\nContent-Type: application/octet-stream\r\nContent-Range: bytes 100-199/1000\r\n\r\n".utf8)
        let expected = partHead + Array(content[100...199]) + Array("\r\n--\(boundary)--\r\n".utf8)
        XCTAssertEqual(response.body, expected)
    }

    func testFaultsApplyToOpenRangesButNotTo416() async throws {
        let full = try await rangedFetch(.wrongTotal(1), range: "bytes=0-")
        XCTAssertEqual(full.header("Content-Range"), "bytes 0-999/1")
        let unsatisfiable = try await rangedFetch(.wrongStart(5), range: "bytes=5000-")
        XCTAssertEqual(unsatisfiable.status, 416)
        XCTAssertEqual(unsatisfiable.header("Content-Range"), "bytes */1000")
    }

    func testResponseCanBeComputedWithoutAServer() {
        let file = FileResource(content: content, rangeFault: .endBeyondRequest)
        let response = file.response(for: TestRequest(uri: "/f?x=1", headers: [("range", "bytes=10-19")]))
        XCTAssertEqual(response.status, 206)
        XCTAssertEqual(response.header("content-range"), "bytes 10-999/1000")
        XCTAssertEqual(response.body, Array(content[10...]))
    }
}
