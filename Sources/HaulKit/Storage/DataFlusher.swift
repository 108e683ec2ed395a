import Foundation
import HaulCore

/// Flushes a finished file's bytes to stable storage before it gets its name (docs/http-rules.md rule 18), in
/// groups: the files of one file system that finish while a flush runs share the next flush, one `syncfs`
/// (`FlushRounds`, the same group commit as `DirectoryFlusher`'s). A file that finishes with no other waiting is
/// flushed alone, by `fdatasync`: a `syncfs` would also flush whatever else the file system holds unwritten.
///
/// Process-wide (`shared`): every download of the process that finishes on the same file system shares its rounds.
/// A caller blocks until a flush that started after its call has finished, so it runs only where blocking is
/// allowed (the checkpoint queue, `Checkpointer.run`), never on one of Swift's cooperative threads. Where there
/// is no `syncfs` (not Linux), every file is flushed alone.
final class DataFlusher: @unchecked Sendable {
    /// The two flushes, behind a seam so that tests can count and order them.
    struct Calls: Sendable {
        /// Flushes one file's data (`fdatasync`).
        var file: @Sendable (PartFile) throws -> Void
        /// Flushes every file of the file system the given file is on (`syncfs`).
        var fileSystem: @Sendable (PartFile) throws -> Void

        static let system = Calls(file: { try $0.synchronize() }, fileSystem: { try $0.synchronizeFileSystem() })
    }

    /// The flusher every download of the process uses.
    static let shared = DataFlusher(calls: .system)

    private let calls: Calls
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var rounds: [UInt64: FlushRounds<HaulError>] = [:]

    init(calls: Calls) {
        self.calls = calls
    }

    /// Returns once the bytes written to `file` before this call are on stable storage: flushed by a flush that
    /// started after the call, this caller's own or one another caller ran for the group.
    ///
    /// - Throws: `.io` when that flush failed.
    func flush(_ file: PartFile) throws {
        #if !os(Linux)
        try calls.file(file)
        #else
        let key = file.fileSystem
        condition.lock()
        let round = rounds[key, default: FlushRounds<HaulError>()].roundNeeded()
        while true {
            switch rounds[key, default: FlushRounds<HaulError>()].next(for: round) {
            case .wait:
                condition.wait()
            case .start(let started):
                // Every caller counted as waiting wrote its bytes before it asked: one `syncfs` covers them all.
                let alone = rounds[key]?.waiting == 1
                condition.unlock()
                let failure = run(alone ? calls.file : calls.fileSystem, file)
                condition.lock()
                rounds[key]?.finish(started, failure: failure)
                condition.broadcast()
            case .done(let failure):
                if rounds[key]?.isIdle == true { rounds[key] = nil }
                condition.unlock()
                if let failure { throw failure }
                return
            }
        }
        #endif
    }

    /// Callers between their call and its answer, on the file system `key` (for tests: wait on this, not on time).
    func waiting(on key: UInt64) -> Int {
        condition.lock()
        defer { condition.unlock() }
        return rounds[key]?.waiting ?? 0
    }

    private func run(_ call: (PartFile) throws -> Void, _ file: PartFile) -> HaulError? {
        do {
            try call(file)
            return nil
        } catch {
            return HaulError.wrap(error)
        }
    }
}
