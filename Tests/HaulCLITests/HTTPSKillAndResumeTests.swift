import Crypto
import Foundation
import HaulTestSupport
import XCTest

/// `kill -9` of a 16-connection https download at random moments, then a final run: byte-exact against the
/// source's SHA-256, the later runs resuming with ranges over TLS through the direct client (`--http1.1`: every
/// request is its; docs/transport.md).
final class HTTPSKillAndResumeTests: XCTestCase {
    func testKillNineOverHTTPSWithSixteenConnectionsThenResume() throws {
        try withTemporaryDirectorySync { dir in
            let content = deterministicBytes(count: 16 << 20, seed: 613)
            let certificates = try TestCertificates.write(to: dir.url)
            guard let nginx = try NginxServer.serving(
                ["big.bin": content], in: dir, extraLocations: "location ~ \\.bin$ { limit_rate 128k; }",
                tls: certificates, logsRequests: true
            ) else { throw XCTSkip("nginx is not installed") }
            defer { nginx.stop() }
            let state = dir.file("s")
            let part = dir.file("big.bin.part")
            let done = dir.file("big.bin").path
            let arguments = ["--state-dir", state.path, "--cacert", "ca.pem", "--http1.1", "-x", "16",
                             "--min-split-size", "1M", "-o", "big.bin", nginx.url("/big.bin")]
            let previous = try killNineRounds(2, arguments: arguments, in: dir.url, state: state, part: part, done: done)
            if !FileManager.default.fileExists(atPath: done) {
                let final = try HaulProcess.run(arguments, in: dir.url)
                XCTAssertEqual(final.status, 0, final.stderr)
            }
            XCTAssertGreaterThan(previous, 0, "a kill left durable bytes for the next run to resume from")
            let data = try XCTUnwrap(FileManager.default.contents(atPath: done))
            XCTAssertEqual(SHA256.hash(data: data).description, SHA256.hash(data: Data(content)).description)
            let log = nginx.loggedRequests()
            XCTAssertEqual(Set(log.map(\.httpVersion)), ["HTTP/1.1"], "\(log)")
            XCTAssertGreaterThan(log.filter { $0.status == 206 }.count, 16, "later runs resumed with ranges: \(log)")
        }
    }
}
