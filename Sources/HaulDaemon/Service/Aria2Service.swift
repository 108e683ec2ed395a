import Foundation
import HaulCore
import HaulKit

/// aria2's methods over a `DownloadManager`: the daemon's one place that turns aria2's commands into queue commands.
///
/// It takes typed commands and answers Swift values (`AddURIs` → `GID`, a GID → `Aria2Download`); reading and
/// writing the wire format (`JSONValue`, positional parameters, aria2's result shapes) is the RPC layer's
/// (`Aria2Methods`), and so is turning a `CommandRefusal` into aria2's error.
///
/// The translation itself (states, option values, dictionaries, positions) is in the pure `Aria2*` types; this
/// actor only looks downloads up, performs the commands and remembers what aria2 remembers and Haul does not:
/// the results of removed downloads (until `removeDownloadResult`/`purgeDownloadResult`), why a download failed
/// (for `errorCode`), and the global options.
package actor Aria2Service {
    package let manager: DownloadManager
    /// Where RPC clients may save.
    package let directories: DirectoryPolicy
    /// The session id of this run (`getSessionInfo`).
    package nonisolated let sessionID: String
    /// What `shutdown` and `forceShutdown` call, after answering.
    private let requestShutdown: @Sendable () -> Void

    var globals: Aria2GlobalOptions
    /// Told the global options after each change, in the order they were added (`GlobalOptionsFile` keeps them
    /// across restarts; the daemon's note for `haul add`, `DaemonAnnouncement`, follows `dir` and `folder-rule`).
    var globalsChanged: [@Sendable (Aria2GlobalOptions) -> Void] = []
    /// Downloads removed over RPC, kept as aria2 keeps them (status `removed`) until their result is removed.
    var removed: [Int64: Aria2Download] = [:]
    var removedOrder: [Int64] = []
    /// Why downloads failed (aria2's `errorCode`): heard in this run, or read once from the state database for a
    /// download that failed before a restart or in another process (`HaulClient.storedFailure`).
    var failures: [Int64: HaulError] = [:]
    /// Stopped downloads whose results this run forgot (`purgeDownloadResult`, `removeDownloadResult`): still in
    /// aria2's `numStoppedTotal`.
    var forgottenResults = 0
    /// Connections moving bytes, from progress events.
    var activeConnections: [Int64: Int] = [:]
    /// Bytes received and kept by each download's latest run, from progress events (kept after it stops).
    var wireCounts: [Int64: (received: Int64, kept: Int64)] = [:]
    /// An HLS stream's segments written and known, from progress events (kept after it stops).
    var streamSegments: [Int64: (done: Int, total: Int)] = [:]
    /// Options already logged as ignored (each name once per run: a client sends the same ones with every add).
    var loggedIgnored: Set<String> = []
    /// Where the daemon's notes go (standard error); never given a header's or option's value.
    let log: @Sendable (String) -> Void

    package init(
        manager: DownloadManager,
        globals: Aria2GlobalOptions,
        directories: DirectoryPolicy,
        requestShutdown: @escaping @Sendable () -> Void = {},
        log: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data(("haul daemon: " + $0 + "\n").utf8)) }
    ) {
        self.log = log
        self.manager = manager
        self.globals = globals
        self.directories = directories
        self.requestShutdown = requestShutdown
        sessionID = (0..<20).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined()
    }

    /// Whether `observe` keeps anything of `event`: the event pump does not hop onto this actor for the others
    /// (each add of a fill sends an `.added`, and the actor is busy with the adds). `EventPumpHopTests` checks each
    /// kind against what `observe` does with it.
    nonisolated static func observes(_ event: ManagerEvent) -> Bool {
        switch event {
        case .progress, .failed: return true
        case .stateChanged(_, let state): return state != .downloading
        case .current, .added, .note, .finishing, .completed, .removed: return false
        }
    }

    /// Notes what events say that snapshots do not (connections in use, failure kinds).
    package func observe(_ event: ManagerEvent) {
        switch event {
        case .progress(let id, let progress):
            activeConnections[id.rawValue] = progress.activeConnections
            wireCounts[id.rawValue] = (progress.bytesReceived, progress.bytesKept)
            if let done = progress.segmentsDone, let total = progress.segmentsTotal { streamSegments[id.rawValue] = (done, total) }
        case .failed(let id, let error):
            failures[id.rawValue] = error
        case .stateChanged(let id, let state) where state != .downloading:
            activeConnections[id.rawValue] = nil
        default:
            break
        }
    }

    // MARK: looking downloads up

    /// Every download as aria2 sees it, in queue order, removed results last.
    func allDownloads() async -> [Aria2Download] {
        let snapshots = await manager.snapshots
        let details = await manager.requestDetails(of: snapshots.map(\.id))
        let result = snapshots.indices.map { view(snapshots[$0], details[$0]) }
        return result + removedOrder.compactMap { removed[$0] }
    }

    /// One download, by GID or unique prefix.
    package func download(_ gid: String) async throws(CommandRefusal) -> Aria2Download {
        let id = try await resolve(gid)
        if let snapshot = await manager.snapshot(DownloadID(id)) { return await view(snapshot) }
        if let result = removed[id] { return result }
        throw CommandRefusal("GID \(GID(id)) is not found")
    }

    /// The id a GID argument names.
    ///
    /// A whole GID (what clients send) is looked up by id, whatever the queue's length; only a prefix is matched
    /// against every id.
    func resolve(_ text: String) async throws(CommandRefusal) -> Int64 {
        let lookup: GIDTable.Lookup
        if let gid = GID(parsing: text) {
            let held = await manager.holds(DownloadID(gid.id))
            lookup = held || removed[gid.id] != nil ? .found(gid.id) : .unknown
        } else {
            lookup = GIDTable.resolve(text, among: await manager.downloadIDs.map(\.rawValue) + removedOrder)
        }
        switch lookup {
        case .found(let id): return id
        case .unknown: throw CommandRefusal("GID \(text) is not found")
        case .ambiguous: throw CommandRefusal("GID prefix \(text) is ambiguous: give more digits")
        case .malformed: throw CommandRefusal("GID \(text) is not valid: 16 hex digits, or a unique prefix of them")
        }
    }

    func view(_ snapshot: DownloadSnapshot) async -> Aria2Download {
        view(snapshot, await manager.requestDetails(of: [snapshot.id])[0])
    }

    /// `snapshot` as aria2 shows it, with what it was asked (`detail`, from `DownloadManager.requestDetails`: for a
    /// list, read for the whole window in one hop).
    func view(_ snapshot: DownloadSnapshot, _ detail: RequestDetail?) -> Aria2Download {
        // The limit now (changeOption changes it); the snapshot has the one it was added with.
        let rateLimit = detail?.rateLimit ?? snapshot.rateLimit
        var failure = failures[snapshot.id.rawValue]
        if snapshot.state == .failed, failure == nil, let stored = try? manager.client.storedFailure(id: snapshot.id.rawValue) {
            failures[snapshot.id.rawValue] = stored
            failure = stored
        }
        return Aria2Download(
            id: snapshot.id.rawValue,
            status: Aria2Status(snapshot.state),
            url: snapshot.url.absoluteString,
            path: snapshot.destination.path,
            totalBytes: snapshot.totalBytes,
            bytesDone: snapshot.bytesDone,
            speed: snapshot.speed,
            connections: activeConnections[snapshot.id.rawValue] ?? (snapshot.state == .downloading ? 1 : 0),
            requestedConnections: detail?.connections ?? 1,
            errorCode: snapshot.state == .failed
                ? failure.map { Aria2ErrorCode.code(for: $0.kind, httpStatus: $0.httpStatus) } ?? Aria2ErrorCode.unknown
                : nil,
            errorMessage: snapshot.errorMessage ?? failure?.message,
            checksum: detail?.checksum,
            rateLimit: rateLimit,
            headers: detail?.headers.map { Aria2Options.shown("\($0.name): \($0.value)") } ?? [],
            inOrder: detail?.inOrder ?? false,
            minimumSplitSize: detail?.minimumSplitSize,
            bytesReceived: wireCounts[snapshot.id.rawValue]?.received, bytesKept: wireCounts[snapshot.id.rawValue]?.kept,
            segmentsDone: streamSegments[snapshot.id.rawValue]?.done, segmentsTotal: streamSegments[snapshot.id.rawValue]?.total
        )
    }

    /// Runs a manager command, turning Haul's refusals into refusals that say why.
    func perform<T>(_ body: () async throws -> T) async throws(CommandRefusal) -> T {
        do {
            return try await body()
        } catch let error as IllegalTransition {
            throw CommandRefusal(error.description)
        } catch let error as HaulError {
            throw CommandRefusal(error.message)
        } catch let error as CommandRefusal {
            throw error
        } catch {
            throw CommandRefusal("\(error)")
        }
    }

    /// Logs the names of ignored options, each once per run.
    func noteIgnored(_ names: [String]) {
        let new = names.filter { loggedIgnored.insert($0).inserted }
        if !new.isEmpty { log("ignored aria2 option(s) Haul does not use or could not read: \(new.joined(separator: ", "))") }
    }

    func shutdownSoon() {
        requestShutdown()
    }
}
