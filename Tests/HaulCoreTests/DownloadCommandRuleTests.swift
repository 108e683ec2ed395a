import XCTest

@testable import HaulCore

/// `DownloadCommandRule`'s whole table: every command in every state, as its documentation lists it.
final class DownloadCommandRuleTests: XCTestCase {
    /// The table, row by row, in `DownloadState.allCases` order: queued, downloading, paused, completed, failed,
    /// cancelled (`+` allowed, `=` unchanged, `-` refused).
    private let table: [DownloadCommand: String] = [
        .pause: "++=---",
        .resume: "--+-+-",
        .resumePaused: "--+---",
        .cancel: "+++-+=",
        .cancelInLine: "+++---",
        .forgetResult: "---+++",
        .forgetWithFile: "--++++",
        .changeSource: "--+-+-",
    ]

    func testEveryCommandInEveryStateHasTheVerdictTheTableLists() {
        XCTAssertEqual(DownloadState.allCases, [.queued, .downloading, .paused, .completed, .failed, .cancelled])
        XCTAssertEqual(Set(table.keys), Set(DownloadCommand.allCases), "every command has a row")
        for command in DownloadCommand.allCases {
            let row = Array(table[command]!)
            for (state, mark) in zip(DownloadState.allCases, row) {
                let expected: CommandVerdict = mark == "+" ? .allowed : mark == "=" ? .unchanged : .refused
                XCTAssertEqual(DownloadCommandRule.verdict(command, in: state), expected, "\(command) when \(state)")
            }
        }
    }

    /// `pause`, `resume` and `cancel` say what the lifecycle's table says: refused exactly where it has no step
    /// (but a second cancel, which does nothing), unchanged where it leads back to the same state.
    func testTheLifecycleCommandsFollowTheLifecycleTable() {
        for (command, event) in [(DownloadCommand.pause, LifecycleEvent.pause), (.resume, .resume), (.cancel, .cancel)] {
            XCTAssertEqual(DownloadCommandRule.command(for: event), command)
            for state in DownloadState.allCases where !(command == .cancel && state == .cancelled) {
                let next = DownloadLifecycle.next(from: state, on: event)
                let verdict = DownloadCommandRule.verdict(command, in: state)
                XCTAssertEqual(verdict == .refused, next == nil, "\(command) when \(state)")
                XCTAssertEqual(verdict == .unchanged, next == state, "\(command) when \(state)")
            }
        }
        for event in [LifecycleEvent.start, .complete, .fail, .interrupt] {
            XCTAssertNil(DownloadCommandRule.command(for: event), "\(event) is a transfer's report, not a command")
        }
    }

    /// `check` throws the refusal's reason, the lifecycle's `IllegalTransition` (one error type for a refused
    /// command; its text unchanged); `false` for nothing to do. The daemon's other commands ask `verdict`.
    func testARefusalSaysWhichCommandInWhichState() {
        XCTAssertThrowsError(try DownloadCommandRule.check(event: .pause, in: .completed)) { error in
            XCTAssertEqual(error as? IllegalTransition, IllegalTransition(state: .completed, event: .pause))
            XCTAssertEqual("\(error)", "cannot pause a download that is completed")
        }
        XCTAssertEqual(try DownloadCommandRule.check(event: .pause, in: .paused), false)
        XCTAssertEqual(try DownloadCommandRule.check(event: .cancel, in: .cancelled), false)
        XCTAssertEqual(try DownloadCommandRule.check(event: .resume, in: .failed), true)
        XCTAssertEqual(DownloadCommandRule.verdict(.forgetWithFile, in: .paused), .allowed)
        XCTAssertEqual(DownloadCommandRule.verdict(.cancelInLine, in: .failed), .refused)
    }

    /// The queue machine asks the rule: for every state a download is held in, its pause, resume and cancel are
    /// refused exactly where the rule refuses them, and do nothing where the rule says unchanged.
    func testTheQueueMachineRefusesWhatTheRuleRefuses() throws {
        let id: Int64 = 3
        for state in [DownloadState.queued, .paused, .failed, .completed] {
            for (command, event) in [(DownloadCommand.pause, QueueEvent.pause(id)), (.resume, .resume(id)), (.cancel, .cancel(id, partHeldElsewhere: false))] {
                var machine = QueueMachine(limits: QueueLimits(maxConcurrent: 0, maxTotalConnections: 0))
                _ = try machine.handle(.adopt(id: id, QueueRow(state: state, queueOrder: 1), requestedConnections: 1))
                let verdict = DownloadCommandRule.verdict(command, in: state)
                do {
                    let actions = try machine.handle(event)
                    XCTAssertNotEqual(verdict, .refused, "\(command) when \(state)")
                    XCTAssertEqual(actions.isEmpty, verdict == .unchanged, "\(command) when \(state)")
                } catch {
                    XCTAssertEqual(verdict, .refused, "\(command) when \(state): \(error)")
                }
            }
        }
    }
}
