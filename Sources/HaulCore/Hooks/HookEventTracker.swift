/// Decides which hook events fire as the states of downloads change: a pure state machine fed with what a
/// download manager reports, with no clock and no I/O.
///
/// Rules:
/// - A download already known when observing starts (`baseline`, e.g. restored from the database at start-up)
///   fires nothing for the state it is in: a download completed yesterday does not call the `complete` hook again
///   (aria2 fires `--on-download-complete` again at start-up for entries of its session file; Haul does not).
/// - Each event fires at most once per download while the tracker lives, whatever the number of transitions (a
///   download paused and resumed ten times calls the pause hook once).
/// - `complete` and `error` fall back to `stop` when only a `stop` hook is configured (aria2's rule), and a
///   cancellation fires `stop`.
/// - Only configured events are returned.
public struct HookEventTracker: Sendable {
    private var states: [Int64: DownloadState] = [:]
    private var fired: [Int64: Set<DownloadHookEvent>] = [:]
    private let configured: Set<DownloadHookEvent>

    /// - Parameter configured: the events that have a hook (a web hook configures all five).
    public init(configured: Set<DownloadHookEvent>) {
        self.configured = configured
    }

    /// Records a download's state without firing anything: what it was before observation began.
    public mutating func baseline(_ id: Int64, state: DownloadState) {
        states[id] = state
    }

    /// Records a download's new state (or a newly added download's first state).
    /// - Returns: the events to fire, in order (at most one today).
    public mutating func observe(_ id: Int64, state: DownloadState) -> [DownloadHookEvent] {
        let previous = states[id]
        states[id] = state
        guard previous != state else { return [] }
        let wanted: DownloadHookEvent?
        switch state {
        case .downloading: wanted = .start
        case .paused: wanted = .pause
        case .completed: wanted = configured.contains(.complete) ? .complete : .stop
        case .failed: wanted = configured.contains(.error) ? .error : .stop
        case .cancelled: wanted = .stop
        case .queued: wanted = nil
        }
        guard let event = wanted, configured.contains(event), !(fired[id]?.contains(event) ?? false) else { return [] }
        fired[id, default: []].insert(event)
        return [event]
    }

    /// Records that a download's record is gone (cancelled or removed).
    public mutating func removed(_ id: Int64) -> [DownloadHookEvent] {
        guard let previous = states[id], !previous.isFinal else { return [] }
        return observe(id, state: .cancelled)
    }
}
