import Crypto
import Foundation
import HaulTestSupport
import XCTest

/// `--checksum auto` (and `--require-checksum`), end to end against the test server: the checksum a site publishes
/// beside a file is found, used, and named; its absence is a note, or an error when required.
final class ChecksumAutoTests: XCTestCase {
    private let content = deterministicBytes(count: 300_000, seed: 53)
    private var digest: String { SHA256.hash(data: content).map { String(format: "%02x", $0) }.joined() }
    private let wrong = String(repeating: "0", count: 64)

    func testASidecarBesideTheFileVerifiesItAndIsNamed() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/d/f.bin", FileResource(content: content))
                server.serve("/d/f.bin.sha256", FileResource(content: Array("\(digest.uppercased())\n".utf8)))
                let result = try HaulProcess.run(
                    ["--checksum", "auto", "--state-dir", dir.file("s").path, server.url("/d/f.bin")], in: dir.url)
                XCTAssertEqual(result.status, 0, result.stderr)
                XCTAssertTrue(result.stderr.contains("checksum sha256 from \(server.url("/d/f.bin.sha256"))"), result.stderr)
                XCTAssertTrue(contents(dir.file("f.bin")) == content)
                XCTAssertEqual(server.requests(for: "/d/SHA256SUMS").count, 0, "the first place that lists it wins")
            }
        }
    }

    func testADirectorysSumsFileIsUsedWhenThereIsNoSidecarAndAMismatchKeepsNothing() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/d/f.bin", FileResource(content: content))
                server.serve("/d/g.bin", FileResource(content: content))
                server.serve("/d/SHA256SUMS", FileResource(content: Array("\(digest)  f.bin\n\(wrong)  g.bin\n".utf8)))
                let good = try HaulProcess.run(
                    ["--checksum", "auto", "--state-dir", dir.file("s").path, server.url("/d/f.bin")], in: dir.url)
                XCTAssertEqual(good.status, 0, good.stderr)
                XCTAssertTrue(good.stderr.contains("from \(server.url("/d/SHA256SUMS"))"), good.stderr)
                XCTAssertEqual(server.requests(for: "/d/f.bin.sha256").count, 1, "the sidecar was looked for first")
                let bad = try HaulProcess.run(
                    ["--checksum", "auto", "--state-dir", dir.file("s").path, server.url("/d/g.bin")], in: dir.url)
                XCTAssertEqual(bad.status, 8, bad.stderr)
                XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file("g.bin").path))
            }
        }
    }

    func testNothingPublishedIsANoteUnlessRequired() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/d/f.bin", FileResource(content: content))
                let plain = try HaulProcess.run(
                    ["--checksum", "auto", "--state-dir", dir.file("s").path, server.url("/d/f.bin")], in: dir.url)
                XCTAssertEqual(plain.status, 0, plain.stderr)
                XCTAssertTrue(plain.stderr.contains("no published checksum found"), plain.stderr)
                XCTAssertTrue(contents(dir.file("f.bin")) == content)
                try FileManager.default.removeItem(at: dir.file("f.bin"))
                let fetchesBefore = server.requests(for: "/d/f.bin").count
                let required = try HaulProcess.run(
                    ["--checksum", "auto", "--require-checksum", "--state-dir", dir.file("s2").path, server.url("/d/f.bin")],
                    in: dir.url)
                XCTAssertEqual(required.status, 2, required.stderr)
                XCTAssertTrue(required.stderr.contains("--require-checksum"), required.stderr)
                XCTAssertEqual(server.requests(for: "/d/f.bin").count, fetchesBefore, "nothing of the file was asked for")
            }
        }
    }

    func testRequireChecksumWithoutAutoIsAUsageError() throws {
        let result = try HaulProcess.run(["--require-checksum", "http://127.0.0.1:9/f"], in: FileManager.default.temporaryDirectory)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("--require-checksum goes with --checksum auto"), result.stderr)
    }
}
