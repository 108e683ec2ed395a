import ArgumentParser
import Foundation
import HaulCore
import HaulKit

/// `--on-download-start CMD` ... and `--on-download-webhook URL`: aria2's hook options, for `haul get`, `haul resume` and `haul daemon`.
///
/// Set on the command line only: a hook runs a program as the user, so nothing read from the network (an input
/// file served by a site, an RPC call) can set one.
struct HookOptions: Equatable, Sendable {
    var start: String?
    var pause: String?
    var complete: String?
    var error: String?
    var stop: String?
    var webhook: String?
    var timeout: Double

    static let defaults = HookOptions(start: nil, pause: nil, complete: nil, error: nil, stop: nil, webhook: nil, timeout: 60)

    func validate() throws {
        for (event, command) in commands where command.isEmpty {
            throw ValidationError("--\(event.optionName) needs a program")
        }
        if let webhook, !OptionChecks.isWebURL(webhook) {
            throw OptionChecks.notWebURL(webhook, option: "--on-download-webhook")
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
