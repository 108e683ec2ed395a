import Foundation
import HaulDaemon
import HaulTestSupport
import XCTest

/// `aria2.changeUri` on an active, waiting and paused download (issue 18): the download goes on from the new URL,
/// keeping its bytes when the new URL serves the same version (same strong ETag: the resume's `If-Range` holds) and
/// starting over when it serves another. aria2c 1.36 ended such a download with "Write disk cache flush failure".
final class ChangeUriTests: XCTestCase {
    let old = deterministicBytes(count: 400_000, seed: 3)

    /// Waits until the download holds some bytes, fewer than all.
    private func waitForSomeBytes(_ fixture: DaemonFixture, _ gid: JSONValue) async throws -> Int {
        var done = 0
        if try await eventually(every: .milliseconds(25), {
            done = Int(try fixture.call("aria2.tellStatus", [gid, ["completedLength"]])["completedLength"]?.stringValue ?? "0") ?? 0
            return done > 0
        }) {
            return done
        }
        XCTFail("no bytes arrived")
        return 0
    }

    private func firstRange(_ fixture: DaemonFixture, _ path: String) -> String? {
        fixture.server.requests(for: path).first?.header("range")
    }

    func testAnActiveDownloadGoesOnFromTheSameFileAtANewURLKeepingItsBytes() async throws {
        let fixture = try await DaemonFixture.start()
        let slow = Switch(on: true)
        let oldURL = fixture.serve("/expired/file.bin", old, bytesPerSecond: 40_000, while: slow)
        let newURL = fixture.serve("/fresh/file.bin", old)  // the same version: ETag "v1" as well
        let gid = try fixture.call("aria2.addUri", [[.string(oldURL)], ["split": "1", "out": "file.bin"]])
        _ = try await waitForSomeBytes(fixture, gid)
        XCTAssertEqual(try fixture.call("aria2.changeUri", [gid, 1, [.string(oldURL)], [.string(newURL)]]), [1, 1])
        try await fixture.wait(gid, for: "complete")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: fixture.downloads + "/file.bin")), Data(old))
        let range = try XCTUnwrap(firstRange(fixture, "/fresh/file.bin"), "the new URL was asked for the rest only")
        XCTAssertFalse(range.hasPrefix("bytes=0-"), range)
        XCTAssertEqual(try fixture.call("aria2.getUris", [gid]).arrayValue?.first?["uri"], .string(newURL))
        await fixture.stop()
    }

    func testAPausedDownloadWhoseNewURLServesAnotherFileStartsOver() async throws {
        let fixture = try await DaemonFixture.start()
        let other = deterministicBytes(count: 300_000, seed: 9)
        let oldURL = fixture.serve("/a/file.bin", old, bytesPerSecond: 40_000)
        fixture.server.serve("/b/file.bin", FileResource(content: other, etag: "\"v2\""))
        let newURL = fixture.server.url("/b/file.bin")
        let gid = try fixture.call("aria2.addUri", [[.string(oldURL)], ["split": "1", "out": "file.bin"]])
        _ = try await waitForSomeBytes(fixture, gid)
        _ = try fixture.call("aria2.pause", [gid])
        try await fixture.wait(gid, for: "paused")
        XCTAssertEqual(try fixture.call("aria2.changeUri", [gid, 1, [.string(oldURL)], [.string(newURL)], 0]), [1, 1])
        let stayedPaused = try await stays(for: .milliseconds(300)) {
            try fixture.call("aria2.tellStatus", [gid, ["status"]])["status"] == "paused" && fixture.server.requests(for: "/b/file.bin").isEmpty
        }
        XCTAssertTrue(stayedPaused, "a paused download stays paused and asks the new URL for nothing")
        _ = try fixture.call("aria2.unpause", [gid])
        try await fixture.wait(gid, for: "complete")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: fixture.downloads + "/file.bin")), Data(other),
                       "another version: started over, nothing of the old file kept")
        // The next add works (aria2c once died on an assertion here).
        let next = try fixture.call("aria2.addUri", [[.string(newURL)], ["out": "again.bin"]])
        try await fixture.wait(next, for: "complete")
        await fixture.stop()
    }

    func testAWaitingDownloadTakesItsNewURLWhenItStarts() async throws {
        let fixture = try await DaemonFixture.start { $0.maxConcurrent = 1 }
        let first = try fixture.call("aria2.addUri", [[.string(fixture.serve("/slow.bin", old, bytesPerSecond: 20_000))]])
        _ = try await waitForSomeBytes(fixture, first)
        let deadURL = fixture.server.url("/gone.bin")
        let newURL = fixture.serve("/here.bin", old)
        let waiting = try fixture.call("aria2.addUri", [[.string(deadURL)], ["out": "w.bin"]])
        XCTAssertEqual(try fixture.call("aria2.tellStatus", [waiting, ["status"]])["status"], "waiting")
        XCTAssertEqual(try fixture.call("aria2.changeUri", [waiting, 1, [], [.string(newURL)]]), [0, 1])
        XCTAssertEqual(try fixture.call("aria2.tellStatus", [waiting, ["status"]])["status"], "waiting")
        _ = try fixture.call("aria2.pause", [first])  // frees the one slot
        try await fixture.wait(waiting, for: "complete")
        XCTAssertTrue(fixture.server.requests(for: "/gone.bin").isEmpty)
        await fixture.stop()
    }

    func testWrongCallsAreClearErrorsAndPeersTorrentAndMetalinkAreAnswered() async throws {
        let fixture = try await DaemonFixture.start()
        let url = fixture.serve("/x.bin", deterministicBytes(count: 1000))
        let gid = try fixture.call("aria2.addUri", [[.string(url)], ["pause": "true"]])
        XCTAssertTrue(try fixture.error("aria2.changeUri", [gid, 2, [], [.string(url)]]).contains("index 1"))
        XCTAssertTrue(try fixture.error("aria2.changeUri", [gid, 1, [.string(url)], []]).contains("give the new one"))
        XCTAssertTrue(try fixture.error("aria2.changeUri", [gid, 1, [], ["ftp://x/y"]]).contains("http"))
        XCTAssertEqual(try fixture.call("aria2.changeUri", [gid, 1, ["http://other/"], []]), [0, 0])
        XCTAssertEqual(try fixture.call("aria2.getPeers", [gid]), [])
        XCTAssertTrue(try fixture.error("aria2.addTorrent", ["ZGF0YQ==", [], [:]]).contains("BitTorrent is out of"))
        XCTAssertTrue(try fixture.error("aria2.addMetalink", ["ZGF0YQ==", [:]]).contains("not a readable Metalink"), "base64 of 'data'")
        await fixture.stop()
    }
}
