/// aria2's method names, their parameters, and which `Aria2Service` operation answers each.
public enum Aria2Methods {
    /// The methods answered (`system.listMethods`).
    public static let names: [String] = [
        "aria2.addUri", "aria2.addMetalink", "aria2.remove", "aria2.forceRemove", "aria2.pause", "aria2.pauseAll", "aria2.forcePause",
        "aria2.forcePauseAll", "aria2.unpause", "aria2.unpauseAll", "aria2.tellStatus", "aria2.getUris",
        "aria2.getFiles", "aria2.getServers", "aria2.tellActive", "aria2.tellWaiting", "aria2.tellStopped",
        "aria2.changePosition", "aria2.getOption", "aria2.changeOption", "aria2.getGlobalOption",
        "aria2.changeGlobalOption", "aria2.getGlobalStat", "aria2.purgeDownloadResult", "aria2.removeDownloadResult",
        "aria2.getVersion", "aria2.getSessionInfo", "aria2.shutdown", "aria2.forceShutdown", "aria2.saveSession",
        "aria2.changeUri", "aria2.getPeers", "system.multicall", "system.listMethods", "system.listNotifications",
        "haul.subscribeProgress", "haul.removeDownloadAndFile",
    ]

    /// aria2's notifications (`system.listNotifications`); Haul sends these five (no BitTorrent).
    public static let notifications: [String] = [
        "aria2.onDownloadStart", "aria2.onDownloadPause", "aria2.onDownloadStop", "aria2.onDownloadComplete",
        "aria2.onDownloadError",
    ]

    /// Answered without the secret, as aria2 does: they only list names.
    public static let withoutSecret: Set<String> = ["system.listMethods", "system.listNotifications"]

    /// aria2 methods Haul does not answer: a clear error saying why, not "no such method".
    public static let unsupported: [String: String] = [
        "aria2.addTorrent": "aria2.addTorrent is not supported: BitTorrent is out of Haul's scope (it downloads HTTP and HTTPS)",
    ]

    /// Runs `method` with `params` (the secret already taken off).
    static func call(
        _ method: String, _ params: [JSONValue], on service: Aria2Service, context: CallContext
    ) async throws(RPCError) -> JSONValue {
        let p = Parameters(method: method, values: params)
        switch method {
        case "aria2.addUri":
            return try await service.addUri(uris: p.required(0), options: p.optional(1), position: p.optional(2))
        case "aria2.addMetalink":
            return try await service.addMetalink(p.required(0), options: p.optional(1), position: p.optional(2))
        case "aria2.remove", "aria2.forceRemove":
            return try await service.remove(p.required(0))
        case "aria2.pause", "aria2.forcePause":
            return try await service.pause(p.required(0))
        case "aria2.pauseAll", "aria2.forcePauseAll":
            return await service.pauseAll()
        case "aria2.unpause":
            return try await service.unpause(p.required(0))
        case "aria2.unpauseAll":
            return await service.unpauseAll()
        case "aria2.tellStatus":
            return try await service.tellStatus(p.required(0), keys: p.keys(1))
        case "aria2.getUris":
            return try await Aria2StatusDictionary.uris(service.download(p.required(0)))
        case "aria2.getFiles":
            return try await Aria2StatusDictionary.files(service.download(p.required(0)))
        case "aria2.getServers":
            return try await Aria2StatusDictionary.servers(service.download(p.required(0)))
        case "aria2.tellActive":
            return await service.tell(.active, offset: 0, num: Int.max, keys: try p.keys(0))
        case "aria2.tellWaiting":
            return await service.tell(.waiting, offset: try p.integer(0), num: try p.integer(1), keys: try p.keys(2))
        case "aria2.tellStopped":
            return await service.tell(.stopped, offset: try p.integer(0), num: try p.integer(1), keys: try p.keys(2))
        case "aria2.changePosition":
            guard let how = Aria2Queue.Origin(rawValue: try p.string(2)) else {
                throw .invalidParams("how must be POS_SET, POS_CUR or POS_END")
            }
            return try await service.changePosition(p.required(0), pos: p.integer(1), how: how)
        case "aria2.changeUri":
            return try await service.changeUri(
                p.required(0), fileIndex: p.integer(1), delete: p.required(2), add: p.required(3), position: p.optional(4)
            )
        case "aria2.getPeers":
            _ = try await service.download(p.required(0))
            return []  // no peers: Haul downloads over HTTP(S), never BitTorrent
        case "aria2.getOption":
            return try await Aria2GlobalOptions.options(of: service.download(p.required(0)))
        case "aria2.changeOption":
            return try await service.changeOption(p.required(0), p.object(1))
        case "aria2.getGlobalOption":
            return await service.globalOptions()
        case "aria2.changeGlobalOption":
            return try await service.changeGlobalOption(p.object(0))
        case "aria2.getGlobalStat":
            return await service.globalStat()
        case "aria2.purgeDownloadResult":
            return await service.purgeDownloadResults()
        case "aria2.removeDownloadResult":
            return try await service.removeDownloadResult(p.required(0))
        case "haul.removeDownloadAndFile":
            return try await service.removeDownloadAndFile(p.required(0))
        case "aria2.getVersion":
            return await service.version()
        case "aria2.getSessionInfo":
            return ["sessionId": .string(service.sessionID)]
        case "aria2.saveSession":
            return "OK"  // every change is already in the SQLite store
        case "aria2.shutdown", "aria2.forceShutdown":
            await service.shutdownSoon()
            return "OK"
        case "system.listMethods":
            return .array(names.map { .string($0) })
        case "system.listNotifications":
            return .array(notifications.map { .string($0) })
        case "haul.subscribeProgress":
            guard let subscribe = context.subscribeProgress else {
                throw .aria2("haul.subscribeProgress is for WebSocket connections (progress is pushed, not polled)")
            }
            subscribe()
            return "OK"
        default:
            if let why = unsupported[method] { throw .aria2(why) }
            throw .noSuchMethod(method)
        }
    }

    /// Positional parameters, with errors that name the method and position.
    struct Parameters {
        let method: String
        let values: [JSONValue]

        func required(_ index: Int) throws(RPCError) -> JSONValue {
            guard index < values.count else { throw .invalidParams("\(method): parameter \(index + 1) is missing") }
            return values[index]
        }

        func optional(_ index: Int) -> JSONValue? {
            index < values.count ? values[index] : nil
        }

        func integer(_ index: Int) throws(RPCError) -> Int {
            guard let value = try required(index).intValue, let int = Int(exactly: value) else {
                throw .invalidParams("\(method): parameter \(index + 1) must be an integer")
            }
            return int
        }

        func string(_ index: Int) throws(RPCError) -> String {
            guard let value = try required(index).stringValue else {
                throw .invalidParams("\(method): parameter \(index + 1) must be a string")
            }
            return value
        }

        func object(_ index: Int) throws(RPCError) -> [String: JSONValue] {
            guard let value = try required(index).objectValue else {
                throw .invalidParams("\(method): parameter \(index + 1) must be a struct of options")
            }
            return value
        }

        /// aria2's optional `keys` array.
        func keys(_ index: Int) throws(RPCError) -> [String]? {
            guard let value = optional(index), value != .null else { return nil }
            guard let list = value.arrayValue, list.allSatisfy({ $0.stringValue != nil }) else {
                throw .invalidParams("\(method): keys must be an array of strings")
            }
            return list.compactMap(\.stringValue)
        }
    }
}
