import Foundation
import HaulDaemon
import HaulTestSupport
import XCTest

/// The global options changed over RPC (the web page's Settings) are kept in the state directory and applied again
/// when the daemon restarts; a flag given differently on the command line since wins; `dir` changes only within the
/// allowed directories.
final class GlobalOptionsRestartTests: XCTestCase {
    func testChangedGlobalOptionsSurviveARestart() async throws {
        let fixture = try await DaemonFixture.start()
        let music = fixture.downloads + "/music"
        XCTAssertEqual(try fixture.call("aria2.changeGlobalOption", [[
            "max-concurrent-downloads": "3", "max-overall-download-limit": "1048576", "max-download-limit": "2048",
            "split": "3", "max-connection-per-server": "3", "dir": .string(music),
        ]]), "OK")
        XCTAssertTrue(try fixture.error("aria2.changeGlobalOption", [["dir": "/etc"]]).contains("outside the allowed directories"))

        try await fixture.restart()
        var options = try fixture.call("aria2.getGlobalOption")
        XCTAssertEqual(options["max-concurrent-downloads"], "3")
        XCTAssertEqual(options["max-overall-download-limit"], "1048576")
        XCTAssertEqual(options["max-download-limit"], "2048")
        XCTAssertEqual(options["split"], "3")
        XCTAssertEqual(options["max-connection-per-server"], "3")
        XCTAssertEqual(options["dir"], .string(music))
        // A new download goes into the kept default directory.
        let gid = try fixture.call("aria2.addUri", [[.string(fixture.serve("/a.bin", deterministicBytes(count: 2000)))]])
        try await fixture.wait(gid, for: "complete")
        XCTAssertTrue(FileManager.default.fileExists(atPath: music + "/a.bin"))

        // The command line now says -j 7: the newer word wins; the other kept options stay.
        fixture.configuration.maxConcurrent = 7
        try await fixture.restart()
        options = try fixture.call("aria2.getGlobalOption")
        XCTAssertEqual(options["max-concurrent-downloads"], "7")
        XCTAssertEqual(options["max-overall-download-limit"], "1048576")
        await fixture.stop()
    }

    /// `speed-schedule` (Haul's `--speed-schedule`, a string as aria2 front-ends send options): checked, applied to
    /// the shared limit at once, shown, and kept across a restart.
    func testASpeedScheduleIsCheckedAppliedAndKept() async throws {
        let fixture = try await DaemonFixture.start()
        XCTAssertTrue(try fixture.error("aria2.changeGlobalOption", [["speed-schedule": "Mon-Fri 9-18 2M"]])
            .contains("speed-schedule: 'Mon-Fri 9-18 2M': '9-18' is not a time range"))
        XCTAssertEqual(try fixture.call("aria2.changeGlobalOption", [["speed-schedule": "00:00-24:00 1K"]]), "OK")
        XCTAssertEqual(fixture.daemon.client.bandwidth.globalLimit, 1024, "a rule for every minute holds now")
        try await fixture.restart()
        XCTAssertEqual(try fixture.call("aria2.getGlobalOption")["speed-schedule"], "00:00-24:00 1K")
        XCTAssertEqual(fixture.daemon.client.bandwidth.globalLimit, 1024, "kept, and applied at start")
        XCTAssertEqual(try fixture.call("aria2.changeGlobalOption", [["speed-schedule": ""]]), "OK")
        XCTAssertNil(fixture.daemon.client.bandwidth.globalLimit, "no schedule: max-overall-download-limit (none)")
        await fixture.stop()
    }

    func testWhatIsKeptAndWhatIsAppliedAtStart() throws {
        let start = Aria2GlobalOptions(maxConcurrent: 5, maxOverallLimit: 0, maxDownloadLimit: 0, connections: 8, directory: "/d")
        var now = start
        now.maxConcurrent = 2
        now.directory = "/d/x"
        let saved = SavedGlobalOptions.recording(now, startedWith: start)
        XCTAssertEqual(saved.changed, ["max-concurrent-downloads": "2", "dir": "/d/x"])
        XCTAssertEqual(saved.changes(startingWith: start), ["max-concurrent-downloads": "2", "dir": "/d/x"])
        var flagged = start
        flagged.maxConcurrent = 9
        XCTAssertEqual(saved.changes(startingWith: flagged), ["dir": "/d/x"])
        var split = start
        split.connections = 4
        XCTAssertEqual(SavedGlobalOptions.recording(split, startedWith: start).changes(startingWith: start),
                       ["split": "4", "max-connection-per-server": "4"])
        // `split=auto` over RPC, on a daemon started with `-x 8`, is kept as auto, not as its ceiling's number.
        var automatic = start
        automatic.connectionCount = .default
        let kept = SavedGlobalOptions.recording(automatic, startedWith: start).changes(startingWith: start)
        XCTAssertEqual(kept, ["split": "auto", "max-connection-per-server": "auto"])
        XCTAssertEqual(try start.changed(by: kept).connectionCount, .default)
    }
}
