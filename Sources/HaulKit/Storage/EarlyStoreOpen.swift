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
    /// 1 once the open has ended.
    private let ended = ConditionLock(value: 0)
    /// The directory as the client names it (absolute, standardized) and the store once opened; the store is nil
    /// before, after a failure, and once taken.
    private let result = NIOLockedValueBox<(directory: String?, store: DownloadStore?)>((nil, nil))

    private init() {}

    /// Starts opening the store in `directory` (as given on the command line, relative or not) on a thread of its
    /// own. Everything happens there, the path made absolute (`URL(fileURLWithPath:).path`, as
    /// `HaulConfiguration.stateDirectory.path` names it) included: the first `URL.path` of a process instantiates
    /// Foundation's generic metadata, which the command line's reading does not need to wait for. A directory that
    /// does not exist is left for the client to create, so that nothing is made on disk before the command line
    /// is known to be right.
    static func start(directory: String) -> EarlyStoreOpen {
        let open = EarlyStoreOpen()
        if DetachedThread.start({ open.run(directory) }) != nil { open.finish(nil, nil) }
        return open
    }

    /// The store opened early, once the open has ended, when it was opened for `directory`; nil when it was for
    /// another directory, failed, was not made (no such directory), or was taken already.
    func take(directory: String) -> DownloadStore? {
        ended.lock(whenValue: 1)
        ended.unlock()
        let (opened, store) = result.withLockedValue { result in
            defer { result.store = nil }
            return result
        }
        return opened == directory ? store : nil
    }

    private func run(_ given: String) {
        let directory = Self.name(of: given)
        guard DownloadStore.isDirectory(directory) else { return finish(directory, nil) }
        finish(directory, try? DownloadStore(directory: directory))
    }

    /// `given` as `URL(fileURLWithPath: given).path` names it. A plain absolute path (no empty, `.` or `..`
    /// component, no trailing slash) is its own name, without Foundation: the first `URL.path` of a process
    /// instantiates generic metadata by a scan of every conformance record of the binary, which the main thread
    /// makes anyway while it reads the line (every destination is a file URL), so the store's open need not wait
    /// for it. A name that differs from the client's only costs the early open: `take` then gives nothing.
    static func name(of given: String) -> String {
        isPlainAbsolute(given) ? given : URL(fileURLWithPath: given).path
    }

    /// Whether `path` starts with `/`, has no empty, `.` or `..` component, and does not end with `/` (the root
    /// itself excepted).
    static func isPlainAbsolute(_ path: String) -> Bool {
        guard path.hasPrefix("/") else { return false }
        if path == "/" { return true }
        return !path.dropFirst().split(separator: "/", omittingEmptySubsequences: false).contains { component in
            component.isEmpty || component == "." || component == ".."
        }
    }

    private func finish(_ directory: String?, _ store: DownloadStore?) {
        result.withLockedValue { $0 = (directory, store) }
        ended.lock()
        ended.unlock(withValue: 1)
    }
}
