import AsyncHTTPClient
import Foundation
import HaulCore
import NIOCore

/// The one request that is not a download's GET: a web hook's POST (`--on-download-webhook`), sent through the
/// same proxy rules, trust settings and pool as the downloads of the same transport.
extension HTTPTransport {
    /// Sends one POST through AsyncHTTPClient's client for `url` (as a download's only connection would pick it:
    /// the transport's proxy for that URL, its `--cacert` authorities and `--insecure`), holding a lease of the one
    /// pool while it is in flight. The direct client sends GETs only, so a plain-http POST through an HTTP proxy
    /// goes as a `CONNECT` tunnel, as https does. No redirect is followed (a hook's receiver answers itself).
    func post(_ url: URL, body: [UInt8], fields: [HeaderField], timeout: Duration) async throws -> Int {
        let client = clientKey(for: url, role: .only, session: nil)
        do {
            guard !isShutDown else { throw HaulError(.cancelled, "cancelled") }
            let carrier = try self.client(for: client)
            let lease = try await self.lease(Self.connectionKey(for: url, proxy: client.proxy)).droppingKept()
            defer { lease.finish() }
            var request = HTTPClientRequest(url: url.absoluteString)
            request.method = .POST
            for field in fields { request.headers.add(name: field.name, value: field.value) }
            request.body = .bytes(ByteBuffer(bytes: body))
            let response = try await carrier.execute(request, timeout: .nanoseconds(Self.nanoseconds(timeout)))
            // Read and dropped, so the connection can serve the next request.
            _ = try? await response.body.collect(upTo: 64 << 10)
            return Int(response.status.code)
        } catch {
            throw Self.networkError(error, url: url, proxy: client.proxy)
        }
    }

    private static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
