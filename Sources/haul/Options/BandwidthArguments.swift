import ArgumentParser
import HaulCore

/// `-x` and `--limit-rate`: how much of the network each download takes. The part of `TransferArguments` that
/// `haul add` takes as well (a queued download keeps its own count and rate), declared here once for `haul get`,
/// `haul resume`, `haul daemon` (through `TransferArguments`) and `haul add` (issue #52, point 1).
///
/// No `validate()` of its own: the commands check the values with `OptionChecks.bandwidth`, `haul get` through
/// `TransferOptions.validate()` (which the quick reading of `haul URL` runs too), `haul add` directly.
struct BandwidthArguments: ParsableArguments {
    @Option(name: OptionSpelling.connections.names, help: ArgumentHelp(ConnectionCount.help))
    var connections: ConnectionCount?

    @Option(name: OptionSpelling.limitRate.names, help: "The most bytes per second for each download, e.g. 500K or 2M (binary units).")
    var limitRate: String?
}
