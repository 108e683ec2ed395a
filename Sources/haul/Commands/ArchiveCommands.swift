import ArgumentParser
import Foundation
import HaulArchive
import HaulCore
import HaulKit

/// `haul verify FILE ALGO=HEX`: checks a file already on disk.
struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check a file against a checksum (md5, sha1, sha256, sha512). Exit 0 when it matches, 8 when not."
    )

    @Argument(help: "The file to check.")
    var file: String

    @Argument(help: "The expected digest, ALGORITHM=HEX, e.g. sha256=ba78...")
    var checksum: String

    func run() throws {
        let expected: Checksum
        do { expected = try Checksum(parsing: checksum) } catch { throw ValidationError("\(error)") }
        guard FileManager.default.fileExists(atPath: file) else { throw HaulError(.io, "\(file) does not exist") }
        let actual: String
        do { actual = try checksumOfFile(atPath: file, algorithm: expected.algorithm) } catch { throw HaulError(.io, "\(error)") }
        guard actual == expected.hex else {
            throw HaulError(.checksumMismatch, "\(expected.algorithm.rawValue) mismatch for \(file): expected \(expected.hex), got \(actual)")
        }
        Terminal.writeOutput("\(file): OK (\(expected.algorithm.rawValue)=\(actual))\n")
    }
}

/// `haul unzip ARCHIVE [-d DIR]`.
struct UnzipCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unzip",
        abstract: "Extract a zip archive safely (zip64, CRC-checked, no path escapes, bomb caps; all or nothing)."
    )

    @Argument(help: "The zip archive.")
    var archive: String

    @Option(name: [.short, .customLong("dir")], help: "Where to extract. Default: a directory named after the archive, beside it.")
    var directory: String?

    @Flag(name: .customLong("overwrite"), help: "Replace existing files in the destination.")
    var overwrite = false

    @Flag(name: [.short, .customLong("quiet")], help: "Print nothing but errors.")
    var quiet = false

    @OptionGroup var limitOptions: ExtractionLimitArguments

    func run() throws {
        let destination = directory ?? ArchiveActions.defaultExtractionDirectory(for: archive)
        try ArchiveActions.extract(archive: archive, to: destination, limits: limitOptions.options.limits, overwrite: overwrite, quiet: quiet)
    }
}

/// `haul zip OUT.zip PATH...`.
struct ZipCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "zip",
        abstract: "Create a zip archive from files and directories (recursive, deflate, permissions and times kept, zip64 when needed)."
    )

    @Argument(help: "The archive to create.")
    var output: String

    @Argument(help: "Files and directories to put in it; entries are named relative to each path's parent.")
    var paths: [String]

    @Option(name: [.short, .customLong("level")], help: "Deflate level 1-9.")
    var level = 6

    @Flag(name: .customLong("store"), help: "Store without compression.")
    var store = false

    @Flag(name: .customLong("overwrite"), help: "Replace an existing archive.")
    var overwrite = false

    @Flag(name: [.short, .customLong("quiet")], help: "Print nothing but errors.")
    var quiet = false

    func validate() throws {
        if paths.isEmpty { throw ValidationError("name at least one file or directory to archive") }
        if !(1...9).contains(level) { throw ValidationError("--level must be between 1 and 9") }
    }

    func run() throws {
        let summary: CreationSummary
        do {
            summary = try ZipCreator.create(
                archive: URL(fileURLWithPath: output),
                from: paths.map { URL(fileURLWithPath: $0) },
                compression: store ? .store : .deflate(level: level),
                overwrite: overwrite
            )
        } catch let error as ZipError {
            throw ArchiveActions.haulError(error)
        }
        if !quiet {
            Terminal.writeError(
                "\(output): \(summary.fileCount) files, \(ByteCount.format(Int64(summary.uncompressedBytes))) -> \(ByteCount.format(Int64(summary.archiveBytes)))\n"
            )
        }
    }
}
