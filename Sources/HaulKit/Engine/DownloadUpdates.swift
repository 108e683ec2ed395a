/// A download's updates, as `DownloadTask.updates` gives them: an `AsyncSequence` that ends saying how the
/// download ended.
///
/// It starts with the current state and progress, then delivers every update: state changes, progress, retries
/// and restarts. A pause does not end it (a `resume()` goes on in the same loop). It ends normally when the
/// download completes, and throws a `HaulError` when the download fails (the run's error, after `.failed` and
/// `.state(.failed)`) or is cancelled (`.cancelled`). So `for try await` over it always returns, and a loop that
/// leaves without an error means the file is complete:
///
/// ```swift
/// do {
///     for try await update in task.updates { print(update) }
///     print("saved", await task.destination.path)
/// } catch {
///     print("failed:", error)   // a HaulError; `try await task.resume()` and take `updates` again to retry
/// }
/// ```
///
/// A failed download stays resumable: after `resume()`, a new `task.updates` follows it (one taken while it is
/// failed and not resumed ends at once with the failure). A reader whose Swift `Task` is cancelled gets a
/// `CancellationError` (as from `URLSession.bytes`), never a normal end, which would mean the file is complete; one
/// that drops the sequence stops receiving. Either way the download goes on (`task.cancel()` stops it). Updates are buffered per reader and never slow the download; progress
/// is published at most every `HaulConfiguration.intervals.progress`.
public struct DownloadUpdates: AsyncSequence, Sendable {
    /// One update.
    public typealias Element = DownloadUpdate

    let stream: AsyncThrowingStream<DownloadUpdate, any Error>

    /// Starts reading.
    public func makeAsyncIterator() -> Iterator {
        Iterator(base: stream.makeAsyncIterator())
    }

    /// Reads the updates one by one.
    public struct Iterator: AsyncIteratorProtocol {
        var base: AsyncThrowingStream<DownloadUpdate, any Error>.Iterator

        /// The next update; `nil` once the download completed.
        ///
        /// - Throws: `HaulError`: the failure that ended the download's run, or `.cancelled`; `CancellationError`
        ///   when the reading task is cancelled (the stream then ends without saying how the download did).
        public mutating func next() async throws -> DownloadUpdate? {
            if let update = try await base.next() { return update }
            // The stream also ends (with nil) when the reading task is cancelled: that is not a completion.
            try Task.checkCancellation()
            return nil
        }
    }
}
