/// What a user asks of one download: the commands `DownloadCommandRule` rules on.
///
/// `pause`, `resume` and `cancel` are the lifecycle's own events; the others are what aria2's methods ask (a
/// download that has stopped, failed or completed, is a *result* there, and only some methods act on one).
public enum DownloadCommand: String, Hashable, Sendable, CaseIterable {
    /// Pause a queued or running download, keeping its partial file (`DownloadManager.pause`, aria2 `pause`).
    case pause
    /// Put a paused or failed download back in line (`DownloadManager.resume`, aria2 `unpause`).
    case resume
    /// Put a paused download back in line; a failed one stays failed (aria2 `unpauseAll`, as in aria2).
    case resumePaused
    /// Stop a download for good and delete its partial file (`DownloadManager.cancel`).
    case cancel
    /// Stop for good a download still in line: queued, running or paused (aria2 `remove`). A failed one has
    /// stopped already: its result is forgotten with `forgetResult`.
    case cancelInLine
    /// Forget a stopped download: a completed one's file stays, a failed one's partial file goes (aria2
    /// `removeDownloadResult`).
    case forgetResult
    /// Forget a download with its file or partial file (`haul.removeDownloadAndFile`): nothing may run or wait to
    /// run while its file goes, so a queued or running one must be paused first.
    case forgetWithFile
    /// Point a paused or failed download at another URL (`DownloadManager.changeSource`; aria2 `changeUri` pauses a
    /// queued or running one first).
    case changeSource
}

/// What a command comes to for a download in one state (`DownloadCommandRule.verdict`).
public enum CommandVerdict: Hashable, Sendable {
    /// The command changes the download.
    case allowed
    /// The download is already where the command leads (pausing a paused one, cancelling a cancelled one):
    /// nothing to do. The library takes that as done; aria2 refuses it.
    case unchanged
    /// Not in this state (`DownloadCommandRule.check(event:in:)` throws `IllegalTransition` for a lifecycle command).
    case refused
}

/// Which commands a download's state allows: the one place that says so, for the queue machine (the library's
/// commands, `DownloadManager`), a task on its own (`HaulClient.download`), and the daemon's aria2 methods, which
/// only word a refusal in aria2's terms.
///
/// `pause`, `resume` and `cancel` read `DownloadLifecycle`'s table (a state it leads back to is `unchanged`; a
/// second `cancel` is `unchanged` too, as `URLSessionTask.cancel()` may be called twice); the rest are listed:
///
/// | command \ state | queued | downloading | paused | failed | completed | cancelled |
/// |---|---|---|---|---|---|---|
/// | pause | allowed | allowed | unchanged | refused | refused | refused |
/// | resume | refused | refused | allowed | allowed | refused | refused |
/// | resumePaused | refused | refused | allowed | refused | refused | refused |
/// | cancel | allowed | allowed | allowed | allowed | refused | unchanged |
/// | cancelInLine | allowed | allowed | allowed | refused | refused | refused |
/// | forgetResult | refused | refused | refused | allowed | allowed | allowed |
/// | forgetWithFile | refused | refused | allowed | allowed | allowed | allowed |
/// | changeSource | refused | refused | allowed | allowed | refused | refused |
public enum DownloadCommandRule {
    /// What `command` comes to for a download in `state`.
    public static func verdict(_ command: DownloadCommand, in state: DownloadState) -> CommandVerdict {
        switch command {
        case .pause: return lifecycle(.pause, state)
        case .resume: return lifecycle(.resume, state)
        case .cancel: return state == .cancelled ? .unchanged : lifecycle(.cancel, state)
        case .resumePaused: return state == .paused ? .allowed : .refused
        case .cancelInLine: return [.queued, .downloading, .paused].contains(state) ? .allowed : .refused
        case .forgetResult: return [.failed, .completed, .cancelled].contains(state) ? .allowed : .refused
        case .forgetWithFile: return [.queued, .downloading].contains(state) ? .refused : .allowed
        case .changeSource: return state == .paused || state == .failed ? .allowed : .refused
        }
    }

    /// Whether a user's lifecycle command (`pause`, `resume`, `cancel`) changes a download in `state`, for a caller
    /// that takes `unchanged` as done; refused as the lifecycle refuses it. The one error a refused command is
    /// (`IllegalTransition`): the other commands are not the lifecycle's events, and their callers ask ``verdict``
    /// and word a refusal themselves (the daemon in aria2's terms).
    ///
    /// - Returns: `true` when allowed, `false` when unchanged.
    /// - Throws: `IllegalTransition` with the command's event when refused.
    public static func check(event: LifecycleEvent, in state: DownloadState) throws(IllegalTransition) -> Bool {
        guard let command = command(for: event) else { preconditionFailure("\(event) is not a user's command") }
        switch verdict(command, in: state) {
        case .allowed: return true
        case .unchanged: return false
        case .refused: throw IllegalTransition(state: state, event: event)
        }
    }

    /// The command a user's lifecycle event is (`nil` for a transfer's report: start, complete, fail, interrupt).
    static func command(for event: LifecycleEvent) -> DownloadCommand? {
        switch event {
        case .pause: return .pause
        case .resume: return .resume
        case .cancel: return .cancel
        case .start, .complete, .fail, .interrupt: return nil
        }
    }

    private static func lifecycle(_ event: LifecycleEvent, _ state: DownloadState) -> CommandVerdict {
        guard let next = DownloadLifecycle.next(from: state, on: event) else { return .refused }
        return next == state ? .unchanged : .allowed
    }
}
