import XCTest

@testable import HaulCore

/// A queue of one (`QueueMachine+OnItsOwn`): a download run on its own is held until its first `start`, an
/// interrupt leaves it to the next process (stored `queued`, shown `paused`, never started again here), and `start`
/// takes back a download left to another process or to the next one.
final class QueueMachineOnItsOwnTests: XCTestCase {
    private let id: Int64 = 7

    /// A queue of one as a task on its own makes it: held, then its download taken up as stored.
    private func queueOfOne(_ state: DownloadState = .queued, error: String? = nil) throws -> QueueMachine {
        var machine = QueueMachine(limits: QueueLimits(maxConcurrent: 1, connectionsEach: 4))
        XCTAssertEqual(try machine.handle(.setQueueOpen(false)), [])
        _ = try machine.handle(.adopt(id: id, QueueRow(state: state, queueOrder: 0, errorMessage: error), requestedConnections: 4))
        return machine
    }

    private var started: [QueueAction] {
        [.persistState(id, .downloading, error: nil), .announceState(id, .downloading), .startTransfer(id, connections: 4, generation: 1)]
    }

    func testAPreparedDownloadWaitsForItsStartAndTheStartRunsIt() throws {
        var machine = try queueOfOne()
        XCTAssertEqual(machine.downloads[id]?.state, .queued, "held: nothing starts before the start")
        XCTAssertEqual(try machine.handle(.start(id)), started)
        XCTAssertThrowsError(try machine.handle(.start(id)), "a running download is not started twice") { error in
            XCTAssertEqual(error as? IllegalTransition, IllegalTransition(state: .downloading, event: .start))
        }
        XCTAssertEqual(try machine.handle(.transferEnded(id, generation: 1, .completed(path: "/f"))).count, 3)
        XCTAssertThrowsError(try machine.handle(.start(id))) { error in
            XCTAssertEqual(error as? IllegalTransition, IllegalTransition(state: .completed, event: .start))
        }
    }

    /// Its start is its resume: a paused or failed download goes back in line (stored, announced), then starts.
    func testTheStartOfAPausedOrFailedDownloadIsItsResume() throws {
        for state in [DownloadState.paused, .failed] {
            var machine = try queueOfOne(state, error: state == .failed ? "404" : nil)
            let resumed: [QueueAction] = [.persistState(id, .queued, error: nil), .announceState(id, .queued)]
            XCTAssertEqual(try machine.handle(.start(id)), resumed + started, "\(state)")
        }
    }

    /// Interrupted while it runs: stopped, stored `queued`, announced `paused`, and never started again here, not
    /// even by new limits; a pause changes nothing (it is paused here); the user's start takes it back as a resume.
    func testAnInterruptedDownloadIsLeftToTheNextProcessUntilItIsStartedAgain() throws {
        var machine = try queueOfOne()
        _ = try machine.handle(.start(id))
        XCTAssertEqual(try machine.handle(.leaveToNextProcess(id)), [.stopTransfer(id)])
        XCTAssertEqual(
            try machine.handle(.transferEnded(id, generation: 1, .stopped)),
            [.persistState(id, .queued, error: nil), .announceState(id, .paused)],
            "stored queued for the next process, shown paused here, not started again")
        XCTAssertEqual(machine.downloads[id]?.state, .queued)
        XCTAssertEqual(machine.downloads[id]?.shownState, .paused)
        XCTAssertEqual(try machine.handle(.setLimits(QueueLimits(maxConcurrent: 4, maxTotalConnections: 64))), [])
        XCTAssertEqual(try machine.handle(.pause(id)), [], "paused here already")
        XCTAssertEqual(try machine.handle(.leaveToNextProcess(id)), [], "left already")
        XCTAssertEqual(machine.downloads.idsRunElsewhere, [id])
        XCTAssertTrue(machine.isIdle, "nothing this process may start waits")
        let resumed: [QueueAction] = [.persistState(id, .queued, error: nil), .announceState(id, .queued)]
        XCTAssertEqual(
            try machine.handle(.start(id)),
            resumed + [.persistState(id, .downloading, error: nil), .announceState(id, .downloading), .startTransfer(id, connections: 4, generation: 2)])
        XCTAssertEqual(machine.downloads[id]?.owner, .thisProcess)
    }

    /// Interrupted before it runs (prepared, or left by a busy run): stored and announced at once.
    func testAnInterruptOfAQueuedDownloadLeavesItAtOnce() throws {
        var machine = try queueOfOne()
        XCTAssertEqual(try machine.handle(.leaveToNextProcess(id)), [.persistState(id, .queued, error: nil), .announceState(id, .paused)])
        XCTAssertEqual(machine.downloads[id]?.shownState, .paused)
    }

    /// The interrupt loses to a completion that came first: the download is completed, not left anywhere.
    func testAnInterruptThatMeetsACompletionEndsCompleted() throws {
        var machine = try queueOfOne()
        _ = try machine.handle(.start(id))
        _ = try machine.handle(.leaveToNextProcess(id))
        XCTAssertEqual(
            try machine.handle(.transferEnded(id, generation: 1, .completed(path: "/f"))),
            [.persistState(id, .completed, error: nil), .announceState(id, .completed), .announceCompleted(id, path: "/f")])
        XCTAssertEqual(machine.downloads[id]?.shownState, .completed)
        XCTAssertEqual(try machine.handle(.leaveToNextProcess(id)), [], "an ended download is not left")
    }

    /// A run that found the `.part` busy leaves the download queued to that process, unstored; the start takes it
    /// back without storing or announcing anything before its run.
    func testTheStartTakesBackADownloadLeftToTheProcessHoldingItsPart() throws {
        var machine = try queueOfOne()
        _ = try machine.handle(.start(id))
        XCTAssertEqual(
            try machine.handle(.transferEnded(id, generation: 1, .busy(message: "held"))),
            [.announceState(id, .queued), .announceFailed(id, message: "held")])
        XCTAssertEqual(machine.downloads[id]?.shownState, .queued, "shown as it is: waiting")
        XCTAssertEqual(
            try machine.handle(.start(id)),
            [.persistState(id, .downloading, error: "held"), .announceState(id, .downloading), .startTransfer(id, connections: 4, generation: 2)])
    }

    /// The two events on every state a queue of one can hold, and their refusals, which change nothing.
    func testBothEventsOnEveryState() throws {
        for state in [DownloadState.queued, .paused, .failed, .completed] {
            let start = try queueOfOne(state)
            var machine = start
            let left = machine.leaveToNextProcess(id, known: machine.downloads[id]!)
            XCTAssertEqual(left.isEmpty, state != .queued, "\(state): only a queued or running download is left")
            machine = start
            do {
                _ = try machine.handle(.start(id))
                XCTAssertNotEqual(state, .completed)
                XCTAssertEqual(machine.downloads[id]?.state, .downloading, "\(state)")
            } catch let refused as IllegalTransition {
                XCTAssertEqual(refused, IllegalTransition(state: .completed, event: .start))
                XCTAssertEqual(machine, start, "a refused start changes nothing")
            }
        }
        var gone = try queueOfOne()
        _ = try gone.handle(.cancel(id, partHeldElsewhere: false))
        XCTAssertThrowsError(try gone.handle(.start(id))) { XCTAssertTrue($0 is UnknownDownload) }
        XCTAssertThrowsError(try gone.handle(.leaveToNextProcess(id))) { XCTAssertTrue($0 is UnknownDownload) }
    }

    /// A seeded run of random commands and run ends over a queue of one: never more than one run, nothing starts
    /// while the download is left to the next process or before the first start, `idsRunElsewhere` and `isIdle`
    /// agree with a walk, and what it is shown as is `paused` exactly when it is left to the next process and queued.
    func testASeededWalkKeepsTheQueueOfOnesRules() throws {
        var generator = SeededRandom(seed: 52_3)
        for _ in 0..<40 {
            var machine = try queueOfOne([.queued, .paused, .failed].randomElement(using: &generator)!)
            var everStarted = false
            for step in 0..<60 {
                let held = machine.downloads[id]
                let generation = held?.generation ?? 0
                let ends: [TransferEnd] = [.completed(path: "/f"), .failed(message: "x"), .busy(message: "held"), .stopped]
                let events: [QueueEvent] = [
                    .start(id), .pause(id), .resume(id), .leaveToNextProcess(id), .interrupt(id),
                    .transferEnded(id, generation: generation, ends.randomElement(using: &generator)!),
                    .cancel(id, partHeldElsewhere: false),
                ]
                // A cancel ends the walk (the download is dropped): rarely.
                let event = events[Int.random(in: 0..<(Int.random(in: 0..<20, using: &generator) == 0 ? 7 : 6), using: &generator)]
                let actions = (try? machine.handle(event)) ?? []
                if case .start = event, machine.downloads[id]?.state == .downloading { everStarted = true }
                let starts = actions.filter { if case .startTransfer = $0 { return true } else { return false } }
                XCTAssertLessThanOrEqual(starts.count, 1, "step \(step): \(event)")
                if !starts.isEmpty {
                    XCTAssertTrue(everStarted, "step \(step): \(event) started a download never started by the user")
                    if case .start = event {} else {
                        let left = held?.owner == .nextProcess && held?.state == .queued
                        XCTAssertFalse(left, "step \(step): \(event) started a download left to the next process")
                    }
                }
                guard let now = machine.downloads[id] else { break }
                let leftHere = now.owner == .nextProcess && now.state == .queued
                XCTAssertEqual(now.shownState == .paused, leftHere || now.state == .paused, "step \(step): \(event)")
                let walked = now.owner != .thisProcess && (now.state == .queued || now.state == .downloading)
                XCTAssertEqual(machine.downloads.idsRunElsewhere, walked ? [id] : [], "step \(step): \(event)")
                XCTAssertEqual(machine.isIdle, now.state != .downloading && !(now.state == .queued && now.owner == .thisProcess))
            }
        }
    }
}
