/// What a run keeps while it waits for a fresh URL: where the bytes got to, their version, and the answer that
/// expired (the run fails with it when no fresh URL comes).
struct SourceExpiry: Sendable {
    var identity: ResourceIdentity?
    var segments: [StoredSegment]
    var done: Int64
    var problem: TransferProblem
}

/// A link that expires (signed S3 or CDN URLs): a source that answered with bytes and then says 401, 403 or 410
/// has most likely let its signature run out, not lost the file. With `Settings.refreshesExpiredSources`, the
/// machine drops every connection, saves the progress and asks for a fresh URL (`.refreshSource`). A fresh URL
/// resumes the held bytes exactly as a restart of the run would: they are kept only when the new source serves the
/// same version (`If-Range` and `ResourceIdentity.isSameVersion`: same length and strong validator), else the run
/// starts over (docs/http-rules.md rule 7). No fresh URL: the run fails with the expired answer, resumable.
extension TransferMachine {
    /// The statuses a signed URL answers with once it expired (S3: 403; some CDNs: 401 or 410).
    public static let expiredSourceStatuses: Set<Int> = [401, 403, 410]

    /// Whether this head from `k` is an expired source: refreshing is on, the source has shown that it serves the
    /// file, and `k` is a connection of the run still waiting for its head (a late head of a dropped connection says
    /// nothing). The source has shown it when bytes are held, or, in a run over several connections, by the
    /// whole-file answer that split it (its stream may have been dropped at its head before a byte was written:
    /// `TransferMachine+Asking`, rule 2).
    func expires(_ head: ResponseHead, on k: ConnectionID) -> Bool {
        guard settings.refreshesExpiredSources, Self.expiredSourceStatuses.contains(head.status) else { return false }
        switch mode {
        case .single(let run): return progress.done > 0 && run.connection == k && run.body == nil
        case .segmented(let run): return run.requests[k] != nil && run.planner.segment(ownedBy: k) != nil
        case .idle, .probing, .awaitingSource, .ended: return false
        }
    }

    /// Drops every connection, saves the progress and asks for a fresh URL; fails at once when the last fresh URL
    /// expired before it delivered a byte (a provider handing out dead links must not loop forever).
    mutating func sourceExpired(status: Int, url: String) -> [TransferAction] {
        let problem = TransferProblem(.http, "HTTP \(status) \(HTTPStatusText.reason(status)) for \(url)", httpStatus: status)
        if let last = heldAtLastRefresh, progress.done <= last {
            let again = TransferProblem(.http, problem.message + " (the fresh link expired before it delivered a byte)", httpStatus: status)
            return fail(again, freshSourceMayCure: false)
        }
        return askForFreshSource(problem)
    }

    /// The one source is about to fail the download (refused, a name that does not resolve, 404, a TLS failure,
    /// retries spent: docs/cli.md, "When a source fails"): with a refresh command, the command is the other source
    /// and is asked once (issue 60, point 1). Not for the machine's own failures, not with several sources (the
    /// mirror layer drops them; the last one standing reaches this only through an expiry), and not again when the
    /// last fresh link delivered nothing (no endless asking).
    mutating func freshSource(insteadOf problem: TransferProblem) -> [TransferAction]? {
        guard settings.refreshesExpiredSources, routing == nil, problem.kind != .local else { return nil }
        switch mode {
        case .probing, .single, .segmented: break
        case .idle, .awaitingSource, .ended: return nil
        }
        if let last = heldAtLastRefresh, progress.done <= last { return nil }
        return askForFreshSource(problem)
    }

    private mutating func askForFreshSource(_ problem: TransferProblem) -> [TransferAction] {
        let done = progress.done
        heldAtLastRefresh = done
        let identity: ResourceIdentity? = switch mode {
        case .single(let run): run.identity
        case .segmented(let run): run.identity
        default: nil
        }
        let segments = storedSegments
        let actions = dropAll() + [.checkpoint(segments, immediately: true), .refreshSource(problem)]
        mode = .awaitingSource(SourceExpiry(identity: identity, segments: segments, done: done, problem: problem))
        return actions
    }
}
