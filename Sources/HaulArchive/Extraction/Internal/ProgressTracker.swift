import Foundation

/// Counts what has been written, enforces the total-size cap on actual bytes, reports progress, and stops all
/// file writers once one has failed or the task is cancelled. Shared by the writer threads.
final class ProgressTracker: @unchecked Sendable {
    private let lock = NSLock()
    private let callback: (@Sendable (ExtractionProgress) -> Void)?
    private let limits: ExtractionLimits
    private var state: ExtractionProgress
    private var failure: (any Error)?

    init(plan: ExtractionPlan, limits: ExtractionLimits, callback: (@Sendable (ExtractionProgress) -> Void)?) {
        self.callback = callback
        self.limits = limits
        self.state = ExtractionProgress(
            entriesCompleted: 0, entryCount: plan.entryCount, bytesWritten: 0, totalBytes: plan.totalFileBytes,
            currentEntry: "")
    }

    var bytesWritten: UInt64 { lock.withLock { state.bytesWritten } }

    /// The first error any writer reported.
    var firstFailure: (any Error)? { lock.withLock { failure } }

    /// Records a writer's error; only the first is kept, and it stops the other writers.
    func fail(_ error: any Error) {
        lock.withLock {
            if failure == nil { failure = error }
        }
    }

    /// Accounts for a chunk about to be written.
    /// - Throws: ``ZipError/Code/totalSizeLimit`` when it would take the bytes written past the cap,
    ///   ``ZipError/Code/cancelled`` when another writer failed or `cancelled` says so.
    func willWrite(_ count: Int, of item: PlannedItem, cancelled: () -> Bool) throws {
        if cancelled() { throw ZipError(.cancelled, "extraction cancelled") }
        try lock.withLock {
            if failure != nil { throw ZipError(.cancelled, "stopped: another entry failed") }
            let (total, overflow) = state.bytesWritten.addingReportingOverflow(UInt64(count))
            guard !overflow, total <= limits.maxTotalUncompressedBytes else {
                throw ZipError(
                    .totalSizeLimit,
                    "stopped at '\(item.displayPath)': more than \(limits.maxTotalUncompressedBytes) bytes written",
                    entry: item.displayPath)
            }
            state.bytesWritten = total
        }
        report(item)
    }

    /// Counts a finished entry.
    func finishedEntry(_ item: PlannedItem) {
        lock.withLock { state.entriesCompleted += 1 }
        report(item)
    }

    /// Calls the callback with the current state; calls never overlap.
    private func report(_ item: PlannedItem) {
        guard let callback else { return }
        lock.withLock {
            state.currentEntry = item.displayPath
            callback(state)
        }
    }
}
