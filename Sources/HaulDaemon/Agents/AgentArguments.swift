import MCP

/// Why a tool call was refused: one sentence an agent can act on, returned as a tool error (`isError`), never as a
/// protocol error or a raw internal one.
package struct AgentToolError: Error, Equatable, Sendable, CustomStringConvertible {
    package let message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}

/// A tool call's arguments, read by name with the type its schema gives (`AgentToolCatalog`); a missing required
/// one, one of the wrong type or out of range, and one the tool does not take are each refused with a sentence
/// naming it.
struct AgentArguments {
    let tool: String
    let values: [String: Value]

    /// Refuses names the tool's schema does not list (a misspelt `dir` for `directory` would otherwise be dropped
    /// silently and the file saved elsewhere).
    init(tool: AgentToolCatalog.Name, _ values: [String: Value]?) throws(AgentToolError) {
        self.tool = tool.rawValue
        self.values = values ?? [:]
        let known = AgentToolCatalog.tool(tool).inputSchema.objectValue?["properties"]?.objectValue ?? [:]
        if let unknown = self.values.keys.sorted().first(where: { known[$0] == nil }) {
            let names = known.keys.sorted().joined(separator: ", ")
            throw AgentToolError("\(tool.rawValue) has no argument '\(unknown)' (it takes: \(names.isEmpty ? "none" : names))")
        }
    }

    private func present(_ name: String) -> Value? {
        guard let value = values[name], !value.isNull else { return nil }
        return value
    }

    func string(_ name: String) throws(AgentToolError) -> String? {
        guard let value = present(name) else { return nil }
        guard let text = value.stringValue ?? dataURL(value) else { throw AgentToolError("argument '\(name)' must be a string") }
        return text
    }

    func requiredString(_ name: String) throws(AgentToolError) -> String {
        guard let text = try string(name) else { throw AgentToolError("\(tool) needs the argument '\(name)'") }
        return text
    }

    func integer(_ name: String, in range: ClosedRange<Int>) throws(AgentToolError) -> Int? {
        guard let value = present(name) else { return nil }
        let number = value.intValue ?? value.doubleValue.flatMap { $0 == $0.rounded() && abs($0) < 1e15 ? Int($0) : nil }
        guard let number, range.contains(number) else {
            throw AgentToolError("argument '\(name)' must be an integer from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    func number(_ name: String, in range: ClosedRange<Double>) throws(AgentToolError) -> Double? {
        guard let value = present(name) else { return nil }
        guard let number = value.doubleValue ?? value.intValue.map(Double.init), range.contains(number) else {
            throw AgentToolError("argument '\(name)' must be a number from \(Int(range.lowerBound)) to \(Int(range.upperBound))")
        }
        return number
    }

    func bool(_ name: String) throws(AgentToolError) -> Bool? {
        guard let value = present(name) else { return nil }
        guard let flag = value.boolValue else { throw AgentToolError("argument '\(name)' must be true or false") }
        return flag
    }

    /// A list of strings, of `count` items.
    func strings(_ name: String, count: ClosedRange<Int>) throws(AgentToolError) -> [String]? {
        guard let value = present(name) else { return nil }
        guard let list = value.arrayValue, count.contains(list.count) else {
            throw AgentToolError("argument '\(name)' must be a list of \(count.lowerBound) to \(count.upperBound) strings")
        }
        var texts: [String] = []
        for item in list {
            guard let text = item.stringValue ?? dataURL(item) else {
                throw AgentToolError("argument '\(name)' must be a list of strings")
            }
            texts.append(text)
        }
        return texts
    }

    func requiredStrings(_ name: String, count: ClosedRange<Int>) throws(AgentToolError) -> [String] {
        guard let texts = try strings(name, count: count) else { throw AgentToolError("\(tool) needs the argument '\(name)'") }
        return texts
    }

    /// The SDK's `Value` reads a string that looks like a `data:` URL as bytes; an agent meant the text.
    private func dataURL(_ value: Value) -> String? {
        guard let (mimeType, data) = value.dataValue else { return nil }
        return "data:\(mimeType ?? "");base64,\(data.base64EncodedString())"
    }
}
