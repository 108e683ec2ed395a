/// Which JSON-RPC requests are answered on their connection's event loop, and which on the global pool
/// (issue 62, point 4).
///
/// Why: handing each call from its event loop to the pool and back was about 15 % of a release daemon's samples
/// under a page's polling (context switches); answering every call on its loop took that away, but a call then
/// holds every other connection of its loop while it runs, and a page's `tellWaiting(0, 1000)` made another
/// client's `getVersion` wait twice as long (docs/daemon.md). So only a call whose work is bounded by a small
/// number, whatever the queue holds, stays on the loop; one whose work grows with the queue, the request, or that
/// writes to the store, goes to the pool. Pure: `RPCEndpoint` asks it once a body is parsed.
package enum SmallCalls {
    /// The most downloads a `tellWaiting` or `tellStopped` answered on the loop asks for.
    package static let maxListed = 100
    /// The most calls in a batch or a `system.multicall` answered on the loop (each of them small).
    package static let maxCalls = 8

    /// The longest body whose call is started on the loop: reading a body costs what it holds, so a long one (a
    /// multicall of adds) is read on the pool.
    package static let maxBodyOnLoop = 4096

    /// Whether an HTTP request's answer is started on its connection's event loop: a JSON-RPC POST short enough to
    /// be read there. `RPCEndpoint` then sends on to the pool what `answeredOnLoop` does not keep.
    package static func startsOnLoop(method: String, uri: String, bodyBytes: Int) -> Bool {
        method == "POST" && bodyBytes <= maxBodyOnLoop && (uri == "/jsonrpc" || uri.hasPrefix("/jsonrpc?"))
    }

    /// Reads whose answer does not depend on the queue's size. `tellActive` lists the running downloads, at most
    /// `max-concurrent-downloads` (5 unless set, at most 1000): what a page polls every second.
    static let fixed: Set<String> = [
        "aria2.getVersion", "aria2.getGlobalStat", "aria2.getGlobalOption", "aria2.getSessionInfo", "aria2.tellActive",
        "system.listMethods", "system.listNotifications",
    ]

    /// Reads of one download. Small when given a whole GID (16 hex digits), found by id; a prefix is matched
    /// against every id, so it goes to the pool.
    static let ofOneDownload: Set<String> = [
        "aria2.tellStatus", "aria2.getUris", "aria2.getFiles", "aria2.getServers", "aria2.getPeers", "aria2.getOption",
    ]

    /// Whether a parsed body is answered on its event loop: a request that could not be read (its error is the
    /// answer), one small call, or a batch of at most `maxCalls` small calls. A call that was refused as
    /// malformed is answered with its error and counts as small.
    package static func answeredOnLoop(_ parsed: JSONRPCEnvelope.Parsed) -> Bool {
        switch parsed {
        case .invalid: return true
        case .single(let call): return isSmall(call)
        case .batch(let calls): return calls.count <= maxCalls && calls.allSatisfy(isSmall)
        }
    }

    static func isSmall(_ parsed: Result<RPCCall, JSONRPCEnvelope.RPCErrorWithID>) -> Bool {
        guard case .success(let call) = parsed else { return true }
        return isSmall(method: call.method, params: call.params, nested: false)
    }

    /// Whether one call is small; `params` as sent (the secret, if first, is skipped).
    ///
    /// Everything not named here goes to the pool: adds (many URIs, a metalink's parsing), changes (each writes
    /// to the store), `purgeDownloadResult` and the `*All` calls (every download), `haul.listDownloads` (a query
    /// over the store), and any method this list does not know.
    package static func isSmall(method: String, params: [JSONValue], nested: Bool) -> Bool {
        var arguments = params[...]
        if case .string(let first)? = arguments.first, first.hasPrefix("token:") { arguments = arguments.dropFirst() }
        if fixed.contains(method) { return true }
        if ofOneDownload.contains(method) { return arguments.first?.stringValue?.utf8.count == 16 }
        switch method {
        case "aria2.tellWaiting", "aria2.tellStopped":
            // (offset, num, keys): the answer holds at most `num` downloads, wherever the window starts.
            guard arguments.count >= 2, let num = arguments[arguments.startIndex + 1].intValue else { return false }
            return num >= 0 && num <= maxListed
        case "system.multicall":
            if nested { return false }  // refused at once, but not worth a rule
            guard arguments.count == 1, let calls = arguments.first?.arrayValue, calls.count <= maxCalls else { return false }
            return calls.allSatisfy { entry in
                guard let name = entry["methodName"]?.stringValue else { return true }  // answered with its error
                return isSmall(method: name, params: entry["params"]?.arrayValue ?? [], nested: true)
            }
        default:
            return false
        }
    }
}
