import HaulKit

/// The JSON forms of `haul list`, written straight into bytes a row at a time.
///
/// Each row was a `[String: Any]` handed to `JSONSerialization` with `.sortedKeys`, some 180 µs a row on Linux:
/// `--json-lines` over 30,000 downloads took 6.4 s against the table's 1.2 (docs/benchmarks.md, "`haul list` in its
/// three forms"). This writes the same bytes (`ListedJSONTests` holds them to `JSONSerialization`'s, escapes included:
/// `/` as `\/`, the short forms `\b \f \n \r \t`, other control characters as `\u00xx`), so a script that compared
/// them sees no change, and lets `--json` print its array a page at a time instead of holding it whole.
enum ListedJSON {
    /// One object on one line, keys sorted (`--json-lines`).
    static func line(_ row: ListedDownload, into bytes: inout [UInt8]) {
        write(row, indent: nil, into: &bytes)
        bytes.append(newline)
    }

    /// `--json`'s array as `JSONSerialization` pretty-prints it, given page by page: `first` says whether the page
    /// opens the array. The caller ends it with `arrayEnd` (or prints `[]` for no rows at all).
    static func arrayItems(_ rows: [ListedDownload], first: Bool, into bytes: inout [UInt8]) {
        for (index, row) in rows.enumerated() {
            bytes.append(contentsOf: first && index == 0 ? "[\n  ".utf8 : ",\n  ".utf8)
            write(row, indent: 2, into: &bytes)
        }
    }

    static let arrayEnd = "\n]\n"

    /// A row's members in the order `.sortedKeys` gives them (byte order of the names).
    private static func members(_ row: ListedDownload) -> [(key: StaticString, value: Value)] {
        var members: [(key: StaticString, value: Value)] = [
            ("bytes", .integer(row.bytes)),
            ("error", row.error.map(Value.string) ?? .null),
            ("id", .integer(row.id)),
        ]
        if let wire = row.wire { members.append(("kept", .integer(wire.kept))) }
        members += [
            ("name", .string(row.name)),
            ("path", .string(row.path)),
            ("priority", .integer(Int64(row.priority))),
        ]
        if let wire = row.wire { members.append(("received", .integer(wire.received))) }
        members += [
            ("speed", .integer(Int64(Int(row.speed)))),
            ("state", .string(row.shownState)),
            ("total", row.total.map(Value.integer) ?? .null),
            ("url", .string(row.url)),
        ]
        return members
    }

    private enum Value {
        case integer(Int64)
        case string(String)
        case null
    }

    private static let newline = UInt8(ascii: "\n")

    /// `indent` nil: compact (`{"a":1,"b":2}`); else `JSONSerialization`'s pretty form for an object nested that
    /// deep (`{\n    "a" : 1,\n    "b" : 2\n  }` at 2).
    private static func write(_ row: ListedDownload, indent: Int?, into bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "{"))
        for (index, member) in members(row).enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            if let indent {
                bytes.append(newline)
                bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent + 2))
            }
            bytes.append(UInt8(ascii: "\""))
            member.key.withUTF8Buffer { bytes.append(contentsOf: $0) }
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: indent == nil ? ":".utf8 : " : ".utf8)
            switch member.value {
            case .integer(let value): bytes.append(contentsOf: String(value).utf8)
            case .string(let value): JSONStringText.append(value, to: &bytes)
            case .null: bytes.append(contentsOf: "null".utf8)
            }
        }
        if let indent {
            bytes.append(newline)
            bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
        }
        bytes.append(UInt8(ascii: "}"))
    }
}
