import Foundation
import XCTest

@testable import HaulArchive

/// A process killed with SIGKILL in the middle of an extraction leaves no destination that looks complete.
final class ZipKillTests: XCTestCase {
    /// The HaulZipBench executable SwiftPM builds beside the test bundle.
    private func benchTool() throws -> URL {
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        let candidates = [
            testBinary.deletingLastPathComponent(), testBinary.deletingLastPathComponent().deletingLastPathComponent(),
        ]
        .map { $0.appendingPathComponent("HaulZipBench") }
        guard let tool = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw XCTSkip("HaulZipBench was not built beside the tests")
        }
        return tool
    }

    func testKillDuringExtractionLeavesOnlyThePartialDirectory() throws {
        let tool = try benchTool()
        let directory = try TestDirectory(self)
        let entries: [ZipBuilder.Entry] = (0..<8).map {
            .file("data/part\($0).bin", randomBytes(256 << 10, seed: UInt64($0)))
        }
        let archive = try ZipBuilder(entries).write(to: directory.path("a.zip"))
        let destination = directory.path("out")

        // The tool freezes itself once 600 KB are written, mid-archive; then it is killed.
        let process = Process()
        process.executableURL = tool
        process.arguments = ["extract", "--pause-after-bytes", "600000", archive.path, destination.path]
        let stderr = Pipe()
        process.standardError = stderr
        try process.run()
        var output = ""
        while !output.contains("paused") {
            let data = stderr.fileHandleForReading.availableData
            if data.isEmpty { break }
            output += String(decoding: data, as: UTF8.self)
        }
        XCTAssertTrue(output.contains("paused"), "the extraction did not reach the pause: \(output)")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .uncaughtSignal)

        XCTAssertFalse(
            FileManager.default.fileExists(atPath: destination.path), "a killed extraction left \(destination.path)")
        let listing = try directory.listing()
        let partial = listing.filter { $0.hasPrefix(".out.haul-partial-") }
        XCTAssertEqual(partial.count, 1, "\(listing)")
        let written = try FileManager.default.contentsOfDirectory(atPath: directory.path("\(partial[0])/data").path)
        XCTAssertGreaterThan(written.count, 0)
        XCTAssertLessThan(written.count, 8, "the kill should have come mid-archive")

        // The leftover does not get in the way of the next attempt.
        let summary = try ZipExtractor.extract(archive: archive, to: destination)
        XCTAssertEqual(summary.fileCount, 8)
        XCTAssertEqual(
            try Data(contentsOf: destination.appendingPathComponent("data/part7.bin")),
            Data(randomBytes(256 << 10, seed: 7)))
    }

    func testTotalSizeCapAppliesToBytesActuallyWritten() throws {
        // The declared sizes are enforced per entry; the running total is a second, independent guard.
        let plan = try ExtractionPlan(entries: [], symlinkTargets: [:], limits: .init())
        let tracker = ProgressTracker(plan: plan, limits: .init(maxTotalUncompressedBytes: 1_000), callback: nil)
        let item = PlannedItem(entryIndex: 0, components: [Array("f".utf8)], displayPath: "f")
        XCTAssertNoThrow(try tracker.willWrite(600, of: item, cancelled: { false }))
        XCTAssertThrowsError(try tracker.willWrite(600, of: item, cancelled: { false })) { error in
            XCTAssertEqual((error as? ZipError)?.code, .totalSizeLimit)
        }
        XCTAssertEqual(tracker.bytesWritten, 600)
    }
}
