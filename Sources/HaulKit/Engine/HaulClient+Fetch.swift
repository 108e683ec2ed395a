import Foundation
import HaulCore

extension HaulClient {
    /// Fetches a small resource into memory with one call (redirects, retries and the stall timeout apply).
    ///
    /// - Parameters:
    ///   - url: an http or https URL.
    ///   - maximumBytes: the most bytes accepted; a larger body fails with `.usage` rather than filling memory.
    ///   - headers: extra request headers.
    /// - Returns: the body bytes of a 200 response.
    /// - Throws: `.http` for error statuses, `.network` after retries, `.usage` when the body exceeds the cap or the
    ///   client has been shut down.
    public func fetch(_ url: URL, maximumBytes: Int = 16 << 20, headers: [DownloadRequest.Header] = []) async throws -> Data {
        try await fetch(url, maximumBytes: maximumBytes, headers: headers, whenMediaType: nil)!
    }

    /// Fetches a small resource into memory only when its answer's media type (`Content-Type` without parameters,
    /// lowercased) is one `accepts` takes; `nil` otherwise, without reading the body (a `.meta4` URL answered as a
    /// plain file is downloaded as one).
    public func fetch(
        _ url: URL, maximumBytes: Int, headers: [DownloadRequest.Header] = [], whenMediaType accepts: (@Sendable (String) -> Bool)?
    ) async throws -> Data? {
        try await fetchAnswer(url, maximumBytes: maximumBytes, headers: headers, whenMediaType: accepts).map { Data($0.bytes) }
    }

    /// `fetch`'s answer with the URL that gave it after redirects (an HLS playlist's URIs are relative to it).
    func fetchAnswer(_ url: URL, maximumBytes: Int, headers: [DownloadRequest.Header] = []) async throws -> (bytes: [UInt8], url: URL) {
        try await fetchAnswer(url, maximumBytes: maximumBytes, headers: headers, whenMediaType: nil)!
    }

    /// `fetchAnswer` with the body passed through a transform as it arrives (an HLS segment decrypted chunk by
    /// chunk): `maximumBytes` and `Content-Length` count the body's bytes, the answer is the transform's output,
    /// and a transform that fails (`finish`) fails the fetch with its error, not retried.
    func fetchAnswer(
        _ url: URL, maximumBytes: Int, headers: [DownloadRequest.Header] = [], through transform: @escaping @Sendable () -> any BodyTransform
    ) async throws -> (bytes: [UInt8], url: URL) {
        try await fetchAnswer(url, maximumBytes: maximumBytes, headers: headers, whenMediaType: nil, through: transform)!
    }

    private func fetchAnswer(
        _ url: URL, maximumBytes: Int, headers: [DownloadRequest.Header], whenMediaType accepts: (@Sendable (String) -> Bool)?,
        through transform: (@Sendable () -> any BodyTransform)? = nil
    ) async throws -> (bytes: [UInt8], url: URL)? {
        try checkOpen()
        let fields = headers.map { HeaderField(name: $0.name, value: $0.value) }
        // A cookie a redirect sets goes with the next hops and retries of this one fetch, and is then forgotten.
        let session = RequestSession(CookieJar(), wallClock: configuration.clock.wallClock)
        return try await retryingFetch { () async throws -> (bytes: [UInt8], url: URL)? in
            let opened = try await transport.open(url, plan: .wholeFile, role: .only, extraHeaders: fields, session: session)
            let verdict = ResponseJudge.judge(opened.head, to: .wholeFile, known: nil, heldBytes: 0, now: configuration.clock.wallClock())
            guard case .accept(let body) = verdict else { try Self.notABody(verdict, opened.head, url) }
            let mediaType = (opened.head["Content-Type"] ?? "").split(separator: ";").first.map {
                $0.trimmingCharacters(in: .whitespaces).lowercased()
            } ?? ""
            if let accepts, !accepts(mediaType) { return nil }
            if let expected = body.expectedLength, expected > maximumBytes {
                throw HaulError(.usage, "\(url.absoluteString) is \(expected) bytes, more than the \(maximumBytes) allowed in memory; download it to a file instead")
            }
            guard let transform else {
                let bytes = try await Self.collect(opened.body, upTo: maximumBytes, url)
                if let expected = body.expectedLength, bytes.count != expected { throw Self.endedEarly(url) }
                return (bytes, opened.url)
            }
            var taking = transform()
            var read = try await Self.collect(opened.body, upTo: maximumBytes, url, through: &taking)
            if let expected = body.expectedLength, read.received != expected { throw Self.endedEarly(url) }
            try taking.finish(into: &read.bytes)
            return (read.bytes, opened.url)
        }
    }

    /// Runs `attempt` under the client's retry rules for a one-call fetch: a `RetryableFailure` or a network error
    /// is tried again after the policy's delay (a `Retry-After` honoured), until the policy gives up; any other
    /// error ends it at once.
    func retryingFetch<Answer>(_ attempt: () async throws -> Answer) async throws -> Answer {
        var retry = RetryTracker(policy: configuration.retryPolicy)
        while true {
            let failure: RetryableFailure
            do {
                return try await attempt()
            } catch let error as RetryableFailure {
                failure = error
            } catch let error as HaulError where error.kind == .network {
                failure = RetryableFailure(error: error)
            }
            guard case .retry(let delay) = retry.recordFailure(
                madeProgress: false, retryAfterSeconds: failure.retryAfterSeconds, jitter: .random(in: 0..<1),
                unreachable: failure.error.isUnreachable, now: configuration.clock.now()
            ) else {
                throw failure.error
            }
            try await configuration.clock.sleep(seconds: delay)
        }
    }

    /// The error for a verdict that is not a body to take: a retryable status, a failure, or an answer a plain GET
    /// cannot get.
    static func notABody(_ verdict: ResponseVerdict, _ head: ResponseHead, _ url: URL) throws -> Never {
        switch verdict {
        case .retry(let status, let after):
            throw RetryableFailure(error: HaulError(.http, "HTTP \(status) \(HTTPStatusText.reason(status))", httpStatus: status), retryAfterSeconds: after)
        case .fail(let reason):
            var status: Int?
            if case .httpStatus(let code) = reason { status = code }
            if case .unbelievableLength = reason { throw HaulError(.protocolViolation, "\(reason) for \(url.absoluteString)") }
            throw HaulError(.http, "\(reason) for \(url.absoluteString)", httpStatus: status)
        default:
            throw HaulError(.protocolViolation, "unexpected response \(head.status) to a plain GET")
        }
    }

    /// The retryable failure of a body shorter than its `Content-Length`.
    static func endedEarly(_ url: URL) -> RetryableFailure {
        RetryableFailure(error: HaulError(.network, "\(url.host ?? "the server") ended the response early"))
    }

    /// A body read into memory, at most `maximumBytes`.
    static func collect(_ body: ResponseBody, upTo maximumBytes: Int, _ url: URL) async throws -> [UInt8] {
        try await reading(url, upTo: maximumBytes) { try await body.collect(upTo: maximumBytes) }
    }

    /// A body read into memory through `transform` (not finished), at most `maximumBytes` of it.
    static func collect(
        _ body: ResponseBody, upTo maximumBytes: Int, _ url: URL, through transform: inout any BodyTransform
    ) async throws -> (bytes: [UInt8], received: Int) {
        var taking = transform
        defer { transform = taking }
        return try await reading(url, upTo: maximumBytes) { try await body.collect(upTo: maximumBytes, through: &taking) }
    }

    /// Runs `read`, its failures said as a one-call fetch says them.
    private static func reading<Read>(_ url: URL, upTo maximumBytes: Int, _ read: () async throws -> Read) async throws -> Read {
        do {
            return try await read()
        } catch is ResponseBody.TooLarge {
            throw HaulError(.usage, "\(url.absoluteString) is more than the \(maximumBytes) bytes allowed in memory; download it to a file instead")
        } catch is CancellationError {
            throw HaulError(.cancelled, "cancelled")
        } catch {
            // The body's failures are `HaulError`s already (the transport says its own at the seam).
            throw RetryableFailure(error: HaulError.wrap(error))
        }
    }
}

