import Foundation
import HaulTestSupport
import XCTest

/// `--mirror URL` and TAB-separated input-file lines, run by the built `haul`.
final class MirrorCLITests: XCTestCase {
    private let content = deterministicBytes(count: 600_000, seed: 41)

    func testAMissingMainURLIsDroppedAndSaidAndTheMirrorServesTheFile() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/c.bin", FileResource(content: content))
                let result = try HaulProcess.run(
                    ["--mirror", server.url("/c.bin"), "--state-dir", dir.file("s").path, "-o", "f.bin", server.url("/missing.bin")], in: dir.url)
                XCTAssertEqual(result.status, 0, result.stderr)
                XCTAssertTrue(contents(dir.file("f.bin")) == content)
                XCTAssertTrue(result.stderr.contains("dropping mirror \(server.url("/missing.bin")): HTTP 404 Not Found"), result.stderr)
            }
        }
    }

    func testAnInputFileLineWithTabsIsOneFileWithMirrors() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/c.bin", FileResource(content: content))
                let list = dir.file("list.txt")
                try Data("\(server.url("/missing.bin"))\t\(server.url("/c.bin"))\n  out=f.bin\n".utf8).write(to: list)
                let result = try HaulProcess.run(["--state-dir", dir.file("s").path, "-i", list.path], in: dir.url)
                XCTAssertEqual(result.status, 0, result.stderr)
                XCTAssertTrue(contents(dir.file("f.bin")) == content)
                XCTAssertFalse(result.stderr.contains("ignored"), result.stderr)
            }
        }
    }

    func testMirrorIsAUsageErrorWithSeveralURLsOrABadURL() async throws {
        try await withTemporaryDirectory { dir in
            let several = try HaulProcess.run(["--mirror", "https://m.example/f", "https://a.example/f", "https://b.example/f"], in: dir.url)
            XCTAssertEqual(several.status, 2)
            XCTAssertTrue(several.stderr.contains("--mirror takes a single URL"), several.stderr)
            let bad = try HaulProcess.run(["--mirror", "ftp://m.example/f", "https://a.example/f"], in: dir.url)
            XCTAssertEqual(bad.status, 2)
            XCTAssertTrue(bad.stderr.contains("--mirror 'ftp://m.example/f' is not an http or https URL"), bad.stderr)
        }
    }
}
