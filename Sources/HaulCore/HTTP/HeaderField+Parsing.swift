extension HeaderField {
    /// `Name: value` as a header to send, or `nil`: the name an HTTP token (RFC 9110, 5.6.2), the value without
    /// control characters but HTAB (5.5: a CR or LF could smuggle a second header into the request, and a NUL is
    /// refused by HTTP clients). Spaces and tabs around the value are dropped.
    ///
    /// The one check for headers given by users: input files' `header=` lines and the daemon's `header` option.
    public init?(line: some StringProtocol) {
        guard let colon = line.firstIndex(of: ":") else { return nil }
        let name = line[..<colon]
        let value = line[line.index(after: colon)...].trimmingHTTPWhitespace()
        guard Self.isToken(name), Self.isFieldValue(value) else { return nil }
        self.init(name: String(name), value: String(value))
    }

    /// Whether `name` is an HTTP token: one or more ASCII letters, digits and ``!#$%&'*+-.^_`|~``.
    public static func isToken(_ name: some StringProtocol) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                return true
            default:
                return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
            }
        }
    }

    /// Whether `value` may be sent as a field value: no control character (C0 or DEL) but HTAB.
    public static func isFieldValue(_ value: some StringProtocol) -> Bool {
        value.utf8.allSatisfy { $0 == UInt8(ascii: "\t") || ($0 >= 0x20 && $0 != 0x7F) }
    }
}
