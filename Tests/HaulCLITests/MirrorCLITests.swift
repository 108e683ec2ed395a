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

    /// `--retries 0 -x 4 --mirror BAD URL` (and `-x 1 --mirror URL BAD`): a dropped mirror's work is reassigned,
    /// not retried, so no retry budget is needed. BAD is a missing file, then a file of another length.
    func testADroppedMirrorNeedsNoRetryBudget() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/c.bin", FileResource(content: content))
                server.serve("/short.bin", FileResource(content: Array(content.prefix(500_000)), etag: "\"s\""))
                for (bad, reason) in [("/missing.bin", "HTTP 404 Not Found"), ("/short.bin", "serves 500000 bytes where the file has 600000")] {
                    // With one connection a main URL of another length is simply the first answer: it sets the length.
                    for connections in bad == "/missing.bin" ? ["1", "4"] : ["4"] {
                        let out = "f\(connections)\(bad.dropFirst()).out"
                        // One connection tries the main URL only, so there BAD is the main URL and the good file the mirror.
                        let sources = connections == "1" ? [server.url("/c.bin"), server.url(bad)] : [server.url(bad), server.url("/c.bin")]
                        let result = try HaulProcess.run(
                            ["--retries", "0", "-x", connections, "--min-split-size", "64K", "--mirror", sources[0],
                             "--state-dir", dir.file("s").path, "-o", out, sources[1]], in: dir.url)
                        let said = "dropping mirror \(server.url(bad)): \(reason)"
                        XCTAssertEqual(result.status, 0, "\(bad) -x \(connections): \(result.stderr)")
                        XCTAssertTrue(contents(dir.file(out)) == content, "\(bad) -x \(connections)")
                        XCTAssertEqual(result.stderr.components(separatedBy: said).count - 1, 1, "said once: \(result.stderr)")
                        XCTAssertFalse(result.stderr.contains("retry "), result.stderr)
                    }
                }
            }
        }
    }

    /// Connections move toward the fast mirror: the main URL throttled to 200 KiB/s (the preferred source, which
    /// wins ties), a fast `--mirror`, `-x 2`. The slow one can have sent at most its rate times the run's length
    /// (plus a buffer's worth), so the fast one served the rest: most of the file. Asked of both, and more often
    /// of the fast one.
    func testConnectionsMoveTowardTheFastMirror() async throws {
        let big = deterministicBytes(count: 16 << 20, seed: 43)
        let rate = 200 << 10
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/fast.bin", FileResource(content: big, etag: "\"fast\""))
                server.serve("/slow.bin", FileResource(content: big, etag: "\"slow\""), bytesPerSecond: rate)
                let started = Date()
                let result = try HaulProcess.run(
                    ["-x", "2", "--min-split-size", "256K", "--mirror", server.url("/fast.bin"), "--state-dir", dir.file("s").path,
                     "-o", "f.bin", server.url("/slow.bin")], in: dir.url)
                let elapsed = Date().timeIntervalSince(started)
                XCTAssertEqual(result.status, 0, result.stderr)
                XCTAssertTrue(contents(dir.file("f.bin")) == big)
                let slowRequests = server.requests(for: "/slow.bin").count
                let fastRequests = server.requests(for: "/fast.bin").count
                XCTAssertGreaterThan(slowRequests, 0, "every mirror is tried")
                XCTAssertGreaterThan(fastRequests, slowRequests, "new connections go to the fast mirror")
                let slowAtMost = Double(rate) * elapsed + Double(1 << 20)
                // Without moving, the slow one would keep its half (8 MiB, 40 s at its rate).
                XCTAssertLessThan(slowAtMost, Double(big.count) / 4, "the fast mirror served over 3/4 of the file (run took \(elapsed) s)")
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
