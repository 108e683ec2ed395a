/// An error from parsing, computing or verifying a checksum.
public struct ChecksumError: Error, CustomStringConvertible, Sendable {
    /// What went wrong, without the details.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case malformed, unknownAlgorithm, invalidDigest, mismatch, io
        }

        private let base: Base

        /// The code's name (`mismatch`, `io`, ...).
        public var description: String { base.rawValue }

        /// The text is not `ALGORITHM=HEX` or `ALGORITHM:HEX`.
        public static let malformed = Code(base: .malformed)
        /// The algorithm is not md5, sha1, sha256 or sha512.
        public static let unknownAlgorithm = Code(base: .unknownAlgorithm)
        /// The digest has the wrong length for its algorithm or a non-hex character.
        public static let invalidDigest = Code(base: .invalidDigest)
        /// The computed digest differs from the expected one; see ``ChecksumError/expected`` and
        /// ``ChecksumError/actual``.
        public static let mismatch = Code(base: .mismatch)
        /// The file could not be read; ``ChecksumError/cause`` holds the error number.
        public static let io = Code(base: .io)
    }

    /// What went wrong.
    public let code: Code
    /// A sentence for people.
    public let message: String
    /// For ``Code/mismatch``: the checksum that was expected.
    public let expected: Checksum?
    /// For ``Code/mismatch``: the digest computed, in lowercase hex.
    public let actual: String?
    /// The underlying error, for ``Code/io``.
    public let cause: (any Error & Sendable)?

    /// `message`.
    public var description: String { message }

    init(_ code: Code, _ message: String, cause: (any Error & Sendable)? = nil) {
        self.code = code
        self.message = message
        self.expected = nil
        self.actual = nil
        self.cause = cause
    }

    private init(mismatchMessage: String, expected: Checksum, actual: String) {
        self.code = .mismatch
        self.message = mismatchMessage
        self.expected = expected
        self.actual = actual
        self.cause = nil
    }

    /// A mismatch between an expected checksum and the digest computed.
    /// - Parameters:
    ///   - expected: What the user asked for.
    ///   - actual: The digest computed, in hex.
    ///   - path: The file, if any.
    /// - Returns: An error whose message shows both digests.
    public static func mismatch(expected: Checksum, actual: String, path: String? = nil) -> ChecksumError {
        let subject = path.map { " for \($0)" } ?? ""
        return ChecksumError(
            mismatchMessage:
                "\(expected.algorithm.rawValue) mismatch\(subject): expected \(expected.hex), got \(actual)",
            expected: expected, actual: actual)
    }
}
