import ArgumentParser
import Foundation
import HaulCore

/// `-q` and `--progress`: how a command that runs downloads (`haul get`, `haul resume`) shows them.
struct ProgressOptions: ParsableArguments {
    @Flag(name: [.short, .customLong("quiet")], help: "Print nothing but errors (same as --progress none).")
    var quiet = false

    @Option(name: .customLong("progress"), help: "How to show progress: bar (default on a terminal), lines (default when piped), json (one object per line on stdout), none.")
    var progress: String?

    func validate() throws {
        if let progress, ProgressMode(rawValue: progress) == nil {
            throw ValidationError("--progress must be one of bar, lines, json, none")
        }
    }

    /// The mode asked for, else a bar on a terminal and plain lines otherwise.
    var mode: ProgressMode {
        quiet ? .none : (progress.flatMap(ProgressMode.init) ?? (Terminal.isTerminal(STDERR_FILENO) ? .bar : .lines))
    }
}

/// `-j`, `--max-connections` and `--max-overall-rate`: how many downloads run at once and how fast together, for
/// the commands that run a queue (`haul get`, `haul resume`).
struct QueueOptions: ParsableArguments {
    @Option(name: [.customShort("j", allowingJoined: true), .customLong("max-concurrent")], help: "Downloads running at once; the rest wait in the queue (priority, then order given).")
    var maxConcurrent = 5

    @Option(name: .customLong("max-connections"), help: "The most connections across all running downloads. Default: no cap beyond each download's own connections.")
    var maxConnections: Int?

    @Option(name: .customLong("max-overall-rate"), help: "The most bytes per second for all downloads together, e.g. 10M.")
    var maxOverallRate: String?

    func validate() throws {
        if !(1...1000).contains(maxConcurrent) { throw ValidationError("--max-concurrent must be between 1 and 1000") }
        if let maxConnections, maxConnections < 1 { throw ValidationError("--max-connections must be 1 or more") }
        if let maxOverallRate, (ByteCount.parse(maxOverallRate) ?? 0) < 1 {
            throw ValidationError("--max-overall-rate must be a rate of at least 1 byte per second, like 500K or 2M")
        }
    }

    /// The queue's limits when each download uses at most `connectionsPerDownload` connections: without
    /// `--max-connections`, the connection cap is what the running downloads could use anyway.
    func limits(connectionsPerDownload: Int) -> QueueLimits {
        QueueLimits(maxConcurrent: maxConcurrent, maxTotalConnections: maxConnections ?? maxConcurrent * connectionsPerDownload)
    }

    /// `--max-overall-rate` in bytes per second.
    var globalRate: Int64? { maxOverallRate.flatMap(ByteCount.parse) }
}
