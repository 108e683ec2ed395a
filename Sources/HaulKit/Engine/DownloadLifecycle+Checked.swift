import HaulCore

extension DownloadLifecycle {
    /// Applies a transition the caller has already made sure is legal (the engine's own steps: a run that ended, a
    /// stop it waited for).
    ///
    /// An illegal one here is a bug in HaulKit, not a caller's mistake (those go through `handle` and throw
    /// `IllegalTransition` to the caller). It surfaces, never silently: an assertion failure in debug builds (tests
    /// stop on it), a logged error naming the transition in release builds, where the state stays as it was
    /// rather than stopping the process and every other download with it.
    @discardableResult
    mutating func mustHandle(_ event: LifecycleEvent, of id: Int64) -> DownloadState {
        do {
            return try handle(event)
        } catch {
            engineLog.error("HaulKit bug: \(error) (download \(id))")
            assertionFailure("HaulKit: \(error) (download \(id))")
            return state
        }
    }

    /// Applies the end of a run on its own as `RunEnding` decides it (the queue's decision too).
    ///
    /// - Returns: the ending; `nil` when it contradicts the state, a bug surfaced as `mustHandle`'s are.
    @discardableResult
    mutating func mustEnd(_ end: TransferEnd, of id: Int64) -> RunEnding? {
        do {
            let ending = try RunEnding.decide(end, in: state)
            if let event = ending.event { mustHandle(event, of: id) }
            return ending
        } catch {
            engineLog.error("HaulKit bug: \(error) (download \(id))")
            assertionFailure("HaulKit: \(error) (download \(id))")
            return nil
        }
    }
}
