import Foundation
import HaulCore
import HaulTestSupport
import XCTest

@testable import haul

/// `--queue-schedule` on the command line: a bad rule is a usage error naming it (for `haul get` and
/// `haul daemon`); a window that holds now lets the run go through.
final class QueueScheduleCLITests: XCTestCase {
    func testABadRuleIsAUsageErrorThatNamesIt() throws {
        for command in [[], ["resume", "--all"], ["daemon"]] {
            let result = try HaulProcess.run(
                command + ["--queue-schedule", "Mon-Fri 1-7"] + (command.isEmpty ? ["http://127.0.0.1:9/f"] : []),
                in: FileManager.default.temporaryDirectory)
            XCTAssertEqual(result.status, 2, "\(command): \(result.stderr)")
            XCTAssertTrue(
                result.stderr.contains("--queue-schedule: 'Mon-Fri 1-7': '1-7' is not a time range"), "\(command): \(result.stderr)")
        }
    }

    /// A window of the whole day, every day: the download runs at once.
    func testAWindowThatHoldsNowLetsTheRunGoThrough() async throws {
        let content = deterministicBytes(count: 64 << 10, seed: 62)
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/f.bin", FileResource(content: content))
                let result = try HaulProcess.run(
                    ["--queue-schedule", "00:00-24:00", "--state-dir", dir.file("s").path, server.url("/f.bin")],
                    in: dir.url)
                XCTAssertEqual(result.status, 0, result.stderr)
                XCTAssertTrue(contents(dir.file("f.bin")) == content)
            }
        }
    }
}

/// What `haul` says when it starts outside the queue's window: until when downloads wait, in the local time.
final class QueueScheduleNoteTests: XCTestCase {
    private var utc: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }

    func testARunOutsideTheWindowSaysUntilWhenItWaits() throws {
        let friday = try XCTUnwrap(utc.date(from: DateComponents(year: 2026, month: 11, day: 27, hour: 20)))
        let schedule = try QueueSchedule(parsing: "Mon-Fri 01:00-07:00")
        XCTAssertEqual(
            DownloadSession.heldNote(schedule, at: friday, in: utc),
            "the queue schedule holds the queue: downloads wait until Mon 2026-11-30 01:00", "over the week end")
        XCTAssertNil(DownloadSession.heldNote(try QueueSchedule(parsing: "18:00-22:00"), at: friday, in: utc), "inside: nothing to say")
        XCTAssertEqual(
            DownloadSession.heldNote(try QueueSchedule(parsing: "Mon 01:00-02:00 off"), at: friday, in: utc),
            "the queue schedule holds the queue at every hour of the week: nothing will start")
    }
}
