import Crypto
import Foundation
import HaulTestSupport
import XCTest

/// The same command again after a download completed: it says where the file is, and a digest given then is
/// checked against that file, never passed over (before: `already complete ..., skipped`, exit 0, whatever digest
/// was given, and named after the asked name even when the file was saved under a numbered one).
final class AlreadyCompleteTests: XCTestCase {
    func testADigestGivenAgainIsCheckedAndTheNumberedNameIsSaid() async throws {
        let bytes = deterministicBytes(count: 200_000, seed: 131)
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/a/same.bin", FileResource(content: bytes))
                let theirs = Array("the user's own".utf8)
                try Data(theirs).write(to: dir.file("same.bin"))
                let state = ["--state-dir", dir.file("s").path]
                let first = try HaulProcess.run(state + [server.url("/a/same.bin")], in: dir.url)
                XCTAssertEqual(first.status, 0, first.stderr)
                XCTAssertEqual(contents(dir.file("same.1.bin")), bytes)

                let again = try HaulProcess.run(state + [server.url("/a/same.bin")], in: dir.url)
                XCTAssertEqual(again.status, 0, again.stderr)
                XCTAssertTrue(again.stderr.contains("already complete as same.1.bin"), again.stderr)

                let right = SHA256.hash(data: Data(bytes)).map { String(format: "%02x", $0) }.joined()
                let verified = try HaulProcess.run(state + ["--checksum", "sha256=" + right, server.url("/a/same.bin")], in: dir.url)
                XCTAssertEqual(verified.status, 0, verified.stderr)
                XCTAssertTrue(verified.stderr.contains("sha256 verified"), verified.stderr)

                let wrong = String(repeating: "0", count: 64)
                let refused = try HaulProcess.run(state + ["--checksum", "sha256=" + wrong, server.url("/a/same.bin")], in: dir.url)
                XCTAssertEqual(refused.status, 8, refused.stderr)
                XCTAssertTrue(refused.stderr.contains("mismatch") && refused.stderr.contains(right), refused.stderr)
                XCTAssertEqual(contents(dir.file("same.1.bin")), bytes, "the completed file is left as it is")
                XCTAssertEqual(contents(dir.file("same.bin")), theirs)
                XCTAssertEqual(server.requests(for: "/a/same.bin").count, 1, "nothing fetched again")
            }
        }
    }
}
