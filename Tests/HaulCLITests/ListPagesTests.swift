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

    /// `--json-lines` and `--json` print each page as it is read: into a pipe nobody reads, `haul list` blocks on its
    /// first page's output having read a small part of the database (`rchar` in /proc/PID/io), where reading every
    /// row before printing would have read all of it first. The rows carry 1 KiB of options each, so the database
    /// (some 14 MiB) dwarfs what a process reads to start.
    func testJSONFormsBeginBeforeTheWholeTableIsRead() throws {
        try withTemporaryDirectorySync { dir in
            let count = 12_000
            let state = dir.file("s").path
            do {
                let store = try DownloadStore(directory: state)
                let options = "{\"header\":[\"X-Padding: \(String(repeating: "p", count: 1024))\"]}"
                try store.write { db in
                    for index in 1...count {
                        var record = DownloadRecord(
                            id: nil, url: "http://127.0.0.1:9/f\(index).bin", finalURL: nil, destination: "/d/f\(index).bin",
                            partPath: "/d/f\(index).bin.part", etag: nil, lastModified: nil, lastModifiedIsStrong: false,
                            totalBytes: 1000, state: DownloadState.paused.rawValue, errorMessage: nil, priority: 0,
                            optionsJSON: options, createdAt: 1, updatedAt: 1
                        )
                        record.queueOrder = Int64(index)
                        try record.insertRow(in: db)
                    }
                }
            }
            // The log folded into the database file: a process that opens it reads what it asks for, not the log.
            let database = dir.file("s/haul.sqlite").path
            try DatabaseQueue(path: database).writeWithoutTransaction { try $0.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
            let size = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: database)[.size] as? Int)

            let (read, first) = try readBeforeAPipeFills(["list", "--json-lines", "--state-dir", state], in: dir.url)
            XCTAssertLessThan(read, size / 4, "\(read) bytes read of a \(size)-byte database before the first lines went out")
            XCTAssertTrue(first.hasPrefix("{") && first.contains("\"id\":1,"), first)
            // `--json` (one array) prints page by page too: it read every row before it printed until ListedJSON
            // (then more than half of this database before its first byte went out, which this assertion caught).
            let (array, opening) = try readBeforeAPipeFills(["list", "--json", "--state-dir", state], in: dir.url)
            XCTAssertLessThan(array, size / 4, "\(array) bytes read of a \(size)-byte database before --json's first rows went out")
            XCTAssertTrue(opening.hasPrefix("[\n  {\n    \"bytes\" : "), opening)
        }
    }

    /// Runs haul with its output into a pipe nobody reads until the pipe is full (64 KiB waiting: the process is
    /// blocked writing); answers the bytes it had read by then (`rchar`) and the output's first 200 bytes.
    private func readBeforeAPipeFills(_ arguments: [String], in directory: URL) throws -> (Int, String) {
        let process = Process()
        HaulProcess.prepare(process, arguments, in: directory, environment: [:])
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        var waiting: Int32 = 0
        eventuallyBlocking(within: .seconds(60)) {
            _ = ioctl(output.fileHandleForReading.fileDescriptor, UInt(FIONREAD), &waiting)
            return waiting >= 65_536 || !process.isRunning
        }
        XCTAssertEqual(waiting, 65_536, "haul \(arguments[0]) filled the pipe")
        let io = try String(contentsOfFile: "/proc/\(process.processIdentifier)/io", encoding: .utf8)
        let read = try XCTUnwrap(
            io.split(separator: "\n").first { $0.hasPrefix("rchar:") }.flatMap { Int($0.dropFirst(6).trimmingCharacters(in: .whitespaces)) })
        return (read, String(decoding: output.fileHandleForReading.readData(ofLength: 200), as: UTF8.self))
    }
}
