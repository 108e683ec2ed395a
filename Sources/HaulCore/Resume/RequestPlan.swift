/// The headers that decide what bytes a request may bring back: `Accept-Encoding`, `Range` and `If-Range`.
public struct RequestPlan: Hashable, Sendable {
    /// The range asked for, or `nil` for the whole file from byte 0 without a `Range` header.
    public var range: ByteRange?
    /// The strong validator sent as `If-Range`; only ever present together with `range` (docs/http-rules.md rule 4).
    public var ifRange: String?

    /// The whole file, from byte 0, no conditions.
    public static let wholeFile = RequestPlan(range: nil, ifRange: nil)

    private init(range: ByteRange?, ifRange: String?) {
        self.range = range
        self.ifRange = ifRange
    }

    /// The same bytes asked of a mirror, guarded by that mirror's own validator (mirrors do not share validators).
    /// `validator` nil: the mirror has not answered yet, so the range goes without `If-Range` and `MirrorPool`
    /// checks the answer's length instead (docs/cli.md, "Several sources for one file").
    public func onMirror(validator: String?) -> RequestPlan {
        guard range != nil else { return self }
        return RequestPlan(range: range, ifRange: validator)
    }

    /// A part of a resource fetched into memory on its own, nothing of it held (an HLS `EXT-X-BYTERANGE` piece):
    /// `Range` without `If-Range`, since there is nothing to stitch its bytes to. Whether the parts of one resource
    /// come from one version is checked on their answers instead (`HLSResourceVersions`).
    public static func part(_ range: ByteRange) -> RequestPlan {
        precondition(range.upperBound != nil && !range.isEmpty, "a part has an end and at least one byte")
        return RequestPlan(range: range, ifRange: nil)
    }

    /// Plans a request for the bytes in `range` of the file version `known`.
    ///
    /// - Returns: a plan with `Range` and `If-Range` when the bytes can be asked for safely; the whole file when
    ///   `range` starts at 0 and is open (nothing to resume), or when there is no strong validator to prove that the
    ///   bytes already held are of the same version (docs/http-rules.md rule 3): then the caller must drop what
    ///   it holds.
    public static func fetch(_ range: ByteRange, of known: ResourceIdentity?) -> RequestPlan {
        if range.lowerBound == 0 && range.upperBound == nil { return .wholeFile }
        guard let validator = known?.ifRangeValue else { return .wholeFile }
        return RequestPlan(range: range, ifRange: validator)
    }

    /// The request headers this plan needs, in order. `Accept-Encoding: identity` always (docs/http-rules.md rule 1):
    /// byte offsets count the bytes of the representation, and an encoded body could not be spliced.
    public var headers: [HeaderField] {
        var fields = [HeaderField(name: "Accept-Encoding", value: "identity")]
        if let range {
            fields.append(HeaderField(name: "Range", value: range.rangeHeaderValue))
            if let ifRange { fields.append(HeaderField(name: "If-Range", value: ifRange)) }
        }
        return fields
    }
}
