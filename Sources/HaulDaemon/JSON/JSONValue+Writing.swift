import Foundation

extension JSONValue {
    /// The compact JSON text (RFC 8259), keys sorted so that answers are stable.
    ///
    /// Written by hand rather than with `JSONEncoder`: answers such as `tellWaiting(0, 1000)` are half a megabyte,
    /// and the encoder's generic machinery took most of their time.
    package var data: Data {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        write(to: &bytes)
        return Data(bytes)
    }

    func write(to bytes: inout [UInt8]) {
        switch self {
        case .null: bytes.append(contentsOf: "null".utf8)
        case .bool(let value): bytes.append(contentsOf: value ? "true".utf8 : "false".utf8)
        case .int(let value): Self.write(integer: value, to: &bytes)
        case .double(let value): bytes.append(contentsOf: (value.isFinite ? "\(value)" : "null").utf8)
        case .string(let value): Self.write(string: value, to: &bytes)
        case .encoded(let text): bytes.append(contentsOf: text.bytes)
        case .array(let items):
            bytes.append(UInt8(ascii: "["))
            var first = true
            for item in items {
                if !first { bytes.append(UInt8(ascii: ",")) }
                first = false
                item.write(to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            var first = true
            for (key, member) in members.sorted(by: { $0.key < $1.key }) {
                if !first { bytes.append(UInt8(ascii: ",")) }
                first = false
                Self.write(string: key, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                member.write(to: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// An integer's decimal digits, written without making a `String` of it.
    static func write(integer: Int64, to bytes: inout [UInt8]) {
        if integer < 0 { bytes.append(UInt8(ascii: "-")) }
        // The magnitude as unsigned: `Int64.min` has no positive twin.
        var magnitude = integer.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[19 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            bytes.append(contentsOf: buffer[(20 - count)...])
        }
    }

    /// A string literal: `"` and `\` escaped, control characters as `\uXXXX` (or their short forms). A run of
    /// bytes that needs no escape is copied at once.
    static func write(string: String, to bytes: inout [UInt8]) {
        var string = string
        string.withUTF8 { write(utf8: $0, to: &bytes) }
    }

    /// `write(string:to:)` for a part of a string, which is not copied into a `String` of its own first.
    static func write(string: Substring, to bytes: inout [UInt8]) {
        var string = string
        string.withUTF8 { write(utf8: $0, to: &bytes) }
    }

    private static func write(utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        var plain = 0  // where the run of bytes not yet copied starts
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            index += 1
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plain..<(index - 1)]))
            plain = index
            switch byte {
            case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case 0x0A: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0D: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0x09: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            default:
                let hex = Array("0123456789abcdef".utf8)
                bytes += [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plain...]))
        bytes.append(UInt8(ascii: "\""))
    }
}
