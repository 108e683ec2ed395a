/// The checks every request to the daemon goes through, over HTTP and WebSocket alike, in one fixed order:
///
/// 1. **Host** (`HostPolicy`, DNS rebinding): a Host that does not name the daemon is refused with 421, on any
///    path, before anything else is looked at.
/// 2. **Origin** (`OriginPolicy`), on `/jsonrpc` and `/mcp` only (the page's own files are public): a browser origin that is
///    neither the daemon's page, nor named with `--rpc-allow-origin`, nor an extension or a page on another loopback
///    port let in with the secret, is refused with 403.
/// 3. **CORS** (`CORSHeaders`): an allowed cross-origin caller gets its own origin back in the answer's headers; a
///    preflight (`OPTIONS`) is answered here, without a call.
/// 4. **The secret** (`SecretChecks`), per call, since aria2 carries it in each call's first parameter
///    (`token:SECRET`): a call without it, with a wrong one, or after a wrong one in the same request, is
///    `Unauthorized`. A caller admitted at step 2 on condition of the secret needs it even for the methods aria2
///    answers without it. On `/mcp` the secret is the request's `Authorization: Bearer` token, always required
///    (`MCPEndpoint`).
///
/// Steps 1 to 3 look at a request's head alone (`admit(_:)`); the HTTP handler asks before answering a request,
/// the WebSocket upgrader before upgrading (so a refused handshake gets the same status a POST would), and the
/// in-memory responder the same way. Step 4 is asked by `RPCEndpoint` for each call of the body. All of it is pure:
/// no socket, no clock.
package struct RequestChecks: Sendable {
    /// The steps, in the order they are taken.
    package enum Stage: Int, CaseIterable, Sendable, Comparable {
        case host, origin, cors, secret

        package static func < (lhs: Stage, rhs: Stage) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// What the checks read of a request's head.
    package struct Head: Sendable, Equatable {
        /// `GET`, `POST`, `OPTIONS`…
        package var method: String
        /// The request target (a query is ignored).
        package var uri: String
        /// The `Host` header (`nil`: none).
        package var host: String?
        /// The `Origin` header (`nil`: none, not a browser).
        package var origin: String?
        /// A preflight's `Access-Control-Request-Headers`.
        package var requestedHeaders: String?

        package init(method: String, uri: String, host: String?, origin: String? = nil, requestedHeaders: String? = nil) {
            self.method = method
            self.uri = uri
            self.host = host
            self.origin = origin
            self.requestedHeaders = requestedHeaders
        }

        /// The target without its query.
        package var path: String { String(uri.prefix { $0 != "?" }) }
        /// Whether the target is the RPC endpoint (HTTP POST and the WebSocket both use `/jsonrpc`).
        package var isRPC: Bool { path == "/jsonrpc" }
        /// Whether the target is the MCP endpoint (`MCPEndpoint`), checked as the RPC's.
        package var isMCP: Bool { path == "/mcp" }
    }

    /// How an admitted request is to be answered.
    package struct Admission: Sendable, Equatable {
        /// CORS headers for the answer (none for callers without `Origin` or from the daemon's own page).
        package var headers: [Header]
        /// The caller was let in on condition of the secret (`OriginPolicy.Verdict.allowedWithSecret`).
        package var secretRequired: Bool
        /// A CORS preflight of an allowed origin: answered 204 with `headers`, no call made.
        package var isPreflight: Bool

        package init(headers: [Header] = [], secretRequired: Bool = false, isPreflight: Bool = false) {
            self.headers = headers
            self.secretRequired = secretRequired
            self.isPreflight = isPreflight
        }
    }

    /// One header of an answer.
    package struct Header: Sendable, Equatable {
        package var name: String
        package var value: String

        package init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The verdict on a request's head.
    package enum Verdict: Sendable, Equatable {
        case allow(Admission)
        /// Refused at `stage` with an HTTP status (421 or 403) and the reason told to the caller.
        case refuse(status: Int, reason: String, stage: Stage)
    }

    package let hosts: HostPolicy
    package let origins: OriginPolicy
    private let secret: SecretToken

    package init(hosts: HostPolicy, origins: OriginPolicy, secret: SecretToken) {
        self.hosts = hosts
        self.origins = origins
        self.secret = secret
    }

    /// The daemon's checks for a listener at `listenAddress:port`.
    package init(
        listenAddress: String, port: Int, allowedHosts: [String] = [], allowedOrigins: [String] = [],
        extensionsWithSecret: Bool = false, localPagesWithSecret: Bool = false, secret: SecretToken
    ) {
        let hosts = HostPolicy(listenAddress: listenAddress, allowedHosts: allowedHosts)
        self.init(
            hosts: hosts,
            origins: OriginPolicy(hosts: hosts, port: port, allowedOrigins: allowedOrigins, extensionsWithSecret: extensionsWithSecret,
                localPagesWithSecret: localPagesWithSecret),
            secret: secret
        )
    }

    /// Steps 1 to 3 on a request's head.
    package func admit(_ head: Head) -> Verdict {
        guard hosts.allows(head.host) else {
            return .refuse(
                status: 421, reason: "this Host is not the daemon's (DNS rebinding protection; see --rpc-allow-host)",
                stage: .host
            )
        }
        guard head.isRPC || head.isMCP else { return .allow(Admission()) }
        switch origins.verdict(head.origin) {
        case .refused(let why):
            return .refuse(status: 403, reason: why, stage: .origin)
        case .sameOrigin:
            return .allow(Admission())
        case .allowedCrossOrigin(let origin):
            return .allow(cors(origin, head, secretRequired: false))
        case .allowedWithSecret(let origin):
            return .allow(cors(origin, head, secretRequired: true))
        }
    }

    /// Step 3: the headers an allowed cross-origin caller gets. A preflight carries no body, so no secret: an
    /// extension's is answered, and its POST needs the secret.
    private func cors(_ origin: String, _ head: Head, secretRequired: Bool) -> Admission {
        let preflight = head.method == "OPTIONS"
        let pairs = preflight
            ? CORSHeaders.preflight(origin: origin, requestedHeaders: head.requestedHeaders)
            : CORSHeaders.answer(origin: origin)
        return Admission(headers: pairs.map { Header($0.0, $0.1) }, secretRequired: secretRequired, isPreflight: preflight)
    }

    /// Step 4 on one call of a request: `method` with the `token` it carried (after `token:`), in the request's
    /// running `SecretChecks` (one guess per request).
    package func checkCall(
        _ method: String, token: String?, secretRequired: Bool, in request: inout SecretChecks
    ) -> SecretChecks.Verdict {
        let open = SecretChecks.openMethods.contains(method) && !secretRequired
        return request.check(token: token, open: open, matches: secret.matches)
    }
}
