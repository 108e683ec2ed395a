/// The status line and headers of an HTTP response, as the pure decision code sees them.
public struct ResponseHead: Sendable, Equatable {
    /// The status code, e.g. 200 or 206.
    public var status: Int
    /// Header fields in the order received; names compare case-insensitively.
    public var headers: [HeaderField]

    /// Creates a response head.
    public init(status: Int, headers: [HeaderField] = []) {
        self.status = status
        self.headers = headers
    }

    /// Creates a response head from `(name, value)` pairs.
    public init(status: Int, _ pairs: [(String, String)]) {
        self.init(status: status, headers: pairs.map { HeaderField(name: $0.0, value: $0.1) })
    }

    /// The first value of a header, or `nil`.
    public subscript(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveEquals(name) }?.value
    }

    /// Every value of a header, in order.
    public func values(_ name: String) -> [String] {
        headers.filter { $0.name.caseInsensitiveEquals(name) }.map(\.value)
    }
}

/// One header line.
public struct HeaderField: Sendable, Hashable {
    /// The field name as sent.
    public var name: String
    /// The field value as sent.
    public var value: String

    /// Creates a header field.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

extension String {
    /// ASCII case-insensitive comparison, as HTTP field names need (RFC 9110 §5.1: names are tokens, compared
    /// without regard to ASCII case). Byte by byte: lowercasing both names made two strings per comparison, and a
    /// response's head is asked for a dozen fields (1 % of the CPU of a list of small files).
    func caseInsensitiveEquals(_ other: String) -> Bool {
        var this = self, other = other
        return this.withUTF8 { a in
            other.withUTF8 { b in
                guard a.count == b.count else { return false }
                for index in 0..<a.count where a[index] != b[index] {
                    let lower = a[index] | 0x20
                    guard lower == b[index] | 0x20, lower >= UInt8(ascii: "a"), lower <= UInt8(ascii: "z") else { return false }
                }
                return true
            }
        }
    }
}
