import Crypto
import Foundation
import HaulTestSupport
import XCTest

/// `--checksum`, `haul verify`, `haul zip`, `haul unzip` and `--extract` end to end, with their exit codes.
final class ChecksumAndArchiveTests: XCTestCase {
    private let content = deterministicBytes(count: 2 << 20, seed: 31)
    private var digest: String { SHA256.hash(data: content).map { String(format: "%02x", $0) }.joined() }

    func testMatchingChecksumKeepsTheFile() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/f.bin", FileResource(content: content))
                let result = try HaulProcess.run(["--checksum", "sha256=\(digest)", "--state-dir", dir.file("s").path, server.url("/f.bin")], in: dir.url)
                XCTAssertEqual(result.status, 0, result.stderr)
                XCTAssertTrue(contents(dir.file("f.bin")) == content, "contents(dir.file('f.bin'))")
            }
        }
    }

    func testMismatchExitsEightShowsBothDigestsAndKeepsNothing() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/f.bin", FileResource(content: content))
                let wrong = String(repeating: "0", count: 64)
                for connections in ["1", "4"] {
                    let result = try HaulProcess.run(
                        ["-x", connections, "--min-split-size", "256K", "--checksum", "sha256=\(wrong)", "--state-dir", dir.file("s").path, server.url("/f.bin")],
                        in: dir.url
                    )
                    XCTAssertEqual(result.status, 8, result.stderr)
                    XCTAssertTrue(result.stderr.contains(wrong) && result.stderr.contains(digest), result.stderr)
                    XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file("f.bin").path), "never promoted")
                    XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file("f.bin.part").path))
                }
                let again = try HaulProcess.run(["--checksum", "sha256=\(digest)", "--state-dir", dir.file("s").path, server.url("/f.bin")], in: dir.url)
                XCTAssertEqual(again.status, 0, "the next run downloads afresh: \(again.stderr)")
                XCTAssertTrue(contents(dir.file("f.bin")) == content, "contents(dir.file('f.bin'))")
            }
        }
    }

    func testMalformedChecksumIsAUsageError() throws {
        try withTemporaryDirectorySync { dir in
            for bad in ["sha256=xyz", "crc99=00", "sha256"] {
                let result = try HaulProcess.run(["--checksum", bad, "http://127.0.0.1:9/x"], in: dir.url)
                XCTAssertEqual(result.status, 2, "\(bad): \(result.stderr)")
            }
        }
    }

    func testVerify() throws {
        try withTemporaryDirectorySync { dir in
            try Data(content).write(to: dir.file("f"))
            let ok = try HaulProcess.run(["verify", "f", "sha256=\(digest)"], in: dir.url)
            XCTAssertEqual(ok.status, 0, ok.stderr)
            let md5 = Insecure.MD5.hash(data: content).map { String(format: "%02x", $0) }.joined()
            XCTAssertEqual(try HaulProcess.run(["verify", "f", "md5=\(md5)"], in: dir.url).status, 0)
            let bad = try HaulProcess.run(["verify", "f", "md5=\(String(repeating: "a", count: 32))"], in: dir.url)
            XCTAssertEqual(bad.status, 8)
            XCTAssertTrue(bad.stderr.contains(md5), bad.stderr)
        }
    }

    func testZipThenUnzipRoundTrip() throws {
        try withTemporaryDirectorySync { dir in
            let source = dir.file("tree")
            try FileManager.default.createDirectory(at: source.appendingPathComponent("sub"), withIntermediateDirectories: true)
            try Data(content).write(to: source.appendingPathComponent("sub/big.bin"))
            try Data("hello\n".utf8).write(to: source.appendingPathComponent("a.txt"))
            let zipped = try HaulProcess.run(["zip", "out.zip", "tree"], in: dir.url)
            XCTAssertEqual(zipped.status, 0, zipped.stderr)
            let again = try HaulProcess.run(["zip", "out.zip", "tree"], in: dir.url)
            XCTAssertEqual(again.status, 6, "an existing archive is not replaced: \(again.stderr)")
            let unzipped = try HaulProcess.run(["unzip", "out.zip", "-d", "x"], in: dir.url)
            XCTAssertEqual(unzipped.status, 0, unzipped.stderr)
            XCTAssertTrue(contents(dir.file("x/tree/sub/big.bin")) == content, "contents(dir.file('x/tree/sub/big.bin'))")
            XCTAssertTrue(contents(dir.file("x/tree/a.txt")) == Array("hello\n".utf8), "contents(dir.file('x/tree/a.txt'))")
        }
    }

    func testBrokenArchiveExitsNineAndLeavesNothing() throws {
        try withTemporaryDirectorySync { dir in
            try Data(deterministicBytes(count: 5000)).write(to: dir.file("bad.zip"))
            let result = try HaulProcess.run(["unzip", "bad.zip", "-d", "x"], in: dir.url)
            XCTAssertEqual(result.status, 9, result.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file("x").path))
        }
    }

    func testDownloadThenExtract() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                let tree = dir.file("tree")
                try FileManager.default.createDirectory(at: tree, withIntermediateDirectories: true)
                try Data(content).write(to: tree.appendingPathComponent("inside.bin"))
                XCTAssertEqual(try HaulProcess.run(["zip", "pack.zip", "tree"], in: dir.url).status, 0)
                let archive = try XCTUnwrap(contents(dir.file("pack.zip")))
                server.serve("/pack.zip", FileResource(content: archive))
                let out = dir.file("dl")
                let result = try HaulProcess.run(["-d", out.path, "--extract", "--state-dir", dir.file("s").path, server.url("/pack.zip")], in: dir.url)
                XCTAssertEqual(result.status, 0, result.stderr)
                XCTAssertTrue(contents(out.appendingPathComponent("pack/tree/inside.bin")) == content, "contents(out.appendingPathComponent('pack/tree/inside.bin'))")
            }
        }
    }
}
