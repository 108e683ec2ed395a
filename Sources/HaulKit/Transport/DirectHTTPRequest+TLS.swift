import CHaulSystem
internal import CNIOBoringSSL
import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import HaulCore

/// The TLS side of a `DirectHTTPRequest` (an https target: `Target.tls`): the handshake on the request's own
/// thread under the connect timeout, and the one sentence a failed handshake is said in (exit code 11, never
/// retried). Reads and writes go through the connection (`receive`, `sendRequest`); a TLS body is never spliced
/// (its bytes must be decrypted in memory) but, where the reader offers a sink, written into the file by this
/// thread from one buffer (`decryptIntoSink`); its connection is kept in the pool with its socket as a plain one is
/// (docs/transport.md, "TLS").
extension DirectHTTPRequest {
    /// The TLS connection of the request's thread: set by `startTLS`, used and freed by that thread only.
    final class TLSSlot: @unchecked Sendable {
        var connection: TLSConnection?

        func close() {
            connection?.close()
            connection = nil
        }

        /// The connection, no longer the slot's (given to the pool with its socket).
        func take() -> TLSConnection? {
            defer { connection = nil }
            return connection
        }
    }

    /// Makes `socket` a TLS connection to the target's origin when the target is https (inside the proxy's tunnel
    /// when there is one: SNI and the certificate's name are the origin's): non-blocking from here on, the
    /// handshake done within the connect timeout.
    ///
    /// - Throws: `HaulError` of kind `.tls` for a handshake that failed (`handshakeFailure`), `.network` for a
    ///   timeout; `CancellationError` after `cancel()`.
    func startTLS(_ socket: Int32) throws {
        guard let settings = target.tls else { return }
        guard let context = settings.context() else {
            throw HaulError(.tls, "\(target.origin): cannot load the trusted certificate authorities (--cacert)")
        }
        if haul_set_nonblocking(socket) != 0 { throw failed(errno) }
        guard let connection = TLSConnection(context: context, socket: socket, host: target.serverName) else {
            throw HaulError(.tls, "\(target.origin): TLS handshake failed: cannot set up the connection")
        }
        tls.connection = connection
        let deadline = ContinuousClock.now + .milliseconds(Int64(Self.milliseconds(connectTimeout)))
        while true {
            let step = connection.handshake()
            switch step {
            case .done: return
            case .wantRead, .wantWrite: try waitForHandshake(socket, step: step, deadline: deadline)
            case .closed, .failed: throw Self.handshakeFailure(step, host: target.origin)
            }
        }
    }

    /// Waits until the handshake can go on, until `deadline`.
    private func waitForHandshake(_ socket: Int32, step: TLSConnection.Step, deadline: ContinuousClock.Instant) throws {
        let left = ContinuousClock.now.duration(to: deadline)
        guard left > .zero else { throw HaulError(.network, "\(target.origin): the TLS handshake timed out") }
        let timeout = Int32(clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
        switch Self.wait(socket, writable: step == .wantWrite, wake: wakeRead, timeout: timeout) {
        case 1: return
        case 0: throw HaulError(.network, "\(target.origin): the TLS handshake timed out")
        case HAUL_E_WOKEN: throw CancellationError()
        default: throw failed(errno)
        }
    }

    /// Waits until `socket` is readable (or writable), or `wake` is; 1, 0 on timeout, `HAUL_E_WOKEN`, or -1.
    static func wait(_ socket: Int32, writable: Bool, wake: Int32, timeout: Int32) -> Int32 {
        if !writable { return haul_wait_readable(socket, wake, timeout) }
        var fds = [pollfd(fd: socket, events: Int16(POLLOUT), revents: 0), pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
        while true {
            let ready = poll(&fds, wake >= 0 ? 2 : 1, timeout)
            if ready < 0, errno == EINTR { continue }
            if ready <= 0 { return ready }
            return wake >= 0 && fds[1].revents != 0 ? HAUL_E_WOKEN : 1
        }
    }

    /// Sends the request over the TLS connection, waiting for the socket under the stall timeout.
    func sendOverTLS(_ connection: TLSConnection, socket: Int32) throws {
        do {
            try target.request.withUnsafeBytes { bytes in
                try connection.write(bytes) { step in
                    switch Self.wait(socket, writable: step == .wantWrite, wake: wakeRead, timeout: Self.milliseconds(stallTimeout)) {
                    case 1: return
                    case 0: throw HaulError(.network, "\(target.origin) took nothing for too long (stall timeout)")
                    case HAUL_E_WOKEN: throw CancellationError()
                    default: throw failed(errno)
                    }
                }
            }
        } catch let failure as TLSConnection.Failure {
            throw HaulError(.network, "\(target.origin): TLS: \(failure.reason)")
        }
    }

    /// A read from the TLS connection as `read(2)` answers: a count, 0 at the end, -1 with `errno`. A record that
    /// fails its checks after the handshake is a network failure (retried, as a connection cut is).
    func readTLS(_ connection: TLSConnection, into buffer: UnsafeMutableRawPointer?, count: Int) throws -> Int {
        do {
            return try connection.read(buffer, count: count)
        } catch let failure as TLSConnection.Failure {
            throw HaulError(.network, "\(target.origin): TLS: \(failure.reason)")
        }
    }

    /// The most one read of a TLS body decrypts before it is written through the sink: 64 KiB, a read as large as
    /// the in-memory path's (`HTTPTransport.largestRead`, four 16 KiB records), so the writes and notices per GiB
    /// stay as many as the buffers handed over were (docs/transport.md, "TLS": the figures).
    static let largestDecryptedWrite = HTTPTransport.largestRead

    /// Decrypts the body's next bytes into `buffer` and writes them into the file through the reader's sink, on
    /// this thread, when the body is TLS's and the reader offered a sink and wants it now. Returns how many bytes
    /// (0: the sink was closed, the reader is gone), or `nil` when this step reads into memory as usual: not TLS,
    /// no sink, a bandwidth limit pacing the download, or less room before the segment's end than one read. The
    /// same rules as `spliceIntoSink` (offsets from the sink's `bodyStart`, never past its room).
    func decryptIntoSink(_ socket: Int32, buffer: inout DecryptionBuffer, bodyOffset: Int64, remaining: Int64) throws -> Int? {
        guard tls.connection != nil, let sink = sink.withLockedValue({ $0.sink }), sink.isWanted else { return nil }
        let offset = sink.bodyStart + bodyOffset
        var limit = min(remaining, Int64(Self.largestDecryptedWrite))
        if let room = sink.room(at: offset) { limit = min(limit, room) }
        // Near the segment's end, one ordinary read (which the reader cuts at the end) does as well.
        guard limit > 0, limit >= min(remaining, Int64(HTTPTransport.largestRead)) else { return nil }
        let memory = buffer.memory()
        let count = try receive(socket, into: memory, limit: Int(limit))
        guard count > 0 else { throw closedEarly() }
        return try sink.write(UnsafeRawBufferPointer(rebasing: memory[0..<count]), at: offset) ? count : 0
    }

    /// The memory a TLS body is decrypted into on its way to the sink: one per body, allocated at its first use
    /// (a body read into memory never needs it) and reused by every read, freed when the body ends.
    struct DecryptionBuffer {
        private var allocated: UnsafeMutableRawBufferPointer?

        mutating func memory() -> UnsafeMutableRawBufferPointer {
            if let allocated { return allocated }
            let made = UnsafeMutableRawBufferPointer.allocate(byteCount: DirectHTTPRequest.largestDecryptedWrite, alignment: 16)
            allocated = made
            return made
        }

        mutating func free() {
            allocated?.deallocate()
            allocated = nil
        }
    }

    /// The one sentence a failed handshake is said in, with `host` as the URL names it: the same sentences (and the
    /// same remedy, `--cacert`) as AsyncHTTPClient's failures (`HTTPTransport.tlsError`), and a sentence of its own for
    /// what only the direct client can tell apart (an expired certificate, a server that does not speak TLS, a
    /// handshake cut short). Kind `.tls`: exit code 11, never retried.
    static func handshakeFailure(_ step: TLSConnection.Step, host: String) -> HaulError {
        guard case .failed(let reason, let verifyResult) = step else {
            return HaulError(.tls, "\(host): TLS handshake failed: the server closed the connection during the handshake")
        }
        if reason == "CERTIFICATE_VERIFY_FAILED" {
            switch Int32(verifyResult) {
            case X509_V_ERR_HOSTNAME_MISMATCH, X509_V_ERR_IP_ADDRESS_MISMATCH:
                return HaulError(.tls, "\(host): the server's certificate is for another name")
            case X509_V_ERR_CERT_HAS_EXPIRED:
                return HaulError(.tls, "\(host): the server's certificate has expired")
            case X509_V_ERR_CERT_NOT_YET_VALID:
                return HaulError(.tls, "\(host): the server's certificate is not valid yet (is this machine's clock right?)")
            default:
                return HaulError(
                    .tls, "\(host): the server's certificate is not signed by an authority this machine trusts",
                    remedy: .trustCertificateAuthority
                )
            }
        }
        if ["WRONG_VERSION_NUMBER", "BAD_PACKET_LENGTH", "UNEXPECTED_RECORD", "HTTP_REQUEST", "HTTPS_PROXY_REQUEST",
            "UNKNOWN_PROTOCOL", "RECORD_TOO_LARGE", "DECODE_ERROR"].contains(reason)
        {
            return HaulError(.tls, "\(host): TLS handshake failed: the server did not answer in TLS (\(reason))")
        }
        return HaulError(.tls, "\(host): TLS handshake failed: \(reason)")
    }
}
