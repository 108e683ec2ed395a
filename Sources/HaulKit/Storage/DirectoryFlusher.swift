import Foundation
import HaulCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Flushes directories after renames, sharing one `fsync` among the renames it covers (`FlushRounds`).
///
/// Process-wide: every client and every download in the process that renames into the same directory shares its
/// rounds. A caller blocks until a flush that started after its call has finished, so it runs only where blocking
/// is allowed (the checkpoint queue, `Checkpointer.run`), never on one of Swift's cooperative threads.
enum DirectoryFlusher {
    private static let condition = NSCondition()
    // Guarded by `condition`.
    nonisolated(unsafe) private static var rounds: [String: FlushRounds<HaulError>] = [:]

    /// Returns once `directory` has been flushed by an `fsync` that started after this call.
    ///
    /// - Throws: `.io` when that flush (or the directory's opening) failed.
    static func flush(_ directory: String) throws {
        condition.lock()
        let round = rounds[directory, default: FlushRounds<HaulError>()].roundNeeded()
        while true {
            switch rounds[directory, default: FlushRounds<HaulError>()].next(for: round) {
            case .wait:
                condition.wait()
            case .start(let started):
                condition.unlock()
                let failure = synchronize(directory)
                condition.lock()
                rounds[directory]?.finish(started, failure: failure)
                condition.broadcast()
            case .done(let failure):
                if rounds[directory]?.isIdle == true { rounds[directory] = nil }
                condition.unlock()
                if let failure { throw failure }
                return
            }
        }
    }

    /// `fsync`s `directory`: `nil`, or what failed.
    private static func synchronize(_ directory: String) -> HaulError? {
        let fd = open(directory, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return HaulError.io("cannot open directory", path: directory, errno: errno) }
        defer { close(fd) }
        // Some file systems cannot flush a directory (EINVAL); the rename is then as durable as they make it.
        guard fsync(fd) == 0 || errno == EINVAL else {
            return HaulError.io("cannot flush directory", path: directory, errno: errno)
        }
        return nil
    }
}
