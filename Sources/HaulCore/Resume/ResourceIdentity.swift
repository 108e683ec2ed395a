/// What identifies one version of a remote file: its validators and its length.
///
/// Every response that contributes bytes to one file must show the same identity (docs/http-rules.md rule 7); the
/// strong validator in it is what a resume sends as `If-Range` (docs/http-rules.md rule 3).
public struct ResourceIdentity: Hashable, Sendable {
    /// The `ETag`, if the server sent one.
    public var entityTag: EntityTag?
    /// The `Last-Modified` value as sent.
    public var lastModified: String?
    /// The complete length in bytes, when known.
    public var totalLength: Int64?
    /// Whether `lastModified` may serve as a strong validator: it was at least one second older than the response's
    /// `Date` (RFC 9110 §8.8.2.2; a file modified within the same second could change again unseen).
    public var lastModifiedIsStrong: Bool

    /// Creates an identity from stored fields.
    public init(entityTag: EntityTag?, lastModified: String?, totalLength: Int64?, lastModifiedIsStrong: Bool) {
        self.entityTag = entityTag
        self.lastModified = lastModified
        self.totalLength = totalLength
        self.lastModifiedIsStrong = lastModifiedIsStrong
    }

    /// The identity a response declares. `totalLength` comes from Content-Range's total for 206, or from
    /// Content-Length for a 200 without a non-identity Content-Encoding.
    public init(response: ResponseHead, totalLength: Int64?) {
        self.entityTag = response["ETag"].map(EntityTag.init)
        self.lastModified = response["Last-Modified"]
        self.totalLength = totalLength
        var strong = false
        if let lastModified, let modified = HTTPDate.secondsSinceEpoch(lastModified) {
            // Without a Date header the response was generated "now" as far as we can tell: not provably old.
            if let dateText = response["Date"], let date = HTTPDate.secondsSinceEpoch(dateText) {
                strong = date - modified >= ResourceIdentity.minimumLastModifiedAge
            }
        }
        self.lastModifiedIsStrong = strong
    }

    /// How much older than `Date` a `Last-Modified` must be to count as strong, in seconds.
    /// RFC 9110 says one second; that is the rule we follow (Chromium's 60 s is stricter than the RFC needs).
    public static let minimumLastModifiedAge: Int64 = 1

    /// The value to send as `If-Range`, or `nil` when there is no strong validator and so no safe resume
    /// (docs/http-rules.md rule 3).
    public var ifRangeValue: String? {
        if let entityTag, !entityTag.isWeak { return entityTag.rawValue }
        if let lastModified, lastModifiedIsStrong { return lastModified }
        return nil
    }

    /// Whether partial bytes of this identity can be resumed at all.
    public var canResume: Bool { ifRangeValue != nil }

    /// Whether `other` (from a later response) is provably the same version of the file (docs/http-rules.md rule 7).
    ///
    /// The strong validator we hold must be present and identical in `other`; lengths must agree when both are known.
    public func isSameVersion(as other: ResourceIdentity) -> Bool {
        if let totalLength, let otherTotal = other.totalLength, totalLength != otherTotal { return false }
        if let entityTag, !entityTag.isWeak {
            guard let otherTag = other.entityTag, entityTag.stronglyMatches(otherTag) else { return false }
            // A changed Last-Modified next to the same ETag still means "changed" to a careful client.
            if let lastModified, let otherModified = other.lastModified, lastModified != otherModified { return false }
            return true
        }
        if let lastModified, lastModifiedIsStrong {
            return other.lastModified == lastModified
        }
        return false
    }
}
