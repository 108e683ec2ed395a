/// Caps that stop an archive from filling the disk or the inode table, checked before anything is written.
///
/// The caps apply to what the central directory declares, and the declared sizes are then enforced on the bytes
/// actually written: an entry that inflates past its declared size fails at that byte.
public struct ExtractionLimits: Sendable, Hashable {
    /// The most bytes all entries may expand to together. Default 64 GiB: far beyond ordinary downloads, yet stops
    /// a bomb long before it fills a modern disk. Raise it for datasets larger than that.
    public var maxTotalUncompressedBytes: UInt64

    /// The most an entry may expand, as uncompressed size over compressed size. Default 1000.
    ///
    /// Deflate cannot exceed about 1032:1, which it reaches only on runs of one repeated byte; real files stay far
    /// below 1000 unless they are almost entirely zeros. Entries of at most ``compressionRatioGraceBytes`` are
    /// exempt: a small entry cannot be a bomb on its own, and tiny files often compress very well.
    public var maxCompressionRatio: UInt64

    /// Entries up to this uncompressed size skip the ratio check. Default 1 MiB.
    public var compressionRatioGraceBytes: UInt64

    /// The most entries (files, directories and symlinks) an archive may have. Default 1,000,000: large source
    /// trees have a few hundred thousand files. Planning holds every entry in memory, about 0.8 KiB each
    /// (measured: 200,000 entries, 156 MiB peak), so the default bounds that at about 750 MiB.
    public var maxEntryCount: Int

    /// Creates limits; every argument defaults to the documented default.
    /// - Parameters:
    ///   - maxTotalUncompressedBytes: The cap on the sum of entry sizes.
    ///   - maxCompressionRatio: The cap on one entry's expansion.
    ///   - compressionRatioGraceBytes: Entries at most this large skip the ratio check.
    ///   - maxEntryCount: The cap on the number of entries.
    public init(
        maxTotalUncompressedBytes: UInt64 = 64 << 30,
        maxCompressionRatio: UInt64 = 1_000,
        compressionRatioGraceBytes: UInt64 = 1 << 20,
        maxEntryCount: Int = 1_000_000
    ) {
        self.maxTotalUncompressedBytes = maxTotalUncompressedBytes
        self.maxCompressionRatio = maxCompressionRatio
        self.compressionRatioGraceBytes = compressionRatioGraceBytes
        self.maxEntryCount = maxEntryCount
    }
}
