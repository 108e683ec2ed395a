/// How much of an input list (`haul -i`) is in the queue at a time: the reader's back-pressure.
///
/// The list is read as the queue drains. At most `capacity` of its downloads are active (queued here or running)
/// at once; the rest stay in the file, unread. Entries are taken in batches of at least `batch` (their records go
/// to the store in one transaction), once the active ones have fallen to `refillMark`:
///
///     batch      = max(16, maxConcurrent)
///     capacity   = 2 * maxConcurrent + 2 * batch
///     refillMark = capacity - batch            (= 2 * maxConcurrent + batch)
///     toRead     = capacity - active   when active <= refillMark, else 0
///     nextLook   = active - 1                  (nothing to read: wait for the next end)
///
/// At `-j 16` that is 64 active at most (it was 96 with `batch = max(32, 2 * maxConcurrent)`): every download held
/// keeps its task frames (Swift's task allocator slabs), so the window is most of a list's live heap
/// (docs/history/benchmarks-rounds-2026-11-28-to-30.md, "Lists"). A batch of 16 is still one transaction for 16
/// records.
///
/// `2 * maxConcurrent`: downloads finishing (their file being made durable) may hold a second slot each
/// (`QueuePolicy`), so up to that many are counted active while `maxConcurrent` receive. At the refill mark, a
/// whole batch still waits queued behind the running ones: the slots never empty while the next batch is read.
///
/// Nothing is read once the input has ended (a read returned less than asked) or while the user holds the queue
/// paused (a key): a paused list does not start what it has not read yet. A download paused on its own (`haul
/// pause ID` from another terminal) is not active, so the list goes on around it.
///
/// Between refills the reader looks again at every end (`nextLook`), not only at the refill mark: what ended is
/// let go of then (`DownloadSession.harvest`), so that at most the window, not the window and a batch of ended
/// downloads, is held.
public struct ListWindow: Sendable, Equatable {
    /// Active downloads of the list at most.
    public let capacity: Int
    /// Entries read at once, at least.
    public let batch: Int
    /// Set when a read returned fewer entries than asked: the list has no more.
    public private(set) var isInputEnded = false

    /// The window for a queue that runs `maxConcurrent` downloads at once (at least 1 is assumed).
    public init(maxConcurrent: Int) {
        let running = max(1, maxConcurrent)
        batch = max(16, running)
        capacity = 2 * running + 2 * batch
    }

    /// Active downloads at or below which the next batch is read (wait for the queue to fall to it).
    public var refillMark: Int { capacity - batch }

    /// How many entries to read now, with `active` downloads of the list queued or running: 0 above the refill
    /// mark, after the end of the input, or while `pausedByUser`.
    public func toRead(active: Int, pausedByUser: Bool) -> Int {
        guard !isInputEnded, !pausedByUser, active <= refillMark else { return 0 }
        return capacity - max(0, active)
    }

    /// Active downloads at or below which to look again when there is nothing to read now (`toRead` gave 0 with
    /// `active`): one fewer, the next end, so that each ended download is let go of as it ends rather than a batch
    /// later at the refill mark.
    public func nextLook(active: Int) -> Int {
        max(0, active - 1)
    }

    /// Notes a read of `asked` entries that gave `got`: fewer than asked means the input has ended.
    public mutating func read(asked: Int, got: Int) {
        if got < asked { isInputEnded = true }
    }
}
