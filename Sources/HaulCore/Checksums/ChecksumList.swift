/// A checksum list as sites publish it beside their files (`SHA256SUMS`, `SHA512SUMS`, `MD5SUMS`, `*.sha256`), read
/// so that `--checksum-file` can verify a download without copying hex by hand.
///
/// Two line shapes are read:
/// - GNU coreutils (`sha256sum`): `HEX  NAME` (text mode) or `HEX *NAME` (binary mode); a line that starts with `\`
///   has `\\` and `\n` escapes in its name, as `sha256sum` writes for names with a backslash or a newline.
/// - BSD and OpenSSL tags (`sha256 -r` off, `shasum --tag`, `openssl dgst`): `SHA256 (NAME) = HEX`,
///   `SHA256(NAME)= HEX`, `SHA2-256(NAME)= HEX`.
///
/// Blank lines and `#` comments are skipped; other lines that fit neither shape are skipped too (PGP-signed lists
/// such as Debian's `SHA256SUMS.sign` wrap the lines in armour), but a list in which no line fits is refused:
/// that is an HTML error page or the wrong file, and saying so beats "no entry for the file".
public struct ChecksumList: Sendable, Equatable {
    /// One line of the list.
    public struct Entry: Sendable, Equatable {
        /// The algorithm's name as ``Checksum`` spells it: `md5`, `sha1`, `sha256` or `sha512`.
        public let algorithm: String
        /// The digest in lowercase hex, of the algorithm's length.
        public let hex: String
        /// The name as written, without a leading `./` and without GNU's `*` binary marker.
        public let name: String

        /// `ALGORITHM=HEX`, the spelling `--checksum` takes.
        public var checksum: String { "\(algorithm)=\(hex)" }

        public init(algorithm: String, hex: String, name: String) {
            self.algorithm = algorithm
            self.hex = hex
            self.name = name
        }
    }

    /// The entries in file order.
    public let entries: [Entry]

    /// Reads a list.
    ///
    /// The algorithm of a GNU line comes from the list's own name when that names one (`SHA512SUMS`,
    /// `foo.iso.sha256`, `md5sum.txt`), else from the digest's length (32 md5, 40 sha1, 64 sha256, 128 sha512:
    /// all different). The name wins because lengths collide with algorithms Haul does not verify: BLAKE2's
    /// `B2SUMS` has 128 digits like sha512, and reading it as sha512 would report a false mismatch. A BSD line
    /// names its own algorithm.
    /// - Parameters:
    ///   - text: the list's contents.
    ///   - listName: the list's file name (last path component of its path or URL), or `nil`.
    /// - Throws: ``ChecksumListError/unsupportedAlgorithm(_:)`` when the list's name or the lines name an
    ///   algorithm Haul does not verify and nothing else fits; ``ChecksumListError/noChecksumLines`` when no line
    ///   has either shape.
    public static func parse(_ text: String, listName: String? = nil) throws(ChecksumListError) -> ChecksumList {
        let named = listName.flatMap(ChecksumAlgorithmName.fromListName)
        if case .unsupported(let name)? = named { throw .unsupportedAlgorithm(name) }
        var entries: [Entry] = []
        var unsupported: String?
        for rawLine in text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            if line.allSatisfy(\.isWhitespace) || line.first == "#" { continue }
            switch ChecksumLine.read(line, named: named) {
            case .entry(let entry): entries.append(entry)
            case .unsupported(let name): unsupported = unsupported ?? name
            case .none: continue
            }
        }
        if entries.isEmpty {
            if let unsupported { throw .unsupportedAlgorithm(unsupported) }
            throw .noChecksumLines
        }
        return ChecksumList(entries: entries)
    }

    public init(entries: [Entry]) {
        self.entries = entries
    }

    /// The entry for a file about to be downloaded.
    ///
    /// Rule: a leading `./` of an entry's name is ignored. An entry whose whole name equals `fileName` wins;
    /// otherwise an entry in a directory (`images/foo.iso`) matches by its last component, when exactly one
    /// digest does so. Haul saves a single file under one name, so the directory in the list says where the
    /// site keeps it, not where it is saved. Several entries with the same name and the same digest count as one.
    /// - Parameter fileName: the bare name the download is saved as.
    /// - Throws: ``ChecksumListError/noEntry(fileName:entryCount:)`` or
    ///   ``ChecksumListError/ambiguous(fileName:names:)``.
    public func entry(for fileName: String) throws(ChecksumListError) -> Entry {
        if let exact = Self.single(entries.filter { $0.name == fileName }) { return exact }
        let byLastComponent = entries.filter { $0.name.split(separator: "/").last.map(String.init) == fileName }
        if let single = Self.single(byLastComponent) { return single }
        if byLastComponent.isEmpty && !entries.contains(where: { $0.name == fileName }) {
            throw .noEntry(fileName: fileName, entryCount: entries.count)
        }
        let names = (entries.filter { $0.name == fileName } + byLastComponent).map(\.name)
        throw .ambiguous(fileName: fileName, names: names)
    }

    /// The entry for the first of `fileNames` the list names, in order: a list names the server's files, so a
    /// download looks up its URL's name first and then the name it is saved as (`-o b.iso` of `a.iso`, a
    /// numbered name after a conflict). An ambiguous name is an error at once (a later name must not hide it);
    /// with no entry for any, the error names the first.
    public func entry(forFirstOf fileNames: [String]) throws(ChecksumListError) -> Entry {
        var seen: Set<String> = []
        var firstMissing: ChecksumListError?
        for name in fileNames where !name.isEmpty && seen.insert(name).inserted {
            do {
                return try entry(for: name)
            } catch .noEntry(let fileName, let count) {
                firstMissing = firstMissing ?? .noEntry(fileName: fileName, entryCount: count)
            }
        }
        throw firstMissing ?? .noEntry(fileName: fileNames.first ?? "", entryCount: entries.count)
    }

    /// The one digest among `candidates` (several lines with the same digest are one), or `nil`.
    private static func single(_ candidates: [Entry]) -> Entry? {
        guard let first = candidates.first else { return nil }
        return candidates.allSatisfy({ $0.algorithm == first.algorithm && $0.hex == first.hex }) ? first : nil
    }
}

/// Why a checksum list cannot give the digest for a file.
public enum ChecksumListError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No line of the list is a GNU or BSD checksum line.
    case noChecksumLines
    /// The list is for an algorithm Haul does not verify (its name as written).
    case unsupportedAlgorithm(String)
    /// No entry names the file; carries how many entries the list has.
    case noEntry(fileName: String, entryCount: Int)
    /// Several entries name the file with different digests.
    case ambiguous(fileName: String, names: [String])

    public var description: String {
        switch self {
        case .noChecksumLines:
            return "no checksum lines in it (expected 'HEX  NAME' or 'SHA256 (NAME) = HEX' lines)"
        case .unsupportedAlgorithm(let name):
            return "its algorithm \(name) is not one Haul verifies (md5, sha1, sha256, sha512)"
        case .noEntry(let fileName, let count):
            return "no entry for \(fileName) among its \(count) entr\(count == 1 ? "y" : "ies")"
        case .ambiguous(let fileName, let names):
            return "several entries with different digests match \(fileName): \(names.joined(separator: ", "))"
        }
    }
}
