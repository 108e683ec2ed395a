/// A Metalink v4 document (RFC 5854, `.meta4`, `application/metalink4+xml`): files, each with its size, its
/// sources by priority, whole-file hashes and piece hashes.
///
/// Read with ``XMLScanner`` (no DTD, no entities, size caps) and checked before anything is fetched:
/// - a file's `name` is a relative path with no `.`/`..` component, no leading `/`, no backslash or control
///   character (RFC 5854 §4.1.2.1 forbids directory traversal; a hostile Metalink must not write outside the
///   download directory); two files may not have the same name;
/// - `size` is a decimal count of bytes;
/// - hashes are kept for the types Haul can verify (`sha-512`, `sha-256`, `sha-1`, `md5`, IANA's names); the
///   strongest is the one checked. A hash of the wrong length for its type is an error, not ignored;
/// - with `pieces`, the number of piece hashes must be the number of pieces the size and the piece length give;
/// - sources are the `url`s with an http or https scheme, ordered by `priority` (1 first; none means last,
///   §4.2.16); others (ftp, `metaurl` torrents) are skipped and counted. A file with no usable source is an error.
/// Metalink 3 (`http://www.metalinker.org/`) is refused with a clear message rather than half understood.
public struct Metalink: Sendable, Equatable {
    /// One file to download.
    public struct File: Sendable, Equatable {
        /// The relative path to save it under.
        public var name: String
        /// The length in bytes, when given.
        public var size: Int64?
        /// The strongest whole-file hash Haul can verify, when given.
        public var hash: Hash?
        /// Piece hashes, when given.
        public var pieces: Pieces?
        /// http(s) sources, best priority first.
        public var sources: [Source]
        /// Sources that were skipped (another scheme, or a torrent `metaurl`).
        public var skippedSources: Int
    }

    /// A digest: algorithm as Haul names it (`sha256`...) and lowercase hex.
    public struct Hash: Sendable, Equatable {
        public var algorithm: String
        public var hex: String
        /// `ALGORITHM=HEX`, the form `--checksum` takes.
        public var checksum: String { "\(algorithm)=\(hex)" }
    }

    /// The hashes of consecutive pieces of `length` bytes (the last may be shorter).
    public struct Pieces: Sendable, Equatable {
        public var length: Int64
        public var algorithm: String
        public var hashes: [String]

        /// The byte range of piece `index` in a file of `size` bytes.
        public func range(of index: Int, size: Int64) -> Range<Int64> {
            let start = Int64(index) * length
            return start..<min(start + length, size)
        }
    }

    /// One source.
    public struct Source: Sendable, Equatable {
        public var url: String
        /// 1 is the most preferred; 999,999 when the document gives none.
        public var priority: Int
        /// An ISO 3166-1 country code, when given.
        public var location: String?
    }

    /// The files, in document order.
    public var files: [File]

    /// Why a Metalink was refused.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public let reason: String
        public var description: String { reason }
    }

    /// Haul's name and the hex length of each hash type it verifies, strongest first.
    static let hashTypes: [(iana: String, algorithm: String, hexLength: Int)] = [
        ("sha-512", "sha512", 128), ("sha-256", "sha256", 64), ("sha-1", "sha1", 40), ("md5", "md5", 32),
    ]

    /// Reads a Metalink v4 document.
    public static func parse(_ bytes: [UInt8], limits: XMLScanner.Limits = .standard) throws(Failure) -> Metalink {
        let root: XMLScanner.Element
        do {
            root = try XMLScanner.parse(bytes, limits: limits)
        } catch {
            throw Failure(reason: "not a readable Metalink: \(error)")
        }
        guard root.name == "metalink" else { throw Failure(reason: "not a Metalink: the root element is <\(root.name)>") }
        if let namespace = root.attributes["xmlns"], namespace != "urn:ietf:params:xml:ns:metalink" {
            if namespace.contains("metalinker.org") {
                throw Failure(reason: "Metalink 3 is not supported; Haul reads Metalink 4 (RFC 5854, .meta4)")
            }
            throw Failure(reason: "not a Metalink 4 document (namespace \(namespace))")
        }
        var files: [File] = []
        var names = Set<String>()
        for element in root.children(named: "file") {
            let file = try Self.file(element)
            guard names.insert(file.name).inserted else { throw Failure(reason: "two files are named \(file.name)") }
            files.append(file)
        }
        guard !files.isEmpty else { throw Failure(reason: "the Metalink lists no file") }
        return Metalink(files: files)
    }

    private static func file(_ element: XMLScanner.Element) throws(Failure) -> File {
        guard let name = element.attributes["name"] else { throw Failure(reason: "a <file> has no name") }
        if let problem = Self.problem(withName: name) { throw Failure(reason: "file name \(quoted(name)): \(problem)") }
        var size: Int64?
        if let text = element.child(named: "size").map({ trim($0.text) }) {
            guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int64(text) else {
                throw Failure(reason: "\(name): <size> is not a number of bytes")
            }
            size = value
        }
        let hash = try strongestHash(element.children(named: "hash"), file: name)
        let pieces = try strongestPieces(element.children(named: "pieces"), size: size, file: name)
        var sources: [Source] = []
        var skipped = element.children(named: "metaurl").count
        for url in element.children(named: "url") {
            let text = trim(url.text)
            let scheme = text.split(separator: ":", maxSplits: 1).first?.lowercased()
            guard scheme == "http" || scheme == "https", text.contains("://") else {
                skipped += 1
                continue
            }
            var priority = 999_999
            if let value = url.attributes["priority"] {
                guard let number = Int(trim(value)), (1...999_999).contains(number) else {
                    throw Failure(reason: "\(name): a url's priority must be 1 to 999999")
                }
                priority = number
            }
            sources.append(Source(url: text, priority: priority, location: url.attributes["location"].map(trim)))
        }
        // Stable: equal priorities keep the document's order.
        sources = sources.enumerated().sorted { ($0.element.priority, $0.offset) < ($1.element.priority, $1.offset) }.map(\.element)
        guard !sources.isEmpty else {
            throw Failure(reason: "\(name): no http or https source (\(skipped) other source\(skipped == 1 ? "" : "s") skipped)")
        }
        return File(name: name, size: size, hash: hash, pieces: pieces, sources: sources, skippedSources: skipped)
    }

    private static func strongestHash(_ elements: [XMLScanner.Element], file: String) throws(Failure) -> Hash? {
        var found: [String: String] = [:]
        for element in elements {
            guard let type = element.attributes["type"]?.lowercased(), let known = hashTypes.first(where: { $0.iana == type }) else { continue }
            found[known.algorithm] = try hex(element.text, length: known.hexLength, file: file, type: type)
        }
        return hashTypes.lazy.compactMap { type in found[type.algorithm].map { Hash(algorithm: type.algorithm, hex: $0) } }.first
    }

    private static func strongestPieces(_ elements: [XMLScanner.Element], size: Int64?, file: String) throws(Failure) -> Pieces? {
        var found: [String: Pieces] = [:]
        for element in elements {
            guard let type = element.attributes["type"]?.lowercased(), let known = hashTypes.first(where: { $0.iana == type }) else { continue }
            guard let lengthText = element.attributes["length"], let length = Int64(trim(lengthText)), length > 0 else {
                throw Failure(reason: "\(file): <pieces> needs a positive length")
            }
            var hashes: [String] = []
            for hash in element.children(named: "hash") {
                hashes.append(try hex(hash.text, length: known.hexLength, file: file, type: type))
            }
            if let size {
                let expected = size == 0 ? 0 : (size + length - 1) / length
                guard Int64(hashes.count) == expected else {
                    throw Failure(reason: "\(file): \(hashes.count) piece hashes for \(expected) pieces of \(length) bytes")
                }
            }
            found[known.algorithm] = Pieces(length: length, algorithm: known.algorithm, hashes: hashes)
        }
        return hashTypes.lazy.compactMap { found[$0.algorithm] }.first
    }

    private static func hex(_ text: String, length: Int, file: String, type: String) throws(Failure) -> String {
        let value = trim(text).lowercased()
        guard value.count == length, value.allSatisfy({ $0.isHexDigit }) else {
            throw Failure(reason: "\(file): a \(type) hash must be \(length) hex digits")
        }
        return value
    }

    /// Why `name` cannot be a file's path, or `nil` when it can.
    static func problem(withName name: String) -> String? {
        if name.isEmpty { return "empty" }
        if name.hasPrefix("/") { return "an absolute path" }
        if name.contains("\\") { return "contains a backslash" }
        if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) { return "contains a control character" }
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        if parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) {
            return "has an empty, '.' or '..' component (it must stay inside the download directory)"
        }
        return nil
    }

    private static func trim(_ text: String) -> String {
        let scalars = text.unicodeScalars
        let start = scalars.firstIndex { !" \t\r\n".unicodeScalars.contains($0) } ?? scalars.endIndex
        let end = scalars.lastIndex { !" \t\r\n".unicodeScalars.contains($0) }.map(scalars.index(after:)) ?? start
        return String(scalars[start..<end])
    }

    private static func quoted(_ name: String) -> String {
        "'" + String(name.unicodeScalars.map { $0.value < 0x20 ? "?" : Character($0) }) + "'"
    }
}

extension Metalink.File {
    /// The piece hashes as a download checks them (`PieceLedger`), when the file has them and a size.
    public var pieceHashes: PieceLedger.Hashes? {
        guard let pieces, size != nil else { return nil }
        return PieceLedger.Hashes(length: pieces.length, algorithm: pieces.algorithm, digests: pieces.hashes)
    }
}
