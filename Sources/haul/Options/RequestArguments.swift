import ArgumentParser

/// The options of one download that `haul get` and `haul add` both take, declared once (issue #52, point 1): where
/// the file goes (`-o`, `-d`, `--folder-rule`), what is sent (`-H`), what it must match (`--checksum`) and which
/// stream of an HLS playlist (`--hls-variant`, `--hls-audio`). With `BandwidthArguments`, everything `haul add` takes
/// of `haul get`'s line.
///
/// The help says what holds for both commands; what `haul add` does otherwise beside a daemon (its directory, its
/// folder rules) is said in that command's discussion. How many URLs `-o` and `--checksum` go with is each
/// command's own check (`haul get` also counts `-i` and `--metalink`); so is reading the digest, as `haul add`
/// takes no `--checksum auto`.
struct RequestArguments: ParsableArguments {
    @Option(name: OptionSpelling.output.names, help: "Save to FILE (only with a single URL; not '-': haul does not stream to standard output). A name ending in '/' or an existing directory is a directory to save into, under the URL's name ('-o sub/' creates sub).")
    var output: String?

    @Option(name: OptionSpelling.directory.names, help: "Save into DIR (created if missing). Default: the current directory ('haul add' beside a running daemon: the daemon's). --output-dir is curl's name for it.")
    var directory: String?

    @Option(name: .customLong("folder-rule"), help: ArgumentHelp("Send files to DIR by name or type when no directory is given for them (repeatable; the last matching rule wins): 'PATTERNS=DIR', PATTERNS comma-separated name globs (*.iso) or media types (video/*). ~ is the home directory; a relative DIR is below the directory the file would go to. See 'Folder rules' in docs/cli.md.", valueName: "RULE"))
    var folderRules: [String] = DownloadOptions.defaults.folderRules

    @Option(name: [.customShort("H", allowingJoined: true), .customLong("header")], help: "Extra request header 'Name: value' (repeatable). Authorization and Cookie are dropped when a redirect leaves the origin.")
    var headers: [String] = DownloadOptions.defaults.headers

    @Option(name: .customLong("checksum"), help: "Expected digest ALGORITHM=HEX (md5, sha1, sha256, sha512); only with a single URL. A mismatch fails the download ('haul get' exits 8) and keeps nothing. 'auto' ('haul get' only): look for the checksum the site publishes beside each file (URL.sha256, URL.sha512, URL.md5, then SHA256SUMS, SHA512SUMS in its directory) and verify with the first that lists it; none found is only a note.")
    var checksum: String?

    @Option(name: .customLong("hls-variant"), help: ArgumentHelp("Which variant of an HLS master playlist to download: best (the highest bandwidth, the default), worst, a height such as 720p (else the closest below), or a bandwidth in bit/s (the highest at or below it). See docs/hls.md.", valueName: "CHOICE"))
    var hlsVariant: String?

    @Option(name: .customLong("hls-audio"), help: ArgumentHelp("The language of an HLS variant's separate audio (LANGUAGE in the master playlist, e.g. en or de); its default audio when not given. A language the variant does not offer is refused ('haul get' exits 2), naming those it does. See docs/hls.md.", valueName: "LANG"))
    var hlsAudio: String?

    func validate() throws {
        try OptionChecks.request(output: output, folderRules: folderRules, headers: headers, hlsVariant: hlsVariant)
    }
}
