import Foundation
import NIOConcurrencyHelpers

/// A state database being opened on a thread of its own before anyone asked for it (`EarlyStart`).
///
/// Opening the store (GRDB's connection, the write-ahead log's set-up, the migration check) is about 2-4 ms that every
/// `haul URL` waits for, and it needs nothing but the directory, which is known from the command line before the
/// command line is fully read. So `haul` starts it first, on the other core, and the `HaulClient` made once the
/// command is read takes the open store. Taken once: a client for another directory drops it and opens its own; a
/// failed early open is forgotten, and the client's own open reports the error exactly as it always did.
final class EarlyStoreOpen: Sendable {
    private let directory: String
    /// 1 once the open has ended.
    private let ended = ConditionLock(value: 0)
    /// The store once opened; nil before, after a failure, and once taken.
    private let result = NIOLockedValueBox<DownloadStore?>(nil)

    private init(directory: String) {
        self.directory = directory
    }

    /// Starts opening the store in `directory` if it exists (a directory that does not is left for the client to
    /// create, so that nothing is made on disk before the command line is known to be right); nil when it does not.
    static func start(directory: String) -> EarlyStoreOpen? {
        guard DownloadStore.isDirectory(directory) else { return nil }
        let open = EarlyStoreOpen(directory: directory)
        if DetachedThread.start({ open.run() }) != nil { open.finish(nil) }
        return open
    }

    /// The store opened early, once the open has ended, when it was opened for `directory`; nil when it was for
    /// another directory, failed, or was taken already.
    func take(directory: String) -> DownloadStore? {
        ended.lock(whenValue: 1)
        ended.unlock()
        let store = result.withLockedValue { result in
            defer { result = nil }
            return result
        }
        return self.directory == directory ? store : nil
    }

    private func run() {
        finish(try? DownloadStore(directory: directory))
    }

    private func finish(_ store: DownloadStore?) {
        result.withLockedValue { $0 = store }
        ended.lock()
        ended.unlock(withValue: 1)
    }
}
