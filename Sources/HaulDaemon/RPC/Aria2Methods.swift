/// aria2's method names, their parameters, and which `Aria2Service` operation answers each.
package enum Aria2Methods {
    /// The methods answered (`system.listMethods`).
    package static let names: [String] = [
        "aria2.addUri", "aria2.addMetalink", "aria2.remove", "aria2.forceRemove", "aria2.pause", "aria2.pauseAll", "aria2.forcePause",
        "aria2.forcePauseAll", "aria2.unpause", "aria2.unpauseAll", "aria2.tellStatus", "aria2.getUris",
        "aria2.getFiles", "aria2.getServers", "aria2.tellActive", "aria2.tellWaiting", "aria2.tellStopped",
        "aria2.changePosition", "aria2.getOption", "aria2.changeOption", "aria2.getGlobalOption",
        "aria2.changeGlobalOption", "aria2.getGlobalStat", "aria2.purgeDownloadResult", "aria2.removeDownloadResult",
        "aria2.getVersion", "aria2.getSessionInfo", "aria2.shutdown", "aria2.forceShutdown", "aria2.saveSession",
        "aria2.changeUri", "aria2.getPeers", "system.multicall", "system.listMethods", "system.listNotifications",
        "haul.subscribeProgress", "haul.removeDownloadAndFile",
        "haul.getHostBudgets", "haul.resetHostBudgets", "haul.listDownloads",
    ]

    /// aria2's notifications (`system.listNotifications`); Haul sends these five (no BitTorrent).
    package static let notifications: [String] = [
        "aria2.onDownloadStart", "aria2.onDownloadPause", "aria2.onDownloadStop", "aria2.onDownloadComplete",
        "aria2.onDownloadError",
    ]

    /// Answered without the secret, as aria2 does: they only list names (`SecretChecks.openMethods`, where the
    /// secret rules are).
    package static var withoutSecret: Set<String> { SecretChecks.openMethods }

    /// aria2 methods Haul does not answer: a clear error saying why, not "no such method".
    package static let unsupported: [String: String] = [
        "aria2.addTorrent": "aria2.addTorrent is not supported: BitTorrent is out of Haul's scope (it downloads HTTP and HTTPS)",
    ]

    /// Runs `method` with `params` (the secret already taken off): decodes the parameters into a typed command
    /// (`Parameters`), has the service perform it, and encodes its answer (`Aria2Results`). A `CommandRefusal` is
    /// aria2's error (code 1) with its message.
    static func call(
        _ method: String, _ params: [JSONValue], on service: Aria2Service, context: CallContext
    ) async throws(RPCError) -> JSONValue {
        let p = Parameters(method: method, values: params)
        do {
            return try await perform(method, p, on: service, context: context)
        } catch let refusal as CommandRefusal {
            throw .aria2(refusal.message)
        } catch let error as RPCError {
            throw error
        } catch {
            throw .aria2("\(error)")
        }
    }

    private static func perform(
        _ method: String, _ p: Parameters, on service: Aria2Service, context: CallContext
    ) async throws -> JSONValue {
        switch method {
        case "aria2.addUri":
            return .string(try await service.add(p.addURIs()).description)
        case "aria2.addMetalink":
            return .array(try await service.add(p.addMetalink()).map { .string($0.description) })
        case "aria2.remove", "aria2.forceRemove":
            return .string(try await service.remove(p.gid(0)).description)
        case "aria2.pause", "aria2.forcePause":
            return .string(try await service.pause(p.gid(0)).description)
        case "aria2.pauseAll", "aria2.forcePauseAll":
            await service.pauseAll()
            return "OK"
        case "aria2.unpause":
            return .string(try await service.unpause(p.gid(0)).description)
        case "aria2.unpauseAll":
            await service.unpauseAll()
            return "OK"
        case "aria2.tellStatus":
            let gid = try p.gid(0)
            let keys = try p.keys(1)
            let detail = try await service.statusDetail(gid, readingStore: !Aria2Results.storedKeys(keys).isEmpty)
            return Aria2Results.status(detail, keys: keys)
        case "aria2.getUris":
            return try await Aria2StatusDictionary.uris(service.download(p.gid(0)))
        case "aria2.getFiles":
            return try await Aria2StatusDictionary.files(service.download(p.gid(0)))
        case "aria2.getServers":
            return try await Aria2StatusDictionary.servers(service.download(p.gid(0)))
        case "aria2.tellActive":
            let keys = try p.keys(0)
            return await list(.active, offset: 0, num: Int.max, keys: keys, on: service)
        case "aria2.tellWaiting", "aria2.tellStopped":
            let (offset, num, keys) = (try p.integer(0), try p.integer(1), try p.keys(2))
            // aria2 refuses a negative count with this sentence (an empty list would hide the client's mistake).
            guard num >= 0 else { throw RPCError.invalidParams("The parameter num must be zero or positive integer.") }
            let list: Aria2List = method == "aria2.tellWaiting" ? .waiting : .stopped
            return await self.list(list, offset: offset, num: num, keys: keys, on: service)
        case "aria2.changePosition":
            let (gid, pos) = (try p.gid(0), try p.integer(1))
            guard let how = Aria2Queue.Origin(rawValue: try p.string(2)) else {
                throw RPCError.invalidParams("how must be POS_SET, POS_CUR or POS_END")
            }
            return .int(Int64(try await service.changePosition(gid, pos: pos, how: how)))
        case "aria2.changeUri":
            let changed = try await service.changeURIs(p.changeURIs())
            return [.int(Int64(changed.deleted)), .int(Int64(changed.added))]
        case "aria2.getPeers":
            _ = try await service.download(p.gid(0))
            return []  // no peers: Haul downloads over HTTP(S), never BitTorrent
        case "aria2.getOption":
            return try await Aria2GlobalOptions.options(of: service.download(p.gid(0)), fixed: service.globalOptions().fixed)
        case "aria2.changeOption":
            try await service.changeOptions(p.changeDownloadOptions())
            return "OK"
        case "aria2.getGlobalOption":
            return Aria2Results.globalOptions(await service.globalOptions(), allowed: service.directories.allowed)
        case "aria2.changeGlobalOption":
            let options = try p.object(0)
            var directory: String?
            if let value = options["dir"], value != .null {
                guard let text = value.stringValue, !text.isEmpty else { throw RPCError.aria2("dir must be a directory's path") }
                directory = text
            }
            let others = options.filter { $0.key != "dir" }
            try await service.changeGlobalOptions(directory: directory) { globals throws(Aria2OptionError) in
                try globals.changed(by: others)
            }
            return "OK"
        case "aria2.getGlobalStat":
            return Aria2Results.globalStat(await service.globalStat())
        case "aria2.purgeDownloadResult":
            await service.purgeDownloadResults()
            return "OK"
        case "aria2.removeDownloadResult":
            try await service.removeDownloadResult(p.gid(0))
            return "OK"
        case "haul.removeDownloadAndFile":
            try await service.removeDownloadAndFile(p.gid(0))
            return "OK"
        case "haul.getHostBudgets":
            return Aria2Results.hostBudgets(try await service.hostBudgets())
        case "haul.listDownloads":
            return try await listDownloads(p, on: service)
        case "haul.resetHostBudgets":
            return .string(String(try await service.resetHostBudgets(p.hosts(0))))
        case "aria2.getVersion":
            return Aria2Results.version
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
                throw RPCError.aria2("haul.subscribeProgress is for WebSocket connections (progress is pushed, not polled)")
            }
            subscribe()
            return "OK"
        default:
            if let why = unsupported[method] { throw RPCError.aria2(why) }
            throw RPCError.noSuchMethod(method)
        }
    }

    /// One of the three lists, each download with the keys `tellStatus` would give it (the state database is read
    /// once for the window, and only when `keys` asks for a key it holds).
    private static func list(
        _ list: Aria2List, offset: Int, num: Int, keys: [String]?, on service: Aria2Service
    ) async -> JSONValue {
        let details = await service.tellDetails(list, offset: offset, num: num, readingStore: !Aria2Results.storedKeys(keys).isEmpty)
        return Aria2Results.statuses(details, keys: keys)
    }
}
