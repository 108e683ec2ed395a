/// What a judged response means for a transfer, whatever its number of connections: the one table from a
/// `ResponseVerdict` to what happens next. `TransferMachine` applies it; single and segmented transfers read the
/// same rows, and only the consequence of "ranges are not usable" differs (one connection restarts from 0, several
/// fall back to one).
///
/// | verdict | outcome |
/// |---|---|
/// | accept, same version, body continues the held bytes | `write` |
/// | accept, a 200 replacing held bytes or answering a range | `wholeBody` (`versionChanged` when the validator differs) |
/// | complete (416 proving the file whole, docs/http-rules.md rule 8) | `complete` |
/// | restart(versionChanged) (docs/http-rules.md rule 7) | `versionChanged` |
/// | restart(bad Content-Range, encoding, multipart) | `rangesUnusable(trusted: false)` |
/// | restart(416 not proving completion, no strong validator) | `rangesUnusable(trusted: true)` |
/// | retry 403 / 429 / 503 (`SegmentPlanner.connectionLimitStatuses`) | `tooManyConnections` (fewer connections, then retry) |
/// | retry 408 / 500 / 502 / 504 | `retry` with `Retry-After` (docs/http-rules.md rule 11) |
/// | redirect not followed by the transport | `fail` |
/// | fail 403 | `tooManyConnections` (a 403 to one of several ranges is often a per-client limit) |
/// | fail other | `fail` |
public enum ResponseOutcome: Hashable, Sendable {
    /// Stream the body into the file from `body.offset`.
    case write(BodyPlan)
    /// The body is the whole file from byte 0 where a continuation was expected: the held bytes cannot be kept.
    /// `versionChanged` says whether the server's validator differs from the held bytes' one.
    case wholeBody(BodyPlan, versionChanged: Bool)
    /// The file is already whole (a 416 whose length equals the bytes held).
    case complete(ResourceIdentity)
    /// The file changed on the server: every held byte must go.
    case versionChanged
    /// The server's ranges cannot be used. `keepsRanges` is false when ranges must not be asked for again in this
    /// run (a wrong Content-Range, an encoded range, a multipart answer).
    case rangesUnusable(RestartReason, keepsRanges: Bool)
    /// A status that asks for fewer connections (429, 503, and 403 to a range).
    case tooManyConnections(TransferProblem, retryAfterSeconds: Int64?)
    /// A transient failure: try again after the backoff (or the server's `Retry-After`).
    case retry(TransferProblem, retryAfterSeconds: Int64?)
    /// Retrying cannot help.
    case fail(TransferProblem)

    /// Maps a verdict to its outcome.
    ///
    /// - Parameters:
    ///   - verdict: `ResponseJudge`'s verdict on the head.
    ///   - plan: the request that was sent.
    ///   - known: the version held bytes belong to; nil when nothing is held (then any version is welcome).
    ///   - host: the server's name, for messages.
    ///   - url: the final URL, for messages.
    public static func of(
        _ verdict: ResponseVerdict, plan: RequestPlan, known: ResourceIdentity?, host: String, url: String
    ) -> ResponseOutcome {
        switch verdict {
        case .accept(let body):
            let changed = known.map { !$0.isSameVersion(as: body.identity) } ?? false
            if body.discardsPartial { return .wholeBody(body, versionChanged: changed) }
            // A 200 from byte 0 must still be the version held bytes belong to (docs/http-rules.md rule 7).
            if plan.range == nil, changed { return .versionChanged }
            return .write(body)
        case .complete(let identity):
            return .complete(identity)
        case .restart(.versionChanged):
            return .versionChanged
        case .restart(let reason):
            switch reason {
            case .invalidContentRange, .encodedRange, .multipartRange: return .rangesUnusable(reason, keepsRanges: false)
            default: return .rangesUnusable(reason, keepsRanges: true)
            }
        case .retry(let status, let retryAfter):
            let problem = TransferProblem(.server, "HTTP \(status) \(HTTPStatusText.reason(status)) from \(host)", httpStatus: status)
            if SegmentPlanner.connectionLimitStatuses.contains(status) {
                return .tooManyConnections(problem, retryAfterSeconds: retryAfter)
            }
            return .retry(problem, retryAfterSeconds: retryAfter)
        case .redirect(let status, let location):
            return .fail(TransferProblem(.http, "unfollowed redirect \(status) to \(location)", httpStatus: status))
        case .fail(.unbelievableLength(let length)):
            return .fail(TransferProblem(.protocolViolation, "\(ResponseFailure.unbelievableLength(length)) for \(url)"))
        case .fail(let failure):
            var status: Int?
            if case .httpStatus(let code) = failure { status = code }
            let problem = TransferProblem(.http, "\(failure) for \(url)", httpStatus: status)
            if status == 403 { return .tooManyConnections(problem, retryAfterSeconds: nil) }
            return .fail(problem)
        }
    }
}

/// Why a connection or a transfer failed, in the machine's terms (HaulKit turns it into a `HaulError`).
public struct TransferProblem: Hashable, Sendable, CustomStringConvertible {
    /// The class of a failure: it decides whether another attempt may help.
    public enum Kind: Hashable, Sendable {
        /// The network failed (reset, timeout, a body shorter than announced): retried.
        case network
        /// The source is not there: nothing listens at the address (connection refused) or its host name does not
        /// resolve. Retried only once the source has delivered bytes (`SourceFailureRule`).
        case unreachable
        /// A retryable HTTP status (408, 429, 500, 502, 503, 504).
        case server
        /// An HTTP status or answer retrying cannot fix.
        case http
        /// The server broke the protocol (more bytes than announced, a file that keeps changing).
        case protocolViolation
        /// A local failure (disk full, permissions): final.
        case local
    }

    /// The class.
    public var kind: Kind
    /// What happened, for a person.
    public var message: String
    /// The HTTP status, when one caused it.
    public var httpStatus: Int?

    /// Creates a problem.
    public init(_ kind: Kind, _ message: String, httpStatus: Int? = nil) {
        self.kind = kind
        self.message = message
        self.httpStatus = httpStatus
    }

    /// Whether another attempt may help.
    public var isRetryable: Bool { kind == .network || kind == .unreachable || kind == .server }

    public var description: String { message }
}
