import HaulCore
import NIOConcurrencyHelpers

/// One subscriber's queue of manager events: the sender never waits; the reader waits when it is empty.
final class EventChannel: Sendable {
    private struct State {
        var queue = CoalescingQueue<ManagerEvent, DownloadID>()
        var waiter: CheckedContinuation<ManagerEvent?, Never>?
        var finished = false
    }
    private let state = NIOLockedValueBox(State())
    /// Only events about this download, when set.
    let only: DownloadID?

    init(only: DownloadID?) {
        self.only = only
    }

    /// Whether the subscription ended (the manager drops ended channels).
    var isFinished: Bool { state.withLockedValue { $0.finished } }

    /// Queues or hands over `event`; never blocks.
    func send(_ event: ManagerEvent) {
        if let only, event.downloadID != only { return }
        let waiter = state.withLockedValue { state -> CheckedContinuation<ManagerEvent?, Never>? in
            guard !state.finished else { return nil }
            if let waiter = state.waiter {
                state.waiter = nil
                return waiter
            }
            state.queue.push(event, key: event.downloadID, coalescing: event.isCoalescible)
            return nil
        }
        waiter?.resume(returning: event)
    }

    /// Ends the subscription; events still queued are delivered first.
    func finish() {
        let waiter = state.withLockedValue { state -> CheckedContinuation<ManagerEvent?, Never>? in
            state.finished = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: nil)
    }

    /// The next event, waiting for one; `nil` once finished and drained, or when the task is cancelled.
    func next() async -> ManagerEvent? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<ManagerEvent?, Never>) in
                let ready = state.withLockedValue { state -> ManagerEvent?? in
                    if let event = state.queue.pop() { return .some(event) }
                    if state.finished || Task.isCancelled { return .some(nil) }
                    state.waiter = continuation
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            finish()
        }
    }
}
