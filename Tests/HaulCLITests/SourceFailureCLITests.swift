import Crypto
import Foundation
import HaulTestSupport
import XCTest

/// Issue 60, points 1-3, run by the built `haul`: a dead source among others, an unresolvable host alone, and a
/// server without ranges.
final class SourceFailureCLITests: XCTestCase {
    private let content = deterministicBytes(count: 2 << 20, seed: 602)
    private let dead = "http://127.0.0.1:1/f.bin"

    private func sha256(_ bytes: [UInt8]) -> String { SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined() }

    /// `haul -x 8 --mirror DEAD LIVE`, `haul -x 1 DEAD --mirror LIVE`, and nginx as the live source: the refused
    /// source is dropped and the other carries the download (before, each exited 3).
    func testARefusedSourceIsDroppedAndTheOtherCarriesTheDownload() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/f.bin", FileResource(content: content))
                guard let nginx = try NginxServer.serving(["f.bin": content], in: dir) else { throw XCTSkip("nginx is not installed") }
                defer { nginx.stop() }
                let runs: [(String, [String])] = [
                    ("x8", ["-x", "8", "--min-split-size", "64K", "--mirror", dead, server.url("/f.bin")]),
                    ("x1", ["-x", "1", "--mirror", server.url("/f.bin"), dead]),
                    ("nginx", ["-x", "4", "--min-split-size", "64K", "--mirror", nginx.url("/f.bin"), dead]),
                ]
                for (name, arguments) in runs {
                    let result = try HaulProcess.run(["--state-dir", dir.file("s").path, "-o", "\(name).bin"] + arguments, in: dir.url)
                    XCTAssertEqual(result.status, 0, "\(name): \(result.stderr)")
                    XCTAssertTrue(contents(dir.file("\(name).bin")) == content, name)
                    XCTAssertTrue(result.stderr.contains("dropping mirror \(dead): 127.0.0.1:1: connection refused"), "\(name): \(result.stderr)")
                    XCTAssertFalse(result.stderr.contains("retry "), "a dropped source is no retry: \(result.stderr)")
                }
            }
        }
    }

    /// A Metalink whose first `<url>` is dead: the second serves, and a wrong hash still exits 8 (before, 3).
    func testAMetalinksDeadFirstSourceLeavesTheHashToDecide() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/f.bin", FileResource(content: content))
                for (hash, expected) in [(sha256(content), Int32(0)), (String(repeating: "0", count: 64), Int32(8))] {
                    let document = """
                        <?xml version="1.0" encoding="UTF-8"?>
                        <metalink xmlns="urn:ietf:params:xml:ns:metalink">
                          <file name="m\(expected).bin">
                            <size>\(content.count)</size>
                            <hash type="sha-256">\(hash)</hash>
                            <url priority="1">\(dead)</url>
                            <url priority="2">\(server.url("/f.bin"))</url>
                          </file>
                        </metalink>
                        """
                    let path = dir.file("m\(expected).meta4")
                    try Data(document.utf8).write(to: path)
                    let result = try HaulProcess.run(
                        ["--state-dir", dir.file("s").path, "-x", "4", "--min-split-size", "64K", "-d", dir.url.path, "--metalink", path.path],
                        in: dir.url)
                    XCTAssertEqual(result.status, expected, result.stderr)
                    if expected == 0 { XCTAssertTrue(contents(dir.file("m0.bin")) == content) }
                }
            }
        }
    }

    /// No source left: the download fails with the last failure's exit code, naming every source's reason.
    func testWhenEverySourceFailsEachReasonIsNamed() throws {
        try withTemporaryDirectorySync { dir in
            let unresolvable = "http://haul-every-source.invalid/f.bin"
            let result = try HaulProcess.run(["--state-dir", dir.file("s").path, "-o", "f.bin", "--mirror", unresolvable, dead], in: dir.url)
            XCTAssertEqual(result.status, 3, result.stderr)
            XCTAssertTrue(result.stderr.contains("every source failed"), result.stderr)
            XCTAssertTrue(result.stderr.contains("\(dead): 127.0.0.1:1: connection refused"), result.stderr)
            XCTAssertTrue(result.stderr.contains("\(unresolvable): haul-every-source.invalid: the host name does not resolve"), result.stderr)
        }
    }

    /// Point 2: a host name that does not resolve fails at once, as a refused connection does (before: five
    /// retries, about 22 s). The default retries, nothing capped.
    func testAnUnresolvableHostFailsAtOnceLikeARefusedConnection() throws {
        try withTemporaryDirectorySync { dir in
            for url in ["http://haul-unresolvable.invalid/f.bin", dead] {
                let result = try HaulProcess.run(["--state-dir", dir.file("s").path, "-o", "f.bin", url], in: dir.url)
                XCTAssertEqual(result.status, 3, result.stderr)
                XCTAssertFalse(result.stderr.contains("retry "), "\(url) is not retried: \(result.stderr)")
            }
        }
    }

    /// Point 3: a server without ranges (`python3 -m http.server`: no `Accept-Ranges`, every range answered with the
    /// whole file; the test server, then nginx with `max_ranges 0`). The first answer is the download: it keeps
    /// streaming, nothing starts over and no byte is asked for again.
    func testAServerWithoutRangesKeepsTheFirstAnswer() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                // Throttled so that the first answer is still on its first segment when the ranges come back whole.
                server.serve(
                    "/f.bin", FileResource(content: content, acceptRanges: nil, honorsRanges: false), bytesPerSecond: 4 << 20)
                let result = try HaulProcess.run(
                    ["--state-dir", dir.file("s").path, "-x", "4", "--min-split-size", "64K", "-o", "t.bin", server.url("/f.bin")],
                    in: dir.url)
                XCTAssertEqual(result.status, 0, result.stderr)
                XCTAssertTrue(contents(dir.file("t.bin")) == content)
                XCTAssertTrue(result.stderr.contains("continuing on one connection"), result.stderr)
                XCTAssertFalse(result.stderr.contains("starting over"), result.stderr)
                let requests = server.requests(for: "/f.bin")
                XCTAssertEqual(requests.filter { $0.header("Range") == nil }.count, 1, "the whole file asked once: \(requests.map { $0.header("Range") })")

                guard let nginx = try NginxServer.serving(
                    ["f.bin": content], in: dir, httpDirectives: "max_ranges 0; limit_rate 4m;", logsRequests: true)
                else { throw XCTSkip("nginx is not installed") }
                defer { nginx.stop() }
                let again = try HaulProcess.run(
                    ["--state-dir", dir.file("s").path, "-x", "4", "--min-split-size", "64K", "-o", "n.bin", nginx.url("/f.bin")],
                    in: dir.url)
                XCTAssertEqual(again.status, 0, again.stderr)
                XCTAssertTrue(contents(dir.file("n.bin")) == content)
                // nginx with `max_ranges 0` sends no `Accept-Ranges`: the first answer is not cut at its segment's
                // end until a 206 shows ranges, so it may pass that end before the ranged answers come back whole
                // and still be kept (TransferMachineUncutProbeTests): nothing starts over, nothing is asked twice.
                XCTAssertFalse(again.stderr.contains("starting over"), again.stderr)
                let logged = nginx.loggedRequests()
                XCTAssertEqual(logged.filter { $0.range == nil }.count, 1, "\(logged)")
            }
        }
    }
}
