import HaulCore

extension DownloadLifecycle {
    /// Applies a transition the caller has already made sure is legal (the engine's own steps: a run that ended, a
    /// stop it waited for).
    ///
    /// An illegal one here is a bug in HaulKit, not a caller's mistake (those go through `handle` and throw
    /// `IllegalTransition` to the caller): it stops the process naming the transition, where a `try?` would leave
    /// the download in a state that contradicts its file.
    @discardableResult
    mutating func mustHandle(_ event: LifecycleEvent, of id: Int64) -> DownloadState {
        do {
            return try handle(event)
        } catch {
            preconditionFailure("HaulKit: \(error) (download \(id))")
        }
    }
}
