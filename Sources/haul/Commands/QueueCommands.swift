import ArgumentParser
import Foundation
import HaulCore
import HaulDaemon
import HaulKit

/// Where the state database is, for every queue command.
struct StateOptions: ParsableArguments {
    @Option(name: OptionSpelling.stateDirectory.names, help: "Where the download database lives. Default: $HAUL_STATE_DIR, else $XDG_STATE_HOME/haul, else ~/.local/state/haul.")
    var stateDirectory: String?

    var directory: String { stateDirectory ?? ProcessEnvironment.defaultStateDirectory }

    func client(trusting certificates: String? = nil) throws -> HaulClient {
        try HaulClient(configuration: HaulConfiguration(
            stateDirectory: URL(fileURLWithPath: directory), extraTrustedCertificates: certificates.map(URL.init(fileURLWithPath:))))
    }
}

/// Runs `body` with a manager that starts nothing (`maxConcurrent` 0) over the downloads `ids` (all when `nil`):
/// commands that only change stored state. An illegal transition becomes a usage error (exit 2).
func withIdleManager(_ state: StateOptions, ids: [Int64]?, _ body: (DownloadManager) async throws -> Void) async throws {
    let client = try state.client()
    let manager = try DownloadManager(client: client, limits: QueueLimits(maxConcurrent: 0, maxTotalConnections: 0))
    var failure: Error?
    do {
        try await manager.restore(ids?.map(DownloadID.init(rawValue:)))
        try await body(manager)
    } catch let error as IllegalTransition {
        failure = HaulError(.usage, error.description)
    } catch {
        failure = error
    }
    await manager.shutdown()
    if let failure {
        await client.shutdownAfterFailure()
        throw failure
    }
    try await client.shutdown()
}

/// Applies `command` to each id in turn, printing `verb id` after each.
func forEach(_ ids: [Int64], _ state: StateOptions, _ verb: String, _ command: (DownloadManager, Int64) async throws -> Void) async throws {
    try await withIdleManager(state, ids: ids) { manager in
        for id in ids {
            try await command(manager, id)
            Terminal.writeOutput("\(verb) \(id)\n")
        }
    }
}

/// `haul pause ID...`.
struct PauseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pause",
        abstract: "Pause downloads: stored as paused; a haul process running one stops it within about a second, keeping its partial file."
    )

    @Argument(help: "Download ids (see 'haul list').")
    var ids: [Int64]

    @OptionGroup var state: StateOptions

    func run() async throws {
        try await forEach(ids, state, "paused") { manager, id in try await manager.pause(DownloadID(id)) }
    }
}

/// `haul cancel ID...`.
struct CancelCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cancel",
        abstract: "Cancel unfinished downloads: the partial file and the record are deleted (by the haul process running it, if one is)."
    )

    @Argument(help: "Download ids (see 'haul list').")
    var ids: [Int64]

    @OptionGroup var state: StateOptions

    func run() async throws {
        try await forEach(ids, state, "cancelled") { manager, id in try await manager.cancel(DownloadID(id)) }
    }
}

/// `haul remove ID...`.
struct RemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Forget downloads: a completed one loses its record (its file stays unless --delete-file); an unfinished one is cancelled."
    )

    @Argument(help: "Download ids (see 'haul list').")
    var ids: [Int64]

    @Flag(name: .customLong("delete-file"), help: "Also delete the downloaded file of a completed download. A paused, failed or queued one always loses its partial file (without its record it could not be resumed safely), and only that file: a file at its final name is not its own.")
    var deleteFile = false

    @OptionGroup var state: StateOptions

    func run() async throws {
        try await forEach(ids, state, "removed") { manager, id in try await manager.remove(DownloadID(id), deletingFile: deleteFile) }
    }
}

/// `haul move ID --top|--bottom|--priority N`.
struct MoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "move",
        abstract: "Change a queued download's place: first or last in line, or a priority (higher runs first). A running haul picks the change up within about a second."
    )

    @Argument(help: "Download id (see 'haul list').")
    var id: Int64

    @Flag(name: .customLong("top"), help: "First in line.")
    var top = false

    @Flag(name: .customLong("bottom"), help: "Last in line.")
    var bottom = false

    @Option(name: .customLong("priority"), help: "Set the priority (default 0; higher runs first).")
    var priority: Int?

    @OptionGroup var state: StateOptions

    func validate() throws {
        if [top, bottom, priority != nil].filter({ $0 }).count != 1 {
            throw ValidationError("give exactly one of --top, --bottom, --priority N")
        }
    }

    func run() async throws {
        // Every download takes part: a place in line is relative to the others.
        try await withIdleManager(state, ids: nil) { manager in
            if top {
                try await manager.moveToTop(DownloadID(id))
            } else if bottom {
                try await manager.moveToBottom(DownloadID(id))
            } else if let priority {
                try await manager.setPriority(priority, of: DownloadID(id))
            }
            let place = await manager.snapshots.filter { !$0.state.isFinal }.firstIndex { $0.id.rawValue == id }
            Terminal.writeOutput("moved \(id)\(place.map { ": number \($0 + 1) in line" } ?? "")\n")
        }
    }
}
