import Foundation

/// Writes the planned files with one thread per core (at most four): each takes the next file in archive order
/// and owns its buffers, inflater and parent-directory cache; all share the archive descriptor through `pread`.
/// The calling thread is one of the writers, so it can watch the task for cancellation.
struct FileWriters {
    let files: [PlannedItem]
    let entries: [CentralDirectoryEntry]
    let dataOffsets: [UInt64]
    let archiveFD: Int32
    let archivePath: String
    let stagingRoot: Int32
    let tracker: ProgressTracker

    /// How many writers to run: one per core, at most four, at most one per megabyte of content.
    static func writerCount(files: Int, bytes: UInt64) -> Int {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        return max(1, min(cores, 4, files, Int(bytes >> 20) + 1))
    }

    /// Writes every file, then throws the first error any writer met.
    /// - Parameter writers: The number of threads, including the calling one.
    /// - Throws: The first ``ZipError`` of any writer.
    func run(writers: Int) throws {
        let queue = NextIndex(count: files.count)
        let group = DispatchGroup()
        for _ in 1..<max(writers, 1) {
            group.enter()
            let worker = self
            Thread {
                worker.work(queue, watchesTask: false)
                group.leave()
            }.start()
        }
        work(queue, watchesTask: true)
        group.wait()
        if let failure = tracker.firstFailure { throw failure }
    }

    private func work(_ queue: NextIndex, watchesTask: Bool) {
        let reader = EntryReader(fd: archiveFD, path: archivePath)
        let tree = StagingTree(root: stagingRoot)
        let cancelled = { watchesTask && Task.isCancelled }
        while tracker.firstFailure == nil, let next = queue.take() {
            let file = files[next]
            let index = file.entryIndex!
            do {
                try tree.createFile(file) { fd in
                    try reader.read(entries[index], dataOffset: dataOffsets[index]) { chunk in
                        try tracker.willWrite(chunk.count, of: file, cancelled: cancelled)
                        try writeAll(fd, chunk, what: "'\(file.displayPath)'", entry: file.displayPath)
                    }
                }
                tracker.finishedEntry(file)
            } catch {
                tracker.fail(error)
            }
        }
    }
}

/// Hands out indices 0..<count once each, across threads.
final class NextIndex: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private let count: Int

    init(count: Int) {
        self.count = count
    }

    func take() -> Int? {
        lock.withLock {
            guard next < count else { return nil }
            defer { next += 1 }
            return next
        }
    }
}
