import HaulKit

extension Aria2Service {
    /// `aria2.tellStatus`.
    func tellStatus(_ gid: JSONValue, keys: [String]?) async throws(RPCError) -> JSONValue {
        Aria2StatusDictionary.status(try await download(gid), keys: keys)
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
