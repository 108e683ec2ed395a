import ArgumentParser

/// `HookOptions` as ArgumentParser reads them, for `haul get`, `haul resume` and `haul daemon`, with the defaults of
/// `HookOptions.defaults`.
struct HookArguments: ParsableArguments {
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
    var timeout: Double = HookOptions.defaults.timeout

    /// The plain value these arguments give.
    var options: HookOptions {
        HookOptions(
            start: start, pause: pause, complete: complete,
            error: error, stop: stop, webhook: webhook,
            timeout: timeout
        )
    }

    func validate() throws { try options.validate() }
}
