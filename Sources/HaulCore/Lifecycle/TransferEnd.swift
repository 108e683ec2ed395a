/// How a transfer ended, as its runner reports it (`QueueEvent.transferEnded`, `HaulClient.download`); `RunEnding`
/// decides what it comes to.
public enum TransferEnd: Hashable, Sendable {
    /// The file is verified and in place at `path`.
    case completed(path: String)
    /// An error retrying could not fix.
    case failed(message: String)
    /// Another process holds the `.part` file: not this run's failure; that process owns the download now.
    case busy(message: String)
    /// Stopped because it was asked to (pause, cancel, interrupt).
    case stopped
}
