/// Reads JSON text (RFC 8259) into a `JSONValue` in one pass over its bytes.
///
/// Written by hand rather than with `JSONDecoder` (issue 62, point 4): a request's `JSONValue` went through
/// `Decodable`, trying `Bool`, `Int64`, `Double`, `String`, array and object in turn for every value, each failed
/// attempt a thrown error; under a page's polling load that decoding was 5 % of the daemon's CPU
/// (docs/history/benchmarks-rounds-2026-11-28-to-30.md, "The load case, round 2").
///
/// The rules, as the decoder had them:
/// - a number whose value is whole and fits in `Int64` is `.int` (`7`, `7.0`, `1e2`); any other number is
///   `.double`, and one that does not fit in a `Double` (`1e999`) makes the text invalid;
/// - strings must be valid UTF-8; escapes are JSON's (`\uXXXX` with surrogate pairs; a lone surrogate is invalid);
/// - a repeated key keeps its first value;
/// - a comma before `]` or `}` makes the text invalid (RFC 8259; the decoder let it through);
/// - whitespace is space, tab, line feed and carriage return; anything after the value makes the text invalid.
///
/// Nesting is not bounded here: `JSONValue.parse` refuses deep text with `JSONNesting.scan` first.
struct JSONParser {
    private let bytes: UnsafeRawBufferPointer
    private var index = 0

    private init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// The value `bytes` holds, or `nil` when they are not one whole JSON value.
    static func parse(_ bytes: UnsafeRawBufferPointer) -> JSONValue? {
        var parser = JSONParser(bytes)
        guard let value = parser.value() else { return nil }
        parser.skipWhitespace()
        return parser.index == bytes.count ? value : nil
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func value() -> JSONValue? {
        skipWhitespace()
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "{"): return object()
        case UInt8(ascii: "["): return array()
        case UInt8(ascii: "\""): return string().map(JSONValue.string)
        case UInt8(ascii: "t"): return literal("true", .bool(true))
        case UInt8(ascii: "f"): return literal("false", .bool(false))
        case UInt8(ascii: "n"): return literal("null", .null)
        default: return number()
        }
    }

    private mutating func literal(_ text: StaticString, _ value: JSONValue) -> JSONValue? {
        let count = text.utf8CodeUnitCount
        guard index + count <= bytes.count else { return nil }
        for offset in 0..<count where bytes[index + offset] != text.utf8Start[offset] { return nil }
        index += count
        return value
    }

    private mutating func array() -> JSONValue? {
        index += 1  // [
        var items: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(items)
        }
        while true {
            guard let item = value() else { return nil }
            items.append(item)
            skipWhitespace()
            guard index < bytes.count else { return nil }
            let separator = bytes[index]
            index += 1
            if separator == UInt8(ascii: "]") { return .array(items) }
            guard separator == UInt8(ascii: ",") else { return nil }
        }
    }

    private mutating func object() -> JSONValue? {
        index += 1  // {
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string() else { return nil }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
            index += 1
            guard let member = value() else { return nil }
            if members[key] == nil { members[key] = member }
            skipWhitespace()
            guard index < bytes.count else { return nil }
            let separator = bytes[index]
            index += 1
            if separator == UInt8(ascii: "}") { return .object(members) }
            guard separator == UInt8(ascii: ",") else { return nil }
        }
    }

    /// A string literal at `index` (its opening quote).
    private mutating func string() -> String? {
        index += 1  // "
        let start = index
        // The common case: no escape, the bytes are the string's.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                defer { index += 1 }
                return String(validating: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { return nil }
            index += 1
        }
        var text = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(validating: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard escape(into: &text) else { return nil }
            case 0..<0x20:
                return nil
            default:
                text.append(byte)
            }
        }
        return nil
    }

    /// The escape after a backslash, appended as UTF-8.
    private mutating func escape(into text: inout [UInt8]) -> Bool {
        guard index < bytes.count else { return false }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(byte)
        case UInt8(ascii: "b"): text.append(0x08)
        case UInt8(ascii: "f"): text.append(0x0C)
        case UInt8(ascii: "n"): text.append(0x0A)
        case UInt8(ascii: "r"): text.append(0x0D)
        case UInt8(ascii: "t"): text.append(0x09)
        case UInt8(ascii: "u"):
            guard let unit = hex4() else { return false }
            var scalar = UInt32(unit)
            if (0xD800..<0xDC00).contains(unit) {
                // A high surrogate must be followed by `\u` and a low one.
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else { return false }
                index += 2
                guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return false }
                scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            } else if (0xDC00..<0xE000).contains(unit) {
                return false
            }
            guard let character = Unicode.Scalar(scalar) else { return false }
            text.append(contentsOf: UTF8.encode(character)!)
        default:
            return false
        }
        return true
    }

    private mutating func hex4() -> UInt16? {
        guard index + 4 <= bytes.count else { return nil }
        var unit: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            index += 1
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            unit = unit << 4 | UInt16(digit)
        }
        return unit
    }

    /// A number: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    private mutating func number() -> JSONValue? {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            guard digits() > 0 else { return nil }
        }
        var whole = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            whole = false
            guard digits() > 0 else { return nil }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            whole = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { return nil }
        }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        if whole, let integer = Int64(text) { return .int(integer) }
        guard let double = Double(text), double.isFinite else { return nil }
        // A whole value written with a fraction or an exponent (`7.0`, `-2.25e3`) is an integer, as it was.
        if !whole, double.rounded() == double, abs(double) < 9.2e18 { return .int(Int64(double)) }
        return .double(double)
    }

    /// Skips ASCII digits; how many.
    private mutating func digits() -> Int {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        return index - start
    }
}
