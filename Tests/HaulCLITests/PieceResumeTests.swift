import Crypto
import Foundation
import HaulTestSupport
import XCTest

@testable import HaulKit

/// Piece hashes across `kill -9`: the pieces recorded as verified (and still covered by the saved progress) are
/// trusted without hashing them again; every other piece is hashed in the next run before it is trusted.
final class PieceResumeTests: XCTestCase {
    private func sha256(_ bytes: some Sequence<UInt8>) -> String { SHA256.hash(data: Array(bytes)).map { String(format: "%02x", $0) }.joined() }

    func testAResumeAfterKillNineTrustsTheRecordedPiecesAndHashesTheRest() async throws {
        let content = deterministicBytes(count: 2 << 20, seed: 54)
        let pieceLength = 65_536
        let pieceCount = content.count / pieceLength
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                let slow = Switch(on: true)
                server.serve("/f.bin", FileResource(content: content), bytesPerSecond: 512 << 10, while: slow)
                let pieces = (0..<pieceCount).map { sha256(content[($0 * pieceLength)..<(($0 + 1) * pieceLength)]) }
                let document = """
                    <metalink xmlns="urn:ietf:params:xml:ns:metalink"><file name="f.bin"><size>\(content.count)</size>
                    <hash type="sha-256">\(sha256(content))</hash>
                    <pieces length="\(pieceLength)" type="sha-256">\(pieces.map { "<hash>\($0)</hash>" }.joined())</pieces>
                    <url>\(server.url("/f.bin"))</url></file></metalink>
                    """
                let path = dir.file("f.meta4")
                try Data(document.utf8).write(to: path)
                let state = dir.file("s")
                let arguments = ["--state-dir", state.path, "-x", "1", "-d", dir.file("out").path, "--metalink", path.path]
                let part = dir.file("out/f.bin.part").path

                func recorded() -> (verified: Set<Int>, durable: Int64)? {
                    guard let store = try? DownloadStore(directory: state.path), let record = try? store.unfinished(partPath: part),
                        let id = record.id, let verified = try? store.verifiedPieces(of: id), let segments = try? store.segments(of: id)
                    else { return nil }
                    return (verified, segments.reduce(0) { $0 + ($1.next - $1.start) })
                }

                let first = try HaulProcess(arguments, in: dir.url)
                XCTAssertTrue(waitUntil(timeout: 20) { (recorded()?.verified.count ?? 0) >= 4 && (recorded()?.durable ?? 0) >= 4 * Int64(pieceLength) })
                first.signal(SIGKILL)
                _ = first.finish()
                let before = try XCTUnwrap(recorded())
                // Trusted: recorded as verified and still inside the durable bytes.
                let trusted = before.verified.filter { Int64(($0 + 1) * pieceLength) <= before.durable }
                XCTAssertFalse(trusted.isEmpty, "\(before)")

                slow.isOn = false
                let second = try HaulProcess.run(arguments, in: dir.url, environment: ["HAUL_TRACE": "1"])
                XCTAssertEqual(second.status, 0, second.stderr)
                XCTAssertTrue(contents(dir.file("out/f.bin")) == content)
                let hashed = second.stderr.split(separator: "\n").compactMap { line -> Int? in
                    guard let range = line.range(of: "haul-trace: piece ") else { return nil }
                    return Int(line[range.upperBound...].prefix { $0.isNumber })
                }
                XCTAssertEqual(hashed.count, Set(hashed).count, "each piece hashed once: \(hashed)")
                XCTAssertEqual(Set(hashed), Set(0..<pieceCount).subtracting(trusted), "trusted \(trusted.sorted())")
            }
        }
    }
}
