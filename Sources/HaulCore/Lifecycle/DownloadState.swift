/// Where a download is in its life.
///
/// It prints as its plain name (`downloading`), not as `HaulCore.DownloadState.downloading`: it appears in
/// user-facing text (`print(update)`, log lines, `haul list`).
public enum DownloadState: String, Hashable, Sendable, CaseIterable, Codable, CustomStringConvertible {
    /// Waiting for its turn.
    case queued
    /// Bytes are moving (or about to).
    case downloading
    /// Stopped by the user; keeps its partial file; does not restart by itself.
    case paused
    /// Verified and renamed to its final name.
    case completed
    /// Stopped by an error retrying could not fix; keeps its partial file and can be resumed.
    case failed
    /// Stopped for good; its partial file and record are deleted.
    case cancelled

    /// Whether nothing more will happen without a new request (completed or cancelled).
    public var isFinal: Bool { self == .completed || self == .cancelled }

    /// The plain name, as stored and shown: `queued`, `downloading`, `paused`, `completed`, `failed`, `cancelled`.
    public var description: String { rawValue }
}

/// Something that happens to a download.
public enum LifecycleEvent: String, Hashable, Sendable, CaseIterable {
    /// The scheduler gives it a turn.
    case start
    /// The user pauses it.
    case pause
    /// The user resumes a paused or failed download: it waits for a turn again.
    case resume
    /// All bytes are there, verified and in place.
    case complete
    /// An error that retrying could not fix.
    case fail
    /// The user cancels it.
    case cancel
    /// The process stops while it runs (Ctrl-C, shutdown): it goes back to the queue and resumes on the next start.
    case interrupt
}

/// A transition the lifecycle does not allow, e.g. pausing a completed download.
public struct IllegalTransition: Error, Hashable, Sendable, CustomStringConvertible {
    /// The state the download was in.
    public let state: DownloadState
    /// The event that was refused.
    public let event: LifecycleEvent

    public var description: String { "cannot \(event.rawValue) a download that is \(state.rawValue)" }
}

/// The lifecycle of one download as a pure state machine: every legal transition is listed, everything else is
/// refused with `IllegalTransition` rather than ignored.
///
/// `paused` + `complete` is legal because a pause can arrive after the last byte, while the finished file is being
/// verified and renamed: that step is not interrupted (a half-renamed download would be worse), so the download
/// is complete whatever the pause said. Refusing it used to leave a `paused` download whose file was already in
/// place, and a resume then fetched everything again and failed because the file existed. `queued` + `complete`
/// is legal for the same reason: a pause and then a resume can both arrive while the file is verified and renamed
/// (the queue's stress test does it), and the run's completion then finds the download queued again.
///
/// | from \ event | start | pause | resume | complete | fail | cancel | interrupt |
/// |---|---|---|---|---|---|---|---|
/// | queued | downloading | paused | - | completed | failed | cancelled | queued |
/// | downloading | - | paused | - | completed | failed | cancelled | queued |
/// | paused | - | paused | queued | completed | - | cancelled | paused |
/// | failed | - | - | queued | - | - | cancelled | failed |
/// | completed | - | - | - | - | - | - | completed |
/// | cancelled | - | - | - | - | - | - | cancelled |
public struct DownloadLifecycle: Hashable, Sendable {
    /// The current state.
    public private(set) var state: DownloadState

    /// Starts in `state` (a new download is `.queued`; a restored one is whatever was stored).
    public init(state: DownloadState = .queued) {
        self.state = state
    }

    /// The state `event` leads to from `state`, or `nil` when the transition is illegal.
    public static func next(from state: DownloadState, on event: LifecycleEvent) -> DownloadState? {
        switch (state, event) {
        case (.queued, .start): return .downloading
        case (.queued, .pause), (.downloading, .pause), (.paused, .pause): return .paused
        case (.paused, .resume), (.failed, .resume): return .queued
        case (.downloading, .complete), (.paused, .complete), (.queued, .complete): return .completed
        case (.queued, .fail), (.downloading, .fail): return .failed
        case (.queued, .cancel), (.downloading, .cancel), (.paused, .cancel), (.failed, .cancel): return .cancelled
        case (.downloading, .interrupt), (.queued, .interrupt): return .queued
        case (_, .interrupt): return state
        default: return nil
        }
    }

    /// Applies `event`.
    ///
    /// - Returns: the new state.
    /// - Throws: `IllegalTransition` when the event is not allowed in the current state; the state is unchanged.
    @discardableResult
    public mutating func handle(_ event: LifecycleEvent) throws(IllegalTransition) -> DownloadState {
        guard let next = Self.next(from: state, on: event) else { throw IllegalTransition(state: state, event: event) }
        state = next
        return next
    }
}
