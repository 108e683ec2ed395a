import HaulCore
import HaulKit

/// One page of a front-end's list (`haul.listDownloads`): the downloads a `DownloadQuery` picks, how many match,
/// and how many are in each status.
package struct Aria2Page: Sendable {
    package var downloads: [Aria2Download]
    /// How many downloads match the query (the pages' total).
    package var total: Int
    /// How many downloads are in each status, whatever the query.
    package var counts: [Aria2Status: Int]
    /// The speed of every running download together, bytes a second.
    package var downloadSpeed: Int64
}

extension Aria2Service {
    /// The stored states that aria2's `statuses` show (`removed` has none: a removed download's record is
    /// deleted, only this run's result of it remains).
    static func storedStates(_ statuses: Set<Aria2Status>) -> Set<DownloadState> {
        Set(DownloadState.allCases.filter { statuses.contains(Aria2Status($0)) })
    }

    /// `haul.listDownloads`: the page `query` asks for among the downloads in `statuses` (all when nil).
    ///
    /// The state database picks the page (`DownloadStore.page`: filter, search and order by index where one
    /// helps); only the page's downloads are looked at, as `tellWaiting` looks at its window. Removed results (this
    /// run's, kept in memory as aria2 keeps them) come after the stored downloads, oldest removal first. A
    /// download the database lists and the manager no longer holds (removed a moment ago) is left out.
    ///
    /// - Throws: `.io` when the database cannot be read.
    package func page(_ query: DownloadQuery, statuses: Set<Aria2Status>?) async throws -> Aria2Page {
        var stored = query
        stored.states = statuses.map(Self.storedStates)
        let found = stored.states?.isEmpty == true ? DownloadPage(ids: [], total: 0) : try manager.client.storedPageBlocking(stored)
        let gone = removedOrder.compactMap { removed[$0] }.filter { result in
            (statuses?.contains(.removed) ?? true) && query.matches(url: result.url, path: result.path)
        }
        // The database answered the window from the offset; the removed results continue after its last row.
        let window = query.window(stored: found.total, extra: gone.count)
        var downloads: [Aria2Download] = []
        for snapshot in await manager.snapshots(of: found.ids.map(DownloadID.init(rawValue:))) {
            if let snapshot { downloads.append(await view(snapshot)) }
        }
        downloads += gone[window.extra]
        let stat = await globalStat()
        var counts = Dictionary(uniqueKeysWithValues: Aria2Status.allCases.map { ($0, 0) })
        for (state, count) in await manager.stateCounts() { counts[Aria2Status(state), default: 0] += count }
        counts[.removed, default: 0] += removedOrder.count { removed[$0] != nil }
        return Aria2Page(downloads: downloads, total: found.total + gone.count, counts: counts, downloadSpeed: stat.downloadSpeed)
    }
}
