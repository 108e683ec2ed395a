/// A first-in first-out queue of events for one slow observer, where a newer progress event replaces an older
/// one that is still waiting instead of piling up behind it.
///
/// Rules:
/// - Events without a coalescing key (state changes, completions, failures) are never dropped or reordered.
/// - An event pushed with `coalescing: true` and key `k` replaces the waiting coalescible event with key `k`,
///   in that event's place, unless a non-coalescible event with key `k` was pushed after it; then it goes last.
///   So an observer never sees a download's progress from after a state change ahead of that state change,
///   and at most one progress event per key waits between two of its non-coalescible events.
/// - Memory therefore grows with the number of state changes not yet read, never with time or bytes moved.
public struct CoalescingQueue<Event, Key: Hashable> {
    private var events: [UInt64: Event] = [:]
    private var head: UInt64 = 0
    private var tail: UInt64 = 0
    /// Where each key's waiting coalescible event sits.
    private var pending: [Key: UInt64] = [:]

    /// An empty queue.
    public init() {}

    /// Events waiting.
    public var count: Int { Int(tail - head) }

    /// Whether nothing waits.
    public var isEmpty: Bool { head == tail }

    /// Adds `event`.
    ///
    /// - Parameters:
    ///   - key: the subject of the event (e.g. a download id), or `nil` for an event about nothing in particular.
    ///   - coalescing: whether the event may replace a waiting one with the same key (progress).
    public mutating func push(_ event: Event, key: Key?, coalescing: Bool) {
        if coalescing, let key, let position = pending[key], position >= head, events[position] != nil {
            events[position] = event
            return
        }
        let position = tail
        tail += 1
        events[position] = event
        guard let key else { return }
        pending[key] = coalescing ? position : nil
    }

    /// Takes the oldest event.
    public mutating func pop() -> Event? {
        guard head < tail else { return nil }
        let event = events.removeValue(forKey: head)
        head += 1
        if head == tail { pending.removeAll(keepingCapacity: true) }
        return event
    }
}

extension CoalescingQueue: Sendable where Event: Sendable, Key: Sendable {}
