import Crypto
import Foundation
import HaulTestSupport
import XCTest

/// "One destination, one download" as people meet it on the command line: two URLs with one name, running the
/// same command again, a file in the way, a checksum list and `-o`.
final class OneDestinationCLITests: XCTestCase {
    private let a = deterministicBytes(count: 300_000, seed: 61)
    private let b = deterministicBytes(count: 250_000, seed: 62)

    /// Before: "another haul process is already downloading …/mid.bin.part" (there was none), a raw SQLite
    /// FOREIGN KEY error, a row at `?%` and an `interrupted` record.
    func testTwoURLsWithOneNameInOneCommandGetTwoNames() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/a/mid.bin", FileResource(content: a))
                server.serve("/b/mid.bin", FileResource(content: b))
                let result = try HaulProcess.run(
                    ["-j", "3", "-d", "out", "--state-dir", dir.file("s").path, server.url("/a/mid.bin"), server.url("/b/mid.bin")],
                    in: dir.url)
                XCTAssertEqual(result.status, 0, result.stderr)
                XCTAssertFalse(result.stderr.contains("SQLite") || result.stderr.contains("another haul process"), result.stderr)
                XCTAssertTrue(result.stderr.contains("saving as mid.1.bin"), result.stderr)
                XCTAssertTrue(contents(dir.file("out/mid.bin")) == a, "the first URL keeps the name")
                XCTAssertTrue(contents(dir.file("out/mid.1.bin")) == b, "the second gets a numbered one")

                let failing = try HaulProcess.run(
                    ["--on-conflict", "fail", "-d", "out2", "--state-dir", dir.file("s").path, server.url("/a/mid.bin"), server.url("/b/mid.bin")],
                    in: dir.url)
                XCTAssertEqual(failing.status, 6, failing.stderr)
                XCTAssertTrue(failing.stderr.contains("is the destination of download"), failing.stderr)
                XCTAssertTrue(contents(dir.file("out2/mid.bin")) == a, "the first one completes all the same")
            }
        }
    }

    /// "Run the same command again" is how haul resumes; after part of a batch completed it must go on, not stop
    /// with "f0.bin already exists" and exit 6.
    func testRunningTheSameCommandAgainSkipsWhatIsComplete() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                for index in 0..<3 { server.serve("/f\(index).bin", FileResource(content: a)) }
                let list = (0..<4).map { server.url("/f\($0).bin") }.joined(separator: "\n")
                try Data(list.utf8).write(to: dir.file("list.txt"))
                let arguments = ["-j", "2", "-i", "list.txt", "--state-dir", dir.file("s").path]
                let first = try HaulProcess.run(arguments, in: dir.url)
                XCTAssertEqual(first.status, 4, "f3.bin is missing: \(first.stderr)")
                let asked = server.requests().count

                server.serve("/f3.bin", FileResource(content: b))
                let second = try HaulProcess.run(arguments, in: dir.url)
                XCTAssertEqual(second.status, 0, second.stderr)
                XCTAssertEqual(second.stderr.components(separatedBy: "already complete").count - 1, 3, second.stderr)
                XCTAssertFalse(second.stderr.contains("already exists"), second.stderr)
                XCTAssertEqual(server.requests().count, asked + 1, "only f3.bin is fetched")
                XCTAssertTrue(contents(dir.file("f3.bin")) == b)
                XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file("f0.1.bin").path), "not renamed")

                let again = try HaulProcess.run(["--overwrite", "--state-dir", dir.file("s").path, server.url("/f0.bin")], in: dir.url)
                XCTAssertEqual(again.status, 0, again.stderr)
                XCTAssertEqual(server.requests().count, asked + 2, "--overwrite downloads it again")
            }
        }
    }

    /// A file that no download of this URL made: renamed by default (as aria2c and wget do), refused with
    /// `--on-conflict fail` (exit 6), left alone with `skip` (exit 0), replaced with `--overwrite`.
    func testAFileInTheWayIsRenamedRefusedSkippedOrReplaced() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/f", FileResource(content: a))
                let precious = Array("precious".utf8)
                try Data(precious).write(to: dir.file("f"))
                let state = dir.file("s").path

                let renamed = try HaulProcess.run(["--state-dir", state, server.url("/f")], in: dir.url)
                XCTAssertEqual(renamed.status, 0, renamed.stderr)
                XCTAssertTrue(renamed.stderr.contains("saving as f.1"), renamed.stderr)
                XCTAssertTrue(contents(dir.file("f")) == precious)
                XCTAssertTrue(contents(dir.file("f.1")) == a)

                let refused = try HaulProcess.run(["--on-conflict", "fail", "--state-dir", state, server.url("/f")], in: dir.url)
                XCTAssertEqual(refused.status, 6, refused.stderr)
                XCTAssertTrue(refused.stderr.contains("already exists"), refused.stderr)

                let skipped = try HaulProcess.run(["--on-conflict", "skip", "--state-dir", state, server.url("/f")], in: dir.url)
                XCTAssertEqual(skipped.status, 0, skipped.stderr)
                XCTAssertTrue(skipped.stderr.contains("skipped"), skipped.stderr)
                XCTAssertTrue(contents(dir.file("f")) == precious)

                let replaced = try HaulProcess.run(["--overwrite", "--state-dir", state, server.url("/f")], in: dir.url)
                XCTAssertEqual(replaced.status, 0, replaced.stderr)
                XCTAssertTrue(contents(dir.file("f")) == a)
            }
        }
    }

    /// The list names the server's files: `-o b.iso` of `a.iso` looks up `a.iso` (before: "no entry for b.iso",
    /// exit 2), and a list naming the saved name still works.
    func testAChecksumListIsReadByTheURLsNameThenTheSavedName() async throws {
        let digest = SHA256.hash(data: a).map { String(format: "%02x", $0) }.joined()
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/a.iso", FileResource(content: a))
                server.serve("/SHA256SUMS", FileResource(content: Array("\(digest)  a.iso\n".utf8)))
                server.serve("/SAVED", FileResource(content: Array("\(digest)  c.iso\n".utf8)))
                let state = dir.file("s").path
                let byURL = try HaulProcess.run(
                    ["--checksum-file", server.url("/SHA256SUMS"), "-o", "b.iso", "--state-dir", state, server.url("/a.iso")], in: dir.url)
                XCTAssertEqual(byURL.status, 0, byURL.stderr)
                XCTAssertTrue(contents(dir.file("b.iso")) == a)
                let bySavedName = try HaulProcess.run(
                    ["--checksum-file", server.url("/SAVED"), "-o", "c.iso", "--state-dir", state, server.url("/a.iso")], in: dir.url)
                XCTAssertEqual(bySavedName.status, 0, bySavedName.stderr)
                XCTAssertTrue(contents(dir.file("c.iso")) == a)
            }
        }
    }
}
