/// Why an input file was refused: the 1-based line and what is wrong on it.
public struct InputFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The 1-based line number.
    public let line: Int
    /// What is wrong.
    public let problem: Problem

    /// Creates an error.
    public init(line: Int, problem: Problem) {
        self.line = line
        self.problem = problem
    }

    /// Everything the parser refuses.
    public enum Problem: Sendable, Equatable, CustomStringConvertible {
        /// An indented option line before the first URL; carries the line's text.
        case optionBeforeURL(String)
        /// An indented line that is not `key=value`; carries the line's text.
        case notKeyValue(String)
        /// A key the parser does not know.
        case unknownOption(String)
        /// `key=` with nothing after the `=`.
        case missingValue(key: String)
        /// A connection count that is not a whole number of at least 1.
        case badNumber(key: String, value: String)
        /// A switch (`allow-overwrite`, `auto-file-renaming`) that is not `true` or `false`.
        case badSwitch(key: String, value: String)
        /// A checksum that is not `ALGORITHM=HEX`.
        case badChecksum(String)
        /// A header that is not `Name: value`, or has control characters.
        case badHeader(String)
        /// A URL whose scheme is not http or https; carries the scheme. What `InputFileOption.problem(withURL:)`
        /// answers (`DownloadURLRule` reads it); a list's line is refused as `invalidURL`, with the whole text.
        case unsupportedScheme(String)
        /// A URL on a URL line (the first or a TAB-separated mirror) that is not a URL Haul downloads; carries the
        /// text, which `DownloadURLRule`'s sentence shows.
        case invalidURL(String)

        public var description: String {
            switch self {
            case .optionBeforeURL(let text): return "option \"\(text)\" comes before any URL"
            case .notKeyValue(let text):
                return "expected an indented key=value option, got \"\(text)\" (a URL must start at the beginning of its line)"
            case .unknownOption(let key):
                return "unknown option \"\(key)\" (known: out, dir, checksum, checksum-file, connections, split, header, auto-file-renaming, allow-overwrite)"
            case .missingValue(let key): return "option \"\(key)\" has no value"
            case .badNumber(let key, let value): return "option \"\(key)\" needs a whole number of at least 1, got \"\(value)\""
            case .badSwitch(let key, let value): return "option \"\(key)\" is true or false, got \"\(value)\""
            case .badChecksum(let value): return "checksum \"\(value)\" is not ALGORITHM=HEX (e.g. sha-256=...)"
            case .badHeader(let value): return "header \"\(value)\" is not \"Name: value\""
            case .unsupportedScheme(let scheme): return "unsupported URL scheme \"\(scheme)\" (only http and https)"
            // The sentence every front-end refuses such a URL with (issue #52, point 1).
            case .invalidURL(let text): return DownloadURLRule.refusal(of: text) ?? "'\(text)' is not an http or https URL"
            }
        }
    }

    public var description: String { "line \(line): \(problem)" }
}

/// Something the parser accepted but the user should hear about.
public struct InputFileWarning: Sendable, Equatable, CustomStringConvertible {
    /// The 1-based line number.
    public let line: Int
    /// What was noticed.
    public let problem: Problem

    /// Creates a warning.
    public init(line: Int, problem: Problem) {
        self.line = line
        self.problem = problem
    }

    /// Everything the parser warns about.
    public enum Problem: Sendable, Equatable, CustomStringConvertible {
        /// TAB-separated mirror URLs: only the first is used; carries how many were dropped.
        case mirrorsIgnored(count: Int)
        /// A single-valued option set twice for one URL: the last value wins.
        case optionRepeated(String)

        public var description: String {
            switch self {
            case .mirrorsIgnored(let count):
                return "\(count) mirror URL\(count == 1 ? "" : "s") after a TAB ignored; only the first URL is downloaded"
            case .optionRepeated(let key): return "option \"\(key)\" is set again; the last value wins"
            }
        }
    }

    public var description: String { "line \(line): \(problem)" }
}
