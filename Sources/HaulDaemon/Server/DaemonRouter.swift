import Foundation

/// Answers one HTTP request: `RequestChecks` first (Host, Origin, CORS), then `/jsonrpc` (JSON-RPC over POST; the
/// secret is checked per call by the endpoint), `/mcp` (MCP for agents, `MCPEndpoint`: the secret as a bearer
/// token) or the page's files.
///
/// The socket's `HTTPServerHandler` and the in-memory responder (`Daemon.respond(to:)`) both answer through it, so
/// a test run in memory meets the same checks and gets the same answers as a client on a socket; what only a
/// socket has (size limits while reading, timeouts, backpressure, WebSocket frames) stays in the handlers.
///
/// A refusal is answered in the language of whoever may be asking: the Host's (421) in plain text, since a page
/// rebound to the daemon's address is no RPC client; the Origin's (403) and a wrong method's (405) as JSON-RPC
/// errors with aria2's code 1 or -32600, as RPC clients read them.
package struct DaemonRouter: Sendable {
    package let endpoint: RPCEndpoint
    /// `/mcp`, over the same service, checks and limits as `endpoint`.
    package let mcp: MCPEndpoint

    package init(endpoint: RPCEndpoint) {
        self.endpoint = endpoint
        mcp = MCPEndpoint(
            tools: AgentTools(service: endpoint.service), checks: endpoint.checks,
            unauthorizedDelay: endpoint.unauthorizedDelay, maxBatch: endpoint.maxBatch
        )
    }

    package var checks: RequestChecks { endpoint.checks }

    /// The answer to `request`.
    ///
    /// - Parameter secretShown: told when a call of the request carried a token, `true` for the secret (the
    ///   connection's place at the cap, `ConnectionTable`). Every route that checks the secret tells it, so that
    ///   the cap's rule holds on any route.
    package func respond(to request: DaemonRequest, secretShown: (@Sendable (_ right: Bool) -> Void)? = nil) async -> DaemonResponse {
        // Read once: each read scans the headers.
        let head = request.checkedHead
        switch checks.admit(head) {
        case .refuse(let status, let reason, _) where status == 421:
            return DaemonResponse(
                status: 421, contentType: "text/plain", body: Data("421 Misdirected Request: \(reason)\n".utf8),
                closesConnection: true
            )
        case .refuse(let status, let reason, _):
            return DaemonResponse(status: status, contentType: "application/json", body: Self.error(.aria2(reason)))
        case .allow(let admission):
            if head.isRPC { return await rpc(request, admission, secretShown) }
            if head.isMCP { return await mcp(request, admission, secretShown) }
            return page(request)
        }
    }

    private func rpc(
        _ request: DaemonRequest, _ admission: RequestChecks.Admission, _ secretShown: (@Sendable (Bool) -> Void)?
    ) async -> DaemonResponse {
        let cors = admission.headers.map { (name: $0.name, value: $0.value) }
        switch request.method {
        case "OPTIONS":
            // A CORS preflight (answered with its headers to an allowed origin; a refused one stopped above).
            return DaemonResponse(status: 204, headers: cors)
        case "POST":
            let context = CallContext(secretRequired: admission.secretRequired, secretShown: secretShown)
            guard let answer = await endpoint.respond(to: request.body, context: context) else {
                return DaemonResponse(status: 204, headers: cors)  // only notifications: nothing to answer
            }
            return DaemonResponse(status: 200, contentType: "application/json", headers: cors, body: answer)
        default:
            // aria2 also answers GET with base64 parameters and JSONP callbacks: a page could read answers
            // cross-origin through a <script> tag. Refused.
            return DaemonResponse(
                status: 405, contentType: "application/json", headers: [(name: "Allow", value: "POST")],
                body: Self.error(.invalidRequest("use HTTP POST or a WebSocket at /jsonrpc (no GET, no JSONP)"))
            )
        }
    }

    private func mcp(
        _ request: DaemonRequest, _ admission: RequestChecks.Admission, _ secretShown: (@Sendable (Bool) -> Void)?
    ) async -> DaemonResponse {
        let cors = admission.headers.map { (name: $0.name, value: $0.value) }
        if request.method == "OPTIONS" { return DaemonResponse(status: 204, headers: cors) }
        return await mcp.respond(to: request, cors: cors, secretShown: secretShown)
    }

    private func page(_ request: DaemonRequest) -> DaemonResponse {
        guard request.method == "GET" || request.method == "HEAD", let asset = WebAssets.asset(for: request.uri) else {
            return DaemonResponse(status: 404, contentType: "text/plain", body: Data("404 Not Found\n".utf8))
        }
        return DaemonResponse(
            status: 200, contentType: asset.contentType,
            headers: WebAssets.securityHeaders.map { (name: $0.0, value: $0.1) }, body: asset.body
        )
    }

    /// A JSON-RPC error answer with a null id (the request was not read as a call).
    static func error(_ error: RPCError) -> Data {
        JSONRPCEnvelope.response(id: .null, .failure(error)).data
    }
}
