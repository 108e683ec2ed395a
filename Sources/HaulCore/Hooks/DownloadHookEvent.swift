/// The moments a hook can be called at, named as aria2's options are (`--on-download-start` ...), so that existing
/// aria2 hook scripts can be given to Haul unchanged.
public enum DownloadHookEvent: String, Sendable, Hashable, CaseIterable, Codable {
    /// The download started moving bytes.
    case start
    /// It was paused.
    case pause
    /// It completed: verified and at its final name.
    case complete
    /// It failed (it stays resumable).
    case error
    /// It stopped for good: completed, failed or cancelled. As in aria2, a completion or a failure calls the
    /// `stop` hook only when no `complete` (or `error`) hook is set; a cancellation always calls it.
    case stop

    /// The command-line option that sets it: `on-download-start` ...
    public var optionName: String { "on-download-\(rawValue)" }
}
