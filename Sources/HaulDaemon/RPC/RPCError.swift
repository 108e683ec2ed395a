/// A JSON-RPC error answer.
///
/// aria2 answers every failed method with code 1 and a message; the JSON-RPC 2.0 codes (-32700 and so on) are for
/// requests that are not calls at all.
package struct RPCError: Error, Equatable, Sendable {
    package var code: Int
    package var message: String

    package init(code: Int, message: String) {
        self.code = code
        self.message = message
    }

    /// aria2's error: code 1.
    package static func aria2(_ message: String) -> RPCError { RPCError(code: 1, message: message) }

    /// Missing or wrong secret (aria2's words).
    package static let unauthorized = RPCError(code: 1, message: "Unauthorized")
    package static let parseError = RPCError(code: -32700, message: "Parse error")
    /// Arrays and objects nested deeper than `JSONNesting.maxDepth`: not read (a parse error, as in aria2).
    package static let tooDeep = RPCError(code: -32700, message: "Parse error: nested deeper than \(JSONNesting.maxDepth) levels")
    package static func invalidRequest(_ why: String) -> RPCError { RPCError(code: -32600, message: "Invalid Request: \(why)") }
    package static func noSuchMethod(_ name: String) -> RPCError { RPCError(code: 1, message: "No such method: \(name)") }
    package static func invalidParams(_ why: String) -> RPCError { RPCError(code: 1, message: why) }

    var json: JSONValue { ["code": .int(Int64(code)), "message": .string(message)] }
}
