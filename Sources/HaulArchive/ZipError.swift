/// An error raised while reading, extracting or creating a zip archive.
///
/// Match on ``code`` to decide what to do; show ``description`` to people. ``entry`` names the archive entry
/// concerned (lossily decoded as UTF-8) and ``cause`` carries the underlying system error when there is one.
public struct ZipError: Error, CustomStringConvertible, Sendable {
    /// What went wrong, without the details.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case unsafeEntryPath, duplicateEntry, conflictingEntries, symlinkEscapes, writeThroughSymlink
            case overlappingEntries, entryCountLimit, totalSizeLimit, compressionRatioLimit
            case crcMismatch, sizeMismatch, truncatedArchive, corruptArchive, unsupportedFeature
            case destinationExists, sourceChanged, cancelled, io
        }

        private let base: Base

        /// The code's name (`unsafeEntryPath`, `io`, ...).
        public var description: String { base.rawValue }

        /// An entry name is absolute, has a `..` component, a backslash, a NUL byte, or is empty.
        public static let unsafeEntryPath = Code(base: .unsafeEntryPath)
        /// Two entries have the same name.
        public static let duplicateEntry = Code(base: .duplicateEntry)
        /// One entry needs a path to be a directory while another makes it a file or a symlink.
        public static let conflictingEntries = Code(base: .conflictingEntries)
        /// A symlink entry points outside the destination.
        public static let symlinkEscapes = Code(base: .symlinkEscapes)
        /// An entry would be written through a symlink (from the archive or already in the destination).
        public static let writeThroughSymlink = Code(base: .writeThroughSymlink)
        /// Two entries share bytes of the archive: the signature of an overlapping zip bomb.
        public static let overlappingEntries = Code(base: .overlappingEntries)
        /// The archive has more entries than ``ExtractionLimits/maxEntryCount``.
        public static let entryCountLimit = Code(base: .entryCountLimit)
        /// The entries add up to more than ``ExtractionLimits/maxTotalUncompressedBytes``.
        public static let totalSizeLimit = Code(base: .totalSizeLimit)
        /// An entry expands more than ``ExtractionLimits/maxCompressionRatio`` times.
        public static let compressionRatioLimit = Code(base: .compressionRatioLimit)
        /// The CRC-32 of an entry's bytes differs from the one the archive records.
        public static let crcMismatch = Code(base: .crcMismatch)
        /// An entry decompresses to a different number of bytes than the archive records.
        public static let sizeMismatch = Code(base: .sizeMismatch)
        /// The archive ends early: no end record, a short central directory, or entry data cut off.
        public static let truncatedArchive = Code(base: .truncatedArchive)
        /// A structure of the archive is malformed or inconsistent.
        public static let corruptArchive = Code(base: .corruptArchive)
        /// The archive uses something Haul does not do: encryption, a compression method other than store and
        /// deflate, multiple disks, device or FIFO entries; or a source file is not a file, directory or symlink.
        public static let unsupportedFeature = Code(base: .unsupportedFeature)
        /// The destination (or something inside it) already exists and overwriting was not allowed or is impossible.
        public static let destinationExists = Code(base: .destinationExists)
        /// A file being archived changed size while it was read.
        public static let sourceChanged = Code(base: .sourceChanged)
        /// The surrounding task was cancelled.
        public static let cancelled = Code(base: .cancelled)
        /// A system call failed; ``ZipError/cause`` holds the error number.
        public static let io = Code(base: .io)
    }

    /// What went wrong.
    public let code: Code
    /// A sentence for people, naming the entry or file and the numbers involved.
    public let message: String
    /// The archive entry concerned, if any.
    public let entry: String?
    /// The underlying error, for ``Code/io``.
    public let cause: (any Error & Sendable)?
    /// Where in Haul's source the error was raised, as `file:line`.
    public let location: String

    /// `message`.
    public var description: String { message }

    init(
        _ code: Code, _ message: String, entry: String? = nil, cause: (any Error & Sendable)? = nil,
        file: String = #fileID, line: Int = #line
    ) {
        self.code = code
        self.message = message
        self.entry = entry
        self.cause = cause
        self.location = "\(file):\(line)"
    }
}
