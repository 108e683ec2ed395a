import ArgumentParser

/// `ProgressOptions` as ArgumentParser reads them, with the defaults of `ProgressOptions.defaults`.
struct ProgressArguments: ParsableArguments {
    @Flag(name: OptionSpelling.quiet.names, help: "Print nothing but errors (same as --progress none).")
    var quiet = ProgressOptions.defaults.quiet

    @Option(name: OptionSpelling.progress.names, help: "How to show progress: bar (default on a terminal), lines (default when piped), json (one object per line on stdout), none.")
    var progress: String?

    /// The plain value these arguments give.
    var options: ProgressOptions { ProgressOptions(quiet: quiet, progress: progress) }

    func validate() throws { try options.validate() }
}

/// `QueueOptions` as ArgumentParser reads them, with the defaults of `QueueOptions.defaults`.
struct QueueArguments: ParsableArguments {
    @Option(name: OptionSpelling.maxConcurrent.names, help: "Downloads running at once; the rest wait in the queue (priority, then order given).")
    var maxConcurrent = QueueOptions.defaults.maxConcurrent

    @Option(name: .customLong("max-connections"), help: "The most connections across all running downloads. Default: no cap beyond each download's own connections.")
    var maxConnections: Int?

    @Option(name: .customLong("max-overall-rate"), help: "The most bytes per second for all downloads together, e.g. 10M.")
    var maxOverallRate: String?

    @Option(name: .customLong("speed-schedule"), help: ArgumentHelp("The overall limit by local time: 'Mon-Fri 09:00-18:00 2M; 00:00-07:00 0' (rules separated by ';', days optional, 0 = unlimited, the later rule wins); --max-overall-rate holds where no rule does.", valueName: "RULES"))
    var speedSchedule: String?

    @Option(name: .customLong("queue-schedule"), help: ArgumentHelp("When the queue runs, by local time: 'Mon-Fri 01:00-07:00; Sat,Sun 00:00-24:00' (rules separated by ';', days optional, a rule ending in 'off' is an exception, the later rule wins). Outside it nothing starts and running downloads wait, keeping their bytes.", valueName: "RULES"))
    var queueSchedule: String?

    /// The plain value these arguments give.
    var options: QueueOptions {
        QueueOptions(
            maxConcurrent: maxConcurrent, maxConnections: maxConnections, maxOverallRate: maxOverallRate,
            speedSchedule: speedSchedule, queueSchedule: queueSchedule)
    }

    func validate() throws { try options.validate() }
}
