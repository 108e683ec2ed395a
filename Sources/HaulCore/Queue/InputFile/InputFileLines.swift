/// An input file read a line at a time (`haul -i` on a long list): the same rules as `InputFile.parse`, with the
/// entries handed on as soon as they are whole, so that the file is never held in memory.
///
///     var lines = InputFileLines()
///     try lines.read("https://example.com/a.iso")
///     try lines.read("  out=a.iso")
///     lines.take()           // [] : options may still follow a.iso
///     try lines.read("https://example.com/b.iso")
///     lines.take()           // [a.iso with out=a.iso]
///     lines.finish()         // [b.iso]
///
/// An entry is whole when the next URL line is read, or at the end (`finish`). Line numbers count from 1 in the
/// order lines are read; a UTF-8 byte-order mark at the start of the first line is ignored, and a line may end in
/// CR (its LF already taken off by the caller).
public struct InputFileLines: Sendable {
    private var reader = InputFileReader()
    private var number = 0
    /// Warnings not yet taken.
    public private(set) var warnings: [InputFileWarning] = []

    /// An empty reader.
    public init() {}

    /// Reads one physical line, without its LF.
    ///
    /// - Throws: `InputFileError` naming the line when it breaks a rule.
    public mutating func read(_ line: Substring) throws(InputFileError) {
        number += 1
        var line = line
        if number == 1, line.unicodeScalars.first == "\u{FEFF}" { line = Substring(line.unicodeScalars.dropFirst()) }
        try reader.read(line, number: number)
    }

    /// The entries that are whole, in file order, taken out of the reader.
    public mutating func take() -> [InputFileEntry] {
        let taken = reader.take(keepingLast: true)
        warnings += taken.warnings
        return taken.entries
    }

    /// Every entry not taken yet: the input has ended.
    public mutating func finish() -> [InputFileEntry] {
        let taken = reader.take(keepingLast: false)
        warnings += taken.warnings
        return taken.entries
    }

    /// The warnings not taken yet, taken out of the reader.
    public mutating func takeWarnings() -> [InputFileWarning] {
        defer { warnings = [] }
        return warnings
    }
}
