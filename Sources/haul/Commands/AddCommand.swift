import ArgumentParser
import Foundation
import HaulCore
import HaulDaemon
import HaulKit

/// `haul add URL...`: queues downloads in the state database without running them, for a running `haul daemon`
/// (which picks them up within about a second) or the next `haul resume`.
///
/// Beside a daemon (one runs on the same state directory: `DaemonAnnouncement`), files go where the daemon saves
/// them, as over RPC: its `dir` by default (its `-d`, or what its Settings changed it to), by its `folder-rule`
/// unless the command gives its own `--folder-rule`, `-d` or `-o` path, and `-d` must be one of its allowed
/// directories. Without one, the current directory, and a line on standard error says that nothing will run them
/// until a daemon or `haul resume` does.
struct AddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Queue downloads without running them: a running 'haul daemon' starts them, or the next 'haul resume'.",
        discussion: """
            The download options are those of 'haul get', except --checksum auto. Beside a daemon running on the \
            state directory, files go where it saves them, as over RPC: its directory unless -d or an -o path \
            says otherwise (one of the directories it allows), by its own folder rules unless --folder-rule is given.
            """
    )

    @Argument(help: "The http or https URLs.")
    var urls: [String]

    /// `-o`, `-d`, `--folder-rule`, `-H`, `--checksum`, `--hls-variant`, `--hls-audio`, declared once with `haul get`
    /// (`RequestArguments`); what they mean beside a daemon is in the discussion above.
    @OptionGroup var request: RequestArguments

    /// `-x` and `--limit-rate`, declared once with `haul get`.
    @OptionGroup var bandwidth: BandwidthArguments

    @Flag(name: .customLong("paused"), help: "Add paused: it waits for 'haul resume ID' (or aria2.unpause).")
    var paused = false

    @OptionGroup var state: StateOptions

    /// `-x`: the count given, else the default `haul get` has (`TransferOptions.defaultConnections`).
    var connections: ConnectionCount { bandwidth.connections ?? TransferOptions.defaultConnections }

    /// The checks of `request`'s options alone are its own (`RequestArguments.validate()`); these are the line's.
    func validate() throws {
        if request.output != nil && urls.count > 1 { throw ValidationError("-o/--output takes a single URL") }
        if request.checksum != nil && urls.count > 1 { throw ValidationError("--checksum takes a single URL") }
        try OptionChecks.bandwidth(connections: bandwidth.connections, limitRate: bandwidth.limitRate)
        for url in urls where !OptionChecks.isWebURL(url) { throw OptionChecks.notWebURL(url) }
    }

    /// The downloads the line queues, beside `daemon` (the one running on the state directory, if any): their
    /// directories checked against it and made.
    func requests(beside daemon: DaemonAnnouncement.Info?) throws -> [DownloadRequest] {
        let workingDirectory = FileManager.default.currentDirectoryPath
        func absolute(_ path: String) -> String {
            ((path.hasPrefix("/") ? path : workingDirectory + "/" + path) as NSString).standardizingPath
        }
        let folder = absolute(request.directory ?? daemon?.directory ?? workingDirectory)
        if let daemon, !daemon.allows(folder) {
            throw outside(folder, of: daemon)
        }
        try DownloadPlan.createDirectory(atPath: folder)
        // A rule fills in a directory where none is given (`-d`, an `-o` path): the command's own, else, beside a
        // daemon, the daemon's (`folder-rule`, as an RPC add without `dir` gets them).
        // `-o` as `haul get` reads it (`OutputTarget`): a trailing `/` or an existing directory is where it goes.
        let target = request.output.map { OutputTarget.lookingUp($0, below: folder, absolute: absolute) }
        let placesItself = !DownloadPlan.followsFolderRules(directoryChosen: request.directory != nil || (target?.isDirectory ?? false), name: request.output)
        var rules = try placesItself ? nil : DownloadOptions.folderRules(request.folderRules)
        if let daemon, let own = rules {
            for rule in own.resolvingDirectories(home: DownloadRequest.homeDirectory, base: folder).rules where !daemon.allows(rule.directory) {
                throw outside(rule.directory, of: daemon, named: "--folder-rule: ")
            }
        } else if let daemon, !placesItself, let text = daemon.folderRules {
            do {
                rules = try Aria2Service.folderRules(text, base: folder, allowed: DirectoryPolicy(allowed: daemon.allowed))
            } catch {
                throw HaulError(.usage, "the daemon on \(state.directory) has a folder rule this command cannot follow: \(error.message)")
            }
        }
        let parsedHeaders = request.headers.map(DownloadRequest.Header.init(option:))
        let expected = try OptionChecks.checksum(request.checksum)
        let requests = urls.map { text -> DownloadRequest in
            let url = URL(string: text)!
            var download = DownloadPlan.request(
                url, destination: DownloadPlan.destination(of: url, in: folder, output: target), headers: parsedHeaders,
                onConflict: .rename, checksum: expected, rate: bandwidth.limitRate.flatMap(ByteCount.parse), connections: connections
            )
            download.folderRules = rules
            let hls = DownloadPlan.HLSChoice(variant: request.hlsVariant.flatMap(HLSVariantChoice.init), audioLanguage: request.hlsAudio)
            DownloadPlan.Extras(hls: hls).apply(to: &download, now: 0)  // no cookies in `haul add`: no expiry to read
            return download
        }
        // An `-o` path names its own directory: the daemon must allow it too (`-o ../x` leaves the folder), and it
        // is made here, as `haul -o sub/x` makes it.
        for download in requests where request.output != nil {
            let parent = (download.destinationPath as NSString).deletingLastPathComponent
            if let daemon, !daemon.allows(parent) {
                throw outside(parent, of: daemon)
            }
            try DownloadPlan.createParent(of: download.destinationPath)
        }
        return requests
    }

    func run() async throws {
        let daemon = DaemonAnnouncement.running(stateDirectory: state.directory)
        let requests = try requests(beside: daemon)
        if let daemon {
            Terminal.writeError("haul: the daemon on \(state.directory) (pid \(daemon.pid), port \(daemon.port)) starts it\n")
        } else {
            Terminal.writeError("haul: no haul daemon runs on \(state.directory): queued for 'haul daemon --state-dir \(state.directory)' or 'haul resume'\n")
        }
        // A manager that starts nothing: the downloads are only written to the store, queued (or paused).
        let client = try state.client()
        let manager = try DownloadManager(client: client, limits: QueueLimits(maxConcurrent: 0, maxTotalConnections: 0))
        var failure: Error?
        for request in requests {
            do {
                let id = try await manager.add(request, paused: paused)
                let snapshot = await manager.snapshot(id)
                let destination = snapshot?.destination.path ?? request.destinationPath
                let gid = String(UInt64(bitPattern: id.rawValue), radix: 16)
                let padded = String(repeating: "0", count: 16 - gid.count) + gid
                let verb = snapshot?.state == .completed ? "already complete" : paused ? "added paused" : "queued"
                Terminal.writeOutput("\(verb) \(id) (gid \(padded)) \(destination)\n")
            } catch {
                failure = error
                break
            }
        }
        await manager.shutdown()
        if let failure {
            await client.shutdownAfterFailure()
            throw failure
        }
        try await client.shutdown()
    }

    /// The usage error for a directory the daemon on the state directory does not allow.
    private func outside(_ directory: String, of daemon: DaemonAnnouncement.Info, named prefix: String = "") -> HaulError {
        HaulError(.usage, "\(prefix)\(directory) is outside the directories the daemon on \(state.directory) allows (\(daemon.allowed.joined(separator: ", "))); start it with --allow-dir to allow more")
    }
}
