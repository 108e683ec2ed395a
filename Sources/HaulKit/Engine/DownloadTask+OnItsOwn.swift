import Foundation
import HaulCore

/// A task on its own (`HaulClient.download`, no queue): it owns its lifecycle, and a stop it asks for may meet a
/// completion (the pause-at-the-end race), which then wins.
extension DownloadTask {
    func startOnItsOwn(connections granted: Int?) throws {
        if DownloadCommandRule.verdict(.resume, in: lifecycle.state) == .allowed { try transition(.resume) }
        try transition(.start)
        lastOutcome = nil
        let transfer = try makeTransfer(connections: granted)
        run = Task { [weak self] in
            let outcome = await transfer.run()
            await self?.transferEnded(outcome)
        }
        startTicker()
    }

    /// Ends the updates of a task that `HaulClient.prepare` gave back complete (the same URL, already downloaded
    /// to the same name): nothing is fetched, `outcome()` is `.completed`. A `resume()` of it is still refused.
    func settleAlreadyComplete() {
        guard lifecycle.state == .completed, !isKept else { return }
        completed(at: destinationPath)
    }

    func pauseOnItsOwn() async throws {
        guard try allows(.pause) else { return }  // paused already
        try transition(.pause)
        if await stopTransfer() == .stopped { settle(.paused) }
    }

    func cancelOnItsOwn() async throws {
        guard try allows(.cancel) else { return }  // a second cancel, as URLSessionTask's, does nothing
        try transition(.cancel)
        await stopTransfer()
        try discardFiles()
        settle(.cancelled)
        broadcaster.finish(cancelled: true)
    }

    /// Nothing in this process restarts a task on its own, so it is `paused` here (its `state` and `outcome()`
    /// agree), stored `queued` (the same request in the next process, or a `DownloadManager.restore()`, resumes
    /// it), and its `updates` end with `.interrupted` instead of waiting for a resume that will not come.
    func interruptOnItsOwn() async {
        guard lifecycle.state == .downloading || lifecycle.state == .queued else { return }
        if await stopTransfer() == .completed { return }
        let state = lifecycle.mustHandle(.pause, of: rowID)
        do {
            try store.setState(.queued, of: rowID)
        } catch {
            // The stop itself happened; the stored `downloading` is read back as `queued` on the next start.
            engineLog.error("download \(id): could not store its state: \(error)")
        }
        broadcaster.send(.state(state))
        settle(.paused)
        broadcaster.finishRun(HaulError(
            .interrupted, "download \(id) was interrupted; its bytes are kept and the next start resumes it"))
    }

    /// Whether the user's `event` changes the download (`DownloadCommandRule`, as the queue asks it).
    ///
    /// - Throws: `HaulError` with the `IllegalTransition` when the state does not allow it.
    func allows(_ event: LifecycleEvent) throws -> Bool {
        do { return try DownloadCommandRule.check(event: event, in: lifecycle.state) } catch { throw HaulError(error) }
    }

    func transition(_ event: LifecycleEvent) throws {
        let state: DownloadState
        do { state = try lifecycle.handle(event) } catch { throw HaulError(error) }  // typed: an IllegalTransition
        if state != .cancelled { try store.setState(state, error: record.errorMessage, of: rowID) }
        broadcaster.send(.state(state))
    }

    /// How a transfer that was asked to stop ended.
    enum StopResult { case stopped, completed }

    /// Stops a running transfer (if any) and waits for it.
    ///
    /// - Returns: `.completed` when the transfer completed before it could be stopped: the download is then
    ///   recorded and announced as completed (unless it is being cancelled).
    @discardableResult
    func stopTransfer() async -> StopResult {
        guard let run else { return .stopped }
        stopping = true
        finishedWhileStopping = nil
        run.cancel()
        await run.value
        stopping = false
        self.run = nil
        stopTicker()
        guard let path = finishedWhileStopping, lifecycle.state != .cancelled else { return .stopped }
        finishedWhileStopping = nil
        // `paused` -> `completed` is legal; a download still `downloading` (an interrupt) completes as usual. The
        // pause stored `paused` after, or before, the finisher stored `completed`: store it again.
        lifecycle.mustEnd(.completed(path: path), of: rowID)
        do {
            try store.setState(.completed, of: rowID)
        } catch {
            engineLog.error("download \(id): could not store its completion: \(error)")
        }
        completed(at: path)
        return .completed
    }

    func completed(at path: String) {
        record.destination = path
        broadcaster.send(.state(.completed))
        settle(.completed(file: URL(fileURLWithPath: path, isDirectory: false)))
        broadcaster.finish()
    }

    func transferEnded(_ outcome: TransferOutcome) {
        guard run != nil else { return }
        if stopping {
            // `pause`, `cancel` or `interrupt` is waiting for this run: it handles the end, except that a completed
            // file cannot be made partial again.
            if case .completed(let path) = outcome { finishedWhileStopping = path }
            return
        }
        run = nil
        stopTicker()
        if case .stopped = outcome {
            settle(.paused)  // the pause, cancel or interrupt that stopped it handles its state (`stopping`)
            return
        }
        // What the end does to the state is the queue's decision (`RunEnding`). The waiters hear the file or the
        // error, even after a pause whose run's report came outside it (`RunEnding` changes nothing then): nothing
        // restarts a task on its own, so its failure is the last word of that run.
        let ending = lifecycle.mustEnd(outcome.end, of: rowID)
        switch outcome {
        case .completed(let path):
            completed(at: path)
        case .failed(let error):
            // Busy: another process is downloading this file, it is not this run's failure to record: the stored
            // state stays as that process keeps it; here the download goes back to waiting.
            if ending?.failure != nil {
                keepFailure(error)
                do {
                    try store.setState(.failed, error: error.message, cause: FailureCause(error), of: rowID)
                } catch {
                    engineLog.error("download \(id): could not store its failure: \(error)")
                }
            }
            broadcaster.send(.failed(error))
            broadcaster.send(.state(lifecycle.state))
            settle(.failed(error))
            broadcaster.finishRun(error)  // nothing restarts a task on its own: `updates` must not wait for it
        case .stopped:
            break
        }
    }
}
