import ArgumentParser
import Foundation
import HaulCore
import HaulDaemon
import HaulKit

/// `haul daemon`: runs the queue continuously and answers aria2's JSON-RPC (docs/daemon.md). A thin command over
/// `HaulDaemon.Daemon`.
struct DaemonCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "daemon",
        abstract: "Run the download queue continuously and answer aria2's JSON-RPC (AriaNg, aria2p...) on 127.0.0.1:6800.",
        discussion: """
            The secret is read from --rpc-secret-file, or generated into STATE_DIR/rpc-secret (mode 0600). \
            SIGTERM or Ctrl-C stops listening and stops running downloads keeping their bytes; the next start \
            resumes them. -x/--connections and --limit-rate are what a download added over RPC gets when it \
            names none (split, max-download-limit).
            """
    )

    @Option(name: .customLong("rpc-listen-port"), help: "The port to listen on (0: any free port, printed at start).")
    var port = 6800

    @Option(name: .customLong("rpc-listen-address"), help: "The address to listen on. Anything but loopback needs --rpc-secret-file.")
    var address = "127.0.0.1"

    @Option(name: .customLong("rpc-secret-file"), help: ArgumentHelp("Read the RPC secret from FILE (never give it on the command line).", valueName: "FILE"))
    var secretFile: String?

    @Option(name: [.customShort("d", allowingJoined: true), .customLong("dir")], help: "The default download directory (created if missing). Default: the current directory.")
    var directory: String?

    @Option(name: .customLong("folder-rule"), help: ArgumentHelp("Send a download added without dir to DIR by its name or type (repeatable; as for 'haul get'; a relative DIR is below -d). DIR must be inside the allowed directories. Also the folder-rule global option.", valueName: "RULE"))
    var folderRules: [String] = []

    @Option(name: .customLong("allow-dir"), help: ArgumentHelp("A directory RPC clients may save into (repeatable). Default: the -d directory.", valueName: "DIR"))
    var allowedDirectories: [String] = []

    @Option(name: .customLong("rpc-allow-host"), help: ArgumentHelp("Another Host name the daemon answers to (repeatable; DNS rebinding protection).", valueName: "NAME"))
    var allowedHosts: [String] = []

    @Option(name: .customLong("rpc-allow-origin"), help: ArgumentHelp("A browser origin allowed to call the daemon, e.g. http://ariang.example (repeatable; no wildcard).", valueName: "ORIGIN"))
    var allowedOrigins: [String] = []

    @Flag(name: .customLong("no-rpc-allow-extensions"), help: "Refuse browser extensions (chrome-extension://, moz-extension://, safari-web-extension://), which are otherwise let in when their calls carry the secret.")
    var refuseExtensions = false

    @Flag(name: .customLong("no-rpc-allow-local-pages"), help: "Refuse pages served from this machine on another port (http://127.0.0.1:8888, http://localhost:...: webui-aria2 or AriaNg served locally), which are otherwise let in when their calls carry the secret.")
    var refuseLocalPages = false

    /// The same transfer options as `haul get` (connections and rate of each new download, retries, timeouts,
    /// proxies, trust): a daemon's downloads reach servers the way the command line's do.
    @OptionGroup var transferArguments: TransferArguments
    @OptionGroup var hookArguments: HookArguments
    @OptionGroup var queueArguments: QueueArguments
    @OptionGroup var state: StateOptions

    private var transfer: TransferOptions { transferArguments.options }
    private var hookOptions: HookOptions { hookArguments.options }
    private var queueOptions: QueueOptions { queueArguments.options }

    func validate() throws {
        if !(0...65535).contains(port) { throw ValidationError("--rpc-listen-port must be 0 to 65535") }
        for origin in allowedOrigins where origin == "*" || !origin.contains("://") {
            throw ValidationError("--rpc-allow-origin takes one origin like http://host:port (no wildcard): '\(origin)'")
        }
        _ = try DownloadOptions.folderRules(folderRules)
        // Kept as one option whose rules are separated by ';' (the folder-rule global option).
        for rule in folderRules where rule.contains(";") || rule.contains("\n") {
            throw ValidationError("--folder-rule '\(rule)': a daemon's rules are kept as one ';'-separated list: a rule cannot contain ';'")
        }
    }

    func run() async throws {
        var configuration = DaemonConfiguration(
            stateDirectory: state.directory, downloadDirectory: directory ?? FileManager.default.currentDirectoryPath
        )
        configuration.listenAddress = address
        configuration.port = port
        configuration.secretFile = secretFile
        configuration.allowedDirectories = allowedDirectories
        configuration.allowedHosts = allowedHosts
        configuration.allowedOrigins = allowedOrigins
        configuration.extensionsWithSecret = !refuseExtensions
        configuration.localPagesWithSecret = !refuseLocalPages
        configuration.maxConcurrent = queueOptions.maxConcurrent
        configuration.maxConnections = queueOptions.maxConnections
        configuration.connectionCount = transfer.connections ?? TransferOptions.defaultConnections
        configuration.maxOverallRate = queueOptions.globalRate
        configuration.speedSchedule = queueOptions.schedule
        configuration.folderRules = folderRules.joined(separator: "; ")
        configuration.queueSchedule = queueOptions.queueWindows
        configuration.limitRate = transfer.rate
        configuration.client = try transfer.configuration(stateDirectory: state.directory)
        configuration.hooks = hookOptions.runner()
        configuration.hookExitCode = { ExitCodes.code(for: $0) }
        let daemon: Daemon
        let secret: String
        do {
            (daemon, secret) = try await Daemon.start(configuration)
        } catch let error as DaemonError {
            throw HaulError(.usage, error.message)
        }
        let signals = [SIGINT, SIGTERM].map { number -> DispatchSourceSignal in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { Task { await daemon.stop() } }
            source.resume()
            return source
        }
        // The secret itself is never printed: standard error lands in journald and `tee` logs. The page asks for
        // it; the shell line reads it from the file into the URL's fragment, which a browser never sends or logs.
        let fragment = "#secret="
        let withoutSecret = daemon.pageURL(secret: "", host: address)
        let page = withoutSecret.hasSuffix(fragment) ? String(withoutSecret.dropLast(fragment.count)) : withoutSecret
        #if os(macOS)
        let opener = "open"
        #else
        let opener = "xdg-open"
        #endif
        Terminal.writeError("""
            haul daemon: listening on \(address):\(daemon.port) (JSON-RPC at /jsonrpc, HTTP and WebSocket)
            haul daemon: secret in \(daemon.secretPath)
            haul daemon: web page at \(page) (it asks for the secret), or signed in: \(opener) "\(page)\(fragment)$(cat \(Self.shellQuoted(daemon.secretPath)))"

            """)
        await daemon.waitUntilStopped()
        for source in signals { source.cancel() }
        if let failure = daemon.stopFailure {
            Terminal.writeError("haul daemon: stopped; error: \(failure.commandLineMessage)\n")
            throw ExitCode(ExitCodes.code(for: failure))
        }
        Terminal.writeError("haul daemon: stopped\n")
    }

    /// `path` as one shell word: bare when it holds only safe characters, else in single quotes.
    static func shellQuoted(_ path: String) -> String {
        let safe = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+,:@%")
        if !path.isEmpty, path.unicodeScalars.allSatisfy({ safe.contains($0) }) { return path }
        return "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
