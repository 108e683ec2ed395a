import Foundation
import HaulCore

/// What the engine needs from the network: send one GET for a request plan, get the head once it arrives and the
/// body as a stream, and stop. The seam between the engine and the connections: every type that crosses it is
/// Haul's own, so a fake, AsyncHTTPClient, the hand-written client or a URLSession transport can each implement it.
///
/// - The request: `RequestBuilder` (HaulCore) builds it, the same for every transport, fakes too.
/// - The head: `ResponseHead` (HaulCore), with the URL that answered after redirects (`OpenedResponse`).
/// - The body: `ResponseBody`, a backpressured stream of `BodyChunk`s whose bytes (`BodyBytes`, Haul's own buffer
///   type) are the memory the carrier read them into, so the receive loop writes each chunk straight to the file: no
///   copy, no allocation and no existential call per chunk behind this protocol (a fake, or a carrier without NIO
///   such as URLSession, makes one from an `AsyncThrowingStream`).
/// - Errors: `HaulError`, from `open` and from the body alike (or `CancellationError` for a cancelled reader). Each
///   transport says its own failures once, at this seam; the engine never reads a transport's error type.
/// - Cancelling: cancel the task that iterates the body (a pause or a cancel does); the transport closes the
///   connection. A body that ends before its `Content-Length` throws, as the real one does.
///
/// `HTTPTransport` is the real one (AsyncHTTPClient, and `DirectHTTPRequest` for plain http); tests script servers
/// in memory with a fake one (drops, stalls, a 200 instead of a 206, a changed validator, slow connections) and run
/// the engine without a socket.
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

    /// Sends one POST of `body` with `fields` to `url` (a web hook, `--on-download-webhook`) and returns the answer's
    /// status once it is read (its body is dropped). It goes through the same proxy rules, trust settings
    /// (`--cacert`, `--insecure`) and pool as the downloads; no redirect is followed, and it fails after `timeout`.
    ///
    /// - Throws: `HaulError` of kind `.network`, `.tls` or `.proxy` for a transport failure.
    func post(_ url: URL, body: [UInt8], fields: [HeaderField], timeout: Duration) async throws -> Int

    /// Caps the connections to `host` of every download that goes through this transport at `limit` (a lesson the
    /// host taught, `HostBudgetBook`), or lifts the cap back to the transport's default (`nil`). Requests beyond it
    /// wait for a connection to be given back.
    func limitConnections(toHost host: HostKey, to limit: Int?)

    /// Closes every connection. Called once, after the last request.
    func shutdown() async
}

extension Transport {
    /// A request without a cookie session (a caller's own `Cookie` header still goes, under rule 14).
    func open(_ url: URL, plan: RequestPlan, role: ConnectionRole, extraHeaders: [HeaderField]) async throws -> OpenedResponse {
        try await open(url, plan: plan, role: role, extraHeaders: extraHeaders, session: nil)
    }
}

/// A response whose head has arrived and whose body is still on the wire.
struct OpenedResponse: Sendable {
    /// The URL that answered, after redirects.
    var url: URL
    /// Status and headers.
    var head: ResponseHead
    /// The body, streamed with backpressure.
    var body: ResponseBody
}

extension HTTPTransport: Transport {
    func limitConnections(toHost host: HostKey, to limit: Int?) {
        pool.setLimit(limit, forHost: PoolKey(scheme: "http", host: host.name, port: host.port).host)
    }
}
