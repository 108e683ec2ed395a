/// An attribute list of an HLS tag (RFC 8216 §4.2): `NAME=VALUE` pairs separated by commas, a value being a
/// quoted string (no quote or line break inside), or a run of characters without a comma.
struct HLSAttributeList: Equatable {
    private(set) var values: [String: String] = [:]

    /// Reads `text`; `nil` when it is not a well-formed attribute list (an unterminated quote, a name without `=`).
    init?(_ text: Substring) {
        var rest = text[...]
        while !rest.isEmpty {
            guard let equals = rest.firstIndex(of: "=") else { return nil }
            let name = rest[..<equals].hlsTrimmed
            guard !name.isEmpty, name.allSatisfy({ $0.isUppercase || $0.isNumber || $0 == "-" }) else { return nil }
            rest = rest[rest.index(after: equals)...]
            let value: Substring
            if rest.first == "\"" {
                let body = rest.dropFirst()
                guard let close = body.firstIndex(of: "\"") else { return nil }
                value = body[..<close]
                rest = body[body.index(after: close)...]
                rest = rest.drop { $0 == " " || $0 == "\t" }
                if !rest.isEmpty {
                    guard rest.first == "," else { return nil }
                    rest = rest.dropFirst()
                }
            } else {
                let comma = rest.firstIndex(of: ",") ?? rest.endIndex
                value = rest[..<comma].hlsTrimmed
                rest = comma == rest.endIndex ? rest[comma...] : rest[rest.index(after: comma)...]
            }
            values[String(name)] = String(value)
        }
    }

    subscript(name: String) -> String? { values[name] }
}

extension Substring {
    var hlsTrimmed: Substring {
        let start = firstIndex { $0 != " " && $0 != "\t" } ?? endIndex
        let end = lastIndex { $0 != " " && $0 != "\t" }.map { index(after: $0) } ?? start
        return start < end ? self[start..<end] : self[start..<start]
    }
}
