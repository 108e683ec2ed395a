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
                // No second copy under a numbered name: a process whose download the other finished first keeps the
                // other's file (before the end, or at its end when both fetched it).
                XCTAssertEqual(Set(rows.compactMap { $0["path"] as? String }), Set(names.map { dir.file($0).path }), list.stdout)
                let copies = try FileManager.default.contentsOfDirectory(atPath: dir.url.path).filter { $0.contains(".1.") }
                XCTAssertEqual(copies, [], "second copies")
            }
        }
    }

    /// A list run that took up a download another `haul` then finished while the list was busy with an earlier
    /// file: when its turn comes, the file is there and nothing is fetched again (before: fetched whole again and
    /// finished as `fast.1.bin`, a second copy, the record moved to it).
    func testADownloadFinishedElsewhereWhileTheListWaitedIsNotFetchedAgain() async throws {
        let slow = deterministicBytes(count: 400_000, seed: 140)
        let fast = deterministicBytes(count: 300_000, seed: 141)
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/slow.bin", FileResource(content: slow), bytesPerSecond: 200_000)
                server.serve("/fast.bin", FileResource(content: fast))
                try [server.url("/slow.bin"), server.url("/fast.bin")].joined(separator: "\n")
                    .write(to: dir.file("list.txt"), atomically: true, encoding: .utf8)
                let state = dir.file("s")
                let list = try HaulProcess(["-j", "1", "-x", "1", "--state-dir", state.path, "-i", "list.txt"], in: dir.url)
                XCTAssertTrue(waitUntil { (durableBytes(stateDirectory: state, partPath: dir.file("slow.bin.part").path) ?? 0) > 0 })
                let alone = try HaulProcess.run(["--state-dir", state.path, server.url("/fast.bin")], in: dir.url)
                XCTAssertEqual(alone.status, 0, alone.stderr)
                let result = list.finish()
                XCTAssertEqual(result.status, 0, result.stderr)
                XCTAssertEqual(contents(dir.file("slow.bin")), slow)
                XCTAssertEqual(contents(dir.file("fast.bin")), fast)
                XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file("fast.1.bin").path), "a second copy")
                XCTAssertEqual(server.requests(for: "/fast.bin").count, 1, "fetched once: \(server.requests(for: "/fast.bin").map { "\($0.header("Range") ?? "whole")" }) list: \(result.stderr) alone: \(alone.stderr)")
            }
        }
    }
}
