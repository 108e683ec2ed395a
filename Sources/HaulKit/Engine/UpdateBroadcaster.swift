import HaulCore
import NIOConcurrencyHelpers

/// Fans updates out to any number of subscribers without ever blocking the sender.
///
/// A new subscriber first receives the latest state and progress, so late observers need not poll. Progress is
/// published at a bounded rate, so even a subscriber that never reads costs little memory.
///
/// Two kinds of subscriber: `DownloadTask.updates` (`subscribe()`), which ends when the download completes and
/// throws when it fails or is cancelled, so that a loop over it always returns and says why; and the queue's
/// forwarder (`subscription()`), which follows the download across failures and resumes and is ended by its owner.
final class UpdateBroadcaster: Sendable {
    /// How the streams of `subscribe()` end: normally (completed) or with an error (failed, cancelled).
    private struct Subscriber {
        let yield: @Sendable (DownloadUpdate) -> Void
        let end: @Sendable (HaulError?) -> Void
        /// `DownloadTask.updates`: ends on a failure too; the queue's forwarder does not.
        let endsOnFailure: Bool
    }

    private struct Subscribers {
        var next = 0
        var all: [Int: Subscriber] = [:]
        var lastState: DownloadState?
        var lastProgress: DownloadProgress?
        /// The error of the last `.failed` update, which a failure's end throws.
        var lastFailure: HaulError?
        /// The download failed and has not been resumed since: a new `updates` ends at once with this error.
        var failedRun: HaulError?
        /// The download ended for good: `nil` inside for a completion, the error for a cancellation.
        var ended: HaulError??
    }
    private let subscribers = NIOLockedValueBox(Subscribers())

    /// The last state sent (what a new subscriber is told first).
    var lastState: DownloadState? { subscribers.withLockedValue { $0.lastState } }

    /// `DownloadTask.updates`: the current state and progress, then every update until the download completes
    /// (the stream ends), fails or is cancelled (the stream throws the `HaulError`). Taken while the download is
    /// failed and not resumed, it ends at once with that failure.
    func subscribe() -> DownloadUpdates {
        let (stream, continuation) = AsyncThrowingStream<DownloadUpdate, any Error>.makeStream(bufferingPolicy: .unbounded)
        let key = reserveKey()
        continuation.onTermination = { [weak self] _ in self?.remove(key) }
        add(
            key,
            Subscriber(
                yield: { _ = continuation.yield($0) },
                end: { error in
                    if let error { continuation.finish(throwing: error) } else { continuation.finish() }
                },
                endsOnFailure: true
            )
        )
        return DownloadUpdates(stream: stream)
    }

    /// The queue's forwarder: every update over the download's whole life (failures and resumes included) until
    /// it completes or is cancelled, and a way to end it: `end()` lets the reader take what was already sent, then
    /// the stream finishes (cancelling the reader would drop what it had not taken yet).
    ///
    /// - Parameter replaying: whether it starts with the current state and progress; `false` for an owner that told
    ///   its observers those already (the queue, which announces a waiting download's states itself).
    func subscription(replaying: Bool = true) -> (stream: AsyncStream<DownloadUpdate>, end: @Sendable () -> Void) {
        let (stream, continuation) = AsyncStream<DownloadUpdate>.makeStream(bufferingPolicy: .unbounded)
        let key = reserveKey()
        continuation.onTermination = { [weak self] _ in self?.remove(key) }
        add(
            key, Subscriber(yield: { _ = continuation.yield($0) }, end: { _ in continuation.finish() }, endsOnFailure: false),
            replaying: replaying)
        return (stream, { continuation.finish() })
    }

    private func reserveKey() -> Int {
        subscribers.withLockedValue { subscribers in
            defer { subscribers.next += 1 }
            return subscribers.next
        }
    }

    private func remove(_ key: Int) {
        subscribers.withLockedValue { _ = $0.all.removeValue(forKey: key) }
    }

    /// Registers `subscriber` after telling it the current state and progress, or ends it at once when the
    /// download has ended (or, for `updates`, failed and not been resumed).
    private func add(_ key: Int, _ subscriber: Subscriber, replaying: Bool = true) {
        let ending = subscribers.withLockedValue { subscribers -> HaulError?? in
            if replaying, let state = subscribers.lastState { subscriber.yield(.state(state)) }
            if replaying, let progress = subscribers.lastProgress { subscriber.yield(.progress(progress)) }
            if let ended = subscribers.ended { return .some(ended) }
            if subscriber.endsOnFailure, let failure = subscribers.failedRun { return .some(failure) }
            subscribers.all[key] = subscriber
            return .none
        }
        if case .some(let error) = ending { subscriber.end(error) }
    }

    func send(_ update: DownloadUpdate) {
        let targets = subscribers.withLockedValue { subscribers -> [Subscriber] in
            switch update {
            case .state(let state):
                subscribers.lastState = state
                if state != .failed { subscribers.failedRun = nil }  // resumed (or put back in line)
            case .progress(let progress):
                subscribers.lastProgress = progress
            case .failed(let error):
                subscribers.lastFailure = error
            default:
                break
            }
            return Array(subscribers.all.values)
        }
        for subscriber in targets { subscriber.yield(update) }
    }

    /// Ends the `updates` streams with the run's failure (sent before as `.failed`), so that a loop over
    /// `task.updates` returns, by throwing, on every end a download can stay in; the queue's forwarder goes on.
    /// Streams taken later end at once the same way until the download is resumed.
    func finishRun(_ error: HaulError? = nil) {
        let (targets, failure) = subscribers.withLockedValue { subscribers -> ([Subscriber], HaulError) in
            let failure = error ?? subscribers.lastFailure ?? HaulError(.internalError, "the download failed")
            subscribers.failedRun = failure
            let ending = subscribers.all.filter { $0.value.endsOnFailure }
            for key in ending.keys { subscribers.all.removeValue(forKey: key) }
            return (Array(ending.values), failure)
        }
        for subscriber in targets { subscriber.end(failure) }
    }

    /// Ends every stream for good: normally after a completion, with `.cancelled` after a cancellation (the queue's
    /// forwarder just ends). Later subscribers get the last state and an ended stream.
    func finish(cancelled: Bool = false) {
        let error: HaulError? = cancelled ? HaulError(.cancelled, "the download was cancelled") : nil
        let targets = subscribers.withLockedValue { subscribers -> [Subscriber] in
            subscribers.ended = .some(error)
            defer { subscribers.all = [:] }
            return Array(subscribers.all.values)
        }
        for subscriber in targets { subscriber.end(error) }
    }
}
