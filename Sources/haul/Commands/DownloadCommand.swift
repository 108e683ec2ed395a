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

    @Option(name: [.customShort("i", allowingJoined: true), .customLong("input-file")], help: "Read URLs from FILE ('-' for standard input), aria2c style: one URL per line, then indented key=value options for it (out, dir, checksum, checksum-file, connections/split, header); '#' starts a comment.")
    var inputFile: String?

    @Option(name: [.customShort("o", allowingJoined: true), .customLong("output")], help: "Save to FILE (only with a single URL; not '-': haul does not stream to standard output). A name ending in '/' or an existing directory is a directory to save into, under the URL's name ('-o sub/' creates sub).")
    var output: String?

    @Option(name: [.customShort("d", allowingJoined: true), .customLong("dir"), .customLong("output-dir")], help: "Save into DIR (created if missing). Default: the current directory. --output-dir is curl's name for it.")
    var directory: String?

    @Option(name: .customLong("folder-rule"), help: ArgumentHelp("Send files to DIR by name or type when no directory is given for them (repeatable; the last matching rule wins): 'PATTERNS=DIR', PATTERNS comma-separated name globs (*.iso) or media types (video/*). ~ is the home directory; a relative DIR is below the directory the file would go to. See 'Folder rules' in docs/cli.md.", valueName: "RULE"))
    var folderRules: [String] = DownloadOptions.defaults.folderRules

    @OptionGroup var progressArguments: ProgressArguments

    /// Untitled, so that these come among the first options of `haul --help` (a titled group is listed before
    /// the plain options, and `-o`, `-d` belong first); `haul resume` shows the same group under a title.
    @OptionGroup var transferArguments: TransferArguments

    @Option(name: [.customShort("H", allowingJoined: true), .customLong("header")], help: "Extra request header 'Name: value' (repeatable). Authorization and Cookie are dropped when a redirect leaves the origin.")
    var headers: [String] = DownloadOptions.defaults.headers

    @Option(name: .customLong("user-agent"), help: "The User-Agent header.")
    var userAgent: String?

    @Flag(name: [.customShort("J"), .customLong("remote-name"), .customLong("remote-header-name")], help: "Name the file after the server's Content-Disposition (sanitised: a bare name, never an existing file).")
    var remoteName = DownloadOptions.defaults.remoteName

    @Flag(name: .customLong("overwrite"), help: "Replace an existing file at the destination, or download a completed one again (--on-conflict overwrite).")
    var overwrite = DownloadOptions.defaults.overwrite

    @Option(name: .customLong("on-conflict"), help: "When the destination is taken by a file or by another unfinished download: rename (save as NAME.1.EXT, as aria2c and wget do), skip, overwrite (files only: another download is never replaced) or fail (exit 6). The same URL to the same name resumes, or is skipped as already complete.")
    var onConflict: OnConflict = DownloadOptions.defaults.onConflict

    @OptionGroup var state: StateOptions

    @Option(name: .customLong("min-split-size"), help: "The smallest piece the first plan splits a file into: bytes, or with a K, M or G suffix (binary). A connection that has finished its range cuts down to 1 MiB, or to this size if smaller.")
    var minSplitSize = DownloadOptions.defaults.minSplitSize

    @Flag(name: [.customShort("c"), .customLong("continue")], help: "Accepted for wget/aria2c habits; resuming is always on.")
    var continueFlag = DownloadOptions.defaults.continueFlag

    @Option(name: .customLong("checksum"), help: "Expected digest ALGORITHM=HEX (md5, sha1, sha256, sha512); only with a single URL. A mismatch exits 8 and keeps nothing. 'auto': look for the checksum the site publishes beside each file (URL.sha256, URL.sha512, URL.md5, then SHA256SUMS, SHA512SUMS in its directory) and verify with the first that lists it; none found is only a note.")
    var checksum: String?

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

    @Option(name: .customLong("hls-variant"), help: ArgumentHelp("Which variant of an HLS master playlist to download: best (the highest bandwidth, the default), worst, a height such as 720p (else the closest below), or a bandwidth in bit/s (the highest at or below it). See docs/hls.md.", valueName: "CHOICE"))
    var hlsVariant: String?

    @Option(name: .customLong("hls-audio"), help: ArgumentHelp("The language of an HLS variant's separate audio (LANGUAGE in the master playlist, e.g. en or de); its default audio when not given. A language the variant does not offer is refused (exit 2), naming those it does. See docs/hls.md.", valueName: "LANG"))
    var hlsAudio: String?

    @Option(name: .customLong("hls-duration"), help: ArgumentHelp("For a live HLS playlist (no #EXT-X-ENDLIST): stop recording once this much playing time is saved (90s, 10m, 1h30m). Without it a live stream is recorded until it ends or Ctrl-C; either way the file is complete and playable. See docs/hls.md.", valueName: "TIME"))
    var hlsDuration: String?

    @Flag(name: .customLong("hls-list"), help: "Print the variants of each HLS playlist URL (resolution, bandwidth, codecs, audio) and download nothing.")
    var hlsList = DownloadOptions.defaults.hlsList

    /// The plain value the line gives.
    var options: DownloadOptions {
        DownloadOptions(
            urls: urls, inputFile: inputFile, output: output,
            directory: directory, folderRules: folderRules, progressOptions: progressArguments.options, transfer: transferArguments.options,
            headers: headers, userAgent: userAgent, remoteName: remoteName,
            overwrite: overwrite, onConflict: onConflict, stateDirectory: state.stateDirectory,
            minSplitSize: minSplitSize, continueFlag: continueFlag, checksum: checksum,
            checksumFile: checksumFile, requireChecksum: requireChecksum, inOrder: inOrder, extract: extract, extractTo: extractTo,
            limitOptions: limitArguments.options, queueOptions: queueArguments.options, hookOptions: hookArguments.options,
            cookieOptions: cookieArguments.options, metalink: metalink, noFollowMetalink: noFollowMetalink,
            mirrors: mirrors, maxRedirects: maxRedirects, allowInsecureRedirect: allowInsecureRedirect,
            hlsVariant: hlsVariant, hlsAudio: hlsAudio, hlsList: hlsList, hlsDuration: hlsDuration
        )
    }

    func validate() throws { try options.validate() }

    func run() async throws { try await options.run() }
}
