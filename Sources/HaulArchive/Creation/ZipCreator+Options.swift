import Foundation

/// How ZipCreator stores file content.
public struct ZipCompression: Sendable, Hashable, CustomStringConvertible {
    /// The zlib level, 1 to 9; `nil` stores content uncompressed.
    public let level: Int?

    /// No compression (method 0).
    public static let store = ZipCompression(level: nil)
    /// Deflate at level 6, the default of zlib and Info-ZIP `zip`.
    public static let deflate = ZipCompression(level: 6)

    /// Deflate at a chosen level.
    /// - Parameter level: 1 (fastest) to 9 (smallest); clamped to that range.
    /// - Returns: The compression.
    public static func deflate(level: Int) -> ZipCompression {
        ZipCompression(level: min(max(level, 1), 9))
    }

    /// `store`, or `deflate -N` with its level.
    public var description: String { level.map { "deflate -\($0)" } ?? "store" }
}

/// How far an archive creation has got; reported after every chunk read and every entry finished.
public struct CreationProgress: Sendable, Hashable {
    /// Entries written so far.
    public var entriesCompleted: Int
    /// Entries to write in all.
    public var entryCount: Int
    /// Bytes of file content read so far.
    public var bytesRead: UInt64
    /// Bytes of file content to read in all.
    public var totalBytes: UInt64
    /// The entry being written, lossily decoded as UTF-8.
    public var currentEntry: String
}

/// What an archive creation produced.
public struct CreationSummary: Sendable, Hashable {
    /// The archive written.
    public var archive: URL
    /// Regular files archived.
    public var fileCount: Int
    /// Directories archived.
    public var directoryCount: Int
    /// Symbolic links archived (as links, not followed).
    public var symlinkCount: Int
    /// Bytes of file content archived.
    public var uncompressedBytes: UInt64
    /// Size of the archive file.
    public var archiveBytes: UInt64
}
