import Foundation
import HaulCore

/// What the engine needs from the network: send one GET for a request plan, get the head once it arrives and the
/// body as a stream, and stop.
///
/// `HTTPTransport` is the real one (AsyncHTTPClient); tests script servers in memory with a fake one (drops, stalls,
/// a 200 instead of a 206, a changed validator, slow connections) and run the engine without a socket.
///
/// - The body is AsyncHTTPClient's `HTTPClientResponse.Body`, a stream of NIO `ByteBuffer`s, whatever the
///   transport: the receive loops write each buffer straight to the file, so the per-chunk path has no extra copy,
///   allocation or dynamic dispatch behind this protocol (a fake builds its body with `.stream(_:)`).
/// - Cancelling: cancel the task that iterates the body (a pause or a cancel does); the transport closes the
///   connection. A body that ends before its `Content-Length` throws, as the real one does.
protocol Transport: Sendable {
    /// The bandwidth limits every body read is paced by.
    var bandwidth: BandwidthLimiter { get }

    /// Sends a GET for `plan` to `url`, following redirects under `HaulConfiguration.redirectPolicy`, and returns
    /// once a non-redirect head has arrived.
    ///
    /// Every hop carries the `Cookie` that `session` holds for that hop's URL (merged with a caller's own `Cookie`
    /// while credentials still go, http-rules.md rule 14), every hop's `Set-Cookie` goes into `session`, and a
    /// session's own proxy rules replace the transport's for each hop. `role` says whether the request is its
    /// download's only connection or one segment of several: a segment never shares a connection with other
    /// requests (`HTTPVersionChoice`).
    ///
    /// - Throws: `HaulError` of kind `.http` for a refused redirect, `.network` or `.tls` for transport failures.
    func open(
        _ url: URL, plan: RequestPlan, role: ConnectionRole, extraHeaders: [HeaderField], session: RequestSession?
    ) async throws -> OpenedResponse

    /// Closes every connection. Called once, after the last request.
    func shutdown() async
}

extension Transport {
    /// A request without a cookie session (a caller's own `Cookie` header still goes, under rule 14).
    func open(_ url: URL, plan: RequestPlan, role: ConnectionRole, extraHeaders: [HeaderField]) async throws -> OpenedResponse {
        try await open(url, plan: plan, role: role, extraHeaders: extraHeaders, session: nil)
    }
}

extension HTTPTransport: Transport {}
