import ArgumentParser
import Foundation
import HaulArchive
import HaulCore
import HaulKit

/// What a download line asks for: every option of `haul get` (`haul URL`), as plain values with one set of
/// defaults, ``defaults``.
///
/// Both readers of a download line fill this one value: ArgumentParser through `DownloadCommand`, whose
/// declarations take their defaults from ``defaults`` (so `haul --help` shows them), and the quick reading of the
/// common flags (`QuickDownloadArguments`), which starts from ``defaults``. A default is written once, and the
/// quick reading cannot drift from the help; `QuickDownloadArgumentsTests` checks that both readings of a line
/// give the same value, and that every option of the command reaches it.
struct DownloadOptions: Equatable, Sendable {
    var urls: [String]
    var inputFile: String?
    var output: String?
    var directory: String?
    /// `--folder-rule`: where a file goes by its name or Content-Type when its directory is not given (`FolderRules`).
    var folderRules: [String]
    var progressOptions: ProgressOptions
    var transfer: TransferOptions
    var headers: [String]
    var userAgent: String?
    var remoteName: Bool
    var overwrite: Bool
    var onConflict: OnConflict
    var stateDirectory: String?
    var minSplitSize: String
    var continueFlag: Bool
    var checksum: String?
    var checksumFile: String?
    /// `--require-checksum`: with `--checksum auto`, a file without a published checksum is an error (exit 2).
    var requireChecksum: Bool
    /// `--in-order`: the file's beginning first, so it can be played while it downloads.
    var inOrder: Bool = false
    var extract: Bool
    var extractTo: String?
    var limitOptions: ExtractionLimitOptions
    var queueOptions: QueueOptions
    var hookOptions: HookOptions
    var cookieOptions: CookieOptions
    var metalink: String?
    var noFollowMetalink: Bool
    var mirrors: [String]
    var maxRedirects: Int
    var allowInsecureRedirect: Bool
    /// `--hls-variant`: which variant of an HLS master playlist (`HLSVariantChoice`'s text; best when not given).
    var hlsVariant: String? = nil
    /// `--hls-audio`: the language of an HLS variant's separate audio (its `DEFAULT=YES` one when not given).
    var hlsAudio: String? = nil
    /// `--hls-list`: print the variants of each HLS playlist instead of downloading.
    var hlsList: Bool = false
    /// `--hls-duration`: how much playing time of a live HLS playlist to record (`DurationText.parse`'s text).
    var hlsDuration: String? = nil

    /// `--checksum auto`: look for the checksum each file's site publishes (`ChecksumFiles.discover`).
    var findsChecksum: Bool { checksum == "auto" }

    /// `--checksum ALGO=HEX`: the one digest given, unparsed (`nil` with `auto`).
    var givenChecksum: String? { findsChecksum ? nil : checksum }

    /// Every default of a download line.
    static let defaults = DownloadOptions(
        urls: [], inputFile: nil, output: nil, directory: nil, folderRules: [], progressOptions: .defaults, transfer: .defaults,
        headers: [], userAgent: nil, remoteName: false, overwrite: false, onConflict: .rename, stateDirectory: nil,
        minSplitSize: "4M", continueFlag: false, checksum: nil, checksumFile: nil, requireChecksum: false, inOrder: false, extract: false, extractTo: nil,
        limitOptions: .defaults, queueOptions: .defaults, hookOptions: .defaults, cookieOptions: .defaults,
        metalink: nil, noFollowMetalink: false, mirrors: [], maxRedirects: 10, allowInsecureRedirect: false,
        hlsVariant: nil, hlsAudio: nil, hlsList: false, hlsDuration: nil
    )

    /// Every check ArgumentParser makes of a download line, the option groups' first (the order it runs them).
    func validateAll() throws {
        try OptionChecks.request(output: output, folderRules: folderRules, headers: headers, hlsVariant: hlsVariant)
        try progressOptions.validate()
        try transfer.validate()
        try limitOptions.validate()
        try queueOptions.validate()
        try hookOptions.validate()
        try cookieOptions.validate()
        try validate()
    }

    /// The checks of `haul get`'s own options (each group checks its own: `RequestArguments` those it shares with
    /// `haul add`, alone; how many URLs its `-o` and `--checksum` go with are checked here).
    func validate() throws {
        if urls.isEmpty && inputFile == nil && metalink == nil { throw ValidationError("give at least one URL, or -i FILE, or --metalink FILE") }
        if output != nil && (urls.count > 1 || inputFile != nil || metalink != nil) {
            throw ValidationError("-o/--output takes a single URL; use -d/--dir for several, or out= in an input file")
        }
        if let hlsDuration, DurationText.parse(hlsDuration) == nil {
            throw ValidationError("--hls-duration must be a playing time such as 90s, 10m or 1h30m; '\(hlsDuration)' is not one")
        }
        if hlsList && urls.isEmpty { throw ValidationError("--hls-list takes the playlist URLs to list") }
        if !mirrors.isEmpty && (urls.count != 1 || inputFile != nil) {
            throw ValidationError("--mirror takes a single URL; in an input file, put mirrors on the URL's line, TAB-separated")
        }
        for mirror in mirrors where !OptionChecks.isWebURL(mirror) {
            throw OptionChecks.notWebURL(mirror, option: "--mirror")
        }
        if metalink != nil && (checksum != nil || checksumFile != nil) {
            throw ValidationError("with --metalink, the Metalink's own hashes are the checksums: drop --checksum/--checksum-file")
        }
        if givenChecksum != nil && inputFile != nil {
            throw ValidationError("with -i, give checksums per URL (checksum=ALGO=HEX), or --checksum auto for every line")
        }
        if requireChecksum && !findsChecksum {
            throw ValidationError("--require-checksum goes with --checksum auto (an explicit --checksum is always required)")
        }
        if checksum != nil && checksumFile != nil { throw ValidationError("give --checksum or --checksum-file, not both") }
        if let checksumFile, let problem = ChecksumFiles.problem(with: checksumFile) { throw ValidationError(problem) }
        if overwrite, onConflict != .rename, onConflict != .overwrite {
            throw ValidationError("--overwrite is --on-conflict overwrite: give one of them")
        }
        if maxRedirects < 0 { throw ValidationError("--max-redirects must be 0 or more") }
        if let checksum = givenChecksum {
            if urls.count > 1 { throw ValidationError("--checksum takes a single URL") }
            _ = try OptionChecks.checksum(checksum)
        }
        guard let split = ByteCount.parse(minSplitSize), split >= 64 << 10 else {
            throw ValidationError("--min-split-size must be a size of at least 64K, like 1M or 4M")
        }
        _ = split
    }

    /// `--folder-rule`, read: `nil` when none is given.
    /// - Throws: the first rule that cannot be read, as a usage error with `FolderRuleError`'s sentence.
    func ruleSet() throws -> FolderRules? {
        try Self.folderRules(folderRules)
    }

    /// `--folder-rule` values as rules (`haul get`, `haul add`, `haul daemon`): `nil` when there are none.
    /// - Throws: `ValidationError` with `FolderRuleError`'s sentence (exit 2).
    static func folderRules(_ texts: [String]) throws -> FolderRules? {
        guard !texts.isEmpty else { return nil }
        var rules = FolderRules()
        for text in texts {
            do { try rules.add(parsing: text) } catch { throw ValidationError("\(error)") }
        }
        return rules
    }
}

/// `--on-conflict`: what happens when a download's destination is taken (see `ConflictPolicy`).
enum OnConflict: String, ExpressibleByArgument, CaseIterable, Sendable {
    case rename, skip, overwrite, fail
}
