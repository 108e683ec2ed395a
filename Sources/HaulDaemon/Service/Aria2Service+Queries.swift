import HaulKit

extension Aria2Service {
    /// `aria2.tellStatus`, with Haul's own keys for one download's detail (aria2 has none of them): the URL the
    /// redirects ended at (`haulFinalURL`) and the validators its bytes were fetched under (`haulETag`,
    /// `haulLastModified`). They come from the state database, so only this one-download method carries them
    /// (`tellActive` and friends answer for a thousand downloads without reading it).
    func tellStatus(_ gid: JSONValue, keys: [String]?) async throws(RPCError) -> JSONValue {
        let download = try await download(gid)
        guard case .object(var fields) = Aria2StatusDictionary.status(download, keys: keys) else {
            return Aria2StatusDictionary.status(download, keys: keys)
        }
        let wanted = ["haulFinalURL", "haulETag", "haulLastModified"].filter { keys?.isEmpty != false || keys!.contains($0) }
        // Clients that poll one key (`["status"]`, many times a second) do not pay for a database read.
        if !wanted.isEmpty, let stored = try? manager.client.storedDownload(id: download.id) {
            let values = ["haulFinalURL": stored.finalURL?.absoluteString, "haulETag": stored.etag, "haulLastModified": stored.lastModified]
            for key in wanted { if let value = values[key] ?? nil { fields[key] = .string(value) } }
        }
        return .object(fields)
    }

    /// `aria2.getGlobalOption`, plus Haul's `haul-allow-dir`: the directories RPC clients may save into, one per
    /// line (the web page offers them when adding a download).
    func globalOptions() -> JSONValue {
        guard case .object(var fields) = globals.dictionary else { return globals.dictionary }
        fields["haul-allow-dir"] = .string(directories.allowed.joined(separator: "\n"))
        return .object(fields)
    }

    /// `tellActive`, `tellWaiting`, `tellStopped`: one list, in queue order, through aria2's offset/num window.
    ///
    /// Only the downloads in the window are viewed (`view` asks the manager and the task for what the snapshot
    /// lacks, two hops each): clients such as AriaNg poll these every second, and viewing every stored download
    /// for each poll took 25-60 ms with 9,588 of them (docs/benchmarks.md, "Round 5"). The list and the order are
    /// the snapshot's, the same as `allDownloads()`'s.
    func tell(_ list: Aria2List, offset: Int, num: Int, keys: [String]?) async -> JSONValue {
        let held = await manager.snapshots.filter { Aria2Status($0.state).list == list }
        let gone = removedOrder.compactMap { removed[$0] }.filter { $0.status.list == list }
        var shown: [Aria2Download] = []
        for index in Aria2Queue.window(Array(0..<(held.count + gone.count)), offset: offset, num: num) {
            shown.append(index < held.count ? await view(held[index]) : gone[index - held.count])
        }
        return .array(shown.map { Aria2StatusDictionary.status($0, keys: keys) })
    }

    /// `aria2.getGlobalStat`: counted from the snapshots (`Aria2Status` and the speed are the snapshot's own), with
    /// no `view` of each download.
    func globalStat() async -> JSONValue {
        let snapshots = await manager.snapshots
        let statuses = snapshots.map { (status: Aria2Status($0.state), speed: $0.speed) }
            + removedOrder.compactMap { removed[$0] }.map { (status: $0.status, speed: $0.speed) }
        let speed = statuses.filter { $0.status == .active }.reduce(0.0) { $0 + $1.speed }
        let count = { (list: Aria2List) in String(statuses.filter { $0.status.list == list }.count) }
        return [
            "downloadSpeed": .string(String(Int64(speed))),
            "uploadSpeed": "0",
            "numActive": .string(count(.active)),
            "numWaiting": .string(count(.waiting)),
            "numStopped": .string(count(.stopped)),
            "numStoppedTotal": .string(count(.stopped)),
        ]
    }

    /// `aria2.getVersion`: the aria2 version whose RPC interface Haul follows (clients compare it to enable
    /// features), and Haul's own.
    func version() -> JSONValue {
        [
            "version": "1.37.0",
            "enabledFeatures": ["HTTPS", "Message Digest"],
            "haulVersion": .string(HaulVersion.string),
        ]
    }
}
