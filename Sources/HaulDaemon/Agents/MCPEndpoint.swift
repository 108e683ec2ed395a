import Foundation
import HaulKit
import MCP

/// Answers `/mcp`: the Model Context Protocol's Streamable HTTP transport (specification 2025-11-25, stateless: a
/// POST's JSON-RPC request is answered with one `application/json` body, a notification with 202; GET and DELETE
/// are 405), over the tools of `AgentTools`. A `tools/call` that asks for progress (`_meta.progressToken`, from a
/// client that accepts `text/event-stream`) and runs long is answered as an SSE stream instead: its
/// `notifications/progress`, then its result (`MCPProgressAnswer`).
///
/// `DaemonRouter` has already taken `RequestChecks`' Host (421) and Origin (403) steps, as for `/jsonrpc`; this
/// takes the secret's, from `Authorization: Bearer SECRET` (MCP has no `token:` parameter): the same
/// `RequestChecks.checkCall` with the secret always required, so one wrong guess per request and the same
/// `unauthorizedDelay` before the 401. Then the body's nesting is bounded (`JSONNesting`, as the RPC's), and the
/// message goes through the MCP SDK's own handling: a `Server` with the tools' handlers over a
/// `StatelessHTTPServerTransport`, made for the request and stopped after it (no session is kept between requests,
/// so many idle clients hold nothing but their connections, which `ConnectionTable` bounds).
package struct MCPEndpoint: Sendable {
    package let tools: AgentTools
    package let checks: RequestChecks
    package var unauthorizedDelay: Duration
    package var maxBatch: Int

    package init(tools: AgentTools, checks: RequestChecks, unauthorizedDelay: Duration, maxBatch: Int) {
        self.tools = tools
        self.checks = checks
        self.unauthorizedDelay = unauthorizedDelay
        self.maxBatch = maxBatch
    }

    /// The answer to `request` (already admitted by the head's checks), CORS headers `cors` added.
    func respond(
        to request: DaemonRequest, cors: [(name: String, value: String)], secretShown: (@Sendable (Bool) -> Void)?
    ) async -> DaemonResponse {
        let token = Self.bearer(request.header("authorization"))
        var guesses = SecretChecks()
        let verdict = checks.checkCall("mcp", token: token, secretRequired: true, in: &guesses)
        if token != nil { secretShown?(verdict == .authorized) }
        guard verdict == .authorized else {
            try? await tools.service.manager.client.configuration.clock.sleep(seconds: unauthorizedDelay.inSeconds)
            let why = token == nil
                ? "Unauthorized: send the daemon's secret as 'Authorization: Bearer SECRET' (docs/agents.md)"
                : "Unauthorized: the bearer token is not the daemon's secret"
            return answer(.error(statusCode: 401, .invalidRequest(why), extraHeaders: ["WWW-Authenticate": "Bearer"]), cors)
        }
        switch JSONNesting.scan(request.body, maxElements: maxBatch) {
        case .tooDeep:
            return answer(.error(statusCode: 400, .parseError("JSON nested deeper than \(JSONNesting.maxDepth) levels")), cors)
        case .tooManyElements:
            return answer(.error(statusCode: 400, .invalidRequest("a batch holds at most \(maxBatch) messages")), cors)
        case .acceptable:
            break
        }
        let transport = StatelessHTTPServerTransport(validationPipeline: StandardValidationPipeline(validators: [
            AcceptHeaderValidator(mode: .jsonOnly), ContentTypeValidator(), ProtocolVersionValidator(),
        ]))
        // A client that takes Server-Sent Events may get a call's progress as notifications (when the call asks,
        // with a progressToken); the SDK's stateless transport sends none, so they go beside it, on the answer.
        let accepted = request.header("accept")?.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } ?? []
        let progress = accepted.contains { $0.lowercased().hasPrefix("text/event-stream") } ? MCPProgressAnswer() : nil
        let server = await makeServer(progress: progress)
        do {
            try await server.start(transport: transport)
        } catch {
            return answer(.error(statusCode: 500, .internalError("the MCP server could not start")), cors)
        }
        let headers = Dictionary(request.headers.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        let sdkRequest = HTTPRequest(method: request.method, headers: headers, body: request.body, path: request.checkedHead.path)
        guard let progress else {
            let response = await transport.handleRequest(sdkRequest)
            await server.stop()
            return answer(response, cors)
        }
        Task {
            let response = await transport.handleRequest(sdkRequest)
            await server.stop()
            progress.finish(response)
        }
        switch await progress.start() {
        case .plain(let response):
            return answer(response, cors)
        case .streaming:
            return DaemonResponse(
                status: 200, contentType: "text/event-stream", headers: [(name: "Cache-Control", value: "no-cache, no-transform")] + cors,
                chunks: progress.chunks
            )
        }
    }

    /// The SDK's server with the tools' handlers: `tools/list` the catalog, `tools/call` `AgentTools.call`, whose
    /// progress goes to `progress` as `notifications/progress` when the call carries a `progressToken`.
    func makeServer(progress: MCPProgressAnswer? = nil) async -> Server {
        let server = Server(
            name: "haul", version: HaulVersion.string, title: "Haul download daemon",
            instructions: "Downloads files over HTTP(S) into the daemon's allowed directories: add_downloads, then wait_for_downloads to report.",
            capabilities: .init(tools: .init(listChanged: false))
        )
        let tools = self.tools
        await server.withMethodHandler(ListTools.self) { _ in ListTools.Result(tools: AgentToolCatalog.tools) }
        await server.withMethodHandler(CallTool.self) { params in
            guard let progress, let token = params._meta?.progressToken else { return await tools.call(params.name, params.arguments) }
            let reports = AgentProgress { done, total, message in
                if let note = MCPProgressAnswer.notification(token, progress: done, total: total, message: message) { progress.notify(note) }
            }
            return await progress.unlessAbandoned { await tools.call(params.name, params.arguments, progress: reports) }
        }
        return server
    }

    /// `SECRET` of `Bearer SECRET` (the scheme's case ignored), `nil` without one.
    static func bearer(_ authorization: String?) -> String? {
        guard let authorization else { return nil }
        let parts = authorization.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        return parts[1].trimmingCharacters(in: .whitespaces)
    }

    private func answer(_ response: HTTPResponse, _ cors: [(name: String, value: String)]) -> DaemonResponse {
        var headers = response.headers.filter { $0.key.lowercased() != "content-type" }.map { (name: $0.key, value: $0.value) }
        headers += cors
        return DaemonResponse(
            status: response.statusCode, contentType: response.headers.first { $0.key.lowercased() == "content-type" }?.value,
            headers: headers, body: response.bodyData ?? Data()
        )
    }
}
