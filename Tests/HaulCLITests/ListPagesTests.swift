import Foundation
import GRDB
import HaulCore
import HaulTestSupport
import XCTest

@testable import HaulKit

/// `haul list` at a queue's size (issue 62, point 5): read a page at a time, `--state`, `--limit`, `--json-lines`,
/// and a table whose columns line up across pages.
final class ListPagesTests: XCTestCase {
    /// Writes `count` records straight into the store (ids 1...count): every third failed, the rest paused; two of
    /// them write files with the same name in different directories.
    private func store(_ count: Int, in dir: TemporaryDirectory) throws {
        let store = try DownloadStore(directory: dir.file("s").path)
        let base = dir.url.path
        try store.write { db in
            for index in 1...count {
                let folder = index == count ? "\(base)/other" : base
                let name = index == count || index == 1 ? "same.bin" : "f\(index).bin"
                let failed = index % 3 == 0
                var record = DownloadRecord(
                    id: nil, url: "http://127.0.0.1:9/f\(index).bin", finalURL: nil, destination: "\(folder)/\(name)",
                    partPath: "\(folder)/\(name).part", etag: nil, lastModified: nil, lastModifiedIsStrong: false,
                    totalBytes: 1000, state: (failed ? DownloadState.failed : .paused).rawValue,
                    errorMessage: failed ? "HTTP 404 Not Found for http://127.0.0.1:9/f\(index).bin" : nil, priority: 0,
                    optionsJSON: "{}", createdAt: 1, updatedAt: 1
                )
                record.queueOrder = Int64(index)
                try record.insertRow(in: db)
            }
        }
    }

    func testAListOfSeveralPagesStreamsLinesUpAndFilters() throws {
        try withTemporaryDirectorySync { dir in
            let count = 2_500
            try store(count, in: dir)
            let state = ["--state-dir", dir.file("s").path]

            let all = try HaulProcess.run(["list"] + state, in: dir.url)
            XCTAssertEqual(all.status, 0, all.stderr)
            let lines = all.stdout.split(separator: "\n").map(String.init)
            XCTAssertEqual(lines.count, count + 1, "a header and every download, over three pages")
            XCTAssertTrue(lines[0].hasPrefix("      ID  STATE"), lines[0])
            // Every row's NAME starts in the same column, on every page.
            let nameColumn = try XCTUnwrap(Array(lines[0]).firstIndex(of: "N").map { $0 })
            for line in lines.dropFirst() {
                let characters = Array(line)
                XCTAssertGreaterThan(characters.count, nameColumn, line)
                guard characters.count > nameColumn else { continue }
                XCTAssertEqual(characters[nameColumn - 1], " ", line)
                XCTAssertNotEqual(characters[nameColumn], " ", line)
            }
            XCTAssertTrue(lines[1].hasSuffix("  same.bin"), "names told apart over every page: \(lines[1])")
            XCTAssertTrue(lines[count].hasSuffix("  other/same.bin"), lines[count])

            let failed = try HaulProcess.run(["list", "--state", "failed", "--json-lines"] + state, in: dir.url)
            XCTAssertEqual(failed.status, 0, failed.stderr)
            let objects = try failed.stdout.split(separator: "\n").map {
                try XCTUnwrap(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
            }
            XCTAssertEqual(objects.count, count / 3, "one object a line, failed ones only")
            XCTAssertEqual(objects.compactMap { $0["state"] as? String }.filter { $0 != "failed" }, [])
            XCTAssertEqual(objects.first?["id"] as? Int, 3)

            let limited = try HaulProcess.run(["list", "--state", "paused,failed", "--limit", "1001", "--json"] + state, in: dir.url)
            let array = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(limited.stdout.utf8)) as? [[String: Any]])
            XCTAssertEqual(array.count, 1001, "the oldest 1001, across a page's end")
            XCTAssertEqual(array.last?["id"] as? Int, 1001)

            let wrong = try HaulProcess.run(["list", "--state", "sleeping"] + state, in: dir.url)
            XCTAssertEqual(wrong.status, 2)
            XCTAssertTrue(wrong.stderr.contains("--state 'sleeping' is not a state"), wrong.stderr)
            let none = try HaulProcess.run(["list", "--state", "completed"] + state, in: dir.url)
            XCTAssertEqual(none.stdout, "no downloads of those\n")
        }
    }
}
