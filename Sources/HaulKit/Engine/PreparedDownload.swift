/// A download whose record `HaulClient.prepareAll` stored or found, before any task is made for it.
///
/// A task (`DownloadTask`, an actor with its broadcaster and counters) was made for every add of a batch and, for
/// a paused add, let go of right after (`DownloadManager.add(prepared:)`): nothing runs a paused download, and the
/// queue makes its task again from the record when it starts or is asked for (`heldTask`). Making the task and
/// letting it go was about 7 % of the daemon's time in a fill of paused adds (perf, release; issue 62, point 3).
struct PreparedDownload: Sendable {
    /// The record as stored (a new one) or as found (the same URL's unfinished or completed download).
    var record: DownloadRecord
    /// What was asked (its destination the one asked for).
    var request: DownloadRequest
    /// Where the download goes: the destination asked for, or the numbered name chosen when it was taken.
    var destination: String
    /// Inserted now: it holds no segments, cookies or validators yet.
    var isNew: Bool

    /// The record's id.
    var rowID: Int64 { record.id! }

    /// The task of this download, its request at `destination`; a new row's task does not read back segments,
    /// cookies or validators.
    func task(of client: HaulClient) -> DownloadTask {
        var request = request
        request.destinationPath = destination
        return DownloadTask(
            record: record, request: request, store: client.store, transport: client.transport,
            hostBudgets: client.hostBudgets, configuration: client.configuration, isNew: isNew
        )
    }
}
