import HaulTestSupport
import XCTest

/// A correct server's answers to GET, HEAD, Range and If-Range, read off the wire.
final class FileResourceRangeTests: XCTestCase {
    let content = deterministicBytes(count: 10_000, seed: 7)

    func testFullGetSendsWholeFileWithValidators() async throws {
        try await withServer { server in
            server.serve("/f", FileResource(content: content, lastModified: "Wed, 21 Oct 2015 07:28:00 GMT"))
            let response = try fetch(server, "/f")
            XCTAssertEqual(response.status, 200)
            XCTAssertEqual(response.body, content)
            XCTAssertEqual(response.header("Content-Length"), "10000")
            XCTAssertEqual(response.header("ETag"), "\"v1\"")
            XCTAssertEqual(response.header("Last-Modified"), "Wed, 21 Oct 2015 07:28:00 GMT")
            XCTAssertEqual(response.header("Accept-Ranges"), "bytes")
            XCTAssertNotNil(response.header("Date"))
            XCTAssertNil(response.header("Content-Range"))
            XCTAssertNil(response.header("Content-Encoding"))
        }
    }

    func testHeadSendsHeadersOnlyAndKeepsConnectionUsable() async throws {
        try await withServer { server in
            server.serve("/f", FileResource(content: content))
            let connection = try RawConnection(port: server.port)
            try connection.sendRequest("HEAD", "/f")
            let head = try connection.readResponse(method: "HEAD")
            XCTAssertEqual(head.status, 200)
            XCTAssertEqual(head.header("Content-Length"), "10000")
            try connection.sendRequest("GET", "/f", headers: [("Range", "bytes=0-9")])
            let next = try connection.readResponse()
            XCTAssertEqual(next.status, 206, "a HEAD body would have corrupted the next response")
            XCTAssertEqual(next.body, Array(content[0...9]))
        }
    }

    func testClosedRangeAnswers206WithExactSlice() async throws {
        try await withServer { server in
            server.serve("/f", FileResource(content: content))
            let response = try fetch(server, "/f", headers: [("Range", "bytes=100-199")])
            XCTAssertEqual(response.status, 206)
            XCTAssertEqual(response.header("Content-Range"), "bytes 100-199/10000")
            XCTAssertEqual(response.header("Content-Length"), "100")
            XCTAssertEqual(response.body, Array(content[100...199]))
        }
    }

    func testOpenAndOversizedRangesEndAtLastByte() async throws {
        try await withServer { server in
            server.serve("/f", FileResource(content: content))
            let open = try fetch(server, "/f", headers: [("Range", "bytes=9990-")])
            XCTAssertEqual(open.status, 206)
            XCTAssertEqual(open.header("Content-Range"), "bytes 9990-9999/10000")
            XCTAssertEqual(open.body, Array(content[9990...]))
            let oversized = try fetch(server, "/f", headers: [("Range", "bytes=5000-99999")])
            XCTAssertEqual(oversized.header("Content-Range"), "bytes 5000-9999/10000")
            XCTAssertEqual(oversized.body, Array(content[5000...]))
        }
    }

    func testSuffixRange() async throws {
        try await withServer { server in
            server.serve("/f", FileResource(content: content))
            let last = try fetch(server, "/f", headers: [("Range", "bytes=-100")])
            XCTAssertEqual(last.status, 206)
            XCTAssertEqual(last.header("Content-Range"), "bytes 9900-9999/10000")
            XCTAssertEqual(last.body, Array(content[9900...]))
            let more = try fetch(server, "/f", headers: [("Range", "bytes=-20000")])
            XCTAssertEqual(more.header("Content-Range"), "bytes 0-9999/10000")
            XCTAssertEqual(more.body, content)
        }
    }

    func testUnsatisfiableRangeAnswers416WithTotal() async throws {
        try await withServer { server in
            server.serve("/f", FileResource(content: content))
            for range in ["bytes=10000-", "bytes=20000-20010", "bytes=-0"] {
                let response = try fetch(server, "/f", headers: [("Range", range)])
                XCTAssertEqual(response.status, 416, range)
                XCTAssertEqual(response.header("Content-Range"), "bytes */10000", range)
                XCTAssertEqual(response.body, [], range)
            }
            server.serve("/empty", FileResource(content: []))
            let empty = try fetch(server, "/empty", headers: [("Range", "bytes=0-")])
            XCTAssertEqual(empty.status, 416)
            XCTAssertEqual(empty.header("Content-Range"), "bytes */0")
        }
    }

    func testInvalidOrMultipleRangesAreIgnored() async throws {
        try await withServer { server in
            server.serve("/f", FileResource(content: content))
            for range in ["bytes=5-2", "items=0-1", "bytes=0-1,5-6", "bytes=x-", "bytes=99999999999999999999-"] {
                let response = try fetch(server, "/f", headers: [("Range", range)])
                XCTAssertEqual(response.status, 200, range)
                XCTAssertEqual(response.body, content, range)
            }
        }
    }

    func testIfRangeWithMatchingStrongETagServesRange() async throws {
        try await withServer { server in
            server.serve("/f", FileResource(content: content, etag: "\"abc\""))
            let response = try fetch(server, "/f", headers: [("Range", "bytes=10-19"), ("If-Range", "\"abc\"")])
            XCTAssertEqual(response.status, 206)
            XCTAssertEqual(response.body, Array(content[10...19]))
        }
    }

    func testIfRangeMismatchServesFullBody() async throws {
        try await withServer { server in
            server.serve("/f", FileResource(content: content, etag: "\"new\""))
            let response = try fetch(server, "/f", headers: [("Range", "bytes=10-19"), ("If-Range", "\"old\"")])
            XCTAssertEqual(response.status, 200)
            XCTAssertEqual(response.body, content)
            XCTAssertEqual(response.header("ETag"), "\"new\"")
        }
    }

    func testIfRangeNeverMatchesWeakETags() async throws {
        try await withServer { server in
            server.serve("/weak", FileResource(content: content, etag: "W/\"abc\""))
            let response = try fetch(server, "/weak", headers: [("Range", "bytes=10-19"), ("If-Range", "W/\"abc\"")])
            XCTAssertEqual(response.status, 200)
            XCTAssertEqual(response.header("ETag"), "W/\"abc\"")
        }
    }

    func testIfRangeWithLastModified() async throws {
        let date = "Wed, 21 Oct 2015 07:28:00 GMT"
        try await withServer { server in
            server.serve("/f", FileResource(content: content, etag: nil, lastModified: date))
            let match = try fetch(server, "/f", headers: [("Range", "bytes=10-19"), ("If-Range", date)])
            XCTAssertEqual(match.status, 206)
            XCTAssertNil(match.header("ETag"))
            let mismatch = try fetch(
                server, "/f", headers: [("Range", "bytes=10-19"), ("If-Range", "Thu, 22 Oct 2015 07:28:00 GMT")])
            XCTAssertEqual(mismatch.status, 200)
            XCTAssertEqual(mismatch.body, content)
        }
    }

    func testServerIgnoringIfRangeServesStaleRange() async throws {
        try await withServer { server in
            server.serve("/f", FileResource(content: content, etag: "\"new\"", honorsIfRange: false))
            let response = try fetch(server, "/f", headers: [("Range", "bytes=10-19"), ("If-Range", "\"old\"")])
            XCTAssertEqual(response.status, 206)
            XCTAssertEqual(response.body, Array(content[10...19]))
        }
    }

    func testServerNotHonoringRangesAnswers200() async throws {
        try await withServer { server in
            server.serve("/f", FileResource(content: content, acceptRanges: "none", honorsRanges: false))
            let response = try fetch(server, "/f", headers: [("Range", "bytes=100-199")])
            XCTAssertEqual(response.status, 200)
            XCTAssertEqual(response.body, content)
            XCTAssertEqual(response.header("Accept-Ranges"), "none")
            XCTAssertNil(response.header("Content-Range"))
            server.serve("/quiet", FileResource(content: content, acceptRanges: nil, honorsRanges: false))
            XCTAssertNil(try fetch(server, "/quiet").header("Accept-Ranges"))
        }
    }

    func testOtherMethodsAnswer405() async throws {
        try await withServer { server in
            server.serve("/f", FileResource(content: content))
            let response = try fetch(server, "/f", method: "POST", headers: [("Content-Length", "0")])
            XCTAssertEqual(response.status, 405)
            XCTAssertEqual(response.header("Allow"), "GET, HEAD")
        }
    }

    func testContentDispositionAndEncodingHeaders() async throws {
        try await withServer { server in
            let file = FileResource(
                content: content,
                contentDisposition: "attachment; filename=\"../../x\"",
                contentEncoding: "gzip",
                onlyOnRangedResponses: true
            )
            server.serve("/f", file)
            let full = try fetch(server, "/f")
            XCTAssertEqual(full.header("Content-Disposition"), "attachment; filename=\"../../x\"")
            XCTAssertNil(full.header("Content-Encoding"))
            let ranged = try fetch(server, "/f", headers: [("Range", "bytes=0-9")])
            XCTAssertEqual(ranged.header("Content-Encoding"), "gzip")
            XCTAssertEqual(ranged.body, Array(content[0...9]), "body bytes stay unencoded")

            var everywhere = file
            everywhere.onlyOnRangedResponses = false
            server.serve("/g", everywhere)
            XCTAssertEqual(try fetch(server, "/g").header("Content-Encoding"), "gzip")
        }
    }
}
