import ArgumentParser
import HaulArchive
import HaulCore

/// The caps that keep a hostile archive from filling the disk (`haul unzip`, `haul get --extract`).
struct ExtractionLimitOptions: Equatable, Sendable {
    var maxSize: String
    var maxRatio: UInt64
    var maxEntries: Int

    static let defaults = ExtractionLimitOptions(maxSize: "64G", maxRatio: 1000, maxEntries: 1_000_000)

    func validate() throws {
        guard ByteCount.parse(maxSize) != nil else { throw ValidationError("--max-size must be a size like 64G") }
        guard maxRatio >= 1, maxEntries >= 1 else { throw ValidationError("--max-ratio and --max-entries must be at least 1") }
    }

    var limits: ExtractionLimits {
        ExtractionLimits(
            maxTotalUncompressedBytes: UInt64(ByteCount.parse(maxSize) ?? (64 << 30)),
            maxCompressionRatio: maxRatio,
            maxEntryCount: maxEntries
        )
    }
}

/// `ExtractionLimitOptions` as ArgumentParser reads them, with the defaults of `ExtractionLimitOptions.defaults`.
struct ExtractionLimitArguments: ParsableArguments {
    @Option(name: .customLong("max-size"), help: "Refuse archives that unpack to more than this (K, M, G suffixes).")
    var maxSize = ExtractionLimitOptions.defaults.maxSize

    @Option(name: .customLong("max-ratio"), help: "Refuse entries compressed more than this many times (zip bombs).")
    var maxRatio = ExtractionLimitOptions.defaults.maxRatio

    @Option(name: .customLong("max-entries"), help: "Refuse archives with more entries than this.")
    var maxEntries = ExtractionLimitOptions.defaults.maxEntries

    /// The plain value these arguments give.
    var options: ExtractionLimitOptions { ExtractionLimitOptions(maxSize: maxSize, maxRatio: maxRatio, maxEntries: maxEntries) }

    func validate() throws { try options.validate() }
}
