import XCTest

@testable import HaulCore

/// `QueueMachine`'s full transition table: every state a download can be held in, times every event, gives the
/// listed state and actions, or the listed refusal. A download is never held `cancelled` (cancelling drops it), so
/// that column is "the download is gone": commands meet `UnknownDownload`, reports and store looks change nothing.
final class QueueMachineTableTests: XCTestCase {
    private let id: Int64 = 7
    private let path = "/downloads/file.iso"
    private let stuck = QueueLimits(maxConcurrent: 0, maxTotalConnections: 0)
    private let room = QueueLimits(maxConcurrent: 1, maxTotalConnections: 4)

    /// What an event leads to.
    private enum Outcome: Equatable {
        /// The download is then in `state` (`nil`: dropped) and these actions come out.
        case goes(DownloadState?, [QueueAction])
        /// Refused by the lifecycle table; nothing changes.
        case refused(IllegalTransition)
        /// The download is not held.
        case unknown
    }

    /// The states a download can be held in, each built through events, with the generation of its latest run.
    /// Limits are 0 afterwards, so nothing starts unless the event itself changes the limits.
    private func machine(_ name: String) throws -> (QueueMachine, generation: Int) {
        var machine = QueueMachine(limits: stuck)
        func adopt(_ state: DownloadState) throws {
            _ = try machine.handle(.adopt(id: id, QueueRow(state: state, queueOrder: 1, errorMessage: state == .failed ? "e" : nil), requestedConnections: 4))
        }
        switch name {
        case "queued", "paused", "completed", "failed":
            try adopt(DownloadState(rawValue: name)!)
            return (machine, 0)
        case "downloading", "paused-stopping", "gone":
            machine = QueueMachine(limits: room)
            try adopt(.queued)
            _ = try machine.handle(.setLimits(stuck))
            if name == "paused-stopping" { _ = try machine.handle(.pause(id)) }
            if name == "gone" { _ = try machine.handle(.cancel(id, partHeldElsewhere: false)) }
            return (machine, 1)
        default:
            fatalError(name)
        }
    }

    private func events(generation g: Int) -> [(String, QueueEvent)] {
        [
            ("adopt", .adopt(id: id, QueueRow(state: .queued, queueOrder: 9), requestedConnections: 1)),
            ("add", .add(id: id, QueueRow(state: .queued, queueOrder: 9), requestedConnections: 1, paused: false)),
            ("add-paused", .add(id: id, QueueRow(state: .queued, queueOrder: 9), requestedConnections: 1, paused: true)),
            ("pause", .pause(id)),
            ("resume", .resume(id)),
            ("cancel", .cancel(id, partHeldElsewhere: false)),
            ("cancel-held", .cancel(id, partHeldElsewhere: true)),
            ("remove", .remove(id, deletingFile: false, partHeldElsewhere: false)),
            ("remove-file", .remove(id, deletingFile: true, partHeldElsewhere: true)),
            ("move", .move(id, .toTop)),
            ("limits", .setLimits(room)),
            ("interrupt", .interrupt(id)),
            ("shutdown", .shutdown),
            ("planned", .transferPlanned(id, generation: g, connections: 2)),
            ("completed", .transferEnded(id, generation: g, .completed(path: path))),
            ("failed", .transferEnded(id, generation: g, .failed(message: "m"))),
            ("busy", .transferEnded(id, generation: g, .busy(message: "m"))),
            ("stopped", .transferEnded(id, generation: g, .stopped)),
            ("stale", .transferEnded(id, generation: g - 1, .completed(path: path))),
            ("saw-gone", .storeSaw(id, nil)),
            ("saw-cancelled", .storeSaw(id, QueueRow(state: .cancelled, queueOrder: 1))),
            ("saw-paused", .storeSaw(id, QueueRow(state: .paused, queueOrder: 1))),
            ("saw-moved", .storeSaw(id, QueueRow(state: .queued, priority: 5, queueOrder: 1))),
            ("saw-same", .storeSaw(id, QueueRow(state: .queued, queueOrder: 1))),
            ("saw-completed", .storeSaw(id, QueueRow(state: .completed, queueOrder: 1, path: path))),
            ("saw-running", .storeSaw(id, QueueRow(state: .downloading, queueOrder: 1))),
        ]
    }

    // Shorthands for the table.
    private func s(_ state: DownloadState, _ error: String? = nil) -> QueueAction { .persistState(id, state, error: error) }
    private func a(_ state: DownloadState) -> QueueAction { .announceState(id, state) }
    private var stop: QueueAction { .stopTransfer(id) }
    private var cancelled: [QueueAction] { [a(.cancelled), .discard(id), .drop(id)] }
    private var cancelledRunning: [QueueAction] { [a(.cancelled), .stopTransfer(id), .discard(id), .drop(id)] }
    private var cancelledElsewhere: [QueueAction] { [s(.cancelled), .drop(id)] }
    private var moved: QueueAction { .persistPosition(id, priority: 0, queueOrder: 1) }
    private var started: [QueueAction] { [s(.downloading), a(.downloading), .startTransfer(id, connections: 4, generation: 1)] }
    private var completed: [QueueAction] { [s(.completed), a(.completed), .announceCompleted(id, path: path)] }
    /// Completed by another process: the row says so already, nothing is stored.
    private var completedElsewhere: [QueueAction] { [a(.completed), .announceCompleted(id, path: path)] }
    private var resumed: [QueueAction] { [s(.queued), a(.queued)] }
    private func refused(_ state: DownloadState, _ event: LifecycleEvent) -> Outcome {
        .refused(IllegalTransition(state: state, event: event))
    }

    private var table: [String: [String: Outcome]] {
        let quiet = { (state: DownloadState) in Outcome.goes(state, []) }
        return [
            "queued": [
                "adopt": quiet(.queued), "add": quiet(.queued), "add-paused": .goes(.paused, [s(.paused), a(.paused)]),
                "pause": .goes(.paused, [s(.paused), a(.paused)]),
                "resume": refused(.queued, .resume), "cancel": .goes(nil, cancelled),
                "cancel-held": .goes(nil, cancelledElsewhere), "remove": .goes(nil, cancelled),
                "remove-file": .goes(nil, cancelledElsewhere), "move": .goes(.queued, [moved]),
                "limits": .goes(.downloading, started), "interrupt": quiet(.queued), "shutdown": quiet(.queued),
                "planned": quiet(.queued), "completed": .goes(.completed, completed), "failed": quiet(.queued),
                "busy": quiet(.queued), "stopped": quiet(.queued), "stale": quiet(.queued),
                "saw-gone": .goes(nil, cancelled), "saw-cancelled": .goes(nil, cancelled),
                "saw-paused": .goes(.paused, [s(.paused), a(.paused)]), "saw-moved": quiet(.queued),
                "saw-same": quiet(.queued), "saw-completed": .goes(.completed, completedElsewhere),
                "saw-running": quiet(.queued),
            ],
            "downloading": [
                "adopt": quiet(.downloading), "add": quiet(.downloading),
                "add-paused": .goes(.paused, [s(.paused), a(.paused), stop]),
                "pause": .goes(.paused, [s(.paused), a(.paused), stop]),
                "resume": refused(.downloading, .resume), "cancel": .goes(nil, cancelledRunning),
                "cancel-held": .goes(nil, cancelledRunning), "remove": .goes(nil, cancelledRunning),
                "remove-file": .goes(nil, cancelledRunning), "move": .goes(.downloading, [moved]),
                "limits": quiet(.downloading), "interrupt": .goes(.downloading, [stop]),
                "shutdown": .goes(.downloading, [stop]), "planned": quiet(.downloading),
                "completed": .goes(.completed, completed),
                "failed": .goes(.failed, [s(.failed, "m"), a(.failed), .announceFailed(id, message: "m")]),
                "busy": .goes(.queued, [a(.queued), .announceFailed(id, message: "m")]),
                "stopped": .goes(.queued, [s(.queued), a(.queued)]), "stale": quiet(.downloading),
                "saw-gone": .goes(nil, cancelledRunning), "saw-cancelled": .goes(nil, cancelledRunning),
                "saw-paused": .goes(.paused, [s(.paused), a(.paused), stop]), "saw-moved": quiet(.downloading),
                "saw-same": quiet(.downloading), "saw-completed": quiet(.downloading), "saw-running": quiet(.downloading),
            ],
            "paused": pausedRow(),
            "paused-stopping": pausedRow(),
            "failed": [
                "adopt": quiet(.failed), "add": .goes(.queued, [s(.queued), a(.queued)]),
                "add-paused": refused(.failed, .pause), "pause": refused(.failed, .pause),
                "resume": .goes(.queued, [s(.queued), a(.queued)]), "cancel": .goes(nil, cancelled),
                "cancel-held": .goes(nil, cancelledElsewhere), "remove": .goes(nil, cancelled),
                "remove-file": .goes(nil, cancelledElsewhere), "move": .goes(.failed, [moved]),
                "limits": quiet(.failed), "interrupt": quiet(.failed), "shutdown": quiet(.failed),
                "planned": quiet(.failed), "completed": refused(.failed, .complete), "failed": refused(.failed, .fail),
                "busy": refused(.failed, .fail), "stopped": quiet(.failed), "stale": quiet(.failed),
                "saw-gone": .goes(nil, cancelled), "saw-cancelled": .goes(nil, cancelled), "saw-paused": quiet(.failed),
                "saw-moved": .goes(.queued, resumed), "saw-same": .goes(.queued, resumed),
                "saw-completed": .goes(.completed, completedElsewhere), "saw-running": .goes(.queued, [a(.queued)]),
            ],
            "completed": [
                "adopt": quiet(.completed), "add": quiet(.completed), "add-paused": refused(.completed, .pause),
                "pause": refused(.completed, .pause),
                "resume": refused(.completed, .resume), "cancel": refused(.completed, .cancel),
                "cancel-held": refused(.completed, .cancel),
                "remove": .goes(nil, [.deleteCompleted(id, deletingFile: false), .drop(id)]),
                "remove-file": .goes(nil, [.deleteCompleted(id, deletingFile: true), .drop(id)]),
                "move": .goes(.completed, [moved]), "limits": quiet(.completed), "interrupt": quiet(.completed),
                "shutdown": quiet(.completed), "planned": quiet(.completed),
                "completed": quiet(.completed), "failed": refused(.completed, .fail),
                "busy": refused(.completed, .fail), "stopped": quiet(.completed), "stale": quiet(.completed),
                "saw-gone": .goes(nil, [.drop(id)]), "saw-cancelled": .goes(nil, [.drop(id)]),
                "saw-paused": quiet(.completed), "saw-moved": quiet(.completed), "saw-same": quiet(.completed),
                "saw-completed": quiet(.completed), "saw-running": quiet(.completed),
            ],
            "gone": [
                "adopt": .goes(.queued, [.announceAdded(id, as: .queued)]), "add": .goes(.queued, [.announceAdded(id, as: .queued)]),
                "add-paused": .goes(.paused, [.announceAdded(id, as: .queued), s(.paused), a(.paused)]), "pause": .unknown, "resume": .unknown,
                "cancel": .unknown, "cancel-held": .unknown, "remove": .unknown, "remove-file": .unknown,
                "move": .unknown, "limits": .goes(nil, []), "interrupt": .unknown, "shutdown": .goes(nil, []),
                "planned": .goes(nil, []), "completed": .goes(nil, []), "failed": .goes(nil, []), "busy": .goes(nil, []),
                "stopped": .goes(nil, []), "stale": .goes(nil, []), "saw-gone": .goes(nil, []),
                "saw-cancelled": .goes(nil, []), "saw-paused": .goes(nil, []), "saw-moved": .goes(nil, []),
                "saw-same": .goes(nil, []), "saw-completed": .goes(nil, []), "saw-running": .goes(nil, []),
            ],
        ]
    }

    /// A paused download: from a stored row (no run) or paused while its run stops (the run's generation is still
    /// current, so its report counts: a completion wins, anything else leaves it paused).
    private func pausedRow() -> [String: Outcome] {
        let quiet = Outcome.goes(.paused, [])
        return [
            "adopt": quiet, "add": .goes(.queued, [s(.queued), a(.queued)]), "add-paused": quiet, "pause": quiet,
            "resume": .goes(.queued, [s(.queued), a(.queued)]),
            "cancel": .goes(nil, cancelled), "cancel-held": .goes(nil, cancelledElsewhere),
            "remove": .goes(nil, cancelled), "remove-file": .goes(nil, cancelledElsewhere),
            "move": .goes(.paused, [moved]), "limits": quiet, "interrupt": quiet, "shutdown": quiet,
            "planned": quiet, "completed": .goes(.completed, completed), "failed": quiet, "busy": quiet,
            "stopped": quiet, "stale": quiet, "saw-gone": .goes(nil, cancelled), "saw-cancelled": .goes(nil, cancelled),
            "saw-paused": quiet, "saw-moved": .goes(.queued, resumed), "saw-same": .goes(.queued, resumed),
            "saw-completed": .goes(.completed, completedElsewhere), "saw-running": .goes(.queued, [a(.queued)]),
        ]
    }

    func testEveryStateTimesEveryEvent() throws {
        let states = ["queued", "downloading", "paused", "paused-stopping", "failed", "completed", "gone"]
        var checked = 0
        for name in states {
            let expected = try XCTUnwrap(table[name], name)
            let (start, generation) = try machine(name)
            let events = events(generation: generation)
            XCTAssertEqual(Set(expected.keys), Set(events.map(\.0)), "\(name): the table must list every event")
            for (eventName, event) in events {
                var machine = start
                let outcome: Outcome
                do {
                    let actions = try machine.handle(event)
                    outcome = .goes(machine.downloads[id]?.state, actions)
                } catch let error as IllegalTransition {
                    outcome = .refused(error)
                    XCTAssertEqual(machine, start, "\(name) + \(eventName): a refused event changed the machine")
                } catch is UnknownDownload {
                    outcome = .unknown
                }
                XCTAssertEqual(outcome, expected[eventName], "\(name) + \(eventName)")
                checked += 1
            }
        }
        XCTAssertEqual(checked, 7 * 26)
    }

    /// The table's refusals are exactly `DownloadLifecycle`'s for the user's commands: one table, not two.
    func testCommandRefusalsAreTheLifecycleTable() throws {
        for name in ["queued", "downloading", "paused", "failed", "completed"] {
            let (start, _) = try machine(name)
            let state = start.downloads[id]!.state
            for (event, command) in [(LifecycleEvent.pause, QueueEvent.pause(id)), (.resume, .resume(id)), (.cancel, .cancel(id, partHeldElsewhere: false))] {
                var machine = start
                let legal = DownloadLifecycle.next(from: state, on: event) != nil
                XCTAssertEqual((try? machine.handle(command)) != nil, legal, "\(state) + \(event)")
            }
        }
    }
}
