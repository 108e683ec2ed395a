import Foundation

/// Chooses and cleans the local file name of a download (docs/http-rules.md rule 15).
public enum FileName {
    /// The name used when a URL has no usable last path segment (like wget, which saves `http://host/` as this).
    public static let fallback = "index.html"

    /// The name from a URL's last path segment: percent-decoded, then sanitised; `fallback` when nothing usable is left.
    public static func fromURL(_ url: URL) -> String {
        let lastSegment = lastSegment(of: url.path(percentEncoded: true))
        let decoded = percentDecoded(lastSegment) ?? lastSegment
        return sanitize(decoded) ?? fallback
    }

    /// The last non-empty `/`-separated segment of `path`, or "". A percent-encoded path is ASCII: its bytes are
    /// split as they are (the Character split below, which the general case keeps, cost a list of 60 URLs more than
    /// everything else their names needed).
    static func lastSegment(of path: String) -> String {
        if path.utf8.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "\r") }) {
            let last = path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true).last
            return last.map { String(decoding: $0, as: UTF8.self) } ?? ""
        }
        return path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? ""
    }

    /// `text` with every `%XX` replaced by its byte, or `nil` when a `%` is not followed by two hex digits or the
    /// bytes are not UTF-8: what Foundation's `removingPercentEncoding` answers, without loading Foundation's string
    /// bridging into a process that downloads one file (its first use cost about 0.3 ms of CPU, a few per cent of
    /// a 1 KiB download).
    static func percentDecoded(_ text: String) -> String? {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        var decoder = UTF8()
        var scalars = bytes.makeIterator()
        var result = String.UnicodeScalarView()
        while true {
            switch decoder.decode(&scalars) {
            case .scalarValue(let scalar): result.append(scalar)
            case .emptyInput: return String(result)
            case .error: return nil
            }
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// A safe single path component made from an untrusted name, or `nil` when none can be made.
    ///
    /// Takes the basename only (after the last `/` or `\`, so absolute paths and `../` lose their directories),
    /// drops control characters (C0, DEL, C1), trims spaces, and refuses `.`, `..` and empty results.
    /// The longest name kept, in UTF-8 bytes: 255, the common file systems' limit, less `.part` and `.9999`.
    public static let maximumBytes = 245

    public static func sanitize(_ name: String) -> String? {
        if let plain = sanitizedPlainASCII(name) { return plain }
        return sanitizedScalars(name)
    }

    /// `sanitize` for a name of printable ASCII without a `/` or `\\` (nearly every name a URL gives), with bytes
    /// instead of Unicode scalars and their properties: the same answer (FileNameFastPathTests checks both on
    /// seeded random names), at a fiftieth of the work. `nil` when the name is not such a name; `.some(nil)` when it
    /// is one that `sanitize` refuses.
    static func sanitizedPlainASCII(_ name: String) -> String?? {
        let utf8 = name.utf8
        guard utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "\\") }) else {
            return nil
        }
        // No controls to drop; the one blank of ASCII is the space.
        var start = utf8.startIndex
        var end = utf8.endIndex
        while start < end, utf8[start] == UInt8(ascii: " ") { start = utf8.index(after: start) }
        while start < end, utf8[utf8.index(before: end)] == UInt8(ascii: " ") { end = utf8.index(before: end) }
        let trimmed = utf8[start..<end]
        guard !trimmed.isEmpty, !trimmed.elementsEqual(".".utf8), !trimmed.elementsEqual("..".utf8) else { return .some(nil) }
        return String(decoding: trimmed.prefix(maximumBytes), as: UTF8.self)
    }

    /// `sanitize` for any name, scalar by scalar.
    static func sanitizedScalars(_ name: String) -> String? {
        let base = name.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "/" || $0 == "\\" }).last ?? ""
        var kept = String.UnicodeScalarView(
            base.unicodeScalars.filter { scalar in
                !(scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value))
            }
        )
        // What Foundation's `.whitespaces` trimmed here on Linux, without Foundation: tab (already dropped above with
        // the controls), the space separators (Unicode category Zs) and the zero-width space.
        func isBlank(_ scalar: Unicode.Scalar) -> Bool {
            scalar.properties.generalCategory == .spaceSeparator || scalar.value == 0x200B
        }
        while let first = kept.first, isBlank(first) { kept.removeFirst() }
        while let last = kept.last, isBlank(last) { kept.removeLast() }
        let cleaned = String(kept)
        guard !cleaned.isEmpty, cleaned != ".", cleaned != ".." else { return nil }
        // Keep names within what every common file system accepts (255 bytes) with room for what Haul adds beside
        // them: `.part` (5 bytes) and a numbered name's `.9999` (5 bytes), cutting at a character boundary.
        var limited = cleaned
        while limited.utf8.count > maximumBytes { limited.removeLast() }
        return limited
    }

    /// The file name a `Content-Disposition` header proposes (RFC 6266), sanitised, or `nil`.
    ///
    /// `filename*` (RFC 8187, UTF-8 percent-encoded) wins over `filename`.
    public static func fromContentDisposition(_ header: String) -> String? {
        let parameters = ContentDispositionParser.parameters(header)
        if let extended = parameters["filename*"], let decoded = decodeExtendedValue(extended),
            let name = sanitize(decoded)
        {
            return name
        }
        if let plain = parameters["filename"] { return sanitize(plain) }
        return nil
    }

    /// Decodes `charset'language'percent-encoded` (RFC 8187); only UTF-8 and ISO-8859-1 are accepted.
    private static func decodeExtendedValue(_ value: String) -> String? {
        let parts = value.split(separator: "'", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        let charset = parts[0].lowercased()
        let encoded = String(parts[2])
        if charset == "utf-8" { return percentDecoded(encoded) }
        if charset == "iso-8859-1" {
            var bytes: [UInt8] = []
            var iterator = encoded.utf8.makeIterator()
            while let byte = iterator.next() {
                if byte == UInt8(ascii: "%"), let high = iterator.next(), let low = iterator.next(),
                    let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
                {
                    bytes.append(value)
                } else {
                    bytes.append(byte)
                }
            }
            return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
        }
        return nil
    }
}

/// Splits a `Content-Disposition` value into lower-cased parameter names and unquoted values.
enum ContentDispositionParser {
    static func parameters(_ header: String) -> [String: String] {
        var result: [String: String] = [:]
        var index = header.startIndex
        // Skip the disposition type.
        guard let firstSemicolon = header.firstIndex(of: ";") else { return result }
        index = header.index(after: firstSemicolon)
        while index < header.endIndex {
            while index < header.endIndex, header[index] == " " || header[index] == "\t" || header[index] == ";" {
                index = header.index(after: index)
            }
            guard let equals = header[index...].firstIndex(of: "=") else { break }
            let name = header[index..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            index = header.index(after: equals)
            var value = ""
            if index < header.endIndex, header[index] == "\"" {
                index = header.index(after: index)
                while index < header.endIndex, header[index] != "\"" {
                    if header[index] == "\\", header.index(after: index) < header.endIndex {
                        index = header.index(after: index)
                    }
                    value.append(header[index])
                    index = header.index(after: index)
                }
                if index < header.endIndex { index = header.index(after: index) }
            } else {
                let end = header[index...].firstIndex(of: ";") ?? header.endIndex
                value = header[index..<end].trimmingCharacters(in: .whitespaces)
                index = end
            }
            if result[name] == nil { result[name] = value }
        }
        return result
    }
}
