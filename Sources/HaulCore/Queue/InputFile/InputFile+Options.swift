/// The option keys an input file understands, and how each value is checked.
enum InputFileOption: Hashable {
    case out, dir, checksum, checksumFile, connections, header, autoFileRenaming, allowOverwrite

    /// The option for `key`; aria2c's `split` means `connections`. Keys are case-sensitive, as in aria2c.
    init?(key: String) {
        switch key {
        case "out": self = .out
        case "dir": self = .dir
        case "checksum": self = .checksum
        case "checksum-file": self = .checksumFile
        case "connections", "split": self = .connections
        case "header": self = .header
        case "auto-file-renaming": self = .autoFileRenaming
        case "allow-overwrite": self = .allowOverwrite
        default: return nil
        }
    }

    /// Whether the key may appear more than once for one URL, each adding a value.
    var isRepeatable: Bool { self == .header }

    /// Checks a non-empty `value` and stores it in `options`.
    ///
    /// - Returns: what is wrong with the value, or `nil` when it was stored.
    func apply(_ value: Substring, key: String, to options: inout DownloadOptions) -> InputFileError.Problem? {
        switch self {
        case .out:
            options.out = String(value)
        case .dir:
            options.dir = String(value)
        case .checksum:
            guard Self.isChecksum(value) else { return .badChecksum(String(value)) }
            options.checksum = String(value)
        case .checksumFile:
            options.checksumFile = String(value)
        case .connections:
            guard let number = HTTPNumber.parseNonNegative(value), number >= 1, let count = Int(exactly: number) else {
                return .badNumber(key: key, value: String(value))
            }
            options.connections = count
        case .autoFileRenaming, .allowOverwrite:
            let flag: Bool
            switch value {
            case "true": flag = true
            case "false": flag = false
            default: return .badSwitch(key: key, value: String(value))
            }
            if self == .autoFileRenaming { options.autoFileRenaming = flag } else { options.allowOverwrite = flag }
        case .header:
            guard let field = Self.headerField(value) else { return .badHeader(String(value)) }
            options.headers.append(field)
        }
        return nil
    }

    /// Whether `value` is `ALGORITHM=HEX`: a name of ASCII letters, digits and `-`, then one or more hex digits.
    static func isChecksum(_ value: Substring) -> Bool {
        guard let equals = value.firstIndex(of: "=") else { return false }
        let name = value[..<equals]
        let digest = value[value.index(after: equals)...]
        return !name.isEmpty && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
            && !digest.isEmpty && digest.allSatisfy { $0.isASCII && $0.isHexDigit }
    }

    /// `Name: value` as a header field (`HeaderField.init(line:)`: a token name, no control characters in the
    /// value, so that a stray CR cannot smuggle a second header into the request).
    static func headerField(_ value: Substring) -> HeaderField? {
        HeaderField(line: value)
    }

    /// What is wrong with `url` as a download URL, or `nil` when it is an http or https URL with a host and no
    /// spaces or control characters.
    static func problem(withURL url: Substring) -> InputFileError.Problem? {
        if url.utf8.allSatisfy({ $0 < 0x80 }) { return problem(withASCIIURL: url) }
        return problem(withAnyURL: url)
    }

    /// `problem(withURL:)` for a URL of ASCII bytes, byte by byte: the same answers (in ASCII only CR LF is a
    /// Character of two bytes, and both are refused first), without breaking the text into Characters, which cost a
    /// list's reading more than the rest of it. InputFileURLCheckTests compares both on seeded random texts.
    static func problem(withASCIIURL url: Substring) -> InputFileError.Problem? {
        let bytes = url.utf8
        func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), bytes.allSatisfy({ $0 > 0x20 && $0 != 0x7F }) else {
            return .invalidURL(String(url))
        }
        let scheme = bytes[..<colon]
        let rest = bytes[bytes.index(after: colon)...]
        guard let first = scheme.first, isLetter(first),
            scheme.allSatisfy({
                isLetter($0) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: "+")
                    || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
            }),
            rest.starts(with: "//".utf8)
        else { return .invalidURL(String(url)) }
        let lowered = scheme.map { $0 | 0x20 }
        guard lowered.elementsEqual("http".utf8) || lowered.elementsEqual("https".utf8) else {
            return .unsupportedScheme(String(Substring(scheme)))
        }
        let authority = rest.dropFirst(2).prefix {
            $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#")
        }
        let hostAndPort = authority.lastIndex(of: UInt8(ascii: "@")).map { authority[authority.index(after: $0)...] } ?? authority
        let host = hostAndPort.first == UInt8(ascii: "[") ? hostAndPort : hostAndPort.prefix { $0 != UInt8(ascii: ":") }
        return host.isEmpty ? .invalidURL(String(url)) : nil
    }

    /// `problem(withURL:)` for any text, Character by Character.
    static func problem(withAnyURL url: Substring) -> InputFileError.Problem? {
        let invalid = InputFileError.Problem.invalidURL(String(url))
        guard let colon = url.firstIndex(of: ":"),
            url.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F })
        else { return invalid }
        let scheme = url[..<colon]
        let rest = url[url.index(after: colon)...]
        guard let first = scheme.first, first.isASCII, first.isLetter,
            scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }),
            rest.hasPrefix("//")
        else { return invalid }
        guard ["http", "https"].contains(scheme.lowercased()) else { return .unsupportedScheme(String(scheme)) }
        let authority = rest.dropFirst(2).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let hostAndPort = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? ""
        let host = hostAndPort.hasPrefix("[") ? hostAndPort : hostAndPort.prefix { $0 != ":" }
        return host.isEmpty ? invalid : nil
    }
}
