import Crypto
import Foundation
import HaulTestSupport
import XCTest

/// `--metalink FILE`: each file of a Metalink v4 document is a download with its sources as mirrors and its
/// strongest hash as the checksum.
final class MetalinkCLITests: XCTestCase {
    private let one = deterministicBytes(count: 400_000, seed: 51)
    private let two = deterministicBytes(count: 300_000, seed: 52)

    private func sha256(_ bytes: [UInt8]) -> String { SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined() }

    func testEachFileIsDownloadedFromItsSourcesAndAWrongHashKeepsNothing() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/one.bin", FileResource(content: one))
                server.serve("/two.bin", FileResource(content: two))
                let document = """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <metalink xmlns="urn:ietf:params:xml:ns:metalink">
                      <file name="one.bin">
                        <size>\(one.count)</size>
                        <hash type="md5">00000000000000000000000000000000</hash>
                        <hash type="sha-256">\(sha256(one))</hash>
                        <url priority="1">\(server.url("/missing.bin"))</url>
                        <url priority="2">\(server.url("/one.bin"))</url>
                        <url priority="3">ftp://ftp.example/one.bin</url>
                      </file>
                      <file name="sub/two.bin">
                        <size>\(two.count)</size>
                        <hash type="sha-256">\(sha256(one))</hash>
                        <url>\(server.url("/two.bin"))</url>
                      </file>
                    </metalink>
                    """
                let path = dir.file("files.meta4")
                try Data(document.utf8).write(to: path)
                let out = dir.file("out")
                let result = try HaulProcess.run(["--state-dir", dir.file("s").path, "-d", out.path, "--metalink", path.path], in: dir.url)
                XCTAssertEqual(result.status, 8, "the wrong hash of sub/two.bin: \(result.stderr)")
                XCTAssertTrue(contents(out.appendingPathComponent("one.bin")) == one, "the strongest hash (sha-256) decides, not md5")
                XCTAssertTrue(result.stderr.contains("dropping mirror \(server.url("/missing.bin"))"), result.stderr)
                XCTAssertTrue(result.stderr.contains("1 source other than http or https skipped"), result.stderr)
                XCTAssertFalse(FileManager.default.fileExists(atPath: out.appendingPathComponent("sub/two.bin").path))
                XCTAssertFalse(FileManager.default.fileExists(atPath: out.appendingPathComponent("sub/two.bin.part").path))
            }
        }
    }

    /// The Metalink's `<size>` is the file's length: a source of another length is dropped even when it is the
    /// preferred one and answers first; when every source is of another length the download exits 5.
    func testTheMetalinksSizeIsHeldAgainstEverySource() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/one.bin", FileResource(content: one))
                server.serve("/two.bin", FileResource(content: two))
                func document(_ urls: [String]) -> String {
                    """
                    <metalink xmlns="urn:ietf:params:xml:ns:metalink"><file name="one.bin"><size>\(one.count)</size>
                    \(urls.enumerated().map { "<url priority=\"\($0.offset + 1)\">\($0.element)</url>" }.joined())</file></metalink>
                    """
                }
                let path = dir.file("one.meta4")
                try Data(document([server.url("/two.bin"), server.url("/one.bin")]).utf8).write(to: path)
                let good = try HaulProcess.run(["--state-dir", dir.file("s").path, "-d", dir.file("a").path, "--metalink", path.path], in: dir.url)
                XCTAssertEqual(good.status, 0, good.stderr)
                XCTAssertTrue(contents(dir.file("a/one.bin")) == one)
                XCTAssertTrue(good.stderr.contains("dropping mirror \(server.url("/two.bin")): serves \(two.count) bytes where the file has \(one.count)"), good.stderr)
                try Data(document([server.url("/two.bin")]).utf8).write(to: path)
                let bad = try HaulProcess.run(["--state-dir", dir.file("s").path, "-d", dir.file("b").path, "--metalink", path.path], in: dir.url)
                XCTAssertEqual(bad.status, 5, bad.stderr)
                XCTAssertTrue(bad.stderr.contains("serves \(two.count) bytes where the file has \(one.count)"), bad.stderr)
                XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file("b/one.bin").path))
            }
        }
    }

    func testAHostileOrBrokenMetalinkIsAUsageError() async throws {
        try await withTemporaryDirectory { dir in
            let path = dir.file("bad.meta4")
            try Data("""
                <metalink xmlns="urn:ietf:params:xml:ns:metalink"><file name="../escape.bin"><url>https://a.example/f</url></file></metalink>
                """.utf8).write(to: path)
            let result = try HaulProcess.run(["--state-dir", dir.file("s").path, "--metalink", path.path], in: dir.url)
            XCTAssertEqual(result.status, 2, result.stderr)
            XCTAssertTrue(result.stderr.contains("'..'"), result.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir.url.deletingLastPathComponent().appendingPathComponent("escape.bin").path))
        }
    }
}
