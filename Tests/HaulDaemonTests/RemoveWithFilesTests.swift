import Foundation
import HaulDaemon
import HaulTestSupport
import XCTest

/// `haul.removeDownloadAndFile` over RPC (issue 18, "Remove with files"): a paused, failed or completed download
/// goes with its file or partial file, only inside the allowed directories.
final class RemoveWithFilesTests: XCTestCase {
    func testAPausedDownloadGoesWithItsPartialFileAndACompletedOneWithItsFile() async throws {
        let fixture = try await DaemonFixture.start()
        let bytes = deterministicBytes(count: 300_000)
        let slow = fixture.serve("/slow.bin", bytes, bytesPerSecond: 30_000)
        let paused = try fixture.call("aria2.addUri", [[.string(slow)], ["split": "1"]])
        try await eventually { try fixture.call("aria2.tellStatus", [paused, ["completedLength"]])["completedLength"] != "0" }
        XCTAssertTrue(try fixture.error("haul.removeDownloadAndFile", [paused]).contains("pause it"), "not while it runs")
        _ = try fixture.call("aria2.pause", [paused])
        try await fixture.wait(paused, for: "paused")
        let part = fixture.downloads + "/slow.bin.part"
        XCTAssertTrue(FileManager.default.fileExists(atPath: part))
        XCTAssertEqual(try fixture.call("haul.removeDownloadAndFile", [paused]), "OK")
        XCTAssertFalse(FileManager.default.fileExists(atPath: part))
        XCTAssertTrue(try fixture.error("aria2.tellStatus", [paused]).contains("not found"))

        let done = try fixture.call("aria2.addUri", [[.string(fixture.serve("/done.bin", bytes))]])
        try await fixture.wait(done, for: "complete")
        XCTAssertTrue(FileManager.default.fileExists(atPath: fixture.downloads + "/done.bin"))
        XCTAssertEqual(try fixture.call("haul.removeDownloadAndFile", [done]), "OK")
        XCTAssertFalse(FileManager.default.fileExists(atPath: fixture.downloads + "/done.bin"))
        XCTAssertTrue(try fixture.call("aria2.tellStopped", [0, 10]).arrayValue?.isEmpty == true)
        await fixture.stop()
    }

    func testAFailedDownloadsPartialFileGoesToo() async throws {
        let fixture = try await DaemonFixture.start()
        let failing = try fixture.call("aria2.addUri", [[.string(fixture.server.url("/missing.bin"))]])
        try await fixture.wait(failing, for: "error")
        XCTAssertEqual(try fixture.call("haul.removeDownloadAndFile", [failing]), "OK")
        XCTAssertTrue(try fixture.error("aria2.tellStatus", [failing]).contains("not found"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: fixture.downloads).filter { $0.hasPrefix("missing") }, [])
        await fixture.stop()
    }

    func testAFileOutsideTheAllowedDirectoriesIsNeverDeleted() async throws {
        let fixture = try await DaemonFixture.start { configuration in
            let elsewhere = (configuration.stateDirectory as NSString).deletingLastPathComponent + "/elsewhere"
            try? FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
            configuration.allowedDirectories = [configuration.downloadDirectory, elsewhere]
        }
        let elsewhere = fixture.directory.file("elsewhere").path
        let gid = try fixture.call("aria2.addUri", [[.string(fixture.serve("/keep.bin", deterministicBytes(count: 5000)))], ["dir": .string(elsewhere)]])
        try await fixture.wait(gid, for: "complete")
        // The same database, a daemon that no longer allows that directory.
        fixture.configuration.allowedDirectories = [fixture.downloads]
        try await fixture.restart()
        let message = try fixture.error("haul.removeDownloadAndFile", [gid])
        XCTAssertTrue(message.contains("outside the allowed directories") && message.contains("nothing was deleted"), message)
        XCTAssertTrue(FileManager.default.fileExists(atPath: elsewhere + "/keep.bin"))
        XCTAssertEqual(try fixture.call("aria2.tellStatus", [gid, ["status"]])["status"], "complete", "still listed")
        await fixture.stop()
    }
}
