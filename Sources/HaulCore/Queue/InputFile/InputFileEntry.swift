/// One download read from an input file: its URL, the options indented below it, and the line it came from.
public struct InputFileEntry: Sendable, Equatable {
    /// The URL as written, without trailing whitespace; its scheme is http or https.
    public var url: String
    /// The options from the indented lines that follow the URL.
    public var options: DownloadOptions
    /// The 1-based line number of the URL.
    public var line: Int
    /// More sources of the same file: the URLs after the first on a TAB-separated line (aria2c's mirrors).
    public var mirrors: [String]

    /// Creates an entry.
    public init(url: String, mirrors: [String] = [], options: DownloadOptions = DownloadOptions(), line: Int) {
        self.url = url
        self.mirrors = mirrors
        self.options = options
        self.line = line
    }
}

/// The per-download options an input file can set; `nil` (or no headers) means "use the command line's value".
///
/// Values are kept as written. In particular `out` and `dir` are not sanitised: they may contain `/`, `..` or be
/// absolute. Containing them in the destination directory is the caller's job, the same rule it applies to a
/// `Content-Disposition` name (see `FileName`).
public struct DownloadOptions: Sendable, Equatable {
    /// `out=`: the name (or relative path) to save the file as, exactly as written.
    public var out: String?
    /// `dir=`: the directory to save into, exactly as written.
    public var dir: String?
    /// `checksum=`: `ALGORITHM=HEX` as written, e.g. `sha-256=...` (aria2c's spelling) or `sha256=...`.
    ///
    /// Only the shape is checked here (a name of letters, digits and `-`, then hex digits); whether the algorithm
    /// is supported and the digest has its length is for the code that hashes.
    public var checksum: String?
    /// `checksum-file=`: a checksum list's path or http(s) URL, as written; the entry for this download's file
    /// name is looked up in it before the download starts.
    public var checksumFile: String?
    /// `connections=` (aria2c: `split=`): connections wanted for this download, 1 or more; the scheduler may
    /// grant fewer.
    public var connections: Int?
    /// `header=Name: value`: extra request headers in file order; the key may repeat.
    public var headers: [HeaderField]
    /// `auto-file-renaming=true|false` (aria2c's): a taken destination gets a numbered name, or is refused.
    public var autoFileRenaming: Bool?
    /// `allow-overwrite=true|false` (aria2c's): an existing file at the destination is replaced.
    public var allowOverwrite: Bool?

    /// The conflict policy these options ask for, `fallback` when they say nothing: `allow-overwrite=true`
    /// replaces a file (aria2c checks it first too), `auto-file-renaming=false` refuses, `true` renames.
    public func conflictPolicy(fallback: ConflictPolicy) -> ConflictPolicy {
        ConflictPolicy.aria2(autoFileRenaming: autoFileRenaming, allowOverwrite: allowOverwrite, fallback: fallback)
    }

    /// Creates options; everything defaults to "not set".
    public init(
        out: String? = nil,
        dir: String? = nil,
        checksum: String? = nil,
        connections: Int? = nil,
        headers: [HeaderField] = [],
        checksumFile: String? = nil
    ) {
        self.out = out
        self.dir = dir
        self.checksum = checksum
        self.connections = connections
        self.headers = headers
        self.checksumFile = checksumFile
    }
}
