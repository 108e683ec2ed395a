import ArgumentParser
import Foundation
import HaulCore
import HaulKit

/// `haul [options] URL...`: download files.
///
/// The declarations of `haul get`'s command line, for ArgumentParser: each takes its default from
/// `DownloadOptions.defaults`, and what they read is one `DownloadOptions` (``options``), which runs the downloads
/// (`DownloadOptions+Run.swift`). The quick reading of a common line (`QuickDownloadArguments`) fills the same value.
///
/// Short options that take a value also take it joined, as aria2c and curl do: `-x16`, `-j4`, `-ofile`, `-d/dir`.
struct DownloadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "get",
        abstract: "Download one or more URLs (the default command: 'haul URL' is 'haul get URL')."
    )

    @Argument(help: "The http or https URLs to download.")
    var urls: [String] = DownloadOptions.defaults.urls

    @Option(name: OptionSpelling.inputFile.names, help: "Read URLs from FILE ('-' for standard input), aria2c style: one URL per line, then indented key=value options for it (out, dir, checksum, checksum-file, connections/split, header); '#' starts a comment.")
    var inputFile: String?

    /// `-o`, `-d`, `--folder-rule`, `-H`, `--checksum`, `--hls-variant`, `--hls-audio`: declared once for this
    /// command and `haul add`, with `-x` and `--limit-rate` (in `transferArguments`).
    @OptionGroup var request: RequestArguments

    @OptionGroup var progressArguments: ProgressArguments

    /// Untitled, so that these come among the first options of `haul --help` (a titled group is listed before
    /// the plain options, and `-o`, `-d` belong first); `haul resume` shows the same group under a title.
    @OptionGroup var transferArguments: TransferArguments

    @Option(name: .customLong("user-agent"), help: "The User-Agent header.")
    var userAgent: String?

    @Flag(name: [.customShort("J"), .customLong("remote-name"), .customLong("remote-header-name")], help: "Name the file after the server's Content-Disposition (sanitised: a bare name, never an existing file).")
    var remoteName = DownloadOptions.defaults.remoteName

    @Flag(name: OptionSpelling.overwrite.names, help: "Replace an existing file at the destination, or download a completed one again (--on-conflict overwrite).")
    var overwrite = DownloadOptions.defaults.overwrite

    @Option(name: .customLong("on-conflict"), help: "When the destination is taken by a file or by another unfinished download: rename (save as NAME.1.EXT, as aria2c and wget do), skip, overwrite (files only: another download is never replaced) or fail (exit 6). The same URL to the same name resumes, or is skipped as already complete.")
    var onConflict: OnConflict = DownloadOptions.defaults.onConflict

    @OptionGroup var state: StateOptions

    @Option(name: .customLong("min-split-size"), help: "The smallest piece the first plan splits a file into: bytes, or with a K, M or G suffix (binary). A connection that has finished its range cuts down to 1 MiB, or to this size if smaller.")
    var minSplitSize = DownloadOptions.defaults.minSplitSize

    @Flag(name: OptionSpelling.continueFlag.names, help: "Accepted for wget/aria2c habits; resuming is always on.")
    var continueFlag = DownloadOptions.defaults.continueFlag

    @Flag(name: .customLong("in-order"), help: "Fetch the beginning of each file first, still over several connections, so a video can be played while it downloads; progress shows the complete prefix.")
    var inOrder = DownloadOptions.defaults.inOrder

    @Flag(name: .customLong("require-checksum"), help: "With --checksum auto: a file whose checksum is not found is an error (exit 2) before it is downloaded.")
    var requireChecksum = DownloadOptions.defaults.requireChecksum

    @Option(name: .customLong("checksum-file"), help: "Take the expected digest from a checksum list (SHA256SUMS, *.sha256, MD5SUMS; GNU or BSD lines), a PATH or an http(s) URL: the entry for the file's name. No entry exits 2 before anything is downloaded; a mismatch exits 8 and keeps nothing.")
    var checksumFile: String?

    @Flag(name: .customLong("extract"), help: "Unpack the downloaded zip after it completes and verifies (into a directory named after it, or --extract-to).")
    var extract = DownloadOptions.defaults.extract

    @Option(name: .customLong("extract-to"), help: "Unpack the downloaded zip into DIR (implies --extract).")
    var extractTo: String?

    @OptionGroup var limitArguments: ExtractionLimitArguments

    @OptionGroup var queueArguments: QueueArguments

    @OptionGroup(title: "Hooks") var hookArguments: HookArguments

    @OptionGroup(title: "Cookies and referer") var cookieArguments: CookieArguments

    @Option(name: .customLong("metalink"), help: ArgumentHelp("Download the files a Metalink v4 document (.meta4) lists: each under its name below -d, from its http(s) sources as mirrors, checked against its strongest whole-file hash (a mismatch exits 8 and keeps nothing).", valueName: "FILE"))
    var metalink: String?

    @Flag(name: .customLong("no-follow-metalink"), help: "Save a .meta4/.metalink URL answered as application/metalink4+xml as the document itself, instead of downloading the files it lists (aria2c's --follow-metalink=false).")
    var noFollowMetalink = DownloadOptions.defaults.noFollowMetalink

    @Option(name: .customLong("mirror"), help: ArgumentHelp("Another source of the same file (repeatable; only with a single URL): connections spread over the URL and its mirrors and move toward the fast ones; a mirror that fails, crawls or serves another file (another length, a changed validator) is dropped and said so. In an input file, TAB-separated URLs on one line are mirrors.", valueName: "URL"))
    var mirrors: [String] = DownloadOptions.defaults.mirrors

    @Option(name: .customLong("max-redirects"), help: "The longest redirect chain followed.")
    var maxRedirects = DownloadOptions.defaults.maxRedirects

    @Flag(name: .customLong("allow-insecure-redirect"), help: "Follow redirects from https to plain http (refused by default).")
    var allowInsecureRedirect = DownloadOptions.defaults.allowInsecureRedirect

    @Option(name: .customLong("hls-duration"), help: ArgumentHelp("For a live HLS playlist (no #EXT-X-ENDLIST): stop recording once this much playing time is saved (90s, 10m, 1h30m). Without it a live stream is recorded until it ends or Ctrl-C; either way the file is complete and playable. See docs/hls.md.", valueName: "TIME"))
    var hlsDuration: String?

    @Flag(name: .customLong("hls-list"), help: "Print the variants of each HLS playlist URL (resolution, bandwidth, codecs, audio) and download nothing.")
    var hlsList = DownloadOptions.defaults.hlsList

    /// The plain value the line gives.
    var options: DownloadOptions {
        DownloadOptions(
            urls: urls, inputFile: inputFile, output: request.output,
            directory: request.directory, folderRules: request.folderRules, progressOptions: progressArguments.options, transfer: transferArguments.options,
            headers: request.headers, userAgent: userAgent, remoteName: remoteName,
            overwrite: overwrite, onConflict: onConflict, stateDirectory: state.stateDirectory,
            minSplitSize: minSplitSize, continueFlag: continueFlag, checksum: request.checksum,
            checksumFile: checksumFile, requireChecksum: requireChecksum, inOrder: inOrder, extract: extract, extractTo: extractTo,
            limitOptions: limitArguments.options, queueOptions: queueArguments.options, hookOptions: hookArguments.options,
            cookieOptions: cookieArguments.options, metalink: metalink, noFollowMetalink: noFollowMetalink,
            mirrors: mirrors, maxRedirects: maxRedirects, allowInsecureRedirect: allowInsecureRedirect,
            hlsVariant: request.hlsVariant, hlsAudio: request.hlsAudio, hlsList: hlsList, hlsDuration: hlsDuration
        )
    }

    func validate() throws { try options.validate() }

    func run() async throws { try await options.run() }
}
