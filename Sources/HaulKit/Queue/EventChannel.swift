import HaulCore
import NIOConcurrencyHelpers

/// One subscriber's queue of manager events: the sender never waits; the reader waits when it is empty.
///
/// Each hand-over to a waiting reader resumes its task, which wakes a thread: a batch of adds, two events an add,
/// woke the reader twice an add (the daemon's event pump: 6% of an add's time). So a sender may queue without waking
/// (`send(_:wake:)`) and wake the reader once later (`wake()`); the events keep their order either way, since
/// every event goes through the one queue and a hand-over always gives the oldest.
final class EventChannel: Sendable {
    private struct State {
        var queue = CoalescingQueue<ManagerEvent, DownloadID>()
        var waiter: CheckedContinuation<ManagerEvent?, Never>?
        var finished = false
        /// How many times a waiting reader was given an event (and its task resumed).
        var handOvers = 0
    }
    private let state = NIOLockedValueBox(State())
    /// Only events about this download, when set.
    let only: DownloadID?

    init(only: DownloadID?) {
        self.only = only
    }

    /// Whether the subscription ended (the manager drops ended channels).
    var isFinished: Bool { state.withLockedValue { $0.finished } }

    /// How many times a waiting reader was given an event: a test checks a batch of adds wakes it once.
    var handOvers: Int { state.withLockedValue { $0.handOvers } }

    /// Queues `event` and, when `wake`, hands the oldest event to a reader that waits; never blocks. Without
    /// `wake`, a waiting reader waits on until the next `wake()` or waking send.
    func send(_ event: ManagerEvent, wake: Bool = true) {
        if let only, event.downloadID != only { return }
        let handOver = state.withLockedValue { state -> (CheckedContinuation<ManagerEvent?, Never>, ManagerEvent)? in
            guard !state.finished else { return nil }
            state.queue.push(event, key: event.downloadID, coalescing: event.isCoalescible)
            return wake ? Self.handOver(&state) : nil
        }
        if let (waiter, oldest) = handOver { waiter.resume(returning: oldest) }
    }

    /// Hands the oldest event queued to a reader that waits, if any.
    func wake() {
        if let (waiter, oldest) = state.withLockedValue({ Self.handOver(&$0) }) { waiter.resume(returning: oldest) }
    }

    private static func handOver(_ state: inout State) -> (CheckedContinuation<ManagerEvent?, Never>, ManagerEvent)? {
        guard let waiter = state.waiter, let oldest = state.queue.pop() else { return nil }
        state.waiter = nil
        state.handOvers += 1
        return (waiter, oldest)
    }

    /// Ends the subscription; events still queued are delivered first.
    func finish() {
        let waiter = state.withLockedValue { state -> (CheckedContinuation<ManagerEvent?, Never>, ManagerEvent?)? in
            state.finished = true
            defer { state.waiter = nil }
            // A reader left waiting by a send that did not wake it gets what is queued first, then `nil`.
            return state.waiter.map { ($0, state.queue.pop()) }
        }
        if let (waiter, event) = waiter { waiter.resume(returning: event) }
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
