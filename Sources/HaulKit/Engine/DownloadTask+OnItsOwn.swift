import Foundation
import HaulCore

/// A task on its own (`HaulClient.download`, no `DownloadManager`) is a queue of one: a `QueueMachine` holding its
/// one download (limits 1, its request's connections) decides every change, as a manager's machine does, and the
/// task performs the machine's actions (`perform`), running each transfer as a queue's run does (`runTransfer`).
///
/// What a queue of one does that a queue does not is the machine's too (`QueueMachine+OnItsOwn`): it is held until
/// its first `start()`, which is also its resume and its take-back of a download left elsewhere (`start`), and
/// `interrupt()` leaves the download to the next process (`leaveToNextProcess`). Its waiters hear every run's end,
/// a failure after a pause included: no later run follows (`RunEnding.outcome`, `laterRunCanFollow: false`).
extension DownloadTask {
    /// The state of a task on its own: its machine's download as shown (`cancelled` once the machine let it go).
    var stateOnItsOwn: DownloadState {
        guard let ownQueue else { return record.downloadState == .downloading ? .queued : record.downloadState }
        return ownQueue.downloads[rowID]?.shownState ?? .cancelled
    }

    /// The task's lifecycle state on its own, as a lifecycle value. Setting it takes the download up afresh in that
    /// state (nothing is stored or announced): how a test puts a task where a race would leave it.
    var lifecycle: DownloadLifecycle {
        get { DownloadLifecycle(state: stateOnItsOwn) }
        set { ownQueue = Self.queueOfOne(rowID, holding: newValue.state, error: record.errorMessage, request: request) }
    }

    /// A queue of one holding download `id` in `state`: held (`setQueueOpen(false)`), so nothing starts before the
    /// user's first `start()`.
    private static func queueOfOne(_ id: Int64, holding state: DownloadState, error: String?, request: DownloadRequest) -> QueueMachine {
        let connections = request.connectionCount.most
        var machine = QueueMachine(limits: QueueLimits(maxConcurrent: 1, connectionsEach: connections))
        // Neither event can be refused: the queue is empty.
        _ = try? machine.handle(.setQueueOpen(false))
        _ = try? machine.handle(.adopt(id: id, QueueRow(state: state, queueOrder: 0, errorMessage: error), requestedConnections: connections))
        return machine
    }

    /// Feeds the task's own machine, made at its first use (a task a queue holds never needs one), with the
    /// download taken up as stored.
    private func handleOnItsOwn(_ event: QueueEvent) throws -> [QueueAction] {
        if ownQueue == nil { ownQueue = Self.queueOfOne(rowID, holding: stateOnItsOwn, error: record.errorMessage, request: request) }
        return try ownQueue!.handle(event)
    }

    func startOnItsOwn() async throws {
        try await command(.start(rowID), as: .start)
    }

    func pauseOnItsOwn() async throws {
        try await command(.pause(rowID), as: .pause)
    }

    /// A second cancel, as `URLSessionTask`'s, does nothing.
    func cancelOnItsOwn() async throws {
        try await command(.cancel(rowID, partHeldElsewhere: false), as: .cancel)
    }

    /// Ends the updates of a task that `HaulClient.prepare` gave back complete (the same URL, already downloaded
    /// to the same name): nothing is fetched, `outcome()` is `.completed`. A `resume()` of it is still refused.
    func settleAlreadyComplete() {
        guard stateOnItsOwn == .completed, !isKept else { return }
        record.destination = destinationPath
        broadcaster.send(.state(.completed))
        settle(.completed(file: destination))
        broadcaster.finish()
    }

    /// Nothing in this process restarts a task on its own, so it is left to the next process: `paused` here (its
    /// `state` and `outcome()` agree), stored `queued` (the same request in the next process, or a
    /// `DownloadManager.restore()`, resumes it), and its `updates` end with `.interrupted` instead of waiting for a
    /// resume that will not come. A transfer that completed before it stopped leaves the download `completed`.
    func interruptOnItsOwn() async {
        let wasLeft = ownQueue?.downloads[rowID]?.owner == .nextProcess
        // Refused only for a download the machine let go of (cancelled): nothing to interrupt.
        guard let actions = try? handleOnItsOwn(.leaveToNextProcess(rowID)) else { return }
        if let problem = await perform(actions) {
            // The stop itself happened; the stored `downloading` is read back as `queued` on the next start.
            engineLog.error("download \(id): could not store its state: \(problem)")
        }
        guard !wasLeft, let left = ownQueue?.downloads[rowID], left.owner == .nextProcess, left.state == .queued else { return }
        settle(.paused)
        broadcaster.finishRun(HaulError(
            .interrupted, "download \(id) was interrupted; its bytes are kept and the next start resumes it"))
    }

    /// Feeds a user's command and performs its actions.
    ///
    /// - Throws: `HaulError` `.usage` with the `IllegalTransition` when the state does not allow it (a command for a
    ///   cancelled download, which the machine let go of, as the lifecycle refuses it there); the first store or
    ///   file error of its actions (the rest still run).
    private func command(_ event: QueueEvent, as lifecycleEvent: LifecycleEvent) async throws {
        let actions: [QueueAction]
        do {
            actions = try handleOnItsOwn(event)
        } catch is UnknownDownload {
            if lifecycleEvent == .cancel, DownloadCommandRule.verdict(.cancel, in: .cancelled) == .unchanged { return }
            var gone = DownloadLifecycle(state: .cancelled)
            do { try gone.handle(lifecycleEvent) } catch { throw HaulError(error) }  // the lifecycle's refusal there
            return
        } catch let refused as IllegalTransition {
            throw HaulError(refused)
        }
        if let failure = await perform(actions, keepingMessage: true) { throw failure }
    }

    /// The end of the current run, as its transfer reported it.
    func transferEnded(_ outcome: TransferOutcome) async {
        await runEnded(generation: ownQueue?.downloads[rowID]?.generation ?? 0, outcome)
    }

    /// A run's end: the machine decides what it is for the download (`RunEnding`, as in a queue), the task
    /// performs it, then its waiters and `updates` hear how the run ended.
    private func runEnded(generation: Int, _ outcome: TransferOutcome) async {
        if runGeneration == generation { run = nil }
        var failure: HaulError?
        if case .failed(let error) = outcome { failure = error }
        let actions: [QueueAction]
        do {
            actions = try handleOnItsOwn(.transferEnded(rowID, generation: generation, outcome.end))
        } catch {
            engineLog.error("HaulKit bug: the queue of one refused the end of a run: \(error) (download \(id))")
            assertionFailure("HaulKit: the queue of one refused the end of a run: \(error) (download \(id))")
            return
        }
        if let problem = await perform(actions, failure: failure) {
            engineLog.error("download \(id): could not store its state: \(problem)")
        }
        // A cancelled download's run came to nothing: `discard` settled it.
        guard let held = ownQueue?.downloads[rowID], held.generation == generation else { return }
        switch (RunEnding.outcome(of: outcome.end, leaving: held.state, laterRunCanFollow: false), failure) {
        case (.completed, _):
            settle(.completed(file: destination))
            broadcaster.finish()
        case (.failed, let error?):
            settle(.failed(error))
            broadcaster.finishRun(error)  // nothing restarts a task on its own: `updates` must not wait for it
        default:
            settle(.paused)
        }
    }

    /// Runs `actions` through the loop a `DownloadManager` runs its queue's through (`QueueActionSteps`).
    ///
    /// - Parameters:
    ///   - failure: the error behind a failed run's `persistState` (the machine carries only its message).
    ///   - keepingMessage: a user's command (`storeChanges`).
    /// - Returns: the first store or file error (the actions after it still run: the machine has moved on).
    private func perform(_ actions: [QueueAction], failure: HaulError? = nil, keepingMessage: Bool = false) async -> (any Error)? {
        await QueueActionSteps.run(
            actions, failure: failure, store: { try storeChanges($0, keepingMessage: keepingMessage) },
            perform: { try await perform($0) })
    }

    /// Stores `changes` in one transaction, as a task on its own has always stored its states: with a user's
    /// command's state the message its record holds (its last failure's, kept through a resume; the queue clears
    /// it), with a failure its message and kind, with anything else (an interrupt) no message; and no `completed`,
    /// which the run's finisher stored (`markCompleted`) and no later state is stored over (`setState`).
    private func storeChanges(_ changes: [DownloadStore.QueueChange], keepingMessage: Bool) throws {
        let stored = changes.compactMap { change -> DownloadStore.QueueChange? in
            guard case .state(let id, let state, let error, let cause) = change else { return change }
            guard state != .completed else { return nil }
            return .state(id, state, error: keepingMessage ? record.errorMessage : state == .failed ? error : nil, cause: cause)
        }
        try store.saveQueueChanges(stored)
    }

    private func perform(_ action: QueueAction) async throws {
        switch action {
        case .startTransfer(_, let connections, let generation):
            startRun(connections: connections, generation: generation)
        case .stopTransfer:
            guard let run else { return }
            run.cancel()
            await run.value  // its end has been handled when this returns (`runEnded`)
        case .announceState(_, let state):
            broadcaster.send(.state(state))
        case .discard:
            try discard()
            broadcaster.finish(cancelled: true)
        case .announceCompleted(_, let path):
            record.destination = path
        case .persistState, .persistPosition:
            break  // stored in batches (`storeChanges`)
        case .deleteCompleted, .announceAdded, .announceFinishing, .announceFailed, .drop:
            break  // a queue of one has no position and no observers but the task's `updates`, which the run told
        }
    }

    /// Starts a run of the transfer, as a queue's run (`runTransfer`); its end is reported with `generation`.
    private func startRun(connections: Int, generation: Int) {
        let previous = run
        runGeneration = generation
        run = Task {
            await previous?.value  // never two transfers on one `.part` file
            let outcome = await self.runTransfer(connections: connections)
            await self.runEnded(generation: generation, outcome)
        }
    }
}
