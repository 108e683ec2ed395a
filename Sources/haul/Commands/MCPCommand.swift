import ArgumentParser
import Foundation
import HaulDaemon
import HaulKit

/// `haul mcp`: the daemon's MCP tools over standard input and output, for agents that start a command
/// (`{"command": "haul", "args": ["mcp"]}`; docs/agents.md). A thin command over `HaulDaemon.MCPStdioRelay`.
///
/// With a daemon running on the state directory (`DaemonAnnouncement`), each message goes to its `/mcp` with the
/// secret from its secret file: the agent drives that daemon's queue. Without one, the command starts a daemon of
/// its own on the state directory (loopback, any free port, announced so that `haul add` and other sessions use it)
/// and stops it, keeping unfinished downloads' bytes for the next start, when standard input ends.
struct MCPCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve the daemon's MCP tools (add, list, wait for downloads...) to an agent over standard input and output.",
        discussion: """
            Drives the daemon running on the state directory when there is one; otherwise runs one for the session \
            (stopped, downloads kept resumable, when standard input ends). -d and --allow-dir apply to that one only. \
            Standard output carries the protocol alone: notes go to standard error.
            """
    )

    @Option(name: [.customShort("d", allowingJoined: true), .customLong("dir")], help: "The default download directory of a daemon started for the session. Default: the current directory.")
    var directory: String?

    @Option(name: .customLong("allow-dir"), help: ArgumentHelp("A directory the agent may save into, for a daemon started for the session (repeatable). Default: the -d directory.", valueName: "DIR"))
    var allowedDirectories: [String] = []

    @OptionGroup var state: StateOptions

    func run() async throws {
        let maxLine = ServerLimits().maxBodyBytes
        if let running = DaemonAnnouncement.running(stateDirectory: state.directory) {
            if directory != nil || !allowedDirectories.isEmpty {
                Terminal.writeError("haul mcp: a daemon runs on \(state.directory) (pid \(running.pid)): its directories apply, not -d or --allow-dir\n")
            }
            let secret: String
            do {
                secret = try SecretFile.read(running.secretPath ?? state.directory + "/rpc-secret")
            } catch {
                throw HaulError(.usage, "the daemon running on \(state.directory) keeps its secret where haul mcp cannot read it: \(error.message)")
            }
            let address = running.address ?? "127.0.0.1"
            Terminal.writeError("haul mcp: driving the daemon at \(address):\(running.port) (pid \(running.pid))\n")
            await MCPStdioRelay.run(
                host: "127.0.0.1:\(running.port)", secret: secret, maxLineBytes: maxLine,
                answer: MCPStdioRelay.overHTTP(address: address, port: running.port)
            )
            return
        }
        var configuration = DaemonConfiguration(
            stateDirectory: state.directory, downloadDirectory: directory ?? FileManager.default.currentDirectoryPath
        )
        configuration.port = 0
        configuration.allowedDirectories = allowedDirectories
        configuration.client = HaulConfiguration(stateDirectory: URL(fileURLWithPath: state.directory))
        let daemon: Daemon
        let secret: String
        do {
            (daemon, secret) = try await Daemon.start(configuration)
        } catch let error as DaemonError {
            throw HaulError(.usage, error.message)
        }
        Terminal.writeError("haul mcp: no daemon ran on \(state.directory): running one for this session on 127.0.0.1:\(daemon.port)\n")
        await MCPStdioRelay.run(host: "127.0.0.1:\(daemon.port)", secret: secret, maxLineBytes: maxLine) { request in
            await daemon.respond(to: request)
        }
        await daemon.stop()
        if let failure = daemon.stopFailure { throw ExitCode(ExitCodes.code(for: failure)) }
    }
}
