/// The algorithm a checksum list or a BSD tag names.
enum ChecksumAlgorithmName: Equatable {
    /// One Haul verifies, spelled as ``ChecksumList/Entry/algorithm``.
    case supported(String)
    /// One it does not (`b2`, `sha224`, `sha384`, `blake3`), as written.
    case unsupported(String)

    /// Digest length in hex digits of each supported algorithm.
    static let hexLengths: [String: Int] = ["md5": 32, "sha1": 40, "sha256": 64, "sha512": 128]

    /// Reads a tag such as `SHA256`, `SHA-256`, `SHA2-256` (OpenSSL 3) or `MD5`.
    static func fromTag<S: StringProtocol>(_ tag: S) -> ChecksumAlgorithmName {
        var name = tag.lowercased().filter { $0 != "-" && $0 != "_" }
        if name.hasPrefix("sha2") && name.count == 7 { name = "sha" + name.dropFirst(4) }  // sha2256 -> sha256
        return hexLengths[name] != nil ? .supported(name) : .unsupported(String(tag))
    }

    /// The algorithm a list's file name names: `SHA256SUMS`, `sha256sum.txt`, `foo.iso.sha256`, `MD5SUMS`,
    /// `B2SUMS` (unsupported); `nil` when the name says nothing (`CHECKSUMS`, `checksums.txt`).
    static func fromListName(_ listName: String) -> ChecksumAlgorithmName? {
        let lower = listName.lowercased()
        let known = ["sha512", "sha256", "sha1", "md5"]
        let unsupported = ["sha224", "sha384", "b2", "blake2", "blake3", "crc32"]
        if let dot = lower.lastIndex(of: ".") {
            let suffix = String(lower[lower.index(after: dot)...])
            if known.contains(suffix) { return .supported(suffix) }
            if unsupported.contains(suffix) || suffix == "b2sum" { return .unsupported(suffix) }
        }
        for stem in known where lower.hasPrefix(stem + "sum") { return .supported(stem) }
        for stem in unsupported where lower.hasPrefix(stem + "sum") { return .unsupported(stem) }
        return nil
    }
}

/// One line of a checksum list, read as GNU or BSD.
enum ChecksumLine {
    enum Reading: Equatable {
        case entry(ChecksumList.Entry)
        case unsupported(String)
    }

    /// The entry on `line`, or `nil` when it has neither shape.
    /// - Parameter named: the algorithm the list's name gives, for GNU lines.
    static func read(_ line: Substring, named: ChecksumAlgorithmName?) -> Reading? {
        if let bsd = readBSD(line) { return bsd }
        return readGNU(line, named: named)
    }

    /// `TAG (NAME) = HEX` or `TAG(NAME)= HEX`. The name runs to the last `)`, so that names with parentheses
    /// (`report (final).pdf`) survive.
    private static func readBSD(_ line: Substring) -> Reading? {
        guard let open = line.firstIndex(of: "("), let equals = line.lastIndex(of: "=") else { return nil }
        let tag = line[..<open].trimmingSpaces()
        guard !tag.isEmpty, tag.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }),
            let close = line[..<equals].lastIndex(of: ")"), close > open,
            line[line.index(after: close)..<equals].allSatisfy({ $0 == " " })
        else { return nil }
        let name = String(line[line.index(after: open)..<close])
        let hex = line[line.index(after: equals)...].trimmingSpaces().lowercased()
        switch ChecksumAlgorithmName.fromTag(tag) {
        case .unsupported(let written): return .unsupported(written)
        case .supported(let algorithm):
            guard isDigest(hex, algorithm: algorithm) else { return nil }
            return .entry(.init(algorithm: algorithm, hex: hex, name: cleaned(name)))
        }
    }

    /// `HEX  NAME`, `HEX *NAME`, or one space as some sites write; `\` first means an escaped name.
    private static func readGNU(_ line: Substring, named: ChecksumAlgorithmName?) -> Reading? {
        var rest = line
        let escaped = rest.first == "\\"
        if escaped { rest = rest.dropFirst() }
        guard let space = rest.firstIndex(of: " ") else { return nil }
        let hex = rest[..<space].lowercased()
        var name = rest[rest.index(after: space)...]
        if name.first == " " || name.first == "*" { name = name.dropFirst() }
        guard !name.isEmpty, !hex.isEmpty, hex.allSatisfy({ $0.isASCII && $0.isHexDigit }) else { return nil }
        let algorithm: String
        switch named {
        case .unsupported(let written)?: return .unsupported(written)
        case .supported(let fromName)?: algorithm = fromName
        case nil:
            guard let byLength = ChecksumAlgorithmName.hexLengths.first(where: { $0.value == hex.count })?.key else {
                return nil
            }
            algorithm = byLength
        }
        guard isDigest(hex, algorithm: algorithm) else { return nil }
        let plain = escaped ? unescape(name) : String(name)
        return .entry(.init(algorithm: algorithm, hex: hex, name: cleaned(plain)))
    }

    private static func isDigest(_ hex: String, algorithm: String) -> Bool {
        hex.count == ChecksumAlgorithmName.hexLengths[algorithm] && hex.allSatisfy { $0.isASCII && $0.isHexDigit }
    }

    /// GNU's escapes: `\\` is a backslash, `\n` a newline.
    private static func unescape(_ name: Substring) -> String {
        var result = ""
        var iterator = name.makeIterator()
        while let character = iterator.next() {
            guard character == "\\", let next = iterator.next() else {
                result.append(character)
                continue
            }
            result.append(next == "n" ? "\n" : next)
        }
        return result
    }

    /// The name without leading `./` (any number of them).
    private static func cleaned(_ name: String) -> String {
        var name = Substring(name)
        while name.hasPrefix("./") { name = name.dropFirst(2) }
        return String(name)
    }
}

extension Substring {
    fileprivate func trimmingSpaces() -> Substring {
        let start = firstIndex { $0 != " " && $0 != "\t" } ?? endIndex
        let end = lastIndex { $0 != " " && $0 != "\t" }.map(index(after:)) ?? start
        return self[start..<end]
    }
}
