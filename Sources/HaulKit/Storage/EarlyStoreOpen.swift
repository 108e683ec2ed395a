import Foundation
import NIOConcurrencyHelpers

/// A state database being opened on a thread of its own before anyone asked for it (`HaulClient.openStoreEarly`).
///
/// Opening the store (GRDB's connection, the write-ahead log's set-up, the migration check) is about 2-4 ms that every
/// `haul URL` waits for, and it needs nothing but the directory, which is known from the command line before the
/// command line is fully read. So `haul` starts it first, on the other core, and the `HaulClient` made once the
/// command is read takes the open store. One at a time (a newer start replaces it), taken by the next client made:
/// a client for another directory drops it and opens its own; a failed early open is forgotten, and the client's
/// own open reports the error exactly as it always did.
final class EarlyStoreOpen: Sendable {
    private static let pending = NIOLockedValueBox<EarlyStoreOpen?>(nil)

    private let directory: String
    /// 1 once the open has ended.
    private let ended = ConditionLock(value: 0)
    private let result = NIOLockedValueBox<DownloadStore?>(nil)

    private init(directory: String) {
        self.directory = directory
    }

    /// Starts opening the store in `directory` if it exists (a directory that does not is left for the client to
    /// create, so that nothing is made on disk before the command line is known to be right).
    static func start(directory: String) {
        guard DownloadStore.isDirectory(directory) else { return }
        let open = EarlyStoreOpen(directory: directory)
        pending.withLockedValue { $0 = open }
        if DetachedThread.start({ open.run() }) != nil { open.finish(nil) }
    }

    /// The store opened early for `directory`, waiting for the open to end; `nil` when none was started for it or
    /// it failed. Whatever was pending is taken: an early open for another directory is dropped.
    static func take(directory: String) -> DownloadStore? {
        let open = pending.withLockedValue { pending -> EarlyStoreOpen? in
            defer { pending = nil }
            return pending
        }
        guard let open, open.directory == directory else { return nil }
        open.ended.lock(whenValue: 1)
        open.ended.unlock()
        return open.result.withLockedValue { $0 }
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
