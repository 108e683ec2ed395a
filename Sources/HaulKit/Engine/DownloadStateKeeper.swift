import HaulCore

/// The owner of a download's state when that is not the task itself: a queue (`DownloadManager`, whose
/// `QueueMachine` holds every download's state). A task it keeps only runs transfers and reports how they ended;
/// the task's own commands (`pause`, `resume`, `cancel`, `interrupt`, `state`) go to the keeper, so a download
/// never has two owners whose views can differ.
///
/// Declared here, in the engine, so that the engine never names the queue's types (folders point one way:
/// Queue -> Engine).
protocol DownloadStateKeeper: AnyObject, Sendable {
    /// The download's state, or `nil` when the keeper no longer holds it (cancelled or removed).
    func state(of id: Int64) async -> DownloadState?
    /// Pauses it (see `DownloadManager.pause`).
    func pause(_ id: DownloadID) async throws
    /// Puts it back in line (see `DownloadManager.resume`).
    func resume(_ id: DownloadID) async throws
    /// Cancels it (see `DownloadManager.cancel`).
    func cancel(_ id: DownloadID) async throws
    /// Stops its transfer, keeping it in line for the next start.
    func interrupt(_ id: Int64) async
}
