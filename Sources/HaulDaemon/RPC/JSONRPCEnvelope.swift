import Foundation

/// One call from a JSON-RPC request.
package struct RPCCall: Equatable, Sendable {
    /// The request id. A call without one is refused (aria2 requires it), so `nil` only in values made by hand.
    package var id: JSONValue?
    package var method: String
    package var params: [JSONValue]

    package init(id: JSONValue?, method: String, params: [JSONValue] = []) {
        self.id = id
        self.method = method
        self.params = params
    }
}

/// JSON-RPC 2.0 framing: a body is one call or a batch (an array of calls); answers go back in the same shape.
/// Pure: the transport (HTTP POST or a WebSocket text frame) hands bytes in and writes bytes out.
package enum JSONRPCEnvelope {
    /// What a body holds.
    package enum Parsed: Equatable, Sendable {
        case single(Result<RPCCall, RPCErrorWithID>)
        case batch([Result<RPCCall, RPCErrorWithID>])
        /// Not an answerable request at all (not JSON, empty batch, too big a batch): answer this error with id null.
        case invalid(RPCError)
    }

    /// An error for a request whose id is known (or null).
    package struct RPCErrorWithID: Error, Equatable, Sendable {
        package var id: JSONValue
        package var error: RPCError
    }

    /// Reads a body. `maxBatch` bounds the calls of one batch (a flood of calls in one request is refused whole).
    ///
    /// Both bounds that decide what decoding costs are checked before anything is decoded (`JSONNesting`):
    /// nesting deeper than `JSONNesting.maxDepth` is a parse error (-32700), and a batch over `maxBatch` an invalid
    /// request (-32600), however its members look.
    package static func parse(_ data: Data, maxBatch: Int) -> Parsed {
        switch JSONNesting.scan(data, maxElements: maxBatch) {
        case .acceptable: break
        case .tooDeep: return .invalid(.tooDeep)
        case .tooManyElements: return .invalid(.invalidRequest("a batch holds at most \(maxBatch) calls"))
        }
        guard let value = JSONValue.parse(data) else { return .invalid(.parseError) }
        switch value {
        case .array(let items):
            if items.isEmpty { return .invalid(.invalidRequest("empty batch")) }
            if items.count > maxBatch { return .invalid(.invalidRequest("a batch holds at most \(maxBatch) calls")) }
            return .batch(items.map(call))
        case .object:
            return .single(call(value))
        default:
            return .invalid(.invalidRequest("a request is an object or an array of objects"))
        }
    }

    /// One call, or the error to answer it with.
    static func call(_ value: JSONValue) -> Result<RPCCall, RPCErrorWithID> {
        guard let object = value.objectValue else {
            return .failure(RPCErrorWithID(id: .null, error: .invalidRequest("a call is an object")))
        }
        // aria2's leniency, which the browser extensions rely on: `"jsonrpc"` may be missing or the number 2.0 (it
        // is not read). The id is required, as aria2 requires it: a call without one is refused, not run unanswered.
        guard let id = object["id"] else {
            return .failure(RPCErrorWithID(id: .null, error: .invalidRequest("id is required (the call was not run)")))
        }
        guard let method = object["method"]?.stringValue else {
            return .failure(RPCErrorWithID(id: id, error: .invalidRequest("method must be a string")))
        }
        let params: [JSONValue]
        switch object["params"] {
        case nil, .null?: params = []
        case .array(let list)?: params = list
        default:
            return .failure(RPCErrorWithID(id: id, error: .invalidRequest("params must be an array")))
        }
        return .success(RPCCall(id: id, method: method, params: params))
    }

    /// The answer object for a call.
    package static func response(id: JSONValue, _ outcome: Result<JSONValue, RPCError>) -> JSONValue {
        switch outcome {
        case .success(let result): return ["jsonrpc": "2.0", "id": id, "result": result]
        case .failure(let error): return ["jsonrpc": "2.0", "id": id, "error": error.json]
        }
    }

    /// A notification the server sends (no id): `{"jsonrpc":"2.0","method":...,"params":[...]}`.
    package static func notification(_ method: String, _ params: [JSONValue]) -> JSONValue {
        ["jsonrpc": "2.0", "method": .string(method), "params": .array(params)]
    }
}
