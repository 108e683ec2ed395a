import Foundation
import HaulTestSupport
import XCTest

/// Two `haul -i` runs of one list on one state directory at the same time (two terminals, a cron job that fired
/// twice): each file is downloaded once, by whichever process took it first, and both runs end with every file
/// complete and exit 0. Before: each run left the files the other held ("another haul process is already
/// downloading ...") and exited 10 with "6 of 12 downloads succeeded", although all twelve were there.
final class OverlappingListsTests: XCTestCase {
    func testTwoRunsOfOneListBothEndWithEveryFileDoneOnce() async throws {
        let names = (1...8).map { "g\($0).bin" }
        let bodies = names.indices.map { deterministicBytes(count: 300_000, seed: 120 + UInt64($0)) }
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                for (name, bytes) in zip(names, bodies) {
                    server.serve("/" + name, FileResource(content: bytes), bytesPerSecond: 400_000)
                }
                try names.map { server.url("/" + $0) }.joined(separator: "\n").write(to: dir.file("list.txt"), atomically: true, encoding: .utf8)
                let arguments = ["-q", "-x", "1", "-j", "2", "--state-dir", dir.file("s").path, "-i", "list.txt"]
                let first = try HaulProcess(arguments, in: dir.url)
                let second = try HaulProcess(arguments, in: dir.url)
                let (a, b) = (first.finish(timeout: 120), second.finish(timeout: 120))
                XCTAssertEqual(a.status, 0, a.stderr)
                XCTAssertEqual(b.status, 0, b.stderr)
                for (name, bytes) in zip(names, bodies) {
                    XCTAssertTrue(contents(dir.file(name)) == bytes, name)
                    XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file(name + ".part").path), name)
                }
                // Each file is written by one process: the other's request (sent early, before the file's lock is
                // looked at) is dropped when it finds the lock held.
                for name in names {
                    XCTAssertLessThanOrEqual(server.requests(for: "/" + name).count, 2, name)
                }
                let list = try HaulProcess.run(["list", "--json", "--state-dir", dir.file("s").path], in: dir.url)
                let rows = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
                XCTAssertEqual(rows.count, names.count, list.stdout)
                XCTAssertEqual(Set(rows.compactMap { $0["state"] as? String }), ["completed"], list.stdout)
            }
        }
    }
}
