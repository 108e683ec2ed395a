/// An aria2c-style input file (`haul -i FILE`): URLs, each followed by indented options.
///
///     # nightly images
///     https://example.com/a.iso
///       out=a.iso
///       checksum=sha-256=9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08
///       header=Authorization: Bearer t0ken
///     https://example.com/b.iso<TAB>https://mirror.example/b.iso
///
/// The rules:
/// - A line that starts in the first column is a URL; only http and https are accepted.
/// - A line that starts with a space or TAB is a `key=value` option for the URL above it. The keys are `out`,
///   `dir`, `checksum`, `connections` (aria2c's `split` is an alias) and `header` (repeatable). The value is
///   everything after the first `=`, without the spaces and TABs around it (so values cannot end in a space).
/// - Blank lines, and lines whose first non-blank character is `#`, are skipped anywhere and do not end a URL's
///   options. A `#` inside a line is text (URLs have fragments).
/// - Lines end in LF or CRLF; trailing spaces, TABs and CRs are dropped; a UTF-8 byte-order mark is ignored.
/// - Several TAB-separated URLs on one line are aria2c's mirrors of one file: the first is the entry's URL, the
///   others its `mirrors` (each must be an http or https URL, like the first).
/// - An option other than `header` given twice for one URL: the last value wins, with a warning.
/// - The first error stops parsing and names its line. Values are kept as written (see `DownloadOptions`).
public struct InputFile: Sendable, Equatable {
    /// The downloads, in file order.
    public var entries: [InputFileEntry]
    /// What was accepted with a caveat, in file order.
    public var warnings: [InputFileWarning]

    /// Creates a parsed file.
    public init(entries: [InputFileEntry] = [], warnings: [InputFileWarning] = []) {
        self.entries = entries
        self.warnings = warnings
    }

    /// Parses the text of an input file (already decoded from UTF-8 by the caller).
    ///
    /// - Throws: `InputFileError` for the first line that breaks a rule.
    public static func parse(_ text: String) throws(InputFileError) -> InputFile {
        var reader = InputFileReader()
        for (index, line) in lines(of: text).enumerated() {
            try reader.read(line, number: index + 1)
        }
        return reader.file
    }

    /// The physical lines of `text`, without a leading byte-order mark; LF and CRLF both end a line.
    ///
    /// Split on the LF bytes, each line then losing one CR before its LF: the same lines as a split on the
    /// Characters "\n" and "\r\n" (a line break never joins another Character), without breaking the text into
    /// Characters (a list of 60 URLs spent more on that than on the rest of its reading).
    static func lines(of text: String) -> [Substring] {
        var body = Substring(text)
        if body.unicodeScalars.first == "\u{FEFF}" { body = Substring(body.unicodeScalars.dropFirst()) }
        let pieces = body.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        return pieces.indices.map { index in
            var line = pieces[index]
            if index < pieces.count - 1, line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            return Substring(line)
        }
    }
}

/// Reads an input file line by line, remembering which options the current URL already has.
struct InputFileReader {
    private(set) var file = InputFile()
    private var optionsGiven: Set<InputFileOption> = []

    /// Takes the entries read so far out of the reader, but for the last one while `keepingLast` (options may
    /// still follow it), and the warnings: what `InputFileLines` hands on as it goes.
    mutating func take(keepingLast: Bool) -> (entries: [InputFileEntry], warnings: [InputFileWarning]) {
        let kept = keepingLast ? file.entries.last : nil
        var entries = file.entries
        if kept != nil { entries.removeLast() }
        let warnings = file.warnings
        file = InputFile(entries: kept.map { [$0] } ?? [], warnings: [])
        return (entries, warnings)
    }

    mutating func read(_ rawLine: Substring, number: Int) throws(InputFileError) {
        var line = rawLine
        while let last = line.last, last == " " || last == "\t" || last == "\r" { line = line.dropLast() }
        let content = line.drop { $0 == " " || $0 == "\t" }
        if content.isEmpty || content.first == "#" { return }
        if content.startIndex == line.startIndex {
            try readURL(content, number: number)
        } else {
            try readOption(content, number: number)
        }
    }

    private mutating func readURL(_ content: Substring, number: Int) throws(InputFileError) {
        // TAB is one byte and one Character: splitting the bytes finds the same fields.
        let urls = content.utf8.split(separator: UInt8(ascii: "\t")).map { Substring($0).trimmingHTTPWhitespace() }
            .filter { !$0.isEmpty }
        guard let url = urls.first else { return }
        // Refused with the text, for `DownloadURLRule`'s sentence, whatever is wrong with it (its scheme too).
        for url in urls where InputFileOption.problem(withURL: url) != nil {
            throw InputFileError(line: number, problem: .invalidURL(String(url)))
        }
        file.entries.append(InputFileEntry(url: String(url), mirrors: urls.dropFirst().map(String.init), line: number))
        optionsGiven = []
    }

    private mutating func readOption(_ content: Substring, number: Int) throws(InputFileError) {
        guard !file.entries.isEmpty else { throw InputFileError(line: number, problem: .optionBeforeURL(String(content))) }
        guard let equals = content.firstIndex(of: "=") else {
            throw InputFileError(line: number, problem: .notKeyValue(String(content)))
        }
        let key = String(content[..<equals].trimmingHTTPWhitespace())
        let value = content[content.index(after: equals)...].trimmingHTTPWhitespace()
        guard !key.isEmpty, !key.contains("://") else {
            throw InputFileError(line: number, problem: .notKeyValue(String(content)))
        }
        guard let option = InputFileOption(key: key) else {
            throw InputFileError(line: number, problem: .unknownOption(key))
        }
        guard !value.isEmpty else { throw InputFileError(line: number, problem: .missingValue(key: key)) }
        if let problem = option.apply(value, key: key, to: &file.entries[file.entries.count - 1].options) {
            throw InputFileError(line: number, problem: problem)
        }
        if !option.isRepeatable, !optionsGiven.insert(option).inserted {
            file.warnings.append(InputFileWarning(line: number, problem: .optionRepeated(key)))
        }
    }
}
