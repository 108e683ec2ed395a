import Foundation
import HaulCore
import HaulTestSupport
import XCTest

@testable import HaulKit

/// Finished files made durable in groups before their renames (issue 62, point 2; docs/integrity.md, "Power cuts"):
/// `DataFlusher` shares one `syncfs` among the files that finish while a flush runs, and `TransferFinisher` never
/// names a file before the flush that covers it has returned.
final class DataFlusherTests: XCTestCase {
    /// The flushes a flusher ran, in order: "file NAME" (`fdatasync`) or "fs NAME" (`syncfs`, for the group).
    private final class FlushLog: @unchecked Sendable {
        private let lock = NSLock()
        private var entries: [String] = []
        /// While false, the first flush waits (so that others gather behind it).
        private var released = false
        private let gate = NSCondition()

        var all: [String] { lock.withLock { entries } }
        func add(_ entry: String) { lock.withLock { entries.append(entry) } }
        func holdFirst() {
            gate.lock()
            while !released { gate.wait() }
            gate.unlock()
        }
        func release() {
            gate.lock()
            released = true
            gate.broadcast()
            gate.unlock()
        }
    }

    /// Whether `condition` held within `timeout` seconds, looked at every millisecond (a wait on state, not time).
    private func waitUntil(timeout: Double, _ condition: () -> Bool) -> Bool {
        eventuallyBlocking(within: .milliseconds(Int64(timeout * 1000)), every: .milliseconds(1), condition)
    }

    /// Eight files finish while a flush runs: the first is flushed alone (`fdatasync`), the seven that came during
    /// it share the next flush, one `syncfs`: 2 flushes for 8 files, not 8.
    func testFilesThatFinishDuringAFlushShareTheNextOne() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        do {
            let log = FlushLog()
            let flusher = DataFlusher(calls: DataFlusher.Calls(
                file: { file in
                    log.add("file \((file.path as NSString).lastPathComponent)")
                    log.holdFirst()
                },
                fileSystem: { file in log.add("fs \((file.path as NSString).lastPathComponent)") }
            ))
            let files = try (0..<8).map { try PartFile(path: dir.file("f\($0).part").path) }
            let key = files[0].fileSystem
            let group = DispatchGroup()
            let failures = FlushLog()
            // Threads of their own: each blocks in the flusher, and Dispatch's pool adds threads for blocked ones slowly.
            func flushOnAThread(_ file: PartFile) {
                group.enter()
                Thread {
                    do { try flusher.flush(file) } catch { failures.add("\(error)") }
                    group.leave()
                }.start()
            }
            flushOnAThread(files[0])
            XCTAssertTrue(waitUntil(timeout: 30) { log.all.count == 1 }, "the first flush started")
            for file in files.dropFirst() { flushOnAThread(file) }
            XCTAssertTrue(waitUntil(timeout: 30) { flusher.waiting(on: key) == 8 }, "all eight waiting")
            log.release()
            XCTAssertEqual(group.wait(timeout: .now() + 30), .success)
            XCTAssertEqual(failures.all, [])
            XCTAssertEqual(log.all.count, 2, "\(log.all)")
            XCTAssertEqual(log.all.first, "file f0.part")
            XCTAssertTrue(log.all.last?.hasPrefix("fs ") == true, "\(log.all)")
            XCTAssertEqual(flusher.waiting(on: key), 0)
        }
    }

    /// A flush that fails fails every file of its group, and the next caller gets a flush of its own.
    func testAFailedGroupFlushFailsItsFilesAndIsNotKept() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        do {
            let log = FlushLog()
            let flusher = DataFlusher(calls: DataFlusher.Calls(
                file: { _ in
                    log.add("file")
                    if log.all.count == 1 { throw HaulError(.io, "disk gone") }
                },
                fileSystem: { _ in log.add("fs") }
            ))
            let file = try PartFile(path: dir.file("a.part").path)
            XCTAssertThrowsError(try flusher.flush(file)) { XCTAssertEqual(($0 as? HaulError)?.kind, .io) }
            XCTAssertNoThrow(try flusher.flush(file))
            XCTAssertEqual(log.all, ["file", "file"])
        }
    }

    /// The real calls on this machine: 16 files finishing at once all come back flushed, and their bytes are there.
    func testSixteenFilesFlushedAtOnceByTheSystemCalls() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        do {
            let files = try (0..<16).map { try PartFile(path: dir.file("g\($0).part").path) }
            let failures = FlushLog()
            DispatchQueue.concurrentPerform(iterations: files.count) { index in
                do {
                    try [UInt8](repeating: UInt8(index), count: 4096).withUnsafeBytes { try files[index].write($0, at: 0) }
                    try DataFlusher.shared.flush(files[index])
                } catch { failures.add("\(error)") }
            }
            XCTAssertEqual(failures.all, [])
            for index in 0..<16 {
                XCTAssertEqual(try Data(contentsOf: dir.file("g\(index).part")), Data(repeating: UInt8(index), count: 4096))
            }
        }
    }

    /// `TransferFinisher` flushes the bytes before the rename, and does not rename when the flush fails: on the old
    /// path a file named before its flush returned would show "promote" first, or a rename after a failed flush.
    func testAFileIsNamedOnlyAfterItsBytesAreFlushed() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        do {
            let store = try DownloadStore(directory: dir.file("state").path)
            let destination = dir.file("out.bin").path
            let request = DownloadRequest(url: URL(string: "http://example.com/out.bin")!, destination: URL(fileURLWithPath: destination))
            var record = try store.insert(DownloadRecord(
                id: nil, url: request.url.absoluteString, finalURL: nil, destination: destination, partPath: destination + ".part",
                etag: nil, lastModified: nil, lastModifiedIsStrong: false, totalBytes: 5, state: DownloadState.downloading.rawValue,
                errorMessage: nil, priority: 0, optionsJSON: "{}", createdAt: 1, updatedAt: 1
            ))
            let file = try PartFile(path: record.partPath)
            try Array("hello".utf8).withUnsafeBytes { try file.write($0, at: 0) }
            let log = FlushLog()
            let failing = FinishingSteps(
                flushData: { _ in log.add("flush"); throw HaulError(.io, "cannot flush") },
                promote: { _, _, _ in log.add("promote") }
            )
            XCTAssertThrowsError(try TransferFinisher.finish(file: file, record: &record, request: request, store: store, length: 5, steps: failing))
            XCTAssertEqual(log.all, ["flush"], "renamed after a flush that failed")
            XCTAssertFalse(FileManager.default.fileExists(atPath: destination))

            let recording = FinishingSteps(
                flushData: { file in
                    // The bytes are all there when the flush is asked for, and nothing has the final name yet.
                    log.add(FileManager.default.fileExists(atPath: destination) ? "flush after the name" : "flush")
                    try FinishingSteps.system.flushData(file)
                },
                promote: { source, target, replacing in
                    log.add("promote")
                    try FinishingSteps.system.promote(source, target, replacing)
                }
            )
            let path = try TransferFinisher.finish(file: file, record: &record, request: request, store: store, length: 5, steps: recording)
            XCTAssertEqual(path, destination)
            XCTAssertEqual(log.all, ["flush", "flush", "promote"])
            XCTAssertEqual(try String(contentsOfFile: destination, encoding: .utf8), "hello")
            XCTAssertEqual(try store.record(id: record.id!)?.downloadState, .completed)
        }
    }
}
