import Foundation
import HaulArchive
import HaulCore

/// What to download and where.
public struct DownloadRequest: Sendable, Codable, Hashable {
    /// The URL to fetch (http or https).
    public var url: URL
    /// The file to create, as a file URL (`URL(fileURLWithPath:)`). With `nameFromContentDisposition`, only its
    /// directory is certain: the name may be replaced by the server's `Content-Disposition` name. A URL that is
    /// not a file URL is refused by `HaulClient.prepare` (`.usage`).
    public var destination: URL
    /// Extra request headers, e.g. `Authorization` (dropped when a redirect leaves the origin).
    public var headers: [Header]
    /// What happens when the destination is taken (`ConflictPolicy`): by a file, or by another unfinished
    /// download, whose file and record are never touched whatever the policy. The default, `.fail`, throws
    /// `.fileExists` or `.destinationInUse`; `.rename` saves under `name.1.ext` (the download's `destination`
    /// says which); `.overwrite` replaces a file. Whatever the policy, the same URL added again to the same
    /// name gives the same download back, and one completed there already (its file still in place) is given
    /// back completed instead of being fetched again, except with `.overwrite`.
    public var onConflict: ConflictPolicy
    /// Whether the same URL added again to the same name is the same download (the default): an unfinished one is
    /// taken up with this request's options, a completed one given back. `false` makes this request a download of
    /// its own whatever is there, placed by `onConflict` as for any other download's name (`.rename`: `name.1.ext`):
    /// what aria2 does for every `aria2.addUri`, so the daemon's RPC adds set it (two clients adding one URL get two
    /// downloads, and one client's pause never reaches the other's). Used when the download is added; not stored.
    public var takesUpSameDownload = true
    /// Replace an existing file at the destination instead of failing with `.fileExists`: `onConflict == .overwrite`.
    public var overwrite: Bool {
        get { onConflict == .overwrite }
        set { onConflict = newValue ? .overwrite : .fail }
    }
    /// Take the file name from `Content-Disposition` when the server sends one (sanitised; never overwrites).
    public var nameFromContentDisposition: Bool
    /// How many connections this file may use: `ConnectionCount.default` (automatic: Haul chooses, up to 16)
    /// unless given, as in `haul` and the daemon; `.fixed(n)` for exactly `n` (1...32). More than one is used only
    /// when the server honours ranges, the length is known, there is a strong validator, and the file is at least
    /// two `minimumSplitSize`s long; the host's budget (`HostBudgetPolicy`) bounds it too. `connections` and
    /// `autoConnections` are the same value in two parts, as it is stored.
    public var connectionCount: ConnectionCount

    /// The most connections for this file: a fixed count, or an automatic count's ceiling (`connectionCount.most`).
    /// Setting it keeps the count automatic or fixed as it was.
    public var connections: Int {
        get { connectionCount.most }
        set { connectionCount = autoConnections ? .automatic(ceiling: newValue) : .fixed(newValue) }
    }

    /// The count of a request made in code before `connectionCount` existed; since it, a request nobody gave a
    /// count is `ConnectionCount.default` (automatic), as in `haul` and the daemon, and this is its ceiling.
    @available(*, deprecated, message: "a request's default count is ConnectionCount.default (automatic)")
    public static var defaultConnections: Int { ConnectionCount.default.most }

    /// `-x auto`: Haul chooses how many of up to `connections` this download uses (`ConnectionTuner`): it starts
    /// with `ConnectionCount.automaticStart`, tries the most, and keeps the fewest that reach the speed the most
    /// reached, so a server that caps each connection gets many and a server with one fast pipe few. False: exactly
    /// `connections`, as asked. `connectionCount.isAutomatic`.
    public var autoConnections: Bool {
        get { connectionCount.isAutomatic }
        set { connectionCount = newValue ? .automatic(ceiling: connections) : .fixed(connections) }
    }
    /// The smallest piece a file is split into, in bytes.
    public var minimumSplitSize: Int64
    /// `minimumSplitSize` when none is given: 4 MiB.
    public static let defaultMinimumSplitSize: Int64 = 4 << 20
    /// The expected digest (md5, sha1, sha256 or sha512; `Checksum(parsing: "sha256=HEX")`). A mismatch keeps the
    /// file from its final name and fails with `.checksumMismatch`.
    public var checksum: Checksum?
    /// The most bytes per second this download may receive (over all its connections), or `nil` (or 0, as in
    /// aria2) for no limit of its own; a negative one is refused by `HaulClient.prepare` with `.usage`. A global limit (`HaulClient.bandwidth.setGlobalLimit`, or `DownloadManager.setGlobalRateLimit`)
    /// applies as well; the tighter one governs.
    public var maxBytesPerSecond: Int64?
    /// Cookies this download may send (a browser's `cookies.txt`, `-b`, an app's session). Each request carries
    /// those whose domain, path, `Secure` flag and expiry match its own URL, redirect hops included, so a cookie
    /// never goes to another site because of a redirect. Cookies the server sets while the download runs (a
    /// redirect answering with `Set-Cookie`) are added and kept with the download for its later requests,
    /// retries and resumes, after a restart too. Values are secrets: never printed.
    public var cookies: [Cookie]
    /// A proxy for this download's requests instead of `HaulConfiguration.proxies`' choice: `http://[USER:PASS@]HOST:PORT`
    /// or `socks5://...`; `""` for none at all; `nil` (the default) to follow the configuration. The configuration's
    /// bypass list still applies (a host on `no_proxy` is reached directly), so one download cannot send what the
    /// user keeps local through a proxy. The credentials in it are secrets: stored with the download in the
    /// owner-only database, never printed.
    public var proxy: String?
    /// More sources of the same file (`--mirror`, a tab-separated input-file line): connections spread over
    /// `url` and these, move toward the fast ones, and a mirror that fails, crawls or serves another file is
    /// dropped for the rest of the download (README, "Several sources for one file").
    public var mirrors: [URL] = []
    /// Fetch the file's beginning first (`--in-order`): connections take the earliest missing pieces, so the
    /// complete prefix grows from the start and a video can be played while it downloads (progress reports it as
    /// `DownloadProgress.contiguousBytes`). Still several connections; the file is cut into more, smaller pieces
    /// (`SegmentPolicy.inOrderPieceSize`), each a request of its own.
    public var inOrder: Bool = false
    /// The length the file must have (a Metalink's `<size>`), when known before asking: a source answering another
    /// length is dropped, and when every source is the download fails as a protocol violation.
    public var expectedLength: Int64?
    /// Piece hashes (a Metalink's `<pieces>`; used with `expectedLength`): each piece is checked as soon as it has
    /// landed and a bad one is fetched again, from another mirror when there is one. For `haul`'s Metalink
    /// support; not part of the public API (its type is the engine's).
    package var pieceHashes: PieceLedger.Hashes?
    /// Folder rules (`--folder-rule '*.iso,*.img=~/Images'`): the directory the file goes to by its name or its
    /// Content-Type, instead of `destination`'s, once the name is known (`DownloadRequest+FolderRules.swift`). For a
    /// download whose directory is only a default: leave it `nil` when a person chose the directory, which a rule
    /// never overrides. `nil` or no rules: none.
    public var folderRules: FolderRules?
    /// Whether a playlist URL (`.m3u8`, no mirrors: `HLSStreamRule`) is saved as the stream it describes, its
    /// segments in one file (`true`, the default, docs/hls.md), or as the playlist's own text, a file like any other
    /// (`false`).
    public var savesPlaylistAsStream = true
    /// For a stream: which variant of a master playlist (`--hls-variant`; `.best` unless given). Stored as its text.
    public var hlsVariant: HLSVariantChoice = .best
    /// For a stream: the language of the chosen variant's separate audio (`--hls-audio`, the rendition's
    /// `LANGUAGE`, case ignored); `nil`: its default audio. A language the variant does not offer fails the download.
    public var hlsAudioLanguage: String?
    /// Where the file goes when no folder rule matches: `destination`'s directory before the rules placed it. Set by
    /// `placedByFolderRules()`, which it also marks as done; `nil` before.
    package var folderRuleFallback: String?
    /// Set by the engine when the file this request saved turned out to be an HLS playlist under another name
    /// (`HLSStreamRule.isPlaylistAnswer`): from then on it is a stream, in this run and after a restart.
    package var isRecognisedStream = false

    /// One request header.
    public struct Header: Sendable, Codable, Hashable {
        /// The field name.
        public var name: String
        /// The field value.
        public var value: String
        /// Creates a header.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// Creates a request. Nothing is checked here, so input from a user never stops the program: `HaulClient.prepare`
    /// (and `download`, `DownloadManager.add`) throws `.usage` for `connections` outside `ConnectionCount.range`, a
    /// negative `maxBytesPerSecond`, a `minimumSplitSize` that is not positive, and a `destination` that is not a file URL.
    ///
    /// - Parameters:
    ///   - url: The http or https URL to fetch.
    ///   - destination: The file to create, a file URL.
    ///   - headers: Extra request headers.
    ///   - overwrite: Shorthand for `onConflict: .overwrite`.
    ///   - onConflict: What happens when the destination is taken (default `.fail`, or `.overwrite` with `overwrite`).
    ///   - nameFromContentDisposition: Take the file name from the server's `Content-Disposition`.
    ///   - connections: Exactly this many connections for this file, 1...32; nil (the default): Haul chooses
    ///     (`ConnectionCount.default`).
    ///   - minimumSplitSize: The smallest piece a file is split into, in bytes (default 4 MiB).
    ///   - checksum: The expected digest, verified before the file gets its name.
    ///   - maxBytesPerSecond: This download's own rate limit, `nil` for none.
    ///   - cookies: Cookies the download may send.
    ///   - proxy: A proxy of its own (`""` for none, `nil` to follow the configuration).
    public init(
        url: URL,
        destination: URL,
        headers: [Header] = [],
        overwrite: Bool = false,
        onConflict: ConflictPolicy? = nil,
        nameFromContentDisposition: Bool = false,
        connections: Int? = nil,
        minimumSplitSize: Int64 = DownloadRequest.defaultMinimumSplitSize,
        checksum: Checksum? = nil,
        maxBytesPerSecond: Int64? = nil,
        cookies: [Cookie] = [],
        proxy: String? = nil
    ) {
        self.cookies = cookies
        self.proxy = proxy
        self.checksum = checksum
        self.maxBytesPerSecond = maxBytesPerSecond
        self.connectionCount = connections.map(ConnectionCount.fixed) ?? .default
        self.minimumSplitSize = minimumSplitSize
        self.url = url
        self.destination = destination
        self.headers = headers
        self.onConflict = onConflict ?? (overwrite ? .overwrite : .fail)
        self.nameFromContentDisposition = nameFromContentDisposition
    }

    /// The destination's path (the engine, the store and `haul` speak paths).
    package var destinationPath: String {
        get { destination.path }
        set { destination = URL(fileURLWithPath: newValue, isDirectory: false) }
    }

    /// The `.part` file beside the destination.
    package var partPath: String { destinationPath + ".part" }

    var headerFields: [HeaderField] { headers.map { HeaderField(name: $0.name, value: $0.value) } }

    private enum CodingKeys: String, CodingKey {
        case url, destination, headers, onConflict, nameFromContentDisposition, connections, minimumSplitSize, checksum
        case maxBytesPerSecond, cookies, proxy, mirrors, expectedLength, pieceHashes, inOrder, autoConnections
        case folderRules, folderRuleFallback, savesPlaylistAsStream, hlsVariant, hlsAudioLanguage, recognisedStream
    }

    private enum LegacyKeys: String, CodingKey {
        case overwrite
    }

    /// Reads a stored request; one stored before a field existed gets that field's default.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        url = try container.decode(URL.self, forKey: .url)
        // Stored as a path and a checksum's text (`sha256=HEX`), as before these were typed.
        destination = URL(fileURLWithPath: try container.decode(String.self, forKey: .destination), isDirectory: false)
        headers = try container.decodeIfPresent([Header].self, forKey: .headers) ?? []
        // Records stored before `onConflict` existed carry `overwrite`.
        let legacy = try decoder.container(keyedBy: LegacyKeys.self)
        let overwrite = try legacy.decodeIfPresent(Bool.self, forKey: .overwrite) ?? false
        onConflict = try container.decodeIfPresent(ConflictPolicy.self, forKey: .onConflict) ?? (overwrite ? .overwrite : .fail)
        nameFromContentDisposition = try container.decodeIfPresent(Bool.self, forKey: .nameFromContentDisposition) ?? false
        // Stored before it existed: ran with one.
        let connections = try container.decodeIfPresent(Int.self, forKey: .connections) ?? 1
        minimumSplitSize = try container.decodeIfPresent(Int64.self, forKey: .minimumSplitSize) ?? 4 << 20
        checksum = try container.decodeIfPresent(String.self, forKey: .checksum).map { try Checksum(parsing: $0) }
        maxBytesPerSecond = try container.decodeIfPresent(Int64.self, forKey: .maxBytesPerSecond)
        cookies = try container.decodeIfPresent([Cookie].self, forKey: .cookies) ?? []
        proxy = try container.decodeIfPresent(String.self, forKey: .proxy)
        mirrors = try container.decodeIfPresent([URL].self, forKey: .mirrors) ?? []
        expectedLength = try container.decodeIfPresent(Int64.self, forKey: .expectedLength)
        pieceHashes = try container.decodeIfPresent(PieceLedger.Hashes.self, forKey: .pieceHashes)
        inOrder = try container.decodeIfPresent(Bool.self, forKey: .inOrder) ?? false
        let chosenByHaul = try container.decodeIfPresent(Bool.self, forKey: .autoConnections) ?? false
        connectionCount = chosenByHaul ? .automatic(ceiling: connections) : .fixed(connections)
        folderRules = try container.decodeIfPresent(FolderRules.self, forKey: .folderRules)
        folderRuleFallback = try container.decodeIfPresent(String.self, forKey: .folderRuleFallback)
        savesPlaylistAsStream = try container.decodeIfPresent(Bool.self, forKey: .savesPlaylistAsStream) ?? true
        if let variant = try container.decodeIfPresent(String.self, forKey: .hlsVariant) {
            guard let choice = HLSVariantChoice(variant) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .hlsVariant, in: container, debugDescription: HLSVariantChoice.refusal(of: variant, option: "hlsVariant"))
            }
            hlsVariant = choice
        }
        hlsAudioLanguage = try container.decodeIfPresent(String.self, forKey: .hlsAudioLanguage)
        isRecognisedStream = try container.decodeIfPresent(Bool.self, forKey: .recognisedStream) ?? false
    }

    /// Stores the request: the destination as its path and the checksum as its text, so that records written
    /// before they were typed read the same.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(url, forKey: .url)
        try container.encode(destinationPath, forKey: .destination)
        try container.encode(headers, forKey: .headers)
        try container.encode(onConflict, forKey: .onConflict)
        try container.encode(nameFromContentDisposition, forKey: .nameFromContentDisposition)
        try container.encode(connections, forKey: .connections)
        try container.encode(minimumSplitSize, forKey: .minimumSplitSize)
        try container.encodeIfPresent(checksum?.description, forKey: .checksum)
        try container.encodeIfPresent(maxBytesPerSecond, forKey: .maxBytesPerSecond)
        try container.encode(cookies, forKey: .cookies)
        try container.encodeIfPresent(proxy, forKey: .proxy)
        try container.encode(mirrors, forKey: .mirrors)
        try container.encodeIfPresent(expectedLength, forKey: .expectedLength)
        try container.encodeIfPresent(pieceHashes, forKey: .pieceHashes)
        if inOrder { try container.encode(inOrder, forKey: .inOrder) }
        if autoConnections { try container.encode(autoConnections, forKey: .autoConnections) }
        if let folderRules, !folderRules.rules.isEmpty { try container.encode(folderRules, forKey: .folderRules) }
        try container.encodeIfPresent(folderRuleFallback, forKey: .folderRuleFallback)
        if !savesPlaylistAsStream { try container.encode(false, forKey: .savesPlaylistAsStream) }
        if hlsVariant != .best { try container.encode(hlsVariant.description, forKey: .hlsVariant) }
        try container.encodeIfPresent(hlsAudioLanguage, forKey: .hlsAudioLanguage)
        if isRecognisedStream { try container.encode(true, forKey: .recognisedStream) }
    }

    /// Whether this request is saved as an HLS stream (`HLSStreamRule`), as every front door asks.
    package var isStream: Bool {
        HLSStreamRule.isStream(url: url, hasMirrors: !mirrors.isEmpty, savesPlaylistAsStream: savesPlaylistAsStream, recognised: isRecognisedStream)
    }
}
