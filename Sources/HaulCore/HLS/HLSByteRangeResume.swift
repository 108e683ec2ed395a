/// Whether a stream of `EXT-X-BYTERANGE` parts that an earlier run left half written may be continued
/// (docs/hls.md, "Byte ranges" and "Resume").
///
/// The saved parts were cut from resources whose versions the earlier run recorded with its point. A later run
/// continues only when every resource a saved part came from has a recorded strong validator (a strong `ETag`, or a
/// `Last-Modified` at least a second older than its `Date`): then the new parts are checked against it
/// (`HLSResourceVersions(lastRun:)`). A length alone proves a version within one run's minutes at most; between runs
/// it does not (docs/http-rules.md: no resume without a strong validator), so such a stream starts over.
public enum HLSByteRangeResume {
    /// What becomes of the saved parts.
    public enum Verdict: Equatable, Sendable {
        /// Continue after them; the new parts are checked against the recorded versions.
        case resume
        /// Start the file over; the sentence says why.
        case startOver(String)
    }

    /// - Parameters:
    ///   - savedResources: the URLs of the byte-range parts already saved, in file order (repeats allowed).
    ///   - recorded: the versions recorded with the saved point, by URL.
    public static func judge(savedResources: [String], recorded: [String: ResourceIdentity]) -> Verdict {
        var seen: Set<String> = []
        for url in savedResources where seen.insert(url).inserted {
            guard let identity = recorded[url] else {
                return .startOver("the version of \(url) was not recorded with the saved parts")
            }
            guard identity.canResume else {
                return .startOver("\(url) has no strong validator (ETag or an old enough Last-Modified), so parts fetched now could not be proven of the saved parts' version")
            }
        }
        return .resume
    }
}
