import HaulCore

/// Running a `QueueMachine`'s actions, the one loop for both performers: a `DownloadManager`'s queue and a task on
/// its own, a queue of one (docs/architecture.md, "One lifecycle").
///
/// The actions run in order, except that the store writes next to each other (but for announcements) go in one
/// transaction (`QueueStoreBatches`), each as the store's change of its action (`DownloadStore.QueueChange.of`). A
/// store or file error does not stop the rest: the machine's state has moved on, so what it asked for still
/// happens, and the first error is returned.
enum QueueActionSteps {
    /// Runs `actions`.
    ///
    /// - Parameters:
    ///   - failure: the error behind a failed run's `persistState` and `announceFailed` (the machine carries only
    ///     its message).
    ///   - store: writes one batch of changes in one transaction.
    ///   - perform: runs one action that is not a store write.
    /// - Returns: the first error `store` or `perform` threw.
    static func run(
        _ actions: [QueueAction], failure: HaulError?, isolation: isolated (any Actor)? = #isolation,
        store: ([DownloadStore.QueueChange]) throws -> Void, perform: (QueueAction) async throws -> Void
    ) async -> (any Error)? {
        var firstError: (any Error)?
        for step in QueueStoreBatches.steps(actions) {
            do {
                switch step {
                case .store(let persists): try store(persists.compactMap { DownloadStore.QueueChange.of($0, failure: failure) })
                case .action(let action): try await perform(action)
                }
            } catch {
                firstError = firstError ?? error
            }
        }
        return firstError
    }
}
