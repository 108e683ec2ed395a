/// What the end of one run comes to for its download: the one decision for a download run by a queue
/// (`QueueMachine`, which a `DownloadManager` feeds) and one run on its own (`HaulClient.download`).
///
/// `decide` reads the download's state when its run's end comes; the table (rows: that state; columns: the end):
///
/// | state \ end | completed | failed | busy | stopped |
/// |---|---|---|---|---|
/// | downloading | completed, stored | failed, stored with its message | queued, left to the other process, not stored | queued, stored |
/// | paused | completed, stored (the rename won the race) | - | - | - |
/// | queued | completed, stored (paused and resumed while it renamed) | - | - | - |
/// | completed | - (heard of first from the store) | refused | refused | - |
/// | failed, cancelled | refused | refused | refused | - |
///
/// `-`: nothing changes. Refused: the end contradicts the state, a bug in the runner (`IllegalTransition`).
///
/// `outcome` says what the waiters of a run hear (`DownloadTask.outcome()`), from the state the download is in once
/// the end has been handled. In a queue a paused download runs again later, so a failure after a pause is heard as a
/// pause; a task on its own (a queue of one, `laterRunCanFollow: false`) has no later run to wait for: its waiters
/// hear the failure.
public struct RunEnding: Hashable, Sendable {
    /// The lifecycle event the end is for the download, `nil` when it changes nothing.
    public let event: LifecycleEvent?
    /// The state it leads to (`nil` with no event).
    public let state: DownloadState?
    /// Whether the new state is stored. A busy end is not: the row is kept as the process holding the `.part`
    /// keeps it.
    public let isStored: Bool
    /// The failure that is the download's own (`failed`): its message is kept and stored, and a `.part` file that
    /// holds no durable byte is deleted. A busy end's message is told but kept nowhere.
    public let failure: String?
    /// Another process holds the `.part` file (`busy`): the download is left to it, waiting here.
    public let isLeftElsewhere: Bool

    /// The ending of a run whose download is in `state` when `end` comes.
    ///
    /// - Throws: `IllegalTransition` when `end` contradicts `state` (a completion or failure of a download with no
    ///   run); nothing is to change then.
    public static func decide(_ end: TransferEnd, in state: DownloadState) throws(IllegalTransition) -> RunEnding {
        switch (state, end) {
        case (.downloading, .completed), (.paused, .completed), (.queued, .completed):
            return RunEnding(event: .complete, from: state, isStored: true)
        case (.downloading, .failed(let message)):
            return RunEnding(event: .fail, from: state, isStored: true, failure: message)
        case (.downloading, .busy):
            return RunEnding(event: .interrupt, from: state, isStored: false, isLeftElsewhere: true)
        case (.downloading, .stopped):
            return RunEnding(event: .interrupt, from: state, isStored: true)
        case (.paused, _), (.queued, .failed), (.queued, .busy), (.completed, .completed), (_, .stopped):
            // A stop lost to a completion's race, a run of a download paused and queued again meanwhile (it runs
            // again when its turn comes), a completion heard of first from the store, or nothing running.
            return RunEnding(event: nil, from: state, isStored: false)
        case (_, .completed):
            throw IllegalTransition(state: state, event: .complete)
        case (_, .failed), (_, .busy):
            throw IllegalTransition(state: state, event: .fail)
        }
    }

    /// What the run's waiters hear once its end has been handled and the download is in `state`: its file when
    /// it completed, its error when it failed (or found the `.part` busy) and has not been paused since, otherwise
    /// that it is paused.
    ///
    /// - Parameter laterRunCanFollow: whether a later run of a paused download can bring its waiters another end
    ///   (a queue's); without one (a task on its own) a failure after a pause is heard as the failure it is.
    public static func outcome(of end: TransferEnd, leaving state: DownloadState, laterRunCanFollow: Bool = true) -> Outcome {
        switch (state, end) {
        case (.completed, _): return .completed
        case (.failed, .failed), (.failed, .busy), (.queued, .failed), (.queued, .busy): return .failed
        case (.paused, .failed), (.paused, .busy): return laterRunCanFollow ? .paused : .failed
        default: return .paused
        }
    }

    /// What `outcome` says.
    public enum Outcome: Hashable, Sendable {
        case completed, failed, paused
    }

    private init(event: LifecycleEvent?, from state: DownloadState, isStored: Bool, failure: String? = nil, isLeftElsewhere: Bool = false) {
        self.event = event
        self.state = event.map { DownloadLifecycle.next(from: state, on: $0)! }
        self.isStored = isStored
        self.failure = failure
        self.isLeftElsewhere = isLeftElsewhere
    }
}
