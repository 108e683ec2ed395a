/// How the answer to a request for one `EXT-X-BYTERANGE` piece (a part of a larger resource, often one file holding
/// the whole stream) is taken (docs/hls.md, "Byte ranges").
///
/// The piece is asked with `Range` and no `If-Range` (nothing is held yet to resume). A `206` must carry exactly the
/// range asked, unencoded. A `200` is the whole resource (a server that does not do ranges): the piece is cut from it,
/// when the whole fits the in-memory bound the caller checks. Any other status is for the usual rules (redirects,
/// retries, errors). That the pieces of one resource all come from one version is `HLSResourceVersions`' part.
public enum HLSRangeAnswer {
    public enum Verdict: Equatable, Sendable {
        /// The body is the piece, all of it.
        case piece
        /// The body is the whole resource: the piece is its bytes from `offset`, as long as asked.
        case wholeResource(offset: Int64)
        /// Not usable, said in a sentence.
        case refuse(String)
        /// Not a body to take (a redirect, a retryable or an error status): the usual rules decide.
        case usual
    }

    public static func judge(_ head: ResponseHead, asked: HLSByteRange) -> Verdict {
        if let encoding = head["Content-Encoding"], encoding.lowercased() != "identity" {
            return .refuse("answered encoded (\(encoding)), so its byte offsets are not the file's")
        }
        switch head.status {
        case 200:
            return .wholeResource(offset: asked.offset)
        case 206:
            guard let header = head["Content-Range"] else { return .refuse("answered 206 without Content-Range") }
            guard let range = ContentRange(headerValue: header)?.byteRange,
                range.lowerBound == asked.offset, range.upperBound == asked.offset + asked.length
            else {
                return .refuse("answered bytes \"\(header)\" where \(asked.offset)-\(asked.offset + asked.length - 1) were asked")
            }
            return .piece
        default:
            return .usual
        }
    }
}

/// The version of each resource that `EXT-X-BYTERANGE` pieces are cut from, as the first answer for it showed:
/// a later answer for the same URL from another version (another strong validator, or another length) means the
/// file changed while the stream was fetched, and its pieces would stitch two versions together (docs/http-rules.md:
/// never). A resource without a strong validator is held to its length only, within a run.
///
/// A run that resumes a stream starts from the versions the earlier run recorded (`init(lastRun:)`): an answer of
/// another version for such a resource, before this run has taken one of its parts, means it changed between the
/// runs (`changedSinceLastRun`: the file starts over); after that, it changed while fetched (`changedWhileFetched`).
public struct HLSResourceVersions: Sendable {
    /// What an answer's version means for the stream.
    public enum Verdict: Equatable, Sendable {
        /// The same version as the parts before it (or the first seen): take it.
        case sameVersion
        /// Another version than parts this run already took: stop, never stitch.
        case changedWhileFetched
        /// Another version than the parts an earlier run saved, before this run took any: start the file over.
        case changedSinceLastRun
    }

    private var first: [String: ResourceIdentity] = [:]
    /// Resources whose version came from the earlier run and no part of this run has matched yet.
    private var unconfirmed: Set<String> = []

    public init() {}

    /// Starts from the versions an earlier run recorded for the parts it saved.
    public init(lastRun: [String: ResourceIdentity]) {
        first = lastRun
        unconfirmed = Set(lastRun.keys)
    }

    /// Every resource's version so far: the one recorded first for it.
    public var versions: [String: ResourceIdentity] { first }

    /// Records `identity` for `url` the first time; afterwards, whether `identity` is the same version.
    public mutating func admit(_ url: String, _ identity: ResourceIdentity) -> Bool {
        judge(url, identity) == .sameVersion
    }

    /// Records `identity` for `url` the first time; afterwards, judges it against the recorded version.
    public mutating func judge(_ url: String, _ identity: ResourceIdentity) -> Verdict {
        guard let known = first[url] else {
            first[url] = identity
            return .sameVersion
        }
        guard Self.isSameVersion(known, identity) else {
            return unconfirmed.contains(url) ? .changedSinceLastRun : .changedWhileFetched
        }
        unconfirmed.remove(url)
        return .sameVersion
    }

    private static func isSameVersion(_ known: ResourceIdentity, _ identity: ResourceIdentity) -> Bool {
        if let knownLength = known.totalLength, let length = identity.totalLength, knownLength != length { return false }
        guard known.canResume else { return true }
        return known.isSameVersion(as: identity)
    }
}
