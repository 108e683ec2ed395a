import HaulCore
import NIOConcurrencyHelpers

/// Fans updates out to any number of `AsyncStream` subscribers without ever blocking the sender.
///
/// A new subscriber first receives the latest state and progress, so late observers need not poll. Progress is
/// published at a bounded rate, so even a subscriber that never reads costs little memory.
final class UpdateBroadcaster: Sendable {
    private struct Subscribers {
        var next = 0
        var continuations: [Int: AsyncStream<DownloadUpdate>.Continuation] = [:]
        /// The subscribers whose stream ends when a run fails (`DownloadTask.updates`); the others (the queue's
        /// forwarder) follow the download across resumes.
        var endingOnFailure: Set<Int> = []
        var lastState: DownloadState?
        var lastProgress: DownloadProgress?
        var finished = false
    }
    private let subscribers = NIOLockedValueBox(Subscribers())

    /// The last state sent (what a new subscriber is told first).
    var lastState: DownloadState? { subscribers.withLockedValue { $0.lastState } }

    /// A stream that ends when the download completes, is cancelled or fails (a resumed download takes a new one).
    func subscribe() -> AsyncStream<DownloadUpdate> {
        subscription(endingOnFailure: true).stream
    }

    /// A stream like `subscribe()`'s, and a way to end it: `end()` lets the reader take what was already sent,
    /// then the stream finishes (cancelling the reader would drop what it had not taken yet).
    func subscription(endingOnFailure: Bool = false) -> (stream: AsyncStream<DownloadUpdate>, end: @Sendable () -> Void) {
        let (stream, continuation) = AsyncStream<DownloadUpdate>.makeStream(bufferingPolicy: .unbounded)
        let finished = subscribers.withLockedValue { subscribers -> Bool in
            if let state = subscribers.lastState { continuation.yield(.state(state)) }
            if let progress = subscribers.lastProgress { continuation.yield(.progress(progress)) }
            if subscribers.finished { return true }
            let key = subscribers.next
            subscribers.next += 1
            subscribers.continuations[key] = continuation
            if endingOnFailure { subscribers.endingOnFailure.insert(key) }
            continuation.onTermination = { [weak self] _ in
                self?.subscribers.withLockedValue {
                    $0.continuations.removeValue(forKey: key)
                    $0.endingOnFailure.remove(key)
                }
            }
            return false
        }
        if finished { continuation.finish() }
        return (stream, { continuation.finish() })
    }

    func send(_ update: DownloadUpdate) {
        let targets = subscribers.withLockedValue { subscribers -> [AsyncStream<DownloadUpdate>.Continuation] in
            switch update {
            case .state(let state): subscribers.lastState = state
            case .progress(let progress): subscribers.lastProgress = progress
            default: break
            }
            return Array(subscribers.continuations.values)
        }
        for continuation in targets { continuation.yield(update) }
    }

    /// Ends the streams that end on a failure (after `.state(.failed)`), so that `for await update in task.updates`
    /// returns on every terminal state; later subscribers get live streams again, as the download can be resumed.
    func finishRun() {
        let targets = subscribers.withLockedValue { subscribers -> [AsyncStream<DownloadUpdate>.Continuation] in
            defer {
                for key in subscribers.endingOnFailure { subscribers.continuations.removeValue(forKey: key) }
                subscribers.endingOnFailure = []
            }
            return subscribers.endingOnFailure.compactMap { subscribers.continuations[$0] }
        }
        for continuation in targets { continuation.finish() }
    }

    /// Ends every stream (after a final state); later subscribers get the last state and an ended stream.
    func finish() {
        let targets = subscribers.withLockedValue { subscribers -> [AsyncStream<DownloadUpdate>.Continuation] in
            subscribers.finished = true
            defer {
                subscribers.continuations = [:]
                subscribers.endingOnFailure = []
            }
            return Array(subscribers.continuations.values)
        }
        for continuation in targets { continuation.finish() }
    }
}
