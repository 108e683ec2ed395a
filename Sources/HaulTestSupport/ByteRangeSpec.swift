/// A single `Range: bytes=...` request header, parsed the way a server does.
enum ByteRangeSpec: Equatable {
    /// `bytes=a-b` (b nil for `bytes=a-`).
    case from(Int, through: Int?)
    /// `bytes=-n`: the last n bytes.
    case suffix(Int)

    /// Parses one `bytes=` range; nil for anything else (other units, several ranges, bad numbers), which a server ignores.
    init?(header: String) {
        let value = header.trimmingWhitespace()
        guard value.lowercased().hasPrefix("bytes=") else { return nil }
        let spec = value.dropFirst("bytes=".count).trimmingWhitespace()
        guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else { return nil }
        let first = spec[..<dash].trimmingWhitespace()
        let last = spec[spec.index(after: dash)...].trimmingWhitespace()
        if first.isEmpty {
            guard let count = ByteRangeSpec.number(last) else { return nil }
            self = .suffix(count)
        } else {
            guard let start = ByteRangeSpec.number(first) else { return nil }
            if last.isEmpty {
                self = .from(start, through: nil)
            } else {
                guard let end = ByteRangeSpec.number(last), end >= start else { return nil }
                self = .from(start, through: end)
            }
        }
    }

    /// The byte offsets selected in a representation of `total` bytes; nil when unsatisfiable (answer 416).
    func resolve(total: Int) -> ClosedRange<Int>? {
        switch self {
        case .from(let start, let end):
            guard start < total else { return nil }
            return start...min(end ?? (total - 1), total - 1)
        case .suffix(let count):
            guard count > 0, total > 0 else { return nil }
            return max(0, total - count)...(total - 1)
        }
    }

    private static func number(_ text: String) -> Int? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)  // nil on overflow: the header is then ignored
    }
}

extension StringProtocol {
    /// The string without leading and trailing spaces and tabs.
    func trimmingWhitespace() -> String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" { slice.removeFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice.removeLast() }
        return String(slice)
    }
}
