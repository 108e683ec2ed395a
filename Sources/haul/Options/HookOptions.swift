import ArgumentParser
import Foundation
import HaulCore
import HaulKit

/// `--on-download-start CMD` ... and `--on-download-webhook URL`: aria2's hook options, for `haul get`, `haul resume` and `haul daemon`.
///
/// Set on the command line only: a hook runs a program as the user, so nothing read from the network (an input
/// file served by a site, an RPC call) can set one.
struct HookOptions: ParsableArguments {
    @Option(name: .customLong("on-download-start"), help: ArgumentHelp("Run CMD when a download starts, with aria2's arguments GID, 1, PATH and HAUL_* variables (see 'haul help hooks'). Run directly, not through a shell.", valueName: "CMD"))
    var start: String?

    @Option(name: .customLong("on-download-pause"), help: ArgumentHelp("Run CMD when a download is paused.", valueName: "CMD"))
    var pause: String?

    @Option(name: .customLong("on-download-complete"), help: ArgumentHelp("Run CMD when a download completes (verified, at its final name).", valueName: "CMD"))
    var complete: String?

    @Option(name: .customLong("on-download-error"), help: ArgumentHelp("Run CMD when a download fails.", valueName: "CMD"))
    var error: String?

    @Option(name: .customLong("on-download-stop"), help: ArgumentHelp("Run CMD when a download ends: completed or failed (when no complete or error hook is set, as in aria2), or cancelled.", valueName: "CMD"))
    var stop: String?

    @Option(name: .customLong("on-download-webhook"), help: ArgumentHelp("POST each of these events as JSON to URL (http or https), retried after 1, 2 and 4 s.", valueName: "URL"))
    var webhook: String?

    @Option(name: .customLong("hook-timeout"), help: ArgumentHelp("Stop a hook program still running after this many seconds.", valueName: "SECONDS"))
    var timeout: Double = 60

    func validate() throws {
        for (event, command) in commands where command.isEmpty {
            throw ValidationError("--\(event.optionName) needs a program")
        }
        if let webhook {
            guard let url = URL(string: webhook), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host?.isEmpty == false else {
                throw ValidationError("--on-download-webhook '\(webhook)' is not an http or https URL")
            }
        }
        if !(timeout > 0) { throw ValidationError("--hook-timeout must be a number of seconds above 0") }
    }

    private var commands: [DownloadHookEvent: String] {
        var commands: [DownloadHookEvent: String] = [:]
        commands[.start] = start
        commands[.pause] = pause
        commands[.complete] = complete
        commands[.error] = error
        commands[.stop] = stop
        return commands
    }

    /// The runner for these options, or `nil` when no hook is set. Failures are written to standard error.
    func runner() -> HookRunner? {
        let configuration = HookConfiguration(commands: commands, webhook: webhook.flatMap(URL.init(string:)), timeoutSeconds: timeout)
        guard !configuration.isEmpty else { return nil }
        return HookRunner(configuration: configuration) { line in Terminal.writeError("haul: \(line)\n") }
    }
}
