import Foundation
import HaulKit

/// Takes up downloads other processes add to the store (`haul add`, `haul get` elsewhere) while the daemon runs.
///
/// The manager already follows what other processes do to the downloads it has (pause, cancel, move); new records
/// are this watcher's job. It looks at the store only when the database files changed (their size or time), so an
/// idle daemon does not read the database every second; and a look reads only the records stored after the last
/// one it saw (ids only grow: a rowid watermark), so a look costs what was added, not the whole queue (issue 62:
/// with 30,000 stored, reading every id and state each second the queue changed was an O(N) read and set).
enum StoreWatcher {
    /// Looks about every `interval`, on the client's clock (a test moves it); `seen` is the largest id stored before
    /// the queue was restored (everything up to it is the manager's already, or was cancelled).
    static func run(client: HaulClient, manager: DownloadManager, after seen: Int64, interval: Duration = .seconds(1)) -> Task<Void, Never> {
        let clock = client.configuration.clock
        return Task {
            var lastStamp: [Double] = []
            var seen = seen
            while !Task.isCancelled {
                try? await clock.sleep(seconds: interval.inSeconds)
                let stamp = stamp(of: client.databasePath)
                guard stamp != lastStamp else { continue }
                lastStamp = stamp
                if let look = try? await look(client: client, manager: manager, after: seen) { seen = look.seen }
            }
        }
    }

    /// What one look found: the downloads it took up, the watermark for the next look, and how many records it
    /// read (what a test checks stays the number added, not the number stored).
    struct Look: Equatable {
        var restored: [Int64]
        var seen: Int64
        var read: Int
    }

    /// Takes up the downloads stored after id `seen` that the manager does not hold and that are not cancelled.
    static func look(client: HaulClient, manager: DownloadManager, after seen: Int64) async throws -> Look {
        let stored = try client.storedStates(after: seen)
        guard let last = stored.last?.id else { return Look(restored: [], seen: seen, read: 0) }
        let held = await manager.states(of: stored.map { DownloadID($0.id) })
        let new = stored.indices.filter { held[$0] == nil && stored[$0].state != .cancelled }.map { stored[$0].id }
        if !new.isEmpty { _ = try? await manager.restore(new.map(DownloadID.init(rawValue:))) }
        return Look(restored: new, seen: last, read: stored.count)
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
