/// What one failed attempt on a source does to the download, whatever kind of source it is: one URL, `--mirror`s,
/// tab-separated input lines, a Metalink's `<url>`s (written up for people in docs/cli.md, "When a source fails",
/// and `haul help network`).
///
/// A failure is one of three classes:
///
/// | class | failures |
/// |---|---|
/// | `unreachable` | nothing listens at the address (connection refused), the host name does not resolve |
/// | `final` | an answer no retry changes: 404, 410 and the other 4xx, a TLS failure (an untrusted certificate), a broken protocol |
/// | `transient` | 408, 429, 500, 502, 503, 504, a reset, a timeout, a body cut short |
/// | `local` | this machine's own failure (disk full, permissions): no source's fault, the download fails |
///
/// and its consequence depends on whether this source has delivered (answered with bytes) in this run and whether
/// another source is still in use:
///
/// | class | other sources left | alone (the last source) |
/// |---|---|---|
/// | `unreachable`, before this source delivered | drop the source | fail the download at once |
/// | `unreachable`, after it delivered | retry (a server restarting comes back) | retry |
/// | `final` | drop the source | fail the download at once |
/// | `transient` | retry; the source is dropped after `MirrorPool.failuresBeforeDrop` in a row | retry within the `RetryPolicy` |
///
/// curl gives up at once on both a refused connection and a name that does not resolve; five backoffs (about
/// 22 s) only delay the same answer, and a typo in a host or port does not fix itself. A dropped source's reason is
/// said (`dropping mirror URL: reason`), and when no source is left the download fails naming each source's
/// reason. A `--refresh-url-command` (`HaulConfiguration.refreshURL`) is the other source of a download with one
/// URL: asked when that URL would fail the download, once until a fresh link delivers a byte
/// (`TransferMachine.freshSource(insteadOf:)`); with several sources the mirror layer decides and only an expired
/// last source asks it.
public enum SourceFailureRule {
    /// The class of a failure (see the type's table).
    public enum Failure: Hashable, Sendable {
        case unreachable
        case final
        case transient
        case local
    }

    /// What the failure does to the download.
    public enum Consequence: Hashable, Sendable {
        /// The source is dropped for the rest of the download; another one carries it, at once and without backoff.
        case dropSource
        /// The source is tried again after the backoff (and, with others left, counts towards its drop).
        case retry
        /// The download fails with this failure (no other source is left).
        case failDownload
    }

    /// The class of a transfer problem.
    public static func failure(of kind: TransferProblem.Kind) -> Failure {
        switch kind {
        case .unreachable: .unreachable
        case .network, .server: .transient
        case .http, .protocolViolation: .final
        case .local: .local
        }
    }

    /// The class of an HTTP status a source answered with (2xx and 416 are not failures; they never reach this).
    public static func failure(ofStatus status: Int) -> Failure {
        TransferMachine.transientStatuses.contains(status) ? .transient : .final
    }

    /// The consequence of a failure (see the type's table).
    ///
    /// - Parameters:
    ///   - failure: the failure's class.
    ///   - sourceHasDelivered: this source answered with bytes earlier in this run.
    ///   - otherSourcesLeft: another source is still in use.
    public static func consequence(of failure: Failure, sourceHasDelivered: Bool, otherSourcesLeft: Bool) -> Consequence {
        switch failure {
        case .unreachable where !sourceHasDelivered, .final:
            otherSourcesLeft ? .dropSource : .failDownload
        case .unreachable, .transient:
            .retry
        case .local:
            .failDownload
        }
    }
}
