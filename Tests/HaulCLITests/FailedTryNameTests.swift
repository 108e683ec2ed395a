import Foundation
import HaulTestSupport
import XCTest

/// A try that failed before a byte was kept holds no name (issue 60, point 4): before, `haul` to a wrong port
/// (exit 3) then the right URL said "f.bin is taken; saving as f.1.bin", with no `f.bin` anywhere.
final class FailedTryNameTests: XCTestCase {
    private let content = deterministicBytes(count: 200_000, seed: 604)

    func testAWrongPortThenTheRightURLSavesUnderTheName() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/f.bin", FileResource(content: content))
                let closed = try await withTestServer { other in other.port }
                let state = ["--state-dir", dir.file("s").path]
                let wrong = try HaulProcess.run(state + ["http://127.0.0.1:\(closed)/f.bin"], in: dir.url)
                XCTAssertEqual(wrong.status, 3, wrong.stderr)

                let right = try HaulProcess.run(state + [server.url("/f.bin")], in: dir.url)
                XCTAssertEqual(right.status, 0, right.stderr)
                XCTAssertFalse(right.stderr.contains("is taken"), right.stderr)
                XCTAssertEqual(contents(dir.file("f.bin")), content)
                XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file("f.1.bin").path))
                let rows = try listed(state, in: dir)
                XCTAssertEqual(rows.map(\.state), ["completed"], "the failed try's record gave way: \(rows)")
                XCTAssertEqual(rows.first?.url, server.url("/f.bin"))
            }
        }
    }

    /// The same URL retried takes its failed record back (one record, the same id), and a failed download that
    /// kept bytes still holds its name from another URL.
    func testTheSameURLTakesItsRecordBackAndAFailureWithBytesKeepsItsName() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                let state = ["--state-dir", dir.file("s").path]
                let missing = try HaulProcess.run(state + [server.url("/g.bin")], in: dir.url)
                XCTAssertEqual(missing.status, 4, missing.stderr)
                let failed = try listed(state, in: dir)
                XCTAssertEqual(failed.map(\.state), ["failed"])

                server.serve("/g.bin", FileResource(content: content))
                let again = try HaulProcess.run(state + [server.url("/g.bin")], in: dir.url)
                XCTAssertEqual(again.status, 0, again.stderr)
                let done = try listed(state, in: dir)
                XCTAssertEqual(done.map(\.id), failed.map(\.id), "the same record: \(done)")
                XCTAssertEqual(done.map(\.state), ["completed"])

                // Bytes kept: the failed download of /a/h.bin keeps h.bin, /b/h.bin goes to h.1.bin.
                // The first answer breaks off half-way; the retry finds the file gone (404: no more retries).
                let file = FileResource(content: content)
                server.route("/a/h.bin") { request in
                    guard request.index == 0 else { return TestResponse(status: 404) }
                    var response = file.response(for: request)
                    response.closeAfterBodyBytes = 100_000
                    return response
                }
                let broken = try HaulProcess.run(state + ["-x", "1", server.url("/a/h.bin")], in: dir.url)
                XCTAssertEqual(broken.status, 4, broken.stderr)
                let part = try FileManager.default.attributesOfItem(atPath: dir.file("h.bin.part").path)
                XCTAssertGreaterThan((part[.size] as? NSNumber)?.intValue ?? 0, 0, "the failed download kept bytes")
                server.serve("/b/h.bin", FileResource(content: content))
                let other = try HaulProcess.run(state + [server.url("/b/h.bin")], in: dir.url)
                XCTAssertEqual(other.status, 0, other.stderr)
                XCTAssertTrue(other.stderr.contains("h.bin is taken; saving as h.1.bin"), other.stderr)
            }
        }
    }

    private struct Row { var id: Int; var state: String; var url: String }

    private func listed(_ state: [String], in dir: TemporaryDirectory) throws -> [Row] {
        let list = try HaulProcess.run(["list", "--json"] + state, in: dir.url)
        XCTAssertEqual(list.status, 0, list.stderr)
        let objects = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        return objects.map { Row(id: $0["id"] as? Int ?? -1, state: $0["state"] as? String ?? "", url: $0["url"] as? String ?? "") }
    }
}
