import Foundation
import HaulKit

/// Takes up downloads other processes add to the store (`haul add`, `haul get` elsewhere) while the daemon runs.
///
/// The manager already follows what other processes do to the downloads it has (pause, cancel, move); new records
/// are this watcher's job. It looks at the store only when the database files changed (their size or time), so an
/// idle daemon does not read the database every second.
enum StoreWatcher {
    static func run(client: HaulClient, manager: DownloadManager, interval: Duration = .seconds(1)) -> Task<Void, Never> {
        Task {
            var lastStamp: [Double] = []
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                let stamp = stamp(of: client.databasePath)
                guard stamp != lastStamp else { continue }
                lastStamp = stamp
                guard let stored = try? client.storedStates() else { continue }
                let known = Set(await manager.downloadIDs.map(\.rawValue))
                let new = stored.filter { !known.contains($0.key) && $0.value != .cancelled }.map(\.key).sorted()
                if !new.isEmpty { _ = try? await manager.restore(new.map(DownloadID.init(rawValue:))) }
            }
        }
    }

    /// Size and modification time of the database and its write-ahead log.
    static func stamp(of path: String) -> [Double] {
        [path, path + "-wal"].flatMap { file -> [Double] in
            var info = stat()
            guard stat(file, &info) == 0 else { return [0, 0] }
            #if canImport(Darwin)
            let time = info.st_mtimespec
            #else
            let time = info.st_mtim
            #endif
            return [Double(info.st_size), Double(time.tv_sec) + Double(time.tv_nsec) / 1e9]
        }
    }
}
