import XCTest

@testable import HaulCore

/// `RunEnding`'s table: every state a run's end can find its download in, times every end; and what the run's
/// waiters hear. The queue machine and a download run on its own both follow it.
final class RunEndingTests: XCTestCase {
    private let ends: [(String, TransferEnd)] = [
        ("completed", .completed(path: "/d/f")), ("failed", .failed(message: "404")), ("busy", .busy(message: "held")),
        ("stopped", .stopped),
    ]

    /// What `decide` gives: `next state, stored?, own failure?, left elsewhere?`; `-` nothing changes; `refused`.
    private let table: [DownloadState: [String]] = [
        .downloading: ["completed stored", "failed stored failure", "queued elsewhere", "queued stored"],
        .paused: ["completed stored", "-", "-", "-"],
        .queued: ["completed stored", "-", "-", "-"],
        .completed: ["-", "refused", "refused", "-"],
        .failed: ["refused", "refused", "refused", "-"],
        .cancelled: ["refused", "refused", "refused", "-"],
    ]

    func testEveryEndInEveryStateComesToWhatTheTableLists() {
        XCTAssertEqual(Set(table.keys), Set(DownloadState.allCases))
        for state in DownloadState.allCases {
            for ((name, end), expected) in zip(ends, table[state]!) {
                let got: String
                do {
                    let ending = try RunEnding.decide(end, in: state)
                    XCTAssertEqual(ending.state, ending.event.flatMap { DownloadLifecycle.next(from: state, on: $0) }, "\(name) when \(state)")
                    let words = [ending.state?.rawValue ?? "-"] + (ending.isStored ? ["stored"] : []) + (ending.failure != nil ? ["failure"] : [])
                        + (ending.isLeftElsewhere ? ["elsewhere"] : [])
                    got = words.joined(separator: " ")
                } catch {
                    XCTAssertEqual(error, IllegalTransition(state: state, event: name == "completed" ? .complete : .fail))
                    got = "refused"
                }
                XCTAssertEqual(got, expected, "\(name) when \(state)")
            }
        }
    }

    func testAFailureKeepsItsMessageAndABusyEndKeepsNone() throws {
        XCTAssertEqual(try RunEnding.decide(.failed(message: "HTTP 404"), in: .downloading).failure, "HTTP 404")
        XCTAssertNil(try RunEnding.decide(.busy(message: "locked by pid 7"), in: .downloading).failure)
    }

    /// What the run's waiters hear, by the state the download is in once the end was handled.
    func testTheWaitersHearTheFileTheErrorOrAPause() {
        let expected: [DownloadState: [RunEnding.Outcome]] = [
            .completed: [.completed, .completed, .completed, .completed],
            .failed: [.paused, .failed, .failed, .paused],
            .queued: [.paused, .failed, .failed, .paused],
            .paused: [.paused, .paused, .paused, .paused],
            .downloading: [.paused, .paused, .paused, .paused],
            .cancelled: [.paused, .paused, .paused, .paused],
        ]
        for state in DownloadState.allCases {
            for ((name, end), outcome) in zip(ends, expected[state]!) {
                XCTAssertEqual(RunEnding.outcome(of: end, leaving: state), outcome, "\(name) leaving \(state)")
            }
        }
    }

    /// Without a later run (a task on its own), a failure after a pause is heard as the failure; nothing else changes.
    func testWithoutALaterRunAFailureAfterAPauseIsHeardAsTheFailure() {
        for state in DownloadState.allCases {
            for (name, end) in ends {
                let queued = RunEnding.outcome(of: end, leaving: state)
                let alone = RunEnding.outcome(of: end, leaving: state, laterRunCanFollow: false)
                let failedAfterAPause = state == .paused && (name == "failed" || name == "busy")
                XCTAssertEqual(alone, failedAfterAPause ? .failed : queued, "\(name) leaving \(state)")
            }
        }
    }

    /// The queue machine's run ends follow the table: the state it holds afterwards, and whether it stored it.
    func testTheQueueMachineEndsARunAsTheTableSays() throws {
        let id: Int64 = 5
        for (name, end) in ends {
            var machine = QueueMachine(limits: QueueLimits(maxConcurrent: 1, maxTotalConnections: 4))
            _ = try machine.handle(.adopt(id: id, QueueRow(state: .queued, queueOrder: 1), requestedConnections: 1))
            _ = try machine.handle(.setLimits(QueueLimits(maxConcurrent: 0, maxTotalConnections: 0)))
            XCTAssertEqual(machine.downloads[id]?.state, .downloading)
            let ending = try RunEnding.decide(end, in: .downloading)
            let actions = try machine.handle(.transferEnded(id, generation: 1, end))
            XCTAssertEqual(machine.downloads[id]?.state, ending.state, name)
            XCTAssertEqual(actions.contains { if case .persistState = $0 { true } else { false } }, ending.isStored, name)
            XCTAssertEqual(machine.downloads[id]?.owner == .otherProcess, ending.isLeftElsewhere, name)
        }
    }
}
