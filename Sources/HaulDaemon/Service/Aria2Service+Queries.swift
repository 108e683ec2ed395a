import HaulKit

extension Aria2Service {
    /// `aria2.tellStatus`, with aria2's `bitfield` and Haul's own keys (aria2 has none of them): the URL the
    /// redirects ended at (`haulFinalURL`) and the validators its bytes were fetched under (`haulETag`,
    /// `haulLastModified`). They come from the state database; the lists (`tellActive` and friends) read them too,
    /// for the whole window in one read (`details(of:readingStore:)`).
    ///
    /// - Parameter readingStore: whether to read those keys (clients that poll one key, `["status"]`, many times a
    ///   second, do not pay for a database read).
    public func statusDetail(_ gid: String, readingStore: Bool) async throws(CommandRefusal) -> Aria2StatusDetail {
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
    public func globalOptions() -> Aria2GlobalOptions {
        globals
    }

    /// `tellActive`, `tellWaiting`, `tellStopped`: one list, in queue order, through aria2's offset/num window.
    ///
    /// Only the downloads in the window are viewed (`view` asks the manager and the task for what the snapshot
    /// lacks, two hops each): clients such as AriaNg poll these every second, and viewing every stored download
    /// for each poll took 25-60 ms with 9,588 of them (docs/benchmarks.md, "Round 5"). The list and the order are
    /// the snapshot's, the same as `allDownloads()`'s.
    public func tell(_ list: Aria2List, offset: Int, num: Int) async -> [Aria2Download] {
        let held = await manager.snapshots.filter { Aria2Status($0.state).list == list }
        let gone = removedOrder.compactMap { removed[$0] }.filter { $0.status.list == list }
        var shown: [Aria2Download] = []
        for index in Aria2Queue.window(Array(0..<(held.count + gone.count)), offset: offset, num: num) {
            shown.append(index < held.count ? await view(held[index]) : gone[index - held.count])
        }
        return shown
    }

    /// `aria2.getGlobalStat`: counted from the snapshots (`Aria2Status` and the speed are the snapshot's own), with
    /// no `view` of each download.
    public func globalStat() async -> Aria2GlobalStat {
        let snapshots = await manager.snapshots
        let statuses = snapshots.map { (status: Aria2Status($0.state), speed: $0.speed) }
            + removedOrder.compactMap { removed[$0] }.map { (status: $0.status, speed: $0.speed) }
        let speed = statuses.filter { $0.status == .active }.reduce(0.0) { $0 + $1.speed }
        let count = { (list: Aria2List) in statuses.filter { $0.status.list == list }.count }
        let stopped = count(.stopped)
        return Aria2GlobalStat(
            downloadSpeed: Int64(speed), active: count(.active), waiting: count(.waiting), stopped: stopped,
            stoppedTotal: stopped + forgottenResults
        )
    }
}
