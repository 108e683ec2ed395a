import AsyncHTTPClient
import HaulCore

/// A response body, streamed with backpressure: Haul's own type at the transport seam, whichever transport made it.
///
/// Failures come out as `HaulError` (or `CancellationError` when the reader was cancelled): the transport that made
/// the body says how its own errors read (`failure`), once, here; the engine never sees a transport's error type.
/// A body that ends before its `Content-Length` throws, as a cut connection does.
///
/// The per-chunk path is one `switch` over the three sources, no allocation and no existential call: AsyncHTTPClient's
/// stream (HTTPS, HTTP/2, SOCKS), the direct client's backpressured producer, or any other
/// `AsyncThrowingStream` of chunks (a fake, a URLSession transport).
struct ResponseBody: AsyncSequence, Sendable {
    typealias Element = BodyChunk

    /// The direct client's stream (`DirectHTTPRequest`).
    typealias Producer = DirectHTTPRequest.BodySequence

    fileprivate enum Source: Sendable {
        case client(HTTPClientResponse.Body)
        case producer(Producer)
        case chunks(AsyncThrowingStream<BodyChunk, any Error>)
    }

    private let source: Source
    /// Hands the transport a `BodySink` (`writeDirectly(into:)`); `nil` for a transport that cannot use one.
    private let attach: (@Sendable (BodySink) -> Void)?
    /// Says a transport failure as a `HaulError`.
    private let failure: @Sendable (any Error) -> HaulError
    /// The connection's hold in the one pool while the body is in flight (AsyncHTTPClient's bodies): given back
    /// when the body and its iterators are gone.
    private let lease: PoolLease?

    private init(
        _ source: Source, lease: PoolLease? = nil, attach: (@Sendable (BodySink) -> Void)? = nil,
        failure: @escaping @Sendable (any Error) -> HaulError
    ) {
        self.source = source
        self.lease = lease
        self.attach = attach
        self.failure = failure
    }

    /// Offers the transport a way to write the body's bytes into the file itself, before the body is read: a
    /// transport that can (the direct client on Linux, which moves them from its socket with `splice`, or writes a
    /// TLS body from the one buffer it decrypts into) then yields
    /// `BodyChunk.written` notices for them. Returns whether the transport took the sink; the reader must handle
    /// both kinds of chunk either way, and `close()` the sink before it lets go of the file.
    @discardableResult
    func writeDirectly(into sink: BodySink) -> Bool {
        guard let attach else { return false }
        attach(sink)
        return true
    }

    /// A body of chunks from any source; a thrown error that is not a `HaulError` is said by `failure`.
    init(
        _ chunks: AsyncThrowingStream<BodyChunk, any Error>,
        failure: @escaping @Sendable (any Error) -> HaulError = { HaulError.wrap($0) }
    ) {
        self.init(.chunks(chunks), failure: failure)
    }

    /// AsyncHTTPClient's body, its errors said by `failure`; it holds `lease` until it is dropped.
    static func client(
        _ body: HTTPClientResponse.Body, lease: PoolLease?, failure: @escaping @Sendable (any Error) -> HaulError
    ) -> ResponseBody {
        ResponseBody(.client(body), lease: lease, failure: failure)
    }

    /// The direct client's stream, whose errors are already `HaulError`s; `attach` hands its thread a sink.
    static func producer(_ sequence: Producer, attach: @escaping @Sendable (BodySink) -> Void) -> ResponseBody {
        ResponseBody(.producer(sequence), attach: attach, failure: { HaulError.wrap($0) })
    }

    struct AsyncIterator: AsyncIteratorProtocol {
        fileprivate enum Base {
            case client(HTTPClientResponse.Body.AsyncIterator)
            case producer(Producer.AsyncIterator)
            case chunks(AsyncThrowingStream<BodyChunk, any Error>.AsyncIterator)
        }

        fileprivate var base: Base
        fileprivate let failure: @Sendable (any Error) -> HaulError
        /// Kept while the body is read, though the body itself may be gone.
        fileprivate let lease: PoolLease?

        mutating func next() async throws -> BodyChunk? {
            do {
                switch base {
                case .client(var iterator):
                    defer { base = .client(iterator) }
                    guard let buffer = try await iterator.next() else {
                        // Read to its end: the connection is AsyncHTTPClient's to reuse, and the lease comes back now.
                        lease?.finish()
                        return nil
                    }
                    return BodyChunk(BodyBytes(buffer))
                case .producer(let iterator):
                    defer { base = .producer(iterator) }
                    return try await iterator.next()
                case .chunks(var iterator):
                    defer { base = .chunks(iterator) }
                    return try await iterator.next()
                }
            } catch {
                if error is CancellationError || error is HaulError { throw error }
                throw failure(error)
            }
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        switch source {
        case .client(let body): AsyncIterator(base: .client(body.makeAsyncIterator()), failure: failure, lease: lease)
        case .producer(let sequence): AsyncIterator(base: .producer(sequence.makeAsyncIterator()), failure: failure, lease: lease)
        case .chunks(let stream): AsyncIterator(base: .chunks(stream.makeAsyncIterator()), failure: failure, lease: lease)
        }
    }

    /// The whole body in memory, at most `maximumBytes` of it.
    ///
    /// - Throws: `TooLarge` past `maximumBytes`; `HaulError` as the body fails.
    func collect(upTo maximumBytes: Int) async throws -> [UInt8] {
        var bytes: [UInt8] = []
        for try await chunk in self {
            precondition(!chunk.isWritten, "collect(upTo:) offers no sink")
            guard bytes.count + chunk.count <= maximumBytes else { throw TooLarge() }
            chunk.bytes.withUnsafeBytes { bytes += $0 }
        }
        return bytes
    }

    /// A body longer than `collect(upTo:)` allows.
    struct TooLarge: Error {}
}
