import Foundation

/// Writes the planned files with one thread per core (at most four): each takes the next job in archive order
/// and owns its buffers, inflater and parent-directory cache; all share the archive descriptor through `pread`.
/// A job is a whole file, or one piece of a large stored file (``SplitFile``), so that one big file keeps every
/// writer busy too. The calling thread is one of the writers, so it can watch the task for cancellation.
struct FileWriters {
    /// One unit of work.
    enum Job {
        /// Write a file and check its CRC-32.
        case file(PlannedItem)
        /// Copy one piece of a large stored file; the writer of the last piece checks the CRC-32 of the whole.
        case piece(SplitFile, Int)
    }

    let jobs: [Job]
    let entries: [CentralDirectoryEntry]
    let dataOffsets: [UInt64]
    let archiveFD: Int32
    let archivePath: String
    let stagingRoot: Int32
    let tracker: ProgressTracker

    init(
        files: [PlannedItem], entries: [CentralDirectoryEntry], dataOffsets: [UInt64], archiveFD: Int32,
        archivePath: String, stagingRoot: Int32, tracker: ProgressTracker
    ) {
        var jobs: [Job] = []
        jobs.reserveCapacity(files.count)
        for file in files {
            let index = file.entryIndex!
            if SplitFile.isWorthSplitting(entries[index]) {
                let split = SplitFile(item: file, entry: entries[index], dataOffset: dataOffsets[index])
                jobs += (0..<split.pieceCount).map { .piece(split, $0) }
            } else {
                jobs.append(.file(file))
            }
        }
        self.jobs = jobs
        self.entries = entries
        self.dataOffsets = dataOffsets
        self.archiveFD = archiveFD
        self.archivePath = archivePath
        self.stagingRoot = stagingRoot
        self.tracker = tracker
    }

    /// How many writers to run: one per core, at most four, at most one per job and per megabyte of content.
    static func writerCount(jobs: Int, bytes: UInt64) -> Int {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        return max(1, min(cores, 4, jobs, Int(bytes >> 20) + 1))
    }

    /// Writes every file, then throws the first error any writer met.
    /// - Parameter writers: The number of threads, including the calling one.
    /// - Throws: The first ``ZipError`` of any writer.
    func run(writers: Int) throws {
        let queue = NextIndex(count: jobs.count)
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
            do {
                switch jobs[next] {
                case .file(let file):
                    let index = file.entryIndex!
                    try tree.createFile(file) { fd in
                        try reader.read(entries[index], dataOffset: dataOffsets[index]) { chunk in
                            try tracker.willWrite(chunk.count, of: file, cancelled: cancelled)
                            try writeAll(fd, chunk, what: "'\(file.displayPath)'", entry: file.displayPath)
                        }
                    }
                    tracker.finishedEntry(file)
                case .piece(let split, let piece):
                    try write(piece, of: split, reader: reader, tree: tree, cancelled: cancelled)
                }
            } catch {
                tracker.fail(error)
            }
        }
    }

    /// Copies one piece of a split file; the writer of the last piece also checks the CRC and closes the file.
    private func write(
        _ piece: Int, of split: SplitFile, reader: EntryReader, tree: StagingTree, cancelled: () -> Bool
    ) throws {
        let file = split.item
        let fd = try split.descriptor(tree: tree)
        let range = split.range(ofPiece: piece)
        let crc = try reader.copyStored(split.entry, dataOffset: split.dataOffset, range: range) { chunk, offset in
            try tracker.willWrite(chunk.count, of: file, cancelled: cancelled)
            try writeAll(fd, chunk, at: offset, what: "'\(file.displayPath)'", entry: file.displayPath)
        }
        if split.finishedPiece(piece, crc: crc) {
            try split.finish(tree: tree)
            tracker.finishedEntry(file)
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
