/// How one run of a transfer ended.
enum TransferOutcome: Sendable {
    /// The file is complete, verified and at `path`.
    case completed(path: String)
    /// Stopped on request (pause, cancel, shutdown); progress is durable.
    case stopped
    /// Failed for good.
    case failed(HaulError)
}

/// A failure worth another attempt: network trouble, a short body, or a retryable status.
struct RetryableFailure: Error {
    var error: HaulError
    var retryAfterSeconds: Int64?
}
