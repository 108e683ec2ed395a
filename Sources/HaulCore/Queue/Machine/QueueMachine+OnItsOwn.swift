/// A queue of one: a download run on its own (`HaulClient.download`'s task) is one download in a machine of its own,
/// limits 1, held (`setQueueOpen(false)`) until its first start. Its two events are what such a task does that a
/// queue does not (docs/architecture.md, "One lifecycle"):
/// - `start`: a prepared download must not run before it is started, and the user's start is its resume;
/// - `leaveToNextProcess`: on Ctrl-C nothing in its process will restart it, so it is not put back in line here
///   (`interrupt` would run it again at once) but left, stored `queued`, to the next process.
extension QueueMachine {
    /// `QueueEvent.start`: the queue opens and the download is this process's to run (the plan then starts it).
    ///
    /// | state (owner) | what happens before the plan starts it |
    /// |---|---|
    /// | queued (this process) | nothing: a prepared download, first started |
    /// | queued (another process: its run found the `.part` busy) | taken back, nothing stored or announced |
    /// | queued (the next process: interrupted, shown paused) | taken back as a paused one is resumed: stored and announced `queued` |
    /// | paused, failed | `resume` |
    /// | downloading, completed | refused: `IllegalTransition` with `start` |
    mutating func start(_ id: Int64, known: Download) throws -> [QueueAction] {
        var actions: [QueueAction] = []
        switch known.state {
        case .paused, .failed:
            actions = try resume(id, known: known)
        case .queued:
            var taken = known
            taken.owner = .thisProcess
            downloads[id] = taken
            if known.owner == .nextProcess { actions = [.persistState(id, .queued, error: nil), .announceState(id, .queued)] }
        case .downloading, .completed, .cancelled:
            throw IllegalTransition(state: known.state, event: .start)
        }
        isOpen = true
        return actions
    }

    /// `QueueEvent.leaveToNextProcess`: a running download's transfer is stopped, and its `stopped` end stores it
    /// `queued` (`RunEnding`) and announces it `paused`; a queued one is stored and announced so at once. The
    /// download is the next process's from now on, so the plan never starts it here. One paused, failed or
    /// completed, or left already, stays as it is.
    mutating func leaveToNextProcess(_ id: Int64, known: Download) -> [QueueAction] {
        guard known.owner != .nextProcess, known.state == .queued || known.state == .downloading else { return [] }
        var left = known
        left.owner = .nextProcess
        downloads[id] = left
        guard known.state == .queued else { return [.stopTransfer(id)] }
        return [.persistState(id, .queued, error: known.errorMessage), .announceState(id, left.shownState)]
    }
}

extension QueueMachine.Download {
    /// The state a user is shown: a download left to the next process is `paused` here (nothing in this process
    /// runs it; it is stored `queued`, so that the next one does); otherwise `state`.
    public var shownState: DownloadState {
        owner == .nextProcess && state == .queued ? .paused : state
    }
}
