import Foundation
import GRDB
import HaulCore
import HaulDaemon
import XCTest

@testable import HaulKit

/// `haul.listDownloads` (issue 62, point 5; docs/daemon.md): one page of the whole list, searched, filtered and
/// sorted by the daemon, with how many match and how many are in each status, for a page that shows a queue of
/// tens of thousands without downloading it.
final class ListDownloadsRPCTests: XCTestCase {
    /// A daemon on a store of `count` downloads (ids 1...count): every third failed, the rest paused; names run
    /// backwards (`f<count>.bin` first) so that name order is not the added order.
    private func daemon(holding count: Int) async throws -> DaemonFixture {
        let fixture = try await DaemonFixture.start()
        await fixture.daemon.stop()
        let store = try DownloadStore(directory: fixture.configuration.stateDirectory)
        let directory = fixture.downloads
        try store.write { db in
            for index in 1...count {
                let name = String(format: "f%05d.bin", count + 1 - index)
                let failed = index % 3 == 0
                var record = DownloadRecord(
                    id: nil, url: "http://127.0.0.1:9/\(name)", finalURL: nil, destination: "\(directory)/\(name)",
                    partPath: "\(directory)/\(name).part", etag: nil, lastModified: nil, lastModifiedIsStrong: false,
                    totalBytes: nil, state: (failed ? DownloadState.failed : .paused).rawValue,
                    errorMessage: failed ? "HTTP 404 Not Found" : nil, priority: 0, optionsJSON: "{}", createdAt: 1, updatedAt: 1
                )
                record.queueOrder = Int64(index)
                try record.insertRow(in: db)
            }
        }
        try await fixture.restart()
        return fixture
    }

    private func gids(_ answer: JSONValue) -> [String] {
        (answer["downloads"]?.arrayValue ?? []).compactMap { $0["gid"]?.stringValue }
    }

    func testPagesSearchSortAndCountTheWholeQueue() async throws {
        let count = 2_500
        let fixture = try await daemon(holding: count)
        do {
            let first = try fixture.call("haul.listDownloads")
            XCTAssertEqual(first["total"], .string(String(count)))
            XCTAssertEqual(gids(first).count, 100, "100 a page unless asked")
            XCTAssertEqual(gids(first).first, GID(1).description, "oldest first")
            XCTAssertEqual(first["counts"]?["paused"], .string(String(count - count / 3)))
            XCTAssertEqual(first["counts"]?["error"], .string(String(count / 3)))
            XCTAssertEqual(first["counts"]?["active"], "0")

            // Paged by name, 1,000 at a time: every download exactly once, f00001.bin (the last added) first.
            var seen: [String] = []
            for offset in stride(from: 0, to: count, by: 1000) {
                let page = try fixture.call("haul.listDownloads", [["sort": "name", "offset": .int(Int64(offset)), "limit": 1000], ["gid", "status"]])
                XCTAssertEqual(page["offset"], .string(String(offset)))
                seen += gids(page)
            }
            XCTAssertEqual(seen.count, count)
            XCTAssertEqual(Set(seen).count, count, "each download once")
            XCTAssertEqual(seen.first, GID(Int64(count)).description)

            // The last download, found by its name; and by paging through the failed ones.
            let found = try fixture.call("haul.listDownloads", [["search": "F00001.BIN"]])
            XCTAssertEqual(found["total"], "1")
            XCTAssertEqual(gids(found), [GID(Int64(count)).description])
            XCTAssertEqual(found["downloads"]?.arrayValue?.first?["status"], "paused")
            let failed = try fixture.call("haul.listDownloads", [["status": "error", "offset": .int(Int64(count / 3 - 1)), "limit": 10]])
            XCTAssertEqual(failed["total"], .string(String(count / 3)))
            XCTAssertEqual(gids(failed), [GID(Int64(count / 3 * 3)).description], "the last failed one, the last on its page")
            XCTAssertEqual(failed["downloads"]?.arrayValue?.first?["errorMessage"], "HTTP 404 Not Found")

            // A removed download is listed as removed, after the stored ones, and counted.
            _ = try fixture.call("aria2.remove", [.string(GID(2).description)])
            let removed = try fixture.call("haul.listDownloads", [["status": ["removed", "complete"], "search": "f02499"]])
            XCTAssertEqual(gids(removed), [GID(2).description])
            XCTAssertEqual(removed["downloads"]?.arrayValue?.first?["status"], "removed")
            let after = try fixture.call("haul.listDownloads", [["offset": .int(Int64(count - 1)), "limit": 5]])
            XCTAssertEqual(after["total"], .string(String(count)), "still every download, the removed one last")
            XCTAssertEqual(gids(after), [GID(2).description])
            XCTAssertEqual(after["counts"]?["removed"], "1")

            XCTAssertTrue(try fixture.call("system.listMethods").arrayValue?.contains("haul.listDownloads") ?? false)
            for (bad, says) in [
                (["status": "sleeping"] as JSONValue, "status sleeping is not one of"), (["limit": 0], "limit must be 1 to 1000"),
                (["sort": "age"], "sort age is not one of"), (["offset": -1], "offset must be 0 or more"),
                (["colour": "red"], "unknown member colour"), ("all", "parameter 1 must be a struct"),
            ] {
                let message = try fixture.answer("haul.listDownloads", [bad])["error"]?["message"]?.stringValue ?? ""
                XCTAssertTrue(message.contains(says), "\(bad): \(message)")
            }
        } catch {
            await fixture.stop()
            throw error
        }
        await fixture.stop()
    }
}
