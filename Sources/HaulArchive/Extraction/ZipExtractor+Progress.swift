import Foundation

/// How far an extraction has got; reported after every chunk written and every entry finished.
public struct ExtractionProgress: Sendable, Hashable {
    /// Entries (files, directories, symlinks) completed.
    public var entriesCompleted: Int
    /// All entries in the archive.
    public var entryCount: Int
    /// Bytes of file content written so far.
    public var bytesWritten: UInt64
    /// Bytes of file content the archive declares.
    public var totalBytes: UInt64
    /// The entry being written, lossily decoded as UTF-8.
    public var currentEntry: String
}

/// What an extraction produced.
public struct ExtractionSummary: Sendable, Hashable {
    /// The directory that now holds the entries.
    public var destination: URL
    /// Regular files written.
    public var fileCount: Int
    /// Directories created.
    public var directoryCount: Int
    /// Symbolic links created (each checked to stay inside the destination).
    public var symlinkCount: Int
    /// Bytes of file content written.
    public var bytesWritten: UInt64
    /// Whether the entries were moved into a directory that already had content, rather than renamed into place
    /// as one new directory.
    public var mergedIntoExistingDirectory: Bool
}
