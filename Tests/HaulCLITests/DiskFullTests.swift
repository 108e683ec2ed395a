import Foundation
@testable import HaulKit
import HaulTestSupport
import XCTest

/// A disk that fills up, simulated with a file-size limit (`RLIMIT_FSIZE`, set on the child by util-linux's
/// `prlimit`): writing past it fails with `EFBIG` as a full disk fails with `ENOSPC` (haul ignores `SIGXFSZ`, so the
/// write fails instead of the process dying). Exit 7, the partial file and its record kept, and the same command
/// resumes once there is room.
final class DiskFullTests: XCTestCase {
    private let content = deterministicBytes(count: 4 << 20, seed: 161)
    private let prlimit = "/usr/bin/prlimit"

    /// Runs `haul arguments...` with its file-size limit at `bytes`.
    private func runLimited(_ bytes: Int, _ arguments: [String], in directory: URL) throws -> (status: Int32, stderr: String) {
        let process = Process()
        HaulProcess.prepare(process, arguments, in: directory, environment: ["NO_COLOR": "1"])
        let haul = try XCTUnwrap(process.executableURL).path
        process.executableURL = URL(fileURLWithPath: prlimit)
        process.arguments = ["--fsize=\(bytes)", "--", haul] + arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        XCTAssertTrue(HaulProcess.waitForExit(process, timeout: 60), "haul did not finish")
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    func testAFullDiskExitsSevenKeepsThePartialAndTheSameCommandResumes() async throws {
        guard FileManager.default.isExecutableFile(atPath: prlimit) else {
            throw XCTSkip("\(prlimit) (util-linux) is not installed: no way to limit the child's file size")
        }
        try await withTestServer { server in
            let file = FileResource(content: content)
            server.route("/big.bin") { request in
                var response = file.response(for: request)
                if request.index == 0 { response.closeAfterBodyBytes = 1 << 20 }  // the first run gets 1 MiB
                return response
            }
            server.serve("/fresh.bin", file)
            try await withTemporaryDirectory { dir in
                let state = dir.file("s")
                let command = ["--state-dir", state.path, "-q", "-x", "1", "--retries", "0", server.url("/big.bin")]
                let part = dir.file("big.bin.part").path

                // A fresh download that cannot reserve its space keeps nothing (no byte was received).
                let fresh = try runLimited(1 << 20, ["--state-dir", state.path, "-q", server.url("/fresh.bin")], in: dir.url)
                XCTAssertEqual(fresh.status, 7, fresh.stderr)
                XCTAssertTrue(fresh.stderr.contains("fresh.bin.part"), "the message names the file: \(fresh.stderr)")
                XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file("fresh.bin.part").path))

                // Run 1: the connection drops after 1 MiB; the bytes are kept.
                let first = try HaulProcess.run(command, in: dir.url)
                XCTAssertEqual(first.status, 3, first.stderr)
                let held = try XCTUnwrap(durableBytes(stateDirectory: state, partPath: part))
                XCTAssertGreaterThan(held, 0)

                // Run 2, the same command on a disk with 2 MiB of room for a 4 MiB file: exit 7, a clear message,
                // the partial file and its record as they were.
                let full = try runLimited(2 << 20, command, in: dir.url)
                XCTAssertEqual(full.status, 7, full.stderr)
                XCTAssertTrue(full.stderr.contains("big.bin.part"), full.stderr)
                XCTAssertTrue(full.stderr.lowercased().contains("too large") || full.stderr.contains("space"), full.stderr)
                XCTAssertTrue(full.stderr.contains("make room and run the same command again"), full.stderr)
                XCTAssertTrue(FileManager.default.fileExists(atPath: part), "the partial file was deleted")
                XCTAssertEqual(durableBytes(stateDirectory: state, partPath: part), held, "the record lost its progress")

                // Run 3, the same command with room again: resumes at the bytes held and completes.
                let again = try HaulProcess.run(command, in: dir.url)
                XCTAssertEqual(again.status, 0, again.stderr)
                XCTAssertEqual(try Array(Data(contentsOf: dir.file("big.bin"))), content)
                let last = try XCTUnwrap(server.requests(for: "/big.bin").last?.header("Range"))
                XCTAssertTrue(last.hasPrefix("bytes=\(held)-"), "resumed where the durable bytes end: \(last), held \(held)")
            }
        }
    }

    /// A file of unknown length (a chunked body) cannot be reserved ahead, so the disk fills in the middle of the
    /// transfer: the write fails, the bytes written before it are kept with their record, and the same command
    /// resumes from them.
    func testADiskThatFillsMidTransferKeepsTheBytesWrittenAndResumes() async throws {
        guard FileManager.default.isExecutableFile(atPath: prlimit) else {
            throw XCTSkip("\(prlimit) (util-linux) is not installed: no way to limit the child's file size")
        }
        try await withTestServer { server in
            let file = FileResource(content: content)
            server.route("/stream.bin") { request in
                var response = file.response(for: request)
                if request.header("Range") == nil { response.chunked = true }  // no length: nothing to reserve
                return response
            }
            try await withTemporaryDirectory { dir in
                let state = dir.file("s")
                let command = ["--state-dir", state.path, "-q", server.url("/stream.bin")]
                let part = dir.file("stream.bin.part").path

                let full = try runLimited(1 << 20, command, in: dir.url)
                XCTAssertEqual(full.status, 7, full.stderr)
                XCTAssertTrue(full.stderr.contains("cannot write to \(part)"), full.stderr)
                XCTAssertTrue(full.stderr.contains("make room and run the same command again"), full.stderr)
                let held = try XCTUnwrap(durableBytes(stateDirectory: state, partPath: part), "the record is gone")
                XCTAssertGreaterThan(held, 0, "the bytes written before the disk filled were dropped")
                XCTAssertLessThanOrEqual(held, 1 << 20)

                let again = try HaulProcess.run(command, in: dir.url)
                XCTAssertEqual(again.status, 0, again.stderr)
                XCTAssertEqual(try Array(Data(contentsOf: dir.file("stream.bin"))), content)
                let last = try XCTUnwrap(server.requests(for: "/stream.bin").last?.header("Range"))
                XCTAssertEqual(last, "bytes=\(held)-", "resumed where the durable bytes end")
            }
        }
    }
}
