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
            let values = ["haulFinalURL": stored.finalURL, "haulETag": stored.etag, "haulLastModified": stored.lastModified]
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
    func tell(_ list: Aria2List, offset: Int, num: Int, keys: [String]?) async -> JSONValue {
        let downloads = await allDownloads().filter { $0.status.list == list }
        let shown = Aria2Queue.window(downloads, offset: offset, num: num)
        return .array(shown.map { Aria2StatusDictionary.status($0, keys: keys) })
    }

    /// `aria2.getGlobalStat`.
    func globalStat() async -> JSONValue {
        let downloads = await allDownloads()
        let speed = downloads.filter { $0.status == .active }.reduce(0.0) { $0 + $1.speed }
        let count = { (list: Aria2List) in String(downloads.filter { $0.status.list == list }.count) }
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
