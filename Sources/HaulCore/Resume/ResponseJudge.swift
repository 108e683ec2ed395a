/// Decides what a response means for the bytes already held. No I/O: a pure function of what was asked, what came
/// back, and what is known. This is where "a 200 to a resume restarts from 0" and "a 206 is checked exactly" live.
public enum ResponseJudge {
    /// Statuses retried with backoff (docs/http-rules.md rule 11).
    public static let retryableStatuses: Set<Int> = [408, 429, 500, 502, 503, 504]
    /// Statuses whose `Location` is followed.
    public static let redirectStatuses: Set<Int> = [301, 302, 303, 307, 308]

    /// Judges a response head.
    ///
    /// - Parameters:
    ///   - response: the status and headers received.
    ///   - plan: the request that produced it.
    ///   - known: the file version the held bytes belong to, if any.
    ///   - heldBytes: how many bytes from offset 0 are already durable (used by 416 handling).
    ///   - now: seconds since the epoch, to turn a `Retry-After` date into a delay when the response has no `Date`.
    /// - Returns: the verdict; the caller performs it.
    public static func judge(
        _ response: ResponseHead,
        to plan: RequestPlan,
        known: ResourceIdentity?,
        heldBytes: Int64,
        now: Int64
    ) -> ResponseVerdict {
        let status = response.status
        switch status {
        case 200:
            return acceptWholeBody(response, plan: plan, heldBytes: heldBytes)
        case 206:
            return judgePartial(response, plan: plan, known: known)
        case 416:
            return judgeUnsatisfiable(response, plan: plan, known: known, heldBytes: heldBytes)
        case _ where redirectStatuses.contains(status):
            guard let location = response["Location"], !location.isEmpty else {
                return .fail(.redirectWithoutLocation(status))
            }
            return .redirect(status: status, location: location)
        case _ where retryableStatuses.contains(status):
            let delay = response["Retry-After"].flatMap {
                RetryAfter.seconds(headerValue: $0, responseDate: response["Date"], now: now)
            }
            return .retry(status: status, retryAfterSeconds: delay)
        case 400...599:
            return .fail(.httpStatus(status))
        default:
            return .fail(.unexpectedStatus(status))
        }
    }

    /// A 200 carries the whole representation from byte 0, whatever was asked (docs/http-rules.md rule 5): never
    /// appended.
    private static func acceptWholeBody(_ response: ResponseHead, plan: RequestPlan, heldBytes: Int64) -> ResponseVerdict {
        let length = response["Content-Length"].flatMap(HTTPNumber.parseContentLength)
        if let length, length > SpaceReservation.largestBelievableLength { return .fail(.unbelievableLength(length)) }
        let identity = ResourceIdentity(response: response, totalLength: length)
        let body = BodyPlan(
            offset: 0,
            expectedLength: length,
            identity: identity,
            discardsPartial: heldBytes > 0 || plan.range != nil
        )
        return .accept(body)
    }

    private static func judgePartial(_ response: ResponseHead, plan: RequestPlan, known: ResourceIdentity?) -> ResponseVerdict {
        guard let asked = plan.range else { return .fail(.unexpectedStatus(206)) }
        if let contentType = response["Content-Type"], contentType.lowercased().hasPrefix("multipart/byteranges") {
            return .restart(.multipartRange)
        }
        if let encoding = response["Content-Encoding"], !isIdentity(encoding) {
            return .restart(.encodedRange(encoding))
        }
        guard let header = response["Content-Range"] else {
            return .restart(.invalidContentRange("206 without Content-Range"))
        }
        guard let contentRange = ContentRange(headerValue: header), let got = contentRange.byteRange,
            let gotEnd = got.upperBound
        else {
            return .restart(.invalidContentRange("malformed Content-Range \"\(header)\""))
        }
        if got.lowerBound > asked.lowerBound {
            return .restart(.invalidContentRange("starts at \(got.lowerBound), after the requested \(asked.lowerBound)"))
        }
        if gotEnd <= asked.lowerBound {
            return .restart(.invalidContentRange("ends at \(gotEnd), before the requested start \(asked.lowerBound)"))
        }
        if let askedEnd = asked.upperBound, gotEnd > askedEnd {
            return .restart(.invalidContentRange("ends at \(gotEnd), past the requested end \(askedEnd)"))
        }
        if let total = contentRange.total, total > SpaceReservation.largestBelievableLength {
            return .fail(.unbelievableLength(total))
        }
        guard let known else { return .restart(.noStrongValidator) }
        let identity = ResourceIdentity(response: response, totalLength: contentRange.total ?? known.totalLength)
        // Validators first: a different ETag says "another version" even when the length changed too.
        var knownValidators = known, theirValidators = identity
        knownValidators.totalLength = nil
        theirValidators.totalLength = nil
        guard knownValidators.isSameVersion(as: theirValidators) else { return .restart(.versionChanged) }
        if let knownTotal = known.totalLength, contentRange.total != knownTotal {
            let stated = contentRange.total.map(String.init) ?? "*"
            return .restart(.invalidContentRange("total \(stated) differs from the known \(knownTotal)"))
        }
        let length = gotEnd - got.lowerBound
        if let declared = response["Content-Length"] {
            guard let declaredLength = HTTPNumber.parseContentLength(declared), declaredLength == length else {
                return .restart(.invalidContentRange("Content-Length \(declared) does not match the range \(header)"))
            }
        }
        var recorded = known
        if recorded.totalLength == nil { recorded.totalLength = contentRange.total }
        return .accept(BodyPlan(offset: got.lowerBound, expectedLength: length, identity: recorded, discardsPartial: false))
    }

    private static func judgeUnsatisfiable(
        _ response: ResponseHead,
        plan: RequestPlan,
        known: ResourceIdentity?,
        heldBytes: Int64
    ) -> ResponseVerdict {
        guard let asked = plan.range, let known, heldBytes > 0, asked.lowerBound == heldBytes,
            let header = response["Content-Range"], case .unsatisfied(let total)? = ContentRange(headerValue: header),
            total == heldBytes, known.totalLength == nil || known.totalLength == total
        else {
            return .restart(.unsatisfiableRange)
        }
        if let tag = response["ETag"].map(EntityTag.init), let knownTag = known.entityTag, !tag.stronglyMatches(knownTag) {
            return .restart(.versionChanged)
        }
        var identity = known
        identity.totalLength = total
        return .complete(identity)
    }

    private static func isIdentity(_ encoding: String) -> Bool {
        let value = encoding.trimmingHTTPWhitespace().lowercased()
        return value.isEmpty || value == "identity"
    }
}
