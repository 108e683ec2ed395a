import Foundation

/// What the transport knows about the connection a request came on.
package struct CallContext: Sendable {
    /// The browser origin let the request in only if it carries the secret (`OriginPolicy.Verdict.allowedWithSecret`):
    /// then even the methods aria2 answers without a secret need it.
    package var secretRequired: Bool
    /// Subscribes this connection to Haul's progress notifications (WebSocket only; `nil` over HTTP POST).
    package var subscribeProgress: (@Sendable () -> Void)?
    /// Told when a call on this connection carried the right secret (a WebSocket connection let in on condition of
    /// the secret then receives aria2's broadcast notifications too).
    package var authenticated: (@Sendable () -> Void)?
    /// Told, on any route and transport, when a call carried a token: `true` for the secret, `false` for a wrong
    /// one (the connection's place at the connection cap depends on it, `ConnectionTable`).
    package var secretShown: (@Sendable (_ right: Bool) -> Void)?

    package init(
        secretRequired: Bool = false, subscribeProgress: (@Sendable () -> Void)? = nil,
        authenticated: (@Sendable () -> Void)? = nil, secretShown: (@Sendable (_ right: Bool) -> Void)? = nil
    ) {
        self.secretRequired = secretRequired
        self.subscribeProgress = subscribeProgress
        self.authenticated = authenticated
        self.secretShown = secretShown
    }
}

/// Answers JSON-RPC bodies: framing (`JSONRPCEnvelope`), the secret (`RequestChecks`' last step), `system.multicall`,
/// then `Aria2Methods`.
package struct RPCEndpoint: Sendable {
    package let service: Aria2Service
    /// The request's checks: the transport has taken the head's steps; the endpoint takes the secret's, per call.
    package let checks: RequestChecks
    /// How long a request with a wrong or missing secret waits for its answer (aria2: "designed to take at least
    /// a certain amount of time to mitigate brute-force/dictionary attacks"). The wait does not hold a thread or
    /// other requests: it is an `await`. One wait per request, and one guess per request: after a wrong token,
    /// the request's later tokens are not compared (`SecretChecks`).
    package var unauthorizedDelay: Duration
    /// The most calls in one batch or multicall.
    package var maxBatch: Int

    package init(service: Aria2Service, checks: RequestChecks, unauthorizedDelay: Duration = .milliseconds(500), maxBatch: Int = 1000) {
        self.service = service
        self.checks = checks
        self.unauthorizedDelay = unauthorizedDelay
        self.maxBatch = maxBatch
    }

    /// The answer to a body, or `nil` when it held only notifications (nothing to send back).
    ///
    /// A request that is not small (`SmallCalls`) is answered on the global pool, however the task that asks was
    /// started: the socket's handler starts an HTTP call on its connection's event loop (`HTTPServerHandler.route`),
    /// and a call that grows with the queue must not hold the loop's other connections while it runs.
    package func respond(to body: Data, context: CallContext = CallContext()) async -> Data? {
        let parsed = JSONRPCEnvelope.parse(body, maxBatch: maxBatch)
        if SmallCalls.answeredOnLoop(parsed) { return await respond(parsed, context) }
        // The answer's bytes are written there too: a big answer's copy does not hold the loop either.
        return await withTaskExecutorPreference(globalConcurrentExecutor) { await respond(parsed, context) }
    }

    private func respond(_ parsed: JSONRPCEnvelope.Parsed, _ context: CallContext) async -> Data? {
        var guesses = SecretChecks()
        let answer: JSONValue?
        switch parsed {
        case .invalid(let error):
            answer = JSONRPCEnvelope.response(id: .null, .failure(error))
        case .single(let call):
            answer = await respond(call, context, &guesses)
        case .batch(let calls):
            var answers: [JSONValue] = []
            for call in calls {
                if let one = await respond(call, context, &guesses) { answers.append(one) }
            }
            answer = answers.isEmpty ? nil : .array(answers)
        }
        // The wait is on the client's clock, as every timer of the daemon (a test moves it).
        if guesses.refusedAny { try? await service.manager.client.configuration.clock.sleep(seconds: unauthorizedDelay.inSeconds) }
        return answer?.data
    }

    private func respond(
        _ parsed: Result<RPCCall, JSONRPCEnvelope.RPCErrorWithID>, _ context: CallContext, _ guesses: inout SecretChecks
    ) async -> JSONValue? {
        switch parsed {
        case .failure(let failure):
            return JSONRPCEnvelope.response(id: failure.id, .failure(failure.error))
        case .success(let call):
            let outcome = await perform(call.method, call.params, context, &guesses, nested: false)
            guard let id = call.id else { return nil }
            return JSONRPCEnvelope.response(id: id, outcome)
        }
    }

    /// Checks the secret and runs one method.
    func perform(
        _ method: String, _ params: [JSONValue], _ context: CallContext, _ guesses: inout SecretChecks, nested: Bool
    ) async -> Result<JSONValue, RPCError> {
        if method == "system.multicall" {
            if nested { return .failure(.aria2("system.multicall cannot be nested")) }
            return await multicall(params, context, &guesses)
        }
        let arguments: [JSONValue]
        switch authorize(method, params, context, &guesses) {
        case .success(let checked): arguments = checked
        case .failure(let error): return .failure(error)
        }
        do {
            return .success(try await Aria2Methods.call(method, arguments, on: service, context: context))
        } catch {
            return .failure(error)
        }
    }

    /// Checks one call's secret: its arguments without the token, or `.unauthorized`.
    func authorize(
        _ method: String, _ params: [JSONValue], _ context: CallContext, _ guesses: inout SecretChecks
    ) -> Result<[JSONValue], RPCError> {
        var arguments = params
        var token: String?
        if case .string(let first)? = arguments.first, first.hasPrefix("token:") {
            arguments.removeFirst()
            token = String(first.dropFirst("token:".count))
        }
        let verdict = checks.checkCall(method, token: token, secretRequired: context.secretRequired, in: &guesses)
        if token != nil { context.secretShown?(verdict == .authorized) }
        switch verdict {
        case .authorized: context.authenticated?()
        case .open: break
        case .unauthorized: return .failure(.unauthorized)
        }
        return .success(arguments)
    }

    /// `system.multicall([{methodName, params}, ...])`: each answer is `[result]` or a fault struct
    /// `{code, message}`; each nested call carries its own secret.
    private func multicall(_ params: [JSONValue], _ context: CallContext, _ guesses: inout SecretChecks) async -> Result<JSONValue, RPCError> {
        // The secret belongs in each nested call; one given before the list as well is ignored.
        var params = params
        if params.count == 2, params[0].stringValue?.hasPrefix("token:") == true { params.removeFirst() }
        guard params.count == 1, let calls = params[0].arrayValue else {
            return .failure(.invalidParams("system.multicall takes one array of {methodName, params} structs"))
        }
        if calls.count > maxBatch { return .failure(.aria2("a multicall holds at most \(maxBatch) calls")) }
        var results: [JSONValue] = []
        var index = 0
        while index < calls.count {
            // A run of adds is added as one batch (`addBatch`): one transaction for all of them, not one each.
            let adds = calls[index...].prefix { $0["methodName"]?.stringValue == "aria2.addUri" }
            if adds.count > 1 {
                results += await addBatch(Array(adds), context, &guesses)
                index += adds.count
                continue
            }
            let call = calls[index]
            index += 1
            guard let name = call["methodName"]?.stringValue else {
                results.append(RPCError.invalidParams("each multicall entry needs a methodName").json)
                continue
            }
            let arguments = call["params"]?.arrayValue ?? []
            switch await perform(name, arguments, context, &guesses, nested: true) {
            case .success(let value): results.append([value])
            case .failure(let error): results.append(error.json)
            }
        }
        return .success(.array(results))
    }
}
