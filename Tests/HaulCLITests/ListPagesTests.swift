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

    // What a process read is /proc/PID/io's `rchar`: Linux's. (The release workflow's macOS job runs the rest.)
    #if os(Linux)
    /// `--json-lines` and `--json` print each page as it is read: into a pipe nobody reads, `haul list` blocks on its
    /// first page's output having read a small part of the database (`rchar` in /proc/PID/io), where reading every
    /// row before printing would have read all of it first (`longQueue`: a database that dwarfs what a process reads
    /// to start).
    func testJSONFormsBeginBeforeTheWholeTableIsRead() throws {
        try withTemporaryDirectorySync { dir in
            let (state, size) = try longQueue(in: dir)

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

    /// A reader that goes away ends the listing: `haul list --json-lines | head -c 200` (and `--json`'s) over a long
    /// queue stops at the first write nobody takes (EPIPE; SIGPIPE is ignored), exits 0, and has read a small part of
    /// the database, where it went on reading the rest of the queue for nobody (more than half of this database,
    /// which this assertion caught). haul is not reaped until its `/proc/PID/io` has been read, so `rchar` counts all
    /// it read.
    func testAListingStopsWhenItsReaderHasGone() throws {
        try withTemporaryDirectorySync { dir in
            let (state, size) = try longQueue(in: dir)
            for form in ["--json-lines", "--json"] {
                let (status, read, first) = try readUntilTheReaderLeaves(["list", form, "--state-dir", state], in: dir.url)
                XCTAssertEqual(status, 0, form)
                XCTAssertTrue(first.hasPrefix(form == "--json" ? "[" : "{\"bytes\""), first)
                XCTAssertLessThan(read, size / 4, "\(form): \(read) bytes read of a \(size)-byte database for a reader that took 200")
            }
        }
    }

    /// 12,000 paused records whose rows carry 1 KiB of options each, so the database (some 17 MB) dwarfs what a
    /// process reads to start; answers the state directory and the database's size.
    private func longQueue(in dir: TemporaryDirectory) throws -> (state: String, size: Int) {
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
        return (state, size)
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

    /// Spawns haul with standard output into a pipe, reads its first 200 bytes and closes the pipe (as `head` does),
    /// waits until haul has exited without reaping it (a zombie keeps its `/proc/PID/io`), and answers its exit
    /// status, the bytes it read in all (`rchar`) and its first output.
    private func readUntilTheReaderLeaves(_ arguments: [String], in directory: URL) throws -> (status: Int32, read: Int, first: String) {
        let template = Process()
        HaulProcess.prepare(template, arguments, in: directory, environment: [:])
        let path = try XCTUnwrap(template.executableURL?.path)
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw POSIXError(.EMFILE) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[1], STDOUT_FILENO)
        posix_spawn_file_actions_addclose(&actions, ends[0])
        posix_spawn_file_actions_addclose(&actions, ends[1])
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = (template.environment ?? [:]).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, envp)
        close(ends[1])
        guard spawned == 0 else {
            close(ends[0])
            throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO)
        }
        var first = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 200)
        while first.count < 200 {
            let got = chunk.withUnsafeMutableBytes { Glibc.read(ends[0], $0.baseAddress, 200 - first.count) }
            if got < 0 && errno == EINTR { continue }
            if got <= 0 { break }
            first += chunk.prefix(got)
        }
        close(ends[0])
        let exited = eventuallyBlocking(within: .seconds(60)) {
            ((try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? "").contains(") Z ")
        }
        if !exited { kill(pid, SIGKILL) }
        let io = (try? String(contentsOfFile: "/proc/\(pid)/io", encoding: .utf8)) ?? ""
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
        XCTAssertTrue(exited, "haul \(arguments.joined(separator: " ")) went on after its reader had gone")
        let read = try XCTUnwrap(
            io.split(separator: "\n").first { $0.hasPrefix("rchar:") }.flatMap { Int($0.dropFirst(6).trimmingCharacters(in: .whitespaces)) },
            "no rchar in \(io)")
        return ((status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f), read, String(decoding: first, as: UTF8.self))
    }
    #endif
}
