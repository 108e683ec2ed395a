/// An expected digest of a file, as users write it: `sha256=HEX` or `sha256:HEX`.
public struct Checksum: Sendable, Hashable, CustomStringConvertible {
    /// The hash functions Haul verifies.
    public enum Algorithm: String, CaseIterable, Sendable {
        /// MD5, SHA-1, SHA-256, SHA-512: the name in `ALGORITHM=HEX` is the case's name.
        case md5, sha1, sha256, sha512

        /// Digest length in bytes.
        public var digestByteCount: Int {
            switch self {
            case .md5: 16
            case .sha1: 20
            case .sha256: 32
            case .sha512: 64
            }
        }
    }

    /// The hash function.
    public let algorithm: Algorithm
    /// The digest in lowercase hexadecimal.
    public let hex: String

    /// `ALGORITHM=HEX`, the canonical spelling.
    public var description: String { "\(algorithm.rawValue)=\(hex)" }

    /// Parses `ALGORITHM=HEX` or `ALGORITHM:HEX`; the algorithm name and the digits are case-insensitive,
    /// `sha-256` is read as `sha256`, and whitespace around either part is ignored.
    /// - Parameter text: For example `sha256=ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad`.
    /// - Throws: ``ChecksumError`` with ``ChecksumError/Code/malformed``, ``ChecksumError/Code/unknownAlgorithm``
    ///   or ``ChecksumError/Code/invalidDigest`` (wrong length or a non-hex character).
    public init(parsing text: String) throws {
        let trimmed = text.trimmingWhitespace()
        guard let separator = trimmed.firstIndex(where: { $0 == "=" || $0 == ":" }) else {
            throw ChecksumError(
                .malformed,
                "malformed checksum '\(text)': expected ALGORITHM=HEX or ALGORITHM:HEX, as in sha256=<64 hex digits>")
        }
        let name = String(trimmed[..<separator]).trimmingWhitespace().lowercased().replacingDashes()
        let digits = String(trimmed[trimmed.index(after: separator)...]).trimmingWhitespace().lowercased()
        guard let algorithm = Algorithm(rawValue: name) else {
            let known = Algorithm.allCases.map(\.rawValue).joined(separator: ", ")
            throw ChecksumError(.unknownAlgorithm, "unknown checksum algorithm '\(name)': expected one of \(known)")
        }
        try self.init(algorithm: algorithm, hex: digits)
    }

    /// Creates a checksum from an algorithm and its hex digest.
    /// - Parameters:
    ///   - algorithm: The hash function.
    ///   - hex: The digest, `2 × digestByteCount` hex digits in either case.
    /// - Throws: ``ChecksumError/Code/invalidDigest`` for a wrong length or a non-hex character.
    public init(algorithm: Algorithm, hex: String) throws {
        let digits = hex.lowercased()
        let expected = algorithm.digestByteCount * 2
        if let bad = digits.first(where: { !$0.isHexDigit || !$0.isASCII }) {
            throw ChecksumError(
                .invalidDigest, "\(algorithm.rawValue) checksum contains '\(bad)', which is not a hex digit")
        }
        guard digits.count == expected else {
            throw ChecksumError(
                .invalidDigest,
                "\(algorithm.rawValue) checksum must be \(expected) hex digits, got \(digits.count)")
        }
        self.algorithm = algorithm
        self.hex = digits
    }

    /// Checks a computed digest against this checksum.
    /// - Parameters:
    ///   - actualHex: The digest computed, in hex.
    ///   - path: The file it belongs to, for the message.
    /// - Throws: ``ChecksumError/Code/mismatch`` showing both digests.
    public func verify(actualHex: String, path: String? = nil) throws {
        guard actualHex.lowercased() == hex else {
            throw ChecksumError.mismatch(expected: self, actual: actualHex.lowercased(), path: path)
        }
    }
}

extension String {
    /// The string without `-` and `_`, so that `sha-256` reads as `sha256`.
    fileprivate func replacingDashes() -> String {
        filter { $0 != "-" && $0 != "_" }
    }

    /// The string without leading and trailing whitespace.
    func trimmingWhitespace() -> Substring {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
        return self[start..<end]
    }
}
