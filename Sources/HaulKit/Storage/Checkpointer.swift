import Dispatch
import NIOConcurrencyHelpers

/// Marks the threads of a checkpoint queue while they run its work (`DispatchQueue.getSpecific`): for tests that
/// check where a blocking step ran.
let checkpointQueueKey = DispatchSpecificKey<Bool>()

/// Makes progress durable in the only safe order: data first (`fdatasync`), then the record that counts it
/// (docs/http-rules.md rules 16 and 19).
///
/// At most one checkpoint is in flight, run on a background queue so that the download keeps writing while the
/// disk catches up; a snapshot of the offsets is taken *before* the sync starts, so the record never counts a byte
/// the sync did not cover. A failed sync or commit is kept and reported by `check()`.
final class Checkpointer<Snapshot: Sendable>: Sendable {
    private struct State {
        var inFlight = false
        var lastStart: Double?
        var failure: HaulError?
    }

    private let file: PartFile
    private let interval: Double
    private let commit: @Sendable (Snapshot) throws -> Void
    private let state = NIOLockedValueBox(State())
    private let queue = DispatchQueue(label: "haul.checkpoint")

    /// - Parameters:
    ///   - interval: the least time between two checkpoints, in seconds (about once a second by default).
    ///   - commit: records the snapshot; runs only after the data it counts is on stable storage.
    init(file: PartFile, interval: Double = 1, commit: @escaping @Sendable (Snapshot) throws -> Void) {
        self.file = file
        self.interval = interval
        self.commit = commit
        queue.setSpecific(key: checkpointQueueKey, value: true)
    }

    /// Starts a background checkpoint of `snapshot` if one is due and none is running. Cheap when not due.
    func checkpointIfDue(_ snapshot: @autoclosure () -> Snapshot, now: Double) {
        let start = state.withLockedValue { state -> Bool in
            // The first interval starts with the first bytes written, not at once: a download shorter than one
            // interval is made durable once, by its finish, instead of paying a sync and a commit for its first
            // bytes too (one of three syncs per small file).
            guard let lastStart = state.lastStart else {
                state.lastStart = now
                return false
            }
            guard !state.inFlight, now - lastStart >= interval else { return false }
            state.inFlight = true
            state.lastStart = now
            return true
        }
        guard start else { return }
        let taken = snapshot()
        queue.async { self.perform(taken) }
    }

    /// Syncs and commits `snapshot` before returning, after the checkpoint in flight if there is one (and
    /// throwing its failure, if it failed).
    ///
    /// Runs on the checkpoint queue, as `run` does, so that a pause or a stop does not hold one of Swift's
    /// cooperative threads in `fdatasync`; the queue is serial, so the checkpoint in flight has ended when it runs.
    func checkpointNow(_ snapshot: Snapshot) async throws {
        try await run {
            try self.check()
            try self.file.synchronize()
            try self.commit(snapshot)
        }
    }

    /// Runs `body` on this download's checkpoint queue, after the checkpoint in flight if there is one, and returns
    /// what it returns.
    ///
    /// For the blocking steps that end a download (flush, rename, directory flush, the database's commit): on the
    /// queue they block a thread of their own instead of one of Swift's cooperative threads, of which there are as
    /// many as cores. With `-j 8` on two cores, eight downloads finishing at once held both cooperative threads in
    /// `fdatasync` while the other downloads' bytes waited to be read (docs/history/benchmarks-rounds.md, "Round 4").
    ///
    /// `body` is released before the caller resumes. What it captures (the part file, whose lock lasts as long as
    /// the file object) must not outlive the call: Dispatch frees a block only after it returns, which may be after
    /// the caller has already gone on and opened the same part file again (a pause, then a resume).
    func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        let held = QueuedBody(body)
        return try await withCheckedThrowingContinuation { continuation in
            queue.async {
                let result = held.runOnce()
                continuation.resume(with: result)
            }
        }
    }

    /// Throws the failure of an earlier background checkpoint, if any.
    func check() throws {
        if let failure = state.withLockedValue({ $0.failure }) { throw failure }
    }

    /// Waits until the checkpoint started before this call, if any, has ended: the queue is serial, so a turn
    /// queued now comes after it.
    func waitForInFlight() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            queue.async { continuation.resume() }
        }
    }

    private func perform(_ snapshot: Snapshot) {
        var failure: HaulError?
        do {
            try file.synchronize()
            try commit(snapshot)
        } catch {
            failure = HaulError.wrap(error)
        }
        state.withLockedValue { state in
            state.inFlight = false
            if let failure, state.failure == nil { state.failure = failure }
        }
    }
}

/// A closure run once and dropped before its result is handed on (`Checkpointer.run`).
private final class QueuedBody<T: Sendable>: @unchecked Sendable {
    // Touched only by the one block that runs it, on the checkpoint queue.
    private var body: (@Sendable () throws -> T)?

    init(_ body: @escaping @Sendable () throws -> T) { self.body = body }

    func runOnce() -> Result<T, any Error> {
        guard let body else { preconditionFailure("a queued body runs once") }
        self.body = nil
        return Result { try body() }
    }
}
