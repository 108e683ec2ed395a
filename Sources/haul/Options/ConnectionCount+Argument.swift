import ArgumentParser
import HaulCore
import HaulKit

/// `-x`: HaulCore's `ConnectionCount` read from the command line, and the words `--help` says about it, built
/// from the type's constants so that they cannot disagree with what the engine does.
extension ConnectionCount: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }

    /// `-x`'s help (`BandwidthArguments`: `haul get`, `haul add`, `haul resume`, `haul daemon`).
    static let help = """
        Connections per file: auto (the default: start with \(automaticStart), add while the speed grows, up to the \
        host's budget of \(automaticCeiling)) or \(range.lowerBound)-\(range.upperBound). Several are used only when the \
        server honours ranges, the length is known and the file is at least two --min-split-size long.
        """

    /// What `--connections` says about this count, or nil when it is one.
    var optionProblem: String? { problem(named: "--connections") }

    /// Sets a request's connections to this count.
    func apply(to request: inout DownloadRequest) {
        request.connectionCount = self
    }
}
