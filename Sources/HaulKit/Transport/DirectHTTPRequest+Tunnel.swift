import CHaulSystem
import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import HaulCore
import NIOCore

/// The `CONNECT` tunnel of an https target through an HTTP proxy (`Target.tunnel`): sent on the new connection to
/// the proxy, its answer's head read under the head's bound and deadline, and judged by `ProxyTunnel` (HaulCore);
/// TLS to the origin (`startTLS`) then runs inside it. A tunnelled connection is kept in the pool under its key,
/// which names the proxy and the origin (`HTTPTransport.connectionKey`), so the next request to that origin through
/// that proxy reuses tunnel and TLS session alike (docs/transport.md, "TLS").
extension DirectHTTPRequest {
    /// A new connection for the target, ready to send the request on: connected, through the proxy's tunnel when
    /// there is one, and in TLS when the target is https.
    func openConnection() throws -> Int32 {
        let socket = try connect()
        do {
            try openTunnel(socket)
            try startTLS(socket)
        } catch {
            tls.close()
            close(socket)
            throw error
        }
        return socket
    }

    /// Asks the proxy for the tunnel and reads its answer; returns once the tunnel is open (non-blocking from here
    /// on), does nothing for a target without one.
    ///
    /// - Throws: `HaulError`: `.http` (exit 4) for a 407 (`HTTPTransport.proxyWantsCredentials`) or a refused
    ///   tunnel, `.network` for a 5xx, a proxy that closes or does not answer in time (the connect and stall timeouts
    ///   together, as a head), `.protocolViolation` for an answer that is not HTTP/1.x, larger than
    ///   `HTTP1Response.maximumHeadSize` (1xx heads included), or followed by bytes before TLS began;
    ///   `CancellationError` after `cancel()`.
    func openTunnel(_ socket: Int32) throws {
        guard let tunnel = target.tunnel, let proxy = target.proxy else { return }
        try tunnel.request.withUnsafeBytes { bytes in
            if haul_send_all(socket, bytes.baseAddress, bytes.count, wakeRead, Self.milliseconds(stallTimeout)) != 0 {
                let code = errno
                if code == HAUL_E_WOKEN { throw CancellationError() }
                if code == ETIMEDOUT { throw HaulError(.network, "the proxy \(proxy.address) took nothing for too long (stall timeout)") }
                throw failed(code)
            }
        }
        if haul_set_nonblocking(socket) != 0 { throw failed(errno) }
        let head = try readTunnelAnswer(socket, proxy: proxy)
        switch ProxyTunnel.judge(head.head, bytesAfterHead: head.extra) {
        case .open: return
        case .wantsCredentials: throw HTTPTransport.proxyWantsCredentials(proxy)
        case .unavailable(let status):
            throw HaulError(.network, "the proxy \(proxy.address) could not open a tunnel to \(tunnel.authority): \(Self.statusText(status))")
        case .refused(let status):
            throw HaulError(
                .http, "the proxy \(proxy.address) refused a tunnel to \(tunnel.authority): \(Self.statusText(status))",
                httpStatus: status
            )
        case .spokeFirst:
            throw HaulError(.protocolViolation, "the proxy \(proxy.address) sent bytes after opening the tunnel to \(tunnel.authority), before TLS began")
        }
    }

    /// "502 Bad Gateway", or the bare code for an uncommon status.
    static func statusText(_ status: Int) -> String {
        let reason = HTTPStatusText.reason(status)
        return reason.isEmpty ? "\(status)" : "\(status) \(reason)"
    }

    /// The proxy's final answer to `CONNECT` (interim 1xx heads dropped) and how many bytes were read past it.
    private func readTunnelAnswer(_ socket: Int32, proxy: ProxyEndpoint) throws -> (head: HTTP1Response.Head, extra: Int) {
        let deadline = ContinuousClock.now + .milliseconds(Int64(Self.milliseconds(connectTimeout + stallTimeout)))
        let late = HaulError(.network, "the proxy \(proxy.address) did not answer CONNECT in time")
        func malformed(_ failure: any Error) -> HaulError {
            HaulError(.protocolViolation, "the proxy \(proxy.address) answered CONNECT with a \(failure)")
        }
        var pending = ByteBufferAllocator().buffer(capacity: 4 << 10)
        let head = try scanHead(into: &pending, deadline: deadline, late: late, malformed: malformed) { pending in
            let count: Int
            do {
                count = try receive(socket, into: &pending, limit: 4 << 10, deadline: deadline)
            } catch let failure as HaulError where !failure.message.hasPrefix("the proxy") {
                // The waits word a timeout after the origin; it is the proxy that is silent here.
                throw late
            }
            if count == 0 { throw HaulError(.network, "the proxy \(proxy.address) closed the connection before answering CONNECT") }
        }
        return (head, pending.readableBytes)
    }
}
