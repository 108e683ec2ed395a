import Foundation
import HaulCore

extension HaulClient {
    /// One part of a resource, `range`, into memory (an HLS `EXT-X-BYTERANGE` piece), with the client's redirects
    /// and retry rules, judged by `HLSRangeAnswer`: a `206` of exactly that range, or a `200` of the whole resource
    /// (a server without ranges) whose whole body fits `maximumBytes`, the part then cut from it.
    ///
    /// With `transform` (an encrypted piece), the part's bytes are passed through it as they arrive (or, cut from
    /// a whole body, once cut), and the answer is its output.
    ///
    /// - Returns: the part's bytes, the URL that gave them, and the version of the resource they are of.
    func fetchPart(
        _ url: URL, range: HLSByteRange, maximumBytes: Int, headers: [DownloadRequest.Header],
        through transform: (@Sendable () -> any BodyTransform)? = nil
    ) async throws -> (bytes: [UInt8], url: URL, identity: ResourceIdentity) {
        try checkOpen()
        let fields = headers.map { HeaderField(name: $0.name, value: $0.value) }
        let session = RequestSession(CookieJar(), wallClock: configuration.clock.wallClock)
        let plan = RequestPlan.part(ByteRange(range.offset, range.offset + range.length))
        return try await retryingFetch {
            let opened = try await transport.open(url, plan: plan, role: .only, extraHeaders: fields, session: session)
            let head = opened.head
            switch HLSRangeAnswer.judge(head, asked: range) {
            case .refuse(let why):
                throw HaulError(.protocolViolation, "\(opened.url.absoluteString) \(why)")
            case .usual:
                try Self.notABody(ResponseJudge.judge(head, to: plan, known: nil, heldBytes: 0, now: configuration.clock.wallClock()), head, url)
            case .piece:
                let total = head["Content-Range"].flatMap { ContentRange(headerValue: $0)?.total }
                let identity = ResourceIdentity(response: head, totalLength: total)
                guard let transform else {
                    let bytes = try await Self.collect(opened.body, upTo: Int(range.length), url)
                    guard bytes.count == Int(range.length) else { throw Self.endedEarly(url) }
                    return (bytes, opened.url, identity)
                }
                var taking = transform()
                var read = try await Self.collect(opened.body, upTo: Int(range.length), url, through: &taking)
                guard read.received == Int(range.length) else { throw Self.endedEarly(url) }
                try taking.finish(into: &read.bytes)
                return (read.bytes, opened.url, identity)
            case .wholeResource(let offset):
                let length = head["Content-Length"].flatMap(HTTPNumber.parseContentLength)
                if let length, length > Int64(maximumBytes) {
                    throw HaulError(.usage, "\(opened.url.absoluteString) does not answer byte ranges, and the whole of it (\(length) bytes) is more than the \(maximumBytes) a piece may take in memory")
                }
                let whole = try await Self.collect(opened.body, upTo: maximumBytes, url)
                if let length, whole.count != Int(length) {
                    throw RetryableFailure(error: HaulError(.network, "\(url.host ?? "the server") ended the response early"))
                }
                guard offset + range.length <= Int64(whole.count) else {
                    throw HaulError(.protocolViolation, "\(opened.url.absoluteString) is \(whole.count) bytes, too short for the piece at \(offset) of \(range.length) bytes")
                }
                var bytes = Array(whole[Int(offset)..<Int(offset + range.length)])
                if let transform {
                    var taking = transform()
                    bytes = try taking.transformWhole(bytes)
                }
                return (bytes, opened.url, ResourceIdentity(response: head, totalLength: Int64(whole.count)))
            }
        }
    }
}
