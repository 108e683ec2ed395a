import Crypto
import Foundation
import HaulTestSupport
import XCTest

/// `--checksum-file PATH|URL` and `checksum-file=` in `-i` lists, end to end against the test server.
final class ChecksumFileTests: XCTestCase {
    private let content = deterministicBytes(count: 300_000, seed: 47)
    private var digest: String { SHA256.hash(data: content).map { String(format: "%02x", $0) }.joined() }
    private let other = String(repeating: "0", count: 64)

    func testEntryFromAListServedBesideTheFile() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/f.bin", FileResource(content: content))
                server.serve("/SHA256SUMS", FileResource(content: Array("\(other)  g.bin\n\(digest) *./f.bin\n".utf8)))
                let result = try HaulProcess.run(
                    ["--checksum-file", server.url("/SHA256SUMS"), "--state-dir", dir.file("s").path, server.url("/f.bin")], in: dir.url)
                XCTAssertEqual(result.status, 0, result.stderr)
                XCTAssertTrue(contents(dir.file("f.bin")) == content, "the verified file is kept")
                XCTAssertEqual(server.requests(for: "/SHA256SUMS").count, 1)
            }
        }
    }

    func testMismatchFromALocalBSDListExitsEightAndKeepsNothing() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/f.bin", FileResource(content: content))
                try Data("SHA256 (f.bin) = \(other)\n".utf8).write(to: dir.file("f.bin.sha256"))
                let result = try HaulProcess.run(
                    ["--checksum-file", "f.bin.sha256", "--state-dir", dir.file("s").path, server.url("/f.bin")], in: dir.url)
                XCTAssertEqual(result.status, 8, result.stderr)
                XCTAssertTrue(result.stderr.contains(other) && result.stderr.contains(digest), result.stderr)
                XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file("f.bin").path))
                XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file("f.bin.part").path))
            }
        }
    }

    func testNoEntryExitsTwoBeforeAByteOfTheFileIsFetched() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/f.bin", FileResource(content: content))
                server.serve("/SHA256SUMS", FileResource(content: Array("\(digest)  other.iso\n".utf8)))
                let result = try HaulProcess.run(
                    ["--checksum-file", server.url("/SHA256SUMS"), "--state-dir", dir.file("s").path, server.url("/f.bin")], in: dir.url)
                XCTAssertEqual(result.status, 2, result.stderr)
                XCTAssertTrue(result.stderr.contains("no entry for f.bin"), result.stderr)
                XCTAssertEqual(server.requests(for: "/f.bin").count, 0, "nothing of the file was asked for")
                XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file("f.bin.part").path))
            }
        }
    }

    func testTheOutputNameIsLookedUpAndTheListIsReadOncePerRun() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/f.bin", FileResource(content: content))
                server.serve("/g.bin", FileResource(content: content))
                server.serve("/sums/SHA256SUMS", FileResource(content: Array("\(digest)  renamed.bin\n\(digest)  g.bin\n".utf8)))
                let list = """
                    \(server.url("/f.bin"))
                      out=renamed.bin
                      checksum-file=\(server.url("/sums/SHA256SUMS"))
                    \(server.url("/g.bin"))
                      checksum-file=\(server.url("/sums/SHA256SUMS"))

                    """
                try Data(list.utf8).write(to: dir.file("list.txt"))
                let result = try HaulProcess.run(["-i", "list.txt", "--state-dir", dir.file("s").path], in: dir.url)
                XCTAssertEqual(result.status, 0, result.stderr)
                XCTAssertTrue(contents(dir.file("renamed.bin")) == content)
                XCTAssertTrue(contents(dir.file("g.bin")) == content)
                XCTAssertEqual(server.requests(for: "/sums/SHA256SUMS").count, 1)
            }
        }
    }

    func testBadListsAreClearErrors() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/f.bin", FileResource(content: content))
                server.serve("/page", FileResource(content: Array("<html>login first</html>".utf8), contentType: "text/html"))
                server.serve("/huge", FileResource(content: deterministicBytes(count: 2 << 20, seed: 3)))
                let cases: [(source: String, status: Int32, says: String)] = [
                    (server.url("/page"), 2, "no checksum lines"),
                    (server.url("/huge"), 2, "bytes"),
                    (server.url("/missing"), 4, "404"),
                    ("absent.txt", 2, "cannot read the checksum file absent.txt"),
                    ("ftp://example.com/SUMS", 2, "--checksum-file 'ftp://example.com/SUMS' is not an http or https URL"),  // DownloadURLRule's sentence
                ]
                for item in cases {
                    let result = try HaulProcess.run(
                        ["--checksum-file", item.source, "--state-dir", dir.file("s").path, server.url("/f.bin")], in: dir.url)
                    XCTAssertEqual(result.status, item.status, "\(item.source): \(result.stderr)")
                    XCTAssertTrue(result.stderr.contains(item.says), "\(item.source): \(result.stderr)")
                }
                XCTAssertEqual(server.requests(for: "/f.bin").count, 0)
                let both = try HaulProcess.run(["--checksum", "sha256=\(digest)", "--checksum-file", "x", server.url("/f.bin")], in: dir.url)
                XCTAssertEqual(both.status, 2, both.stderr)
            }
        }
    }
}
