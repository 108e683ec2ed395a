import CHaulSystem
import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import HaulCore
import NIOConcurrencyHelpers
import NIOCore

/// One GET over a plain TCP connection, sent and read on a thread of its own: how `HTTPTransport` sends a plain
/// `http` download's only connection without a proxy, the head start's (`HTTPTransport.sendEarly`) included, and
/// every plain `http` request through an HTTP proxy, in absolute form (`Target`); on Linux also an `https` request
/// over HTTP/1.1, straight to the server or through an HTTP proxy's `CONNECT` tunnel (`DirectHTTPRequest+Tunnel`),
/// TLS on the same thread (`DirectHTTPRequest+TLS`, docs/transport.md).
///
/// Why not AsyncHTTPClient: a process's first request through it costs about 8 ms before the request leaves
/// (making the client and NIO's event-loop threads, then the connection pool, the channel pipeline and their first
/// generic instantiations, each a scan of the binary's conformance records), which for a small file is a third of
/// the whole run (docs/history/benchmarks-rounds.md, "Round 7"); and every later response crosses from an event loop
/// through the pipeline to another thread. A blocking socket on a new thread connects and sends in a fraction of a
/// millisecond, and reads straight into the buffers the engine writes. Everything after the head is the same as before:
/// the engine reads the body as the same `ResponseBody` stream, with backpressure (the thread reads only
/// when the stream asks for more, so a slow disk leaves the backlog in the kernel's socket buffer, as an HTTP/1.1
/// connection of AsyncHTTPClient's does), and the same failures come out as the same `HaulError`s: a refused
/// connect, a connect timeout, a head that takes longer than the connect and stall timeouts together, a body that
/// stalls for the stall timeout or ends before its `Content-Length`. Parsing is `HTTP1Response` and
/// `ChunkedBodyDecoder` (HaulCore).
///
/// Connections: a request is sent on the connection its `PoolLease` from the one `ConnectionPool` holds: the kept
/// socket the lease brings, when it is still quiet, else a new one it connects. After a body that ended where its
/// framing said, on a connection the server keeps open, the socket goes back to the pool with the lease before the
/// stream ends; otherwise (a body read to the close, cut short, dropped by its reader, a `cancel()`) it is closed
/// and the lease given back empty. A kept connection that the server closed before answering (no byte of a head)
/// is replaced by a new one once. Redirects are followed by `HTTPTransport.open` as for any
/// response.
final class DirectHTTPRequest: Sendable {
    /// A response whose head has arrived.
    struct Response: Sendable {
        var head: HTTP1Response.Head
        var body: ResponseBody
    }

    /// The body stream it hands over: backpressured, fed by the request's thread.
    typealias BodySequence = NIOThrowingAsyncSequenceProducer<
        BodyChunk, any Error, NIOAsyncSequenceProducerBackPressureStrategies.HighLowWatermark, Demand
    >

    /// A kept connection that the server closed before it answered: the request goes again on a new one.
    struct StaleConnection: Error {}

    enum Phase {
        /// The head has not arrived; `open` may be waiting for it.
        case waiting(CheckedContinuation<Response, any Error>?)
        /// The head arrived (or the request failed) before anyone asked.
        case arrived(Result<Response, any Error>)
        /// Handed over.
        case taken
    }

    /// The wake pipe: a byte written to `write` stops the thread's connect or wait at once.
    struct Wake {
        var write: Int32
        /// Whether the thread has closed the pipe (then nothing may write to it).
        var closed = false
        var cancelled = false
        /// The body stream's demand, once the head is handed over: a cancel wakes a thread waiting on it.
        var demand: Demand?
    }

    let target: Target
    /// The connection's hold in the one pool: a kept socket to reuse, and where the socket goes back to after a
    /// complete response. `nil` (tests): a new connection, closed at the end.
    let lease: PoolLease?
    let connectTimeout: Double
    let stallTimeout: Double
    let phase = NIOLockedValueBox(Phase.waiting(nil))
    let wake: NIOLockedValueBox<Wake>
    /// The wake pipe's read end (-1 without one), which only the thread reads and closes.
    let wakeRead: Int32
    /// Where the body's reader lets the thread write the bytes itself (`BodySink`), once it said so.
    let sink = NIOLockedValueBox(SinkSlot())
    /// The TLS connection of an https target, which only the request's thread uses (`DirectHTTPRequest+TLS`).
    let tls = TLSSlot()

    /// The reader's sink while the thread streams the body; once the thread writes no more (`ended`), an offer is
    /// not kept: the sink holds the reader's file, which must not outlive the body in a request that the pool or a
    /// late cancel still holds.
    struct SinkSlot {
        var sink: BodySink?
        var ended = false
    }

    private init(
        target: Target, lease: PoolLease?, connectTimeout: Double, stallTimeout: Double,
        pipe: (read: Int32, write: Int32)
    ) {
        self.target = target
        self.lease = lease
        self.connectTimeout = connectTimeout
        self.stallTimeout = stallTimeout
        self.wakeRead = pipe.read
        self.wake = NIOLockedValueBox(Wake(write: pipe.write))
    }

    /// Sends at once, on a new thread, over `lease`'s kept connection or a new one; `response()` waits for the
    /// head.
    static func send(
        _ target: Target, lease: PoolLease?, connectTimeout: Double, stallTimeout: Double
    ) -> DirectHTTPRequest {
        var pipe: [Int32] = [-1, -1]
        let piped = haul_wake_pipe(&pipe) == 0
        let request = DirectHTTPRequest(
            target: target, lease: lease, connectTimeout: connectTimeout, stallTimeout: stallTimeout,
            pipe: piped ? (pipe[0], pipe[1]) : (-1, -1)
        )
        // A plain detached thread, not Foundation's `Thread`: nothing here needs a run loop or thread dictionary.
        if let failure = DetachedThread.start({ request.run() }) {
            lease?.kept?.close()
            lease?.finish()
            request.deliver(.failure(HaulError(.network, "\(target.origin): cannot start a thread: \(HTTPTransport.socketErrorText(failure))")))
        }
        return request
    }

    /// The response once its head has arrived.
    ///
    /// - Throws: `HaulError` of kind `.network` as `HTTPTransport.open` reports a failed request;
    ///   `CancellationError` after `cancel()`.
    func response() async throws -> Response {
        try await withCheckedThrowingContinuation { continuation in
            let ready = phase.withLockedValue { phase -> Result<Response, any Error>? in
                switch phase {
                case .waiting:
                    phase = .waiting(continuation)
                    return nil
                case .arrived(let result):
                    phase = .taken
                    return result
                case .taken:
                    return .failure(CancellationError())
                }
            }
            if let ready { continuation.resume(with: ready) }
        }
    }

    /// Stops the request wherever it is: connecting, waiting for the head, or streaming the body (which then ends
    /// with `CancellationError`). The connection is closed.
    func cancel() {
        // A response nobody took holds the body stream: dropping it ends the stream, which wakes a thread waiting
        // for the stream to ask for more. Dropped outside the lock: the stream's end calls back into `cancel()`.
        let untaken = phase.withLockedValue { phase -> Result<Response, any Error>? in
            guard case .arrived(let result) = phase else { return nil }
            phase = .taken
            return result
        }
        _ = untaken
        let demand = wake.withLockedValue { wake -> Demand? in
            guard !wake.cancelled else { return nil }
            wake.cancelled = true
            if !wake.closed, wake.write >= 0 {
                var byte: UInt8 = 1
                _ = write(wake.write, &byte, 1)
            }
            return wake.demand
        }
        demand?.end()
    }

    var isCancelled: Bool { wake.withLockedValue { $0.cancelled } }

    func deliver(_ result: Result<Response, any Error>) {
        let waiting = phase.withLockedValue { phase -> CheckedContinuation<Response, any Error>? in
            guard case .waiting(let continuation) = phase else { return nil }
            phase = continuation == nil ? .arrived(result) : .taken
            return continuation
        }
        waiting?.resume(with: result)
    }

    // MARK: The thread

    func run() {
        var socket: Int32 = -1
        var failure: (any Error)?
        do {
            var reused = false
            if let kept = lease?.kept {
                // Closed or written to by the server while it was idle: a new connection instead. An https target
                // goes on with the TLS session kept with the socket (the pool's key has the scheme, so a kept
                // connection has one exactly when the target is https).
                if (kept.tls != nil) == (target.tls != nil), haul_socket_is_quiet(kept.socket) == 1 {
                    socket = kept.socket
                    tls.connection = kept.tls
                    reused = true
                } else {
                    kept.close()
                }
            }
            if !reused { socket = try openConnection() }
            var pending = ByteBufferAllocator().buffer(capacity: 16 << 10)
            var head: HTTP1Response.Head
            while true {
                do {
                    try sendRequest(on: socket, reused: reused)
                    head = try readHead(socket, into: &pending, reused: reused)
                    break
                } catch is StaleConnection {
                    tls.close()
                    close(socket)
                    socket = -1
                    socket = try openConnection()
                    reused = false
                    pending.clear()
                }
            }
            try stream(head, socket: &socket, pending: pending)
        } catch {
            failure = error
        }
        if let failure { deliver(.failure(isCancelled ? CancellationError() : failure)) }
        tls.close()
        if socket >= 0 { close(socket) }
        lease?.finish()
        wake.withLockedValue { wake in
            wake.closed = true
            wake.demand = nil
            if wakeRead >= 0 { close(wakeRead) }
            if wake.write >= 0 { close(wake.write) }
        }
    }
}
