import Foundation
import HaulCore
import HaulDaemon
import HaulKit
import HaulTestSupport
import XCTest

/// `queue-schedule` (Haul's `--queue-schedule`, a string as aria2 front-ends send options): checked, applied at
/// once, shown by getGlobalOption, kept across a restart; while it holds the queue a download added is `waiting`,
/// and it runs once the schedule is cleared.
final class QueueScheduleRPCTests: XCTestCase {
    /// A day-long window the day after tomorrow (in the daemon's time zone, the machine's): closed now, whenever
    /// the test runs.
    private func aWindowNotToday() throws -> String {
        let calendar = Calendar.current
        let today = try XCTUnwrap(Weekday(calendarWeekday: calendar.component(.weekday, from: Date())))
        return ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][today.next.next.rawValue - 1] + " 00:00-24:00"
    }

    func testAQueueScheduleIsCheckedAppliedShownAndKept() async throws {
        let fixture = try await DaemonFixture.start()
        XCTAssertTrue(try fixture.error("aria2.changeGlobalOption", [["queue-schedule": "Mon-Fri 1-7"]])
            .contains("queue-schedule: 'Mon-Fri 1-7': '1-7' is not a time range"))
        let window = try aWindowNotToday()
        XCTAssertEqual(try fixture.call("aria2.changeGlobalOption", [["queue-schedule": .string(window)]]), "OK")
        XCTAssertEqual(try fixture.call("aria2.getGlobalOption")["queue-schedule"], .string(window))

        // An open queue starts an added download before addUri answers; a held one leaves it waiting.
        let url = fixture.serve("/held.bin", deterministicBytes(count: 4000))
        let gid = try fixture.call("aria2.addUri", [[.string(url)]])
        XCTAssertEqual(try fixture.call("aria2.tellStatus", [gid, ["status"]])["status"], "waiting")
        XCTAssertEqual(fixture.server.requests(for: "/held.bin").count, 0)

        try await fixture.restart()
        XCTAssertEqual(try fixture.call("aria2.getGlobalOption")["queue-schedule"], .string(window), "kept")
        XCTAssertEqual(try fixture.call("aria2.tellStatus", [gid, ["status"]])["status"], "waiting", "and applied at start")
        XCTAssertEqual(fixture.server.requests(for: "/held.bin").count, 0)

        XCTAssertEqual(try fixture.call("aria2.changeGlobalOption", [["queue-schedule": ""]]), "OK")
        try await fixture.wait(gid, for: "complete")
        try await fixture.restart()
        XCTAssertEqual(try fixture.call("aria2.getGlobalOption")["queue-schedule"], "", "cleared, and kept cleared")
        await fixture.stop()
    }

    /// `--queue-schedule` given at start is what getGlobalOption shows; a change over RPC is kept only while the
    /// command line still gives what it gave (SavedGlobalOptions' rule, as for every kept option).
    func testTheCommandLinesScheduleIsTheStartingValue() throws {
        var start = Aria2GlobalOptions(maxConcurrent: 5, maxOverallLimit: 0, maxDownloadLimit: 0, connections: 8, directory: "/d")
        start.queueSchedule = "01:00-07:00"
        let now = try start.changed(by: ["queue-schedule": "Sat,Sun 00:00-24:00"])
        XCTAssertEqual(now.queueWindows?.schedule.rules.count, 1)
        let saved = SavedGlobalOptions.recording(now, startedWith: start)
        XCTAssertEqual(saved.changed, ["queue-schedule": "Sat,Sun 00:00-24:00"])
        XCTAssertEqual(saved.changes(startingWith: start), ["queue-schedule": "Sat,Sun 00:00-24:00"])
        var flagged = start
        flagged.queueSchedule = "02:00-03:00"
        XCTAssertEqual(saved.changes(startingWith: flagged), [:], "the newer command line wins")
        XCTAssertNil(try start.changed(by: ["queue-schedule": ""]).queueWindows, "empty: always")
    }
}
