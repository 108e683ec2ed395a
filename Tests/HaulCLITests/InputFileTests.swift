import Crypto
import Foundation
import HaulTestSupport
import XCTest

/// `-i FILE`: aria2c-style lists with per-download options.
final class InputFileTests: XCTestCase {
    func testDownloadsEveryEntryWithItsOptions() async throws {
        let a = deterministicBytes(count: 300_000, seed: 1)
        let b = deterministicBytes(count: 200_000, seed: 2)
        let digestB = SHA256.hash(data: b).map { String(format: "%02x", $0) }.joined()
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/a.bin", FileResource(content: a))
                server.serve("/b.bin", FileResource(content: b))
                let list = """
                    # two files
                    \(server.url("/a.bin"))
                      out=first.bin
                      header=X-Token: abc

                    \(server.url("/b.bin"))
                      dir=sub
                      checksum=sha-256=\(digestB)
                    """
                try Data(list.utf8).write(to: dir.file("list.txt"))
                let result = try HaulProcess.run(["-i", "list.txt", "--state-dir", dir.file("s").path], in: dir.url)
                XCTAssertEqual(result.status, 0, result.stderr)
                XCTAssertTrue(contents(dir.file("first.bin")) == a, "first.bin")
                XCTAssertTrue(contents(dir.file("sub/b.bin")) == b, "sub/b.bin")
                XCTAssertEqual(server.requests(for: "/a.bin").first?.header("X-Token"), "abc")
                XCTAssertNil(server.requests(for: "/b.bin").first?.header("X-Token"), "options belong to their URL")
            }
        }
    }

    func testABatchReportsFailuresAndExitsWithTheFirstFailure() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/ok.bin", FileResource(content: deterministicBytes(count: 1000)))
                server.route("/missing.bin") { _ in .text(404, "no") }
                let list = "\(server.url("/missing.bin"))\n\(server.url("/ok.bin"))\n"
                try Data(list.utf8).write(to: dir.file("list.txt"))
                let result = try HaulProcess.run(["-i", "list.txt", "--state-dir", dir.file("s").path], in: dir.url)
                XCTAssertEqual(result.status, 4, result.stderr)
                XCTAssertTrue(result.stderr.contains("1 of 2 downloads succeeded"), result.stderr)
                XCTAssertTrue(FileManager.default.fileExists(atPath: dir.file("ok.bin").path), "a failure does not stop the batch")
            }
        }
    }

    func testMalformedListIsAUsageErrorNamingTheLine() throws {
        try withTemporaryDirectorySync { dir in
            try Data("http://h/a\n  colour=blue\n".utf8).write(to: dir.file("list.txt"))
            let result = try HaulProcess.run(["-i", "list.txt"], in: dir.url)
            XCTAssertEqual(result.status, 2)
            XCTAssertTrue(result.stderr.contains("line 2"), result.stderr)

            try Data("http://h/a\nhttp://h/b\n  out=-\n".utf8).write(to: dir.file("stdout.txt"))
            let dash = try HaulProcess.run(["-i", "stdout.txt"], in: dir.url)
            XCTAssertEqual(dash.status, 2, dash.stderr)
            XCTAssertTrue(dash.stderr.contains("line 2") && dash.stderr.contains("standard output"), "names the entry: \(dash.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file("-").path))
        }
    }
}
