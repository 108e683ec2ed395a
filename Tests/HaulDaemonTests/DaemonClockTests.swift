import Foundation
import HaulCore
import HaulTestSupport
import MCP
import XCTest

@testable import HaulDaemon
@testable import HaulKit

/// Issue #52, point 4 ("one clock"), the daemon's side: its timers run on the client's clock
/// (`HaulConfiguration.clock`), as the engine's do, so a test moves time instead of waiting for it. On the old code
/// each of these read `Date()` or slept on the system's clock: the store watcher's look every second, the wait
/// before a refused call's answer, an agent's `wait` tool, and the host budgets' "now".
final class DaemonClockTests: XCTestCase {
    private static let start: Int64 = 1_700_000_000

    private func fixture(_ clock: ManualClock, _ adjust: @escaping (inout DaemonConfiguration) -> Void = { _ in }) async throws -> DaemonFixture {
        try await DaemonFixture.start(.inMemory) { configuration in
            configuration.client.clock = EngineClock(clock, wallClockAtStart: Self.start)
            adjust(&configuration)
        }
    }

    /// A download another process stores is taken up at the watcher's next look, a second later on the client's
    /// clock, and not before that clock moves (the old watcher slept a real second).
    func testTheStoreWatcherLooksWhenTheClientsClockMoves() async throws {
        let clock = ManualClock()
        let fixture = try await fixture(clock)
        let client = fixture.daemon.client
        let request = DownloadRequest(
            url: URL(string: "http://127.0.0.1:9/elsewhere.bin")!,
            destination: URL(fileURLWithPath: fixture.downloads + "/elsewhere.bin"))
        let id = try client.prepareBlocking(request).rowID
        try client.store.setState(.paused, of: id)
        let held: @Sendable () async -> DownloadState? = {
            await fixture.daemon.manager.states(of: [DownloadID(rawValue: id)]).first ?? nil
        }
        let untouched = await stays(for: .milliseconds(1500)) { await held() == nil }
        XCTAssertTrue(untouched, "taken up before the client's clock moved")
        let taken = await eventually {
            if await held() != nil { return true }
            clock.advance(by: .milliseconds(500))
            return false
        }
        XCTAssertTrue(taken, "not taken up as the client's clock moved")
        let state = await held()
        XCTAssertEqual(state, .paused)
        await fixture.stop()
    }

    /// A refused call's answer waits `unauthorizedDelay` on the client's clock: nothing comes back until it moves.
    func testARefusedCallIsAnsweredWhenTheClientsClockPassesTheDelay() async throws {
        let clock = ManualClock()
        let fixture = try await fixture(clock) { $0.unauthorizedDelay = .milliseconds(300) }
        let answered = Switch(on: false)
        let call = Task.detached {
            let answer = try fixture.answer("aria2.getVersion", token: "not the secret")
            answered.isOn = true
            return answer
        }
        let held = await stays(for: .milliseconds(1200)) { !answered.isOn }
        XCTAssertTrue(held, "answered before the client's clock passed the delay")
        let came = await eventually {
            if answered.isOn { return true }
            clock.advance(by: .milliseconds(100))
            return false
        }
        XCTAssertTrue(came, "not answered as the clock moved")
        let answer = try await call.value
        XCTAssertEqual(answer["error"]?["message"], "Unauthorized")
        await fixture.stop()
    }

    /// An agent's `wait_for_downloads` ends at its timeout on the client's clock: 60 s of waiting for a paused download take no
    /// minute when the test moves the clock (the old tool waited on `ContinuousClock`).
    func testAnAgentsWaitEndsAtItsTimeoutOnTheClientsClock() async throws {
        let clock = ManualClock()
        let fixture = try await fixture(clock)
        let gid = try fixture.call("aria2.addUri", [["http://127.0.0.1:9/never.bin"], ["pause": "true"]])
        let tools = AgentTools(service: fixture.daemon.service)
        let done = Switch(on: false)
        let wait = Task {
            let result = await tools.call("wait_for_downloads", ["ids": .array([.string(gid.stringValue ?? "")]), "timeout_seconds": .int(60)])
            done.isOn = true
            return result
        }
        let ended = await eventually {
            if done.isOn { return true }
            clock.advance(by: .seconds(5))
            return false
        }
        XCTAssertTrue(ended, "the wait did not end as its clock passed 60 s")
        let result = await wait.value
        guard case .text(let text, _, _)? = result.content.first else { return XCTFail("no text: \(result)") }
        XCTAssertTrue(text.hasPrefix("not all finished after 60"), text)
        await fixture.stop()
    }

    /// `haul.getHostBudgets` eases a lesson by the client's clock: 4 connections when learned, 5 an hour later on
    /// that clock. The old code read `Date()`, years after this lesson, so it had eased back and was forgotten.
    func testHostBudgetsEaseByTheClientsClock() async throws {
        let clock = ManualClock()
        let fixture = try await fixture(clock)
        let lesson = LearnedHostBudget(host: "mirror.test:80", limit: 4, learnedAt: Double(Self.start), reason: "503")
        try fixture.daemon.client.store.saveHostBudget(lesson)
        let now = try await fixture.daemon.service.hostBudgets()
        XCTAssertEqual(now.map(\.connections), [4])
        clock.advance(by: .seconds(3600))
        let later = try await fixture.daemon.service.hostBudgets()
        XCTAssertEqual(later.map(\.connections), [5], "one more connection an hour, on the client's clock")
        await fixture.stop()
    }
}
