import HaulCore

/// How one run of a transfer ended.
enum TransferOutcome: Sendable {
    /// The file is complete, verified and at `path`.
    case completed(path: String)
    /// Stopped on request (pause, cancel, shutdown); progress is durable.
    case stopped
    /// Failed for good.
    case failed(HaulError)

    /// The end as `RunEnding` and the queue read it: a failure because another process holds the `.part` file is
    /// `busy`, not the download's own.
    var end: TransferEnd {
        switch self {
        case .completed(let path): return .completed(path: path)
        case .failed(let error) where error.kind == .busy: return .busy(message: error.message)
        case .failed(let error): return .failed(message: error.message)
        case .stopped: return .stopped
        }
    }
}

/// A failure worth another attempt: network trouble, a short body, or a retryable status.
struct RetryableFailure: Error {
    var error: HaulError
    var retryAfterSeconds: Int64?
}
