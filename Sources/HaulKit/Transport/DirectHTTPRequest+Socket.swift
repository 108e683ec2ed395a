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

/// The socket side of a `DirectHTTPRequest`: connect, send, wait under the timeouts, read the head, and the
/// failures worded as `HTTPTransport.networkError` words AsyncHTTPClient's.
extension DirectHTTPRequest {
    /// Sends the request. A new connection becomes non-blocking once it is sent; a kept one already is.
    ///
    /// - Throws: `StaleConnection` when a kept connection turns out closed (the caller sends again on a new one).
    func sendRequest(on socket: Int32, reused: Bool) throws {
        if let connection = tls.connection { return try sendOverTLS(connection, socket: socket) }
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

    func connect() throws -> Int32 {
        var error: Int32 = 0
        let socket = haul_tcp_connect(target.host, String(target.port), Self.milliseconds(connectTimeout), wakeRead, &error)
        guard socket < 0 else { return socket }
        if error == HAUL_E_WOKEN { throw CancellationError() }
        if let proxy = target.proxy {
            // The proxy is down or not there: one sentence naming it, and a network failure retried with the usual
            // backoff (`isUnreachable` stays false: the rule that gives up on an unreachable origin at once is
            // about a typo in a port, and a company's proxy that restarts comes back).
            let reason = error == HAUL_E_RESOLVE ? "the host name does not resolve"
                : error == ETIMEDOUT ? "timed out" : HTTPTransport.socketErrorText(error)
            throw HaulError(.network, "cannot connect to the proxy \(proxy.address): \(reason)")
        }
        if error == HAUL_E_RESOLVE {
            var failure = HaulError(.network, "\(target.host): the host name does not resolve")
            failure.isUnreachable = true
            throw failure
        }
        if error == ETIMEDOUT { throw HaulError(.network, "connecting to \(target.host) timed out") }
        throw failed(error)
    }

    /// A socket error, worded as `HTTPTransport.networkError` words NIO's; through a proxy, it names the proxy.
    func failed(_ code: Int32) -> HaulError {
        if let proxy = target.proxy {
            return HaulError(.network, "the proxy \(proxy.address): \(HTTPTransport.socketErrorText(code))")
        }
        var failure = HaulError(.network, "\(target.host):\(target.port): \(HTTPTransport.socketErrorText(code))")
        failure.isUnreachable = code == ECONNREFUSED
        return failure
    }

    /// Waits until `socket` can be read, at most the stall timeout (or what is left until `deadline`, the head's).
    func waitReadable(_ socket: Int32, deadline: ContinuousClock.Instant? = nil) throws {
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
    func receive(
        _ socket: Int32, into buffer: inout ByteBuffer, limit: Int, deadline: ContinuousClock.Instant? = nil,
        staleIfReset: Bool = false
    ) throws -> Int {
        try buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: limit) { space in
            try receive(socket, into: space, limit: limit, deadline: deadline, staleIfReset: staleIfReset)
        }
    }

    /// Reads up to `limit` bytes into `space` (a body's `BodyStorage`, or the head buffer's free space), as
    /// `receive(_:into:limit:deadline:staleIfReset:)` does.
    func receive(
        _ socket: Int32, into space: UnsafeMutableRawBufferPointer, limit: Int, deadline: ContinuousClock.Instant? = nil,
        staleIfReset: Bool = false
    ) throws -> Int {
        while true {
            let count = try tls.connection.map { try readTLS($0, into: space.baseAddress, count: min(space.count, limit)) }
                ?? systemRead(socket, space.baseAddress, min(space.count, limit))
            if count >= 0 { return count }
            switch errno {
            case EINTR: continue
            case ECONNRESET where staleIfReset: throw StaleConnection()
            case EAGAIN, EWOULDBLOCK: try waitReadable(socket, deadline: deadline)
            case let code: throw failed(code)
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
    func readHead(_ socket: Int32, into pending: inout ByteBuffer, reused: Bool) throws -> HTTP1Response.Head {
        let deadline = ContinuousClock.now + .milliseconds(Int64(Self.milliseconds(connectTimeout + stallTimeout)))
        var received = false
        return try scanHead(
            into: &pending, deadline: deadline, late: HaulError(.network, "\(target.origin) did not answer in time"), malformed: malformed
        ) { pending in
            let stale = reused && !received
            if try receive(socket, into: &pending, limit: 16 << 10, deadline: deadline, staleIfReset: stale) == 0 {
                if stale { throw StaleConnection() }
                throw closedEarly()
            }
            received = true
        }
    }

    /// The loop every head read runs (an origin's answer, a proxy's answer to `CONNECT`): `HTTP1Response.HeadScanner`
    /// decides, this drops what it says to drop and calls `read` for more bytes until the deadline.
    func scanHead(
        into pending: inout ByteBuffer, deadline: ContinuousClock.Instant, late: @autoclosure () -> HaulError,
        malformed: (any Error) -> HaulError, read: (inout ByteBuffer) throws -> Void
    ) throws -> HTTP1Response.Head {
        var scanner = HTTP1Response.HeadScanner()
        while true {
            let step: HTTP1Response.HeadScanner.Step
            do {
                step = try pending.withUnsafeReadableBytes { try scanner.scan($0) }
            } catch {
                throw malformed(error)
            }
            switch step {
            case .final(let head, let size):
                pending.moveReaderIndex(forwardBy: size)
                return head
            case .interim(let size):
                pending.moveReaderIndex(forwardBy: size)
                pending.discardReadBytes()
            case .needMore:
                guard ContinuousClock.now < deadline else { throw late() }
                try read(&pending)
            }
        }
    }

    /// A response that breaks HTTP/1.1's framing: not retried, as no second request will read it otherwise
    /// (README, exit code 5; issue 33, point 11).
    func malformed(_ failure: any Error) -> HaulError {
        HaulError(.protocolViolation, "\(target.origin): \(failure)")
    }

    /// The connection ended before the response did.
    func closedEarly() -> HaulError {
        var failure = HaulError(.network, "\(target.origin) closed the connection early")
        failure.isClosedEarly = true
        return failure
    }

    static func milliseconds(_ seconds: Double) -> Int32 {
        Int32(min(max(seconds, 0) * 1000, Double(Int32.max)).rounded(.up))
    }
}

#if canImport(Darwin)
private let systemRead = Darwin.read
#else
private let systemRead = Glibc.read
#endif
