import Foundation
import HaulDaemon
import HaulKit
import HaulTestSupport
import XCTest

/// "One destination, one download" over real RPC: a second `addUri` with a running download's `out` never
/// deletes it (before: the first vanished from `tellActive`, its `.part` was deleted, it failed with a raw
/// "FOREIGN KEY constraint failed", and the second waited forever with free slots).
final class OneDestinationRPCTests: XCTestCase {
    private func files(_ fixture: DaemonFixture, _ gid: JSONValue) throws -> String? {
        try fixture.call("aria2.tellStatus", [gid, ["files"]])["files"]?.arrayValue?.first?["path"]?.stringValue
    }

    func testASecondAddUriWithTheSameOutIsRenamedAndTheFirstRunsOn() async throws {
        let fixture = try await DaemonFixture.start()
        let first = deterministicBytes(count: 1 << 20, seed: 31)
        let second = deterministicBytes(count: 200_000, seed: 32)
        let throttle = Switch(on: true)
        let slow = fixture.serve("/a/same.bin", first, bytesPerSecond: 200_000, while: throttle)
        let fast = fixture.serve("/b/same.bin", second)
        let a = try fixture.call("aria2.addUri", [[.string(slow)], ["out": "same.bin", "split": "1"]])
        try await fixture.wait(a, for: "active")
        let part = fixture.downloads + "/same.bin.part"
        await eventually(within: .seconds(5)) { FileManager.default.fileExists(atPath: part) }

        // aria2's auto-file-renaming=false: refused with aria2's "same file" error, naming the other download.
        let refused = try fixture.answer("aria2.addUri", [[.string(fast)], ["out": "same.bin", "auto-file-renaming": "false"]])
        let message = refused["error"]?["message"]?.stringValue ?? ""
        XCTAssertTrue(message.contains("is the destination of download"), "\(refused)")
        XCTAssertFalse(message.contains("SQLite"), message)

        // The default (auto-file-renaming on): a numbered name.
        let b = try fixture.call("aria2.addUri", [[.string(fast)], ["out": "same.bin"]])
        XCTAssertNotEqual(a, b)
        try await fixture.wait(b, for: "complete")
        XCTAssertEqual(try files(fixture, b), fixture.downloads + "/same.1.bin")
        XCTAssertEqual(try fixture.call("aria2.tellStatus", [a, ["status"]])["status"], "active", "the first runs on")
        XCTAssertTrue(FileManager.default.fileExists(atPath: part), "the first's .part is kept")

        // The same URL and out again: a download of its own, as aria2 gives every addUri (before: the first one's
        // GID, so that a second client's pause or remove reached the first client's download), numbered.
        let c = try fixture.call("aria2.addUri", [[.string(slow)], ["out": "same.bin", "pause": "true"]])
        XCTAssertNotEqual(c, a)
        XCTAssertEqual(try fixture.call("aria2.tellStatus", [a, ["status"]])["status"], "active", "the first is not paused")
        XCTAssertEqual(try files(fixture, c), fixture.downloads + "/same.2.bin")
        XCTAssertEqual(try fixture.call("aria2.unpause", [c]), c)

        throttle.isOn = false
        try await fixture.wait(a, for: "complete")
        try await fixture.wait(c, for: "complete")
        XCTAssertEqual(FileManager.default.contents(atPath: fixture.downloads + "/same.bin").map { [UInt8]($0) }, first)
        XCTAssertEqual(FileManager.default.contents(atPath: fixture.downloads + "/same.1.bin").map { [UInt8]($0) }, second)
        XCTAssertEqual(FileManager.default.contents(atPath: fixture.downloads + "/same.2.bin").map { [UInt8]($0) }, first)
        let stopped = try XCTUnwrap(fixture.call("aria2.tellStopped", [0, 10, ["gid", "status", "errorMessage"]]).arrayValue)
        XCTAssertEqual(stopped.count, 3)
        for entry in stopped {
            XCTAssertEqual(entry["status"], "complete", "\(entry)")
            XCTAssertEqual(entry["errorMessage"]?.stringValue ?? "", "", "\(entry)")
        }
        await fixture.stop()
    }

    /// Two clients adding one name from two URLs at the same moment (two tabs of the page): both get a
    /// download, under two names, and both complete with their own bytes.
    func testConcurrentAddsOfOneNameFromTwoURLsGetTwoNames() async throws {
        let fixture = try await DaemonFixture.start()
        let contents = (0..<4).map { deterministicBytes(count: 150_000 + $0 * 10_000, seed: UInt64(40 + $0)) }
        let urls = contents.indices.map { fixture.serve("/u\($0)/mid.bin", contents[$0]) }
        let gids = try await withThrowingTaskGroup(of: (Int, JSONValue).self) { group in
            for index in urls.indices {
                group.addTask {
                    let answer = try await fixture.answering("aria2.addUri", [[.string(urls[index])], ["out": "mid.bin"]])
                    return (index, try XCTUnwrap(answer["result"], "\(answer)"))
                }
            }
            var gids: [Int: JSONValue] = [:]
            for try await (index, gid) in group { gids[index] = gid }
            return gids
        }
        var paths: Set<String> = []
        for (index, gid) in gids {
            try await fixture.wait(gid, for: "complete")
            let path = try XCTUnwrap(try files(fixture, gid))
            XCTAssertTrue(paths.insert(path).inserted, "two downloads saved as \(path)")
            XCTAssertEqual(FileManager.default.contents(atPath: path).map { [UInt8]($0) }, contents[index], path)
        }
        XCTAssertEqual(paths.count, 4)
        await fixture.stop()
    }
}
