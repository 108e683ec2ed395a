import HaulCore

/// What every part of one download run shares: what was asked, where state goes, how bytes arrive, the settings,
/// the counters progress is sampled from, and where updates go.
///
/// One value handed down (`DownloadTask` -> `DownloadTransfer` -> single or segmented transfer) instead of the same
/// six arguments repeated through every initialiser. The mutable parts of a run (the stored record, the open
/// `.part` file) stay with the transfer that changes them.
struct TransferContext: Sendable {
    /// What was asked (with the connection count the queue granted; marked a stream once recognised as one).
    var request: DownloadRequest
    /// The state database.
    let store: DownloadStore
    /// How requests are sent.
    let transport: any Transport
    /// The per-host connection budget the client's downloads share.
    let hostBudgets: HostBudgetBook
    /// The client's settings.
    let configuration: HaulConfiguration
    /// The byte counters the progress publisher samples.
    let counters: TransferCounters
    /// Publishes an update to the download's observers.
    let emit: @Sendable (DownloadUpdate) -> Void
    /// The download's cookies (sent with every request they match, added to by every `Set-Cookie`) and its own
    /// proxy, if it has one.
    var session: RequestSession? = nil
    /// The row is new (`DownloadTask.isNew`): it holds no segments or verified pieces to read back.
    var isNewRow = false
}
