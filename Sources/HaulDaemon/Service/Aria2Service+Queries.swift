import HaulCore
import HaulKit

extension Aria2Service {
    /// `aria2.tellStatus`, with aria2's `bitfield` and Haul's own keys (aria2 has none of them): the URL the
    /// redirects ended at (`haulFinalURL`) and the validators its bytes were fetched under (`haulETag`,
    /// `haulLastModified`). They come from the state database; the lists (`tellActive` and friends) read them too,
    /// for the whole window in one read (`details(of:readingStore:)`).
    ///
    /// - Parameter readingStore: whether to read those keys (clients that poll one key, `["status"]`, many times a
    ///   second, do not pay for a database read).
    package func statusDetail(_ gid: String, readingStore: Bool) async throws(CommandRefusal) -> Aria2StatusDetail {
        let download = try await download(gid)
        return details(of: [download], readingStore: readingStore)[0]
    }

    /// The downloads with what the state database knows of them (`Aria2StatusDetail`), read for all of them at once
    /// (two queries, whatever their number) when `readingStore`: the lists give every key `tellStatus` gives.
    func details(of downloads: [Aria2Download], readingStore: Bool) -> [Aria2StatusDetail] {
        let stored = readingStore ? (try? manager.client.storedDetails(ids: downloads.map(\.id))) ?? [:] : [:]
        return downloads.map { download in
            var detail = Aria2StatusDetail(download: download)
            guard readingStore else { return detail }
            let known = stored[download.id]
            detail.finalURL = known?.finalURL
            detail.etag = known?.etag
            detail.lastModified = known?.lastModified
            if let total = download.totalBytes {
                // A completed download keeps no segments: it holds the whole file. One that has not begun holds none,
                // with or without a record.
                let held = download.status == .complete ? [0..<total] : known?.held ?? []
                detail.bitfield = Aria2Bitfield.hex(held: held, total: total, pieceLength: Aria2StatusDictionary.pieceLength)
            }
            return detail
        }
    }

    /// `aria2.getGlobalOption` (with `directories`, Haul's `haul-allow-dir`).
    package func globalOptions() -> Aria2GlobalOptions {
        globals
    }

    /// `tellActive`, `tellWaiting`, `tellStopped`: one list, in queue order, through aria2's offset/num window.
    ///
    /// Only the window is looked at: the list's ids come in queue order from the manager (kept there until the
    /// queue changes), `Aria2Queue.windowIndices` picks the window's positions, and only those downloads are
    /// snapshotted and viewed. A page polling `tellWaiting(0, 1000)` of a queue of 30,000 pays for 1,000
    /// (docs/benchmarks.md, "Daemon at scale"). Removed results follow the manager's downloads, as in
    /// `allDownloads()`.
    package func tell(_ list: Aria2List, offset: Int, num: Int) async -> [Aria2Download] {
        let held = await manager.orderedIDs(in: Self.states(in: list))
        let gone = removedOrder.compactMap { removed[$0] }.filter { $0.status.list == list }
        let indices = Aria2Queue.windowIndices(count: held.count + gone.count, offset: offset, num: num)
        let window = indices.filter { $0 < held.count }.map { held[$0] }
        let (snapshots, details) = await manager.snapshotsAndRequestDetails(of: window)
        var shown: [Aria2Download] = []
        var next = 0
        for index in indices {
            if index >= held.count {
                shown.append(gone[index - held.count])
                continue
            }
            defer { next += 1 }
            // A download dropped between the two hops is left out, as a list read a moment later would.
            if let snapshot = snapshots[next] { shown.append(view(snapshot, details[next])) }
        }
        return shown
    }

    /// `tell(_:offset:num:)`'s downloads with `details(of:readingStore:)`, in one call: the lists' path (one hop onto
    /// the service, not two).
    package func tellDetails(_ list: Aria2List, offset: Int, num: Int, readingStore: Bool) async -> [Aria2StatusDetail] {
        details(of: await tell(list, offset: offset, num: num), readingStore: readingStore)
    }

    /// The Haul states whose downloads aria2 shows in `list`.
    static func states(in list: Aria2List) -> Set<DownloadState> {
        Set(DownloadState.allCases.filter { Aria2Status($0).list == list })
    }

    /// `aria2.getGlobalStat`: counted per state by the manager (kept until the queue changes), the speed summed over
    /// the running downloads only: no walk over the queue, no `view` of each download.
    package func globalStat() async -> Aria2GlobalStat {
        let (counts, running) = await manager.countsAndRunning()
        let speed = running.reduce(0.0) { $0 + $1.speed }
        var byList: [Aria2List: Int] = [:]
        for (state, count) in counts { byList[Aria2Status(state).list, default: 0] += count }
        for id in removedOrder { if let gone = removed[id] { byList[gone.status.list, default: 0] += 1 } }
        let stopped = byList[.stopped] ?? 0
        return Aria2GlobalStat(
            downloadSpeed: Int64(speed), active: byList[.active] ?? 0, waiting: byList[.waiting] ?? 0, stopped: stopped,
            stoppedTotal: stopped + forgottenResults
        )
    }
}
