import Foundation

/// The two options a restored download's queue entry needs (`QueueRecord`), read from its stored `optionsJSON`
/// bytes in one pass that also checks the whole document is valid JSON.
///
/// Why not SQLite's JSON functions: a restart with 100,000 waiting read them through `json_valid` and two
/// `json_extract`s a row, which parsed each document into SQLite's tree: the largest single cost of the restart's
/// read (issue 62, point 3). This pass builds nothing: it walks the bytes once, keeps the two top-level integers it
/// is asked for, and says whether the document is valid, so that an unreadable one gets what it got before (the
/// default count, as decoding its request gives).
///
/// Valid is RFC 8259's JSON text: one value (here, an object) with optional white space around it; strings with
/// only the standard escapes and no raw control character; numbers in JSON's form; nesting depth bounded.
struct StoredOptionsPeek: Equatable {
    /// The top-level `connections`, when it is an integer.
    var connections: Int64?
    /// The top-level `maxBytesPerSecond`, when it is an integer.
    var maxBytesPerSecond: Int64?
    /// Whether the top-level `connections` is there and not `null` (an integer or not).
    var hasConnectionsKey = false

    /// `nil` when `bytes` is not a valid JSON object.
    static func read(_ bytes: UnsafeRawBufferPointer) -> StoredOptionsPeek? {
        var scanner = Scanner(bytes: bytes)
        var peek = StoredOptionsPeek()
        scanner.skipSpace()
        guard scanner.peek == UInt8(ascii: "{"), scanner.object(depth: 1, keep: &peek) else { return nil }
        scanner.skipSpace()
        return scanner.atEnd ? peek : nil
    }

    /// Deeper than this is refused (a stored request nests three levels; a hostile row must not overflow the stack).
    static let maxDepth = 64

    private struct Scanner {
        /// The document's bytes (`count` of them): a typed pointer, read without a bounds check per byte (a restart
        /// walks 100,000 documents).
        let base: UnsafePointer<UInt8>
        let count: Int
        var index = 0

        init(bytes: UnsafeRawBufferPointer) {
            count = bytes.count
            // An empty buffer may have no base address; any valid pointer does for zero bytes.
            base = bytes.baseAddress.map { $0.assumingMemoryBound(to: UInt8.self) } ?? UnsafePointer(bitPattern: 1)!
        }

        var atEnd: Bool { index == count }
        var peek: UInt8? { index < count ? base[index] : nil }

        mutating func skipSpace() {
            while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
        }

        mutating func expect(_ byte: UInt8) -> Bool {
            guard peek == byte else { return false }
            index += 1
            return true
        }

        /// An object at `index` (its `{`); at depth 1 its `connections` and `maxBytesPerSecond` go into `keep`.
        mutating func object(depth: Int, keep: inout StoredOptionsPeek) -> Bool {
            guard depth <= StoredOptionsPeek.maxDepth, expect(UInt8(ascii: "{")) else { return false }
            skipSpace()
            if expect(UInt8(ascii: "}")) { return true }
            while true {
                skipSpace()
                let keyStart = index + 1
                guard string() else { return false }
                let key = UnsafeBufferPointer(start: base + keyStart, count: index - 1 - keyStart)
                skipSpace()
                guard expect(UInt8(ascii: ":")) else { return false }
                skipSpace()
                let valueStart = index
                guard value(depth: depth, keep: &keep) else { return false }
                if depth == 1 {
                    let text = UnsafeBufferPointer(start: base + valueStart, count: index - valueStart)
                    if Self.equal(key, "connections") {
                        keep.connections = Self.integer(text)
                        keep.hasConnectionsKey = !Self.equal(text, "null")
                    } else if Self.equal(key, "maxBytesPerSecond") {
                        keep.maxBytesPerSecond = Self.integer(text)
                    }
                }
                skipSpace()
                if expect(UInt8(ascii: "}")) { return true }
                guard expect(UInt8(ascii: ",")) else { return false }
            }
        }

        mutating func array(depth: Int, keep: inout StoredOptionsPeek) -> Bool {
            guard depth <= StoredOptionsPeek.maxDepth, expect(UInt8(ascii: "[")) else { return false }
            skipSpace()
            if expect(UInt8(ascii: "]")) { return true }
            while true {
                skipSpace()
                guard value(depth: depth, keep: &keep) else { return false }
                skipSpace()
                if expect(UInt8(ascii: "]")) { return true }
                guard expect(UInt8(ascii: ",")) else { return false }
            }
        }

        /// Any value; objects and arrays inside one at `depth` are at `depth + 1`.
        mutating func value(depth: Int, keep: inout StoredOptionsPeek) -> Bool {
            switch peek {
            case UInt8(ascii: "{"): return object(depth: depth + 1, keep: &keep)
            case UInt8(ascii: "["): return array(depth: depth + 1, keep: &keep)
            case UInt8(ascii: "\""): return string()
            case UInt8(ascii: "t"): return literal("true")
            case UInt8(ascii: "f"): return literal("false")
            case UInt8(ascii: "n"): return literal("null")
            default: return number()
            }
        }

        mutating func literal(_ word: StaticString) -> Bool {
            let length = word.utf8CodeUnitCount
            guard count - index >= length, Self.equal(UnsafeBufferPointer(start: base + index, count: length), word) else {
                return false
            }
            index += length
            return true
        }

        static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
            bytes.count == word.utf8CodeUnitCount && memcmp(bytes.baseAddress!, word.utf8Start, bytes.count) == 0
        }

        /// A string at `index` (its opening quote), up to and past its closing quote.
        mutating func string() -> Bool {
            guard expect(UInt8(ascii: "\"")) else { return false }
            while index < count {
                let byte = base[index]
                index += 1
                // Most bytes are plain: one comparison each.
                if byte > UInt8(ascii: "\\") || (byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")) { continue }
                switch byte {
                case UInt8(ascii: "\""):
                    return true
                case UInt8(ascii: "\\"):
                    guard let escaped = peek else { return false }
                    index += 1
                    switch escaped {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                        UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                        continue
                    case UInt8(ascii: "u"):
                        for _ in 0..<4 {
                            guard let hex = peek, Self.isHexDigit(hex) else { return false }
                            index += 1
                        }
                    default:
                        return false
                    }
                case 0x00..<0x20:
                    return false
                default:
                    continue
                }
            }
            return false
        }

        /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
        mutating func number() -> Bool {
            _ = expect(UInt8(ascii: "-"))
            if expect(UInt8(ascii: "0")) {
                // no leading zeros
            } else {
                guard let first = peek, first >= UInt8(ascii: "1"), first <= UInt8(ascii: "9") else { return false }
                digits()
            }
            if expect(UInt8(ascii: ".")) {
                guard digits() else { return false }
            }
            if expect(UInt8(ascii: "e")) || expect(UInt8(ascii: "E")) {
                if !expect(UInt8(ascii: "+")) { _ = expect(UInt8(ascii: "-")) }
                guard digits() else { return false }
            }
            return true
        }

        /// One or more digits; `false` for none.
        @discardableResult
        mutating func digits() -> Bool {
            let start = index
            while let byte = peek, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index += 1 }
            return index > start
        }

        static func isHexDigit(_ byte: UInt8) -> Bool {
            (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "F"))
        }

        /// A valid number's text as an integer: `nil` for a fraction, an exponent or one out of range.
        static func integer(_ text: UnsafeBufferPointer<UInt8>) -> Int64? {
            var value: Int64 = 0
            var negative = false
            for (offset, byte) in text.enumerated() {
                if offset == 0 && byte == UInt8(ascii: "-") {
                    negative = true
                    continue
                }
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = times.addingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
                guard !overflow1, !overflow2 else { return nil }
                value = sum
            }
            guard !text.isEmpty, !(negative && text.count == 1) else { return nil }
            return negative ? -value : value
        }
    }
}
