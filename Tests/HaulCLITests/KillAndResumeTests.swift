import Crypto
import Foundation
import HaulTestSupport
import XCTest

/// `kill -9` at random moments, several times, then a final run: the file must equal the server's, byte for byte.
/// The file is four minimum splits long, so `haul`'s default of several connections splits it into segments.
final class KillAndResumeTests: XCTestCase {
    func testKillNineRepeatedlyThenResume() async throws {
        let content = deterministicBytes(count: 16 << 20, seed: 21)
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                let file = FileResource(content: content)
                server.serve("/big.bin", file, bytesPerSecond: 1 << 20)
                let arguments = ["--state-dir", dir.file("s").path, "-o", "big.bin", server.url("/big.bin")]
                let part = dir.file("big.bin.part")
                let state = dir.file("s")
                let done = dir.file("big.bin").path
                _ = try killNineRounds(4, arguments: arguments, in: dir.url, state: state, part: part, done: done)
                server.route("/big.bin") { file.response(for: $0) }
                if !FileManager.default.fileExists(atPath: dir.file("big.bin").path) {
                    let final = try HaulProcess.run(arguments, in: dir.url)
                    XCTAssertEqual(final.status, 0, final.stderr)
                }
                let data = try XCTUnwrap(FileManager.default.contents(atPath: dir.file("big.bin").path))
                XCTAssertEqual(SHA256.hash(data: data).description, SHA256.hash(data: Data(content)).description)
                let ranged = server.requests(for: "/big.bin").filter { $0.header("Range") != nil }
                XCTAssertFalse(ranged.isEmpty, "later runs resumed instead of starting over")
            }
        }
    }
}
