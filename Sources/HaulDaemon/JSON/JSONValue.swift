import Foundation

/// A JSON value, as JSON-RPC carries it.
///
/// A small enum rather than `[String: Any]`: it is `Sendable`, `Equatable` (tests compare whole answers) and
/// keeps integers apart from floating-point numbers (aria2's JSON-RPC has no floats; positions and offsets are
/// integers and must not come back as `1.0`).
///
/// `encoded` is a value already written as JSON text (`JSONText`): the answers a page polls each second are written
/// straight into bytes rather than built as a tree and sorted (issue 62 point 4). It reads and compares as the tree
/// its text parses to, so callers and tests see no difference.
package enum JSONValue: Sendable, Equatable, Codable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])
    case encoded(JSONText)

    package init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    package func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        case .encoded(let text): try container.encode(text.tree)
        }
    }

    /// Equal when the trees are: an `encoded` value is compared as the tree its text parses to.
    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.int(let a), .int(let b)): return a == b
        case (.double(let a), .double(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)): return a == b
        case (.encoded(let a), .encoded(let b)): return a.bytes == b.bytes || a.tree == b.tree
        case (.encoded(let a), _): return a.tree == rhs
        case (_, .encoded(let b)): return lhs == b.tree
        default: return false
        }
    }

    /// The value as a tree: an `encoded` one parsed (only readers outside the answer's path need this), any other
    /// as it is.
    var plain: JSONValue {
        if case .encoded(let text) = self { return text.tree }
        return self
    }

    /// Parses JSON text (`JSONParser`, its rules); `nil` when it is not JSON, or nests deeper than
    /// `JSONNesting.maxDepth` (decoding deep nesting costs CPU out of all proportion to its size: refused before
    /// decoding).
    package static func parse(_ data: Data) -> JSONValue? {
        guard JSONNesting.scan(data) == .acceptable else { return nil }
        return data.withUnsafeBytes { JSONParser.parse($0) }
    }

    /// The text, when this is a string.
    package var stringValue: String? {
        if case .string(let value) = plain { return value }
        return nil
    }

    /// The integer, when this is an integer (or a whole float, or a string of digits: some clients send positions
    /// as strings).
    package var intValue: Int64? {
        switch plain {
        case .int(let value): return value
        case .double(let value) where value.rounded() == value && abs(value) < 9e18: return Int64(value)
        case .string(let value): return Int64(value)
        default: return nil
        }
    }

    /// The elements, when this is an array.
    package var arrayValue: [JSONValue]? {
        if case .array(let value) = plain { return value }
        return nil
    }

    /// The members, when this is an object.
    package var objectValue: [String: JSONValue]? {
        if case .object(let value) = plain { return value }
        return nil
    }

    /// A member of an object.
    package subscript(key: String) -> JSONValue? {
        objectValue?[key]
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral, ExpressibleByBooleanLiteral
{
    package init(stringLiteral value: String) { self = .string(value) }
    package init(integerLiteral value: Int64) { self = .int(value) }
    package init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    package init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { $1 }))
    }
}
