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
/// every plain `http` request through an HTTP proxy, in absolute form (`Target`).
///
/// Why not AsyncHTTPClient: a process's first request through it costs about 8 ms before the request leaves
/// (making the client and NIO's event-loop threads, then the connection pool, the channel pipeline and their first
/// generic instantiations, each a scan of the binary's conformance records), which for a small file is a third of
/// the whole run (docs/benchmarks.md, "Round 7"); and every later response crosses from an event loop through the
/// pipeline to another thread. A blocking socket on a new thread connects and sends in a fraction of a millisecond,
/// and reads straight into the buffers the engine writes. Everything after the head is the same as before: the
/// engine reads the body as the same `ResponseBody` stream, with backpressure (the thread reads only
/// when the stream asks for more, so a slow disk leaves the backlog in the kernel's socket buffer, as an HTTP/1.1
/// connection of AsyncHTTPClient's does), and the same failures come out as the same `HaulError`s: a refused
/// connect, a connect timeout, a head that takes longer than the connect and stall timeouts together, a body that
/// stalls for the stall timeout or ends before its `Content-Length`. Parsing is `HTTP1Response` and
/// `ChunkedBodyDecoder` (HaulCore).
///
/// Connections: a request takes an idle connection to its server from the `DirectConnectionPool` it is given, or
/// makes one. After a body that ended where its framing said, on a connection the server keeps open, the
/// connection goes back to the pool before the stream ends; otherwise (a body read to the close, cut short,
/// dropped by its reader, a `cancel()`) it is closed. A kept connection that the server closed before answering
/// (no byte of a head) is replaced by a new one once. Redirects are followed by `HTTPTransport.open` as for any
/// response.
final class DirectHTTPRequest: Sendable {
    /// A response whose head has arrived.
    struct Response: Sendable {
        var head: HTTP1Response.Head
        var body: ResponseBody
    }

    /// The body stream it hands over: backpressured, fed by the request's thread.
    typealias BodySequence = NIOThrowingAsyncSequenceProducer<
        ByteBuffer, any Error, NIOAsyncSequenceProducerBackPressureStrategies.HighLowWatermark, Demand
    >

    /// A kept connection that the server closed before it answered: the request goes again on a new one.
    private struct StaleConnection: Error {}

    private enum Phase {
        /// The head has not arrived; `open` may be waiting for it.
        case waiting(CheckedContinuation<Response, any Error>?)
        /// The head arrived (or the request failed) before anyone asked.
        case arrived(Result<Response, any Error>)
        /// Handed over.
        case taken
    }

    /// The wake pipe: a byte written to `write` stops the thread's connect or wait at once.
    private struct Wake {
        var write: Int32
        /// Whether the thread has closed the pipe (then nothing may write to it).
        var closed = false
        var cancelled = false
        /// The body stream's demand, once the head is handed over: a cancel wakes a thread waiting on it.
        var demand: Demand?
    }

    private let target: Target
    /// Where the connection comes from when one is idle, and goes back to after a complete response.
    private let pool: DirectConnectionPool?
    private let connectTimeout: Double
    private let stallTimeout: Double
    private let phase = NIOLockedValueBox(Phase.waiting(nil))
    private let wake: NIOLockedValueBox<Wake>
    /// The wake pipe's read end (-1 without one), which only the thread reads and closes.
    private let wakeRead: Int32

    private init(
        target: Target, pool: DirectConnectionPool?, connectTimeout: Double, stallTimeout: Double,
        pipe: (read: Int32, write: Int32)
    ) {
        self.target = target
        self.pool = pool
        self.connectTimeout = connectTimeout
        self.stallTimeout = stallTimeout
        self.wakeRead = pipe.read
        self.wake = NIOLockedValueBox(Wake(write: pipe.write))
    }

    /// Sends at once, on a new thread, over an idle connection of `pool` or a new one; `response()` waits for the
    /// head.
    static func send(
        _ target: Target, pool: DirectConnectionPool?, connectTimeout: Double, stallTimeout: Double
    ) -> DirectHTTPRequest {
        var pipe: [Int32] = [-1, -1]
        let piped = haul_wake_pipe(&pipe) == 0
        let request = DirectHTTPRequest(
            target: target, pool: pool, connectTimeout: connectTimeout, stallTimeout: stallTimeout,
            pipe: piped ? (pipe[0], pipe[1]) : (-1, -1)
        )
        // A plain detached thread, not Foundation's `Thread`: nothing here needs a run loop or thread dictionary.
        if let failure = DetachedThread.start({ request.run() }) {
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

    private var isCancelled: Bool { wake.withLockedValue { $0.cancelled } }

    private func deliver(_ result: Result<Response, any Error>) {
        let waiting = phase.withLockedValue { phase -> CheckedContinuation<Response, any Error>? in
            guard case .waiting(let continuation) = phase else { return nil }
            phase = continuation == nil ? .arrived(result) : .taken
            return continuation
        }
        waiting?.resume(with: result)
    }

    // MARK: The thread

    private func run() {
        var socket: Int32 = -1
        var failure: (any Error)?
        do {
            var reused = false
            if let kept = pool?.take(target.server) {
                socket = kept
                reused = true
            } else {
                socket = try connect()
            }
            var pending = ByteBufferAllocator().buffer(capacity: 16 << 10)
            var head: HTTP1Response.Head
            while true {
                do {
                    try sendRequest(on: socket, reused: reused)
                    head = try readHead(socket, into: &pending, reused: reused)
                    break
                } catch is StaleConnection {
                    close(socket)
                    socket = -1
                    socket = try connect()
                    reused = false
                    pending.clear()
                }
            }
            try stream(head, socket: &socket, pending: pending)
        } catch {
            failure = error
        }
        if let failure { deliver(.failure(isCancelled ? CancellationError() : failure)) }
        if socket >= 0 { close(socket) }
        wake.withLockedValue { wake in
            wake.closed = true
            wake.demand = nil
            if wakeRead >= 0 { close(wakeRead) }
            if wake.write >= 0 { close(wake.write) }
        }
    }

    /// Sends the request. A new connection becomes non-blocking once it is sent; a kept one already is.
    ///
    /// - Throws: `StaleConnection` when a kept connection turns out closed (the caller sends again on a new one).
    private func sendRequest(on socket: Int32, reused: Bool) throws {
        try target.request.withUnsafeBytes { bytes in
            if haul_send_all(socket, bytes.baseAddress, bytes.count, wakeRead, Self.milliseconds(stallTimeout)) != 0 {
                let code = errno
                if code == HAUL_E_WOKEN { throw CancellationError() }
                if reused, code == EPIPE || code == ECONNRESET { throw StaleConnection() }
                if code == ETIMEDOUT { throw HaulError(.network, "\(target.origin) took nothing for too long (stall timeout)") }
                throw failed(code)
            }
        }
        // From here on, a read that finds the socket empty returns at once and only then waits (`receive`):
        // one system call per chunk while the data flows, not a wait and a read.
        if !reused, haul_set_nonblocking(socket) != 0 { throw failed(errno) }
    }

    private func connect() throws -> Int32 {
        var error: Int32 = 0
        let socket = haul_tcp_connect(target.host, String(target.port), Self.milliseconds(connectTimeout), wakeRead, &error)
        guard socket < 0 else { return socket }
        if error == HAUL_E_WOKEN { throw CancellationError() }
        if let proxy = target.proxy {
            // The proxy is down or not there: one sentence naming it, and a network failure retried with the usual
            // backoff (`isConnectionRefused` stays false: the rule that gives up on a refused origin at once is
            // about a typo in a port, and a company's proxy that restarts comes back).
            let reason = error == HAUL_E_RESOLVE ? "the host name does not resolve"
                : error == ETIMEDOUT ? "timed out" : HTTPTransport.socketErrorText(error)
            throw HaulError(.network, "cannot connect to the proxy \(proxy.address): \(reason)")
        }
        if error == HAUL_E_RESOLVE { throw HaulError(.network, "\(target.host): the host name does not resolve") }
        if error == ETIMEDOUT { throw HaulError(.network, "connecting to \(target.host) timed out") }
        throw failed(error)
    }

    /// A socket error, worded as `HTTPTransport.networkError` words NIO's; through a proxy, it names the proxy.
    private func failed(_ code: Int32) -> HaulError {
        if let proxy = target.proxy {
            return HaulError(.network, "the proxy \(proxy.address): \(HTTPTransport.socketErrorText(code))")
        }
        var failure = HaulError(.network, "\(target.host):\(target.port): \(HTTPTransport.socketErrorText(code))")
        failure.isConnectionRefused = code == ECONNREFUSED
        return failure
    }

    /// Waits until `socket` can be read, at most the stall timeout (or what is left until `deadline`, the head's).
    private func waitReadable(_ socket: Int32, deadline: ContinuousClock.Instant? = nil) throws {
        var timeout = Self.milliseconds(stallTimeout)
        if let deadline {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { throw HaulError(.network, "\(target.origin) did not answer in time") }
            timeout = min(timeout, Int32(clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1))
        }
        switch haul_wait_readable(socket, wakeRead, timeout) {
        case 1: return
        case 0:
            if let deadline, ContinuousClock.now >= deadline {
                throw HaulError(.network, "\(target.origin) did not answer in time")
            }
            throw HaulError(.network, "\(target.origin) sent nothing for too long (stall timeout)")
        case HAUL_E_WOKEN: throw CancellationError()
        default: throw failed(errno)
        }
    }

    /// Reads up to `limit` bytes into `buffer` as soon as there are any, waiting as `waitReadable` does (until
    /// `deadline` for the head, else at most the stall timeout); 0 at the end of the stream.
    ///
    /// With `staleIfReset`, a reset connection throws `StaleConnection` (a kept connection before its first byte).
    private func receive(
        _ socket: Int32, into buffer: inout ByteBuffer, limit: Int, deadline: ContinuousClock.Instant? = nil,
        staleIfReset: Bool = false
    ) throws -> Int {
        try buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: limit) { space in
            while true {
                let count = systemRead(socket, space.baseAddress, min(space.count, limit))
                if count >= 0 { return count }
                switch errno {
                case EINTR: continue
                case ECONNRESET where staleIfReset: throw StaleConnection()
                case EAGAIN, EWOULDBLOCK: try waitReadable(socket, deadline: deadline)
                case let code: throw failed(code)
                }
            }
        }
    }

    /// Reads the final head (interim 1xx ones are dropped); `pending` keeps the bytes read past it.
    ///
    /// Bounded as one head is, whatever the server sends (issue 33, point 8): every head read for this request,
    /// interim ones included, counts against `HTTP1Response.maximumHeadSize` (`HeadBudget`), dropped heads give their
    /// memory back, and the deadline (the connect and stall timeouts together) is checked at every read, not only
    /// when the socket runs dry: a server that floods `100 Continue` never makes it wait.
    ///
    /// - Throws: `StaleConnection` when `reused` and the connection ends or is reset before its first byte;
    ///   `.protocolViolation` for a head that is malformed or too large.
    private func readHead(_ socket: Int32, into pending: inout ByteBuffer, reused: Bool) throws -> HTTP1Response.Head {
        let deadline = ContinuousClock.now + .milliseconds(Int64(Self.milliseconds(connectTimeout + stallTimeout)))
        var budget = HTTP1Response.HeadBudget()
        var searched = 0
        var received = false
        while true {
            let end = pending.withUnsafeReadableBytes { HTTP1Response.headEnd(in: $0, from: max(searched - 3, 0)) }
            if let end {
                let head: HTTP1Response.Head
                do {
                    try budget.check(head: end)
                    head = try pending.withUnsafeReadableBytes { try HTTP1Response.parseHead(UnsafeRawBufferPointer(rebasing: $0[0..<end])) }
                } catch {
                    throw malformed(error)
                }
                pending.moveReaderIndex(forwardBy: end)
                searched = 0
                guard head.isInterim else { return head }
                do { try budget.spend(interim: end) } catch { throw malformed(error) }
                pending.discardReadBytes()
                continue
            }
            searched = pending.readableBytes
            do { try budget.check(head: searched) } catch { throw malformed(error) }
            guard ContinuousClock.now < deadline else { throw HaulError(.network, "\(target.origin) did not answer in time") }
            let stale = reused && !received
            if try receive(socket, into: &pending, limit: 16 << 10, deadline: deadline, staleIfReset: stale) == 0 {
                if stale { throw StaleConnection() }
                throw closedEarly()
            }
            received = true
        }
    }

    /// A response that breaks HTTP/1.1's framing: not retried, as no second request will read it otherwise
    /// (README, exit code 5; issue 33, point 11).
    private func malformed(_ failure: any Error) -> HaulError {
        HaulError(.protocolViolation, "\(target.origin): \(failure)")
    }

    /// The connection ended before the response did.
    private func closedEarly() -> HaulError {
        var failure = HaulError(.network, "\(target.origin) closed the connection early")
        failure.isClosedEarly = true
        return failure
    }

    /// Hands the head over with a body stream, then feeds the stream as it asks for more. A connection whose
    /// response ended where its framing says, and that the server keeps open, goes back to the pool (and `socket`
    /// becomes -1) before the stream ends: the next request, which may follow at once, finds it there.
    private func stream(_ head: HTTP1Response.Head, socket: inout Int32, pending: ByteBuffer) throws {
        let framing: HTTP1Response.Framing
        do { framing = try HTTP1Response.framing(of: head) } catch { throw malformed(error) }
        let demand = Demand(request: self)
        wake.withLockedValue { $0.demand = demand }
        let source = handOver(head, demand: demand)
        do {
            let complete = try feed(framing, source: source, demand: demand, socket: socket, pending: pending)
            if complete, head.keepsConnectionOpen, let pool, !isCancelled {
                pool.give(socket, to: target.server)
                socket = -1
            }
            source.finish()
        } catch {
            source.finish(isCancelled ? CancellationError() : error)
        }
    }

    /// Delivers the head with a new body stream and returns the stream's source. The stream itself is not kept:
    /// when its reader drops it (or nobody takes the response), the demand hears `didTerminate` and the thread stops.
    private func handOver(_ head: HTTP1Response.Head, demand: Demand) -> Source {
        let made = NIOThrowingAsyncSequenceProducer.makeSequence(
            elementType: ByteBuffer.self,
            backPressureStrategy: NIOAsyncSequenceProducerBackPressureStrategies.HighLowWatermark(lowWatermark: 1, highWatermark: 1),
            finishOnDeinit: true,
            delegate: demand
        )
        deliver(.success(Response(head: head, body: .producer(made.sequence))))
        return made.source
    }

    /// Yields one buffer; waits while the stream holds enough, unless the buffer is the body's `last` (the stream
    /// keeps it until read, and ends after it). `false`: the reader is gone.
    private func yield(_ buffer: ByteBuffer, to source: Source, demand: Demand, last: Bool = false) -> Bool {
        switch source.yield(buffer) {
        case .produceMore: return true
        case .stopProducing: return last || demand.awaitMore()
        case .dropped: return false
        }
    }

    private typealias Source = BodySequence.Source

    /// Feeds the body to `source`. Returns whether it ended exactly where its framing says, with no byte read past
    /// it and its reader still there: only then may the connection serve another request.
    private func feed(
        _ framing: HTTP1Response.Framing, source: Source, demand: Demand, socket: Int32, pending: ByteBuffer
    ) throws -> Bool {
        var pending = pending
        switch framing {
        case .empty:
            return pending.readableBytes == 0
        case .length(let length):
            var remaining = length
            // Bytes beyond the length belong to nothing this connection will read: they are dropped, and the
            // connection with them.
            let clean = Int64(pending.readableBytes) <= length
            if pending.readableBytes > 0, remaining > 0 {
                let take = Int(min(Int64(pending.readableBytes), remaining))
                remaining -= Int64(take)
                guard yield(pending.readSlice(length: take)!, to: source, demand: demand, last: remaining == 0) else {
                    return false
                }
            }
            while remaining > 0 {
                let limit = Int(min(remaining, Int64(HTTPTransport.largestRead)))
                var buffer = ByteBufferAllocator().buffer(capacity: limit)
                guard try receive(socket, into: &buffer, limit: limit) > 0 else { throw closedEarly() }
                remaining -= Int64(buffer.readableBytes)
                guard yield(buffer, to: source, demand: demand, last: remaining == 0) else { return false }
            }
            return clean
        case .untilClose:
            if pending.readableBytes > 0 {
                guard yield(pending, to: source, demand: demand) else { return false }
            }
            while true {
                var buffer = ByteBufferAllocator().buffer(capacity: HTTPTransport.largestRead)
                guard try receive(socket, into: &buffer, limit: HTTPTransport.largestRead) > 0 else { return false }
                guard yield(buffer, to: source, demand: demand) else { return false }
            }
        case .chunked:
            // Every chunk at hand is decoded at once, its data gathered in place into one slice: one hand-off to
            // the stream per read, however small the chunks (issue 33, point 9).
            var decoder = ChunkedBodyDecoder()
            while true {
                if pending.readableBytes > 0 {
                    let batch: ChunkedBodyDecoder.Batch
                    do { batch = try pending.withUnsafeMutableReadableBytes { try decoder.decode(inPlace: $0) } } catch {
                        throw malformed(error)
                    }
                    pending.moveReaderIndex(forwardBy: batch.dataStart)
                    let data = pending.readSlice(length: batch.dataCount)!
                    pending.moveReaderIndex(forwardBy: batch.consumed - batch.dataStart - batch.dataCount)
                    if batch.dataCount > 0 {
                        guard yield(data, to: source, demand: demand, last: batch.ended) else { return false }
                    }
                    if batch.ended { return pending.readableBytes == 0 }
                }
                pending.discardReadBytes()
                guard try receive(socket, into: &pending, limit: HTTPTransport.largestRead) > 0 else { throw closedEarly() }
            }
        }
    }

    private static func milliseconds(_ seconds: Double) -> Int32 {
        Int32(min(max(seconds, 0) * 1000, Double(Int32.max)).rounded(.up))
    }

    /// The body stream's side of the backpressure: the thread waits here while the stream holds enough.
    final class Demand: NIOAsyncSequenceProducerDelegate, Sendable {
        /// 1 once the stream asked for more or ended, 0 while the thread should wait.
        private let wake = ConditionLock(value: 0)
        private let ended = NIOLockedValueBox(false)
        private let request: DirectHTTPRequest

        init(request: DirectHTTPRequest) { self.request = request }

        func produceMore() {
            wake.lock()
            wake.unlock(withValue: 1)
        }

        func didTerminate() {
            end()
            // The reader is gone (done, cancelled or dropped): stop a read that is waiting on the socket.
            request.cancel()
        }

        /// Wakes the thread for good: it stops feeding the stream.
        func end() {
            ended.withLockedValue { $0 = true }
            wake.lock()
            wake.unlock(withValue: 1)
        }

        /// Waits until the stream asks for more (`true`) or ends (`false`).
        func awaitMore() -> Bool {
            wake.lock(whenValue: 1)
            wake.unlock(withValue: 0)
            return !ended.withLockedValue { $0 }
        }
    }
}

#if canImport(Darwin)
private let systemRead = Darwin.read
#else
private let systemRead = Glibc.read
#endif
