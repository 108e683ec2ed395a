import Foundation
import HaulCore

/// Downloads an HLS stream (a master or media playlist) to one file: the segments fetched several at once through
/// the client (its headers, cookies, proxy, retries and host budgets), decrypted when AES-128 applies, written in
/// playlist order into `NAME.ts.part` or `NAME.mp4.part`, which gets its final name only once every segment is in
/// and flushed (docs/hls.md).
public struct HLSDownload: Sendable {
    /// Where the file goes.
    public enum Destination: Sendable, Equatable {
        /// Exactly this path (`-o`).
        case file(String)
        /// Into this directory, named after the playlist (`HLSDownloadPlan.fileName`).
        case directory(String)
        /// This path with the container's extension added (`DIR/NAME` becomes `DIR/NAME.ts` or `DIR/NAME.mp4`).
        case stem(String)
    }

    /// How to download.
    public struct Options: Sendable {
        /// Which variant of a master playlist.
        public var variant: HLSVariantChoice
        /// How many segments are fetched at once: by default the automatic connection ceiling
        /// (`ConnectionCount.automaticCeiling`, the host budget), the most a download nobody gave a count may open.
        /// 0 or less is taken as 1.
        public var segmentsAtOnce: Int
        /// Headers for the playlists, keys and segments alike.
        public var headers: [DownloadRequest.Header]
        /// What happens when the file exists: `.fail`, `.overwrite` or `.rename`.
        public var onConflict: ConflictPolicy
        /// The language of the separate audio rendition to fetch with a variant that has one (`nil`: the
        /// group's default).
        public var audioLanguage: String? = nil
        /// Whether separate audio is muxed into the file with `ffmpeg -c copy` when ffmpeg is on `PATH`; otherwise
        /// (or with `false`) it is saved beside it as `NAME.audio.EXT`.
        public var muxesAudio = true
        /// For a live playlist: the playing time to record, in seconds (`--hls-duration`); `nil` records until
        /// the stream ends or the download is cancelled.
        public var recordingLimit: Double? = nil
        /// The request's folder rules, when its directory was not chosen by a person (`DownloadRequest.folderPlacement`):
        /// the stream's own name (`NAME.ts`, `video/mp2t`; `NAME.mp4`, `video/mp4`) places it, as a file's name does.
        package var folderPlacement: FolderPlacement? = nil

        /// Creates options; see each property.
        public init(variant: HLSVariantChoice = .best, segmentsAtOnce: Int = ConnectionCount.automaticCeiling, headers: [DownloadRequest.Header] = [], onConflict: ConflictPolicy = .fail) {
            self.variant = variant
            self.segmentsAtOnce = segmentsAtOnce
            self.headers = headers
            self.onConflict = onConflict
        }
    }

    /// How far a download is.
    public struct Progress: Sendable, Equatable {
        /// Segments (and init sections) written to the file, from its start.
        public var piecesWritten: Int
        /// All pieces of the plan.
        public var piecesTotal: Int
        /// Bytes written to the file.
        public var bytesWritten: Int64
        /// The playing time of the written segments, and of the whole stream, in seconds.
        public var secondsWritten: Double
        /// The playing time of the whole stream, in seconds.
        public var secondsTotal: Double
        /// Whether the stream is live: it grows as it is recorded, so the totals are what is written so far.
        public var isLive = false
    }

    /// What was saved.
    public struct Outcome: Sendable, Equatable {
        /// The file saved.
        public var path: String
        /// How many media segments it holds (audio ones included).
        public var segments: Int
        /// Its length in bytes.
        public var bytes: Int64
        /// Its playing time in seconds.
        public var duration: Double
        /// The variant chosen, when the URL was a master playlist.
        public var variant: HLSVariant?
        /// The pieces an earlier run had saved, not fetched again.
        public var resumedPieces: Int
        /// For a live recording, why it ended; `nil` for a stream that had ended before it was fetched.
        public var liveEnd: LiveEnd? = nil
        /// For a live recording, the segments that left the playlist before a reload saw them.
        public var lostSegments: Int64 = 0
    }

    /// The largest segment held in memory before it is written: larger ones fail the download.
    public static let largestSegment = 256 << 20
    /// The largest playlist read.
    static let playlistBytes = HLSPlaylist.Limits.standard.bytes

    /// The playlist's URL (a master or a media playlist).
    public let url: URL
    /// Where the file goes.
    public let destination: Destination
    /// How to download.
    public let options: Options
    /// Told the file's path once the run has chosen it (the conflict policy applied: `NAME.1.ts`), before anything
    /// is written: the queue keeps it, so that a cancel finds the `.part` file (`StreamTransfer`).
    var pathChosen: @Sendable (String) -> Void = { _ in }

    /// Describes a download; `run(client:)` performs it.
    public init(url: URL, destination: Destination, options: Options = Options()) {
        self.url = url
        self.destination = destination
        self.options = options
    }

    /// Runs the download through `client` (`run(client:notice:progress:)`, in Engine/, gives the `HaulClient`).
    func run(
        through client: some HLSFetching, notice: @Sendable (String) -> Void, progress: @Sendable (Progress) -> Void
    ) async throws -> Outcome {
        let chosen = try await mediaPlaylist(client: client)
        if !chosen.media.hasEnded {
            if let audioURL = chosen.audioURL {
                return try await runLiveWithAudio(
                    chosen.media, url: chosen.url, audioURL: audioURL, variant: chosen.variant, client: client, notice: notice, progress: progress)
            }
            return try await runLive(chosen.media, url: chosen.url, variant: chosen.variant, client: client, notice: notice, progress: progress)
        }
        let videoPlan = try plan(of: chosen.media, url: chosen.url)
        let path = try finalPath(for: videoPlan)
        if let audioURL = chosen.audioURL {
            return try await runWithAudio(
                videoPlan, audioURL: audioURL, path: path, variant: chosen.variant, client: client, notice: notice, progress: progress)
        }
        let saved = try await save(videoPlan, to: path, client: client, notice: notice, progress: progress)
        return Outcome(
            path: path, segments: videoPlan.segmentCount, bytes: saved.bytes, duration: videoPlan.duration, variant: chosen.variant,
            resumedPieces: saved.resumedPieces)
    }

    /// The plan of a media playlist that haul can download.
    func plan(of media: HLSMediaPlaylist, url mediaURL: URL) throws -> HLSDownloadPlan {
        guard media.hasEnded else {
            throw HaulError(.usage, "\(mediaURL.absoluteString) is a live playlist (no #EXT-X-ENDLIST); recording live streams is not supported yet")
        }
        let plan: HLSDownloadPlan
        do { plan = try HLSDownloadPlan(playlist: media) } catch { throw Self.refused(error, url: mediaURL) }
        return plan
    }

    /// Fetches `plan`'s pieces into `path` (through `path.part`, from its recorded point), and gives it its name.
    func save(
        _ plan: HLSDownloadPlan, to path: String, client: some HLSFetching, notice: (String) -> Void, progress: @Sendable (Progress) -> Void
    ) async throws -> (bytes: Int64, resumedPieces: Int) {
        let partPath = path + ".part"
        let keys = try await fetchKeys(plan.keyURLs, client: client)
        let (start, savedVersions) = try await resumePoint(partPath: partPath, plan: plan, client: client, notice: notice)
        do {
            return try await write(plan, from: start, savedVersions: savedVersions, keys: keys, to: path, client: client, progress: progress)
        } catch let changed as HLSSegmentFetcher.ResourceChangedSinceLastRun {
            // Never stitched: the saved parts are of the earlier version, so the file starts over.
            notice("\(changed.url) changed since the last run (another version than the saved parts); starting \(Self.streamName(partPath)) over")
            try await client.onStoreQueue { try client.store.forgetHLSStream(partPath: partPath) }
            let zero = Progress(piecesWritten: 0, piecesTotal: plan.pieces.count, bytesWritten: 0, secondsWritten: 0, secondsTotal: plan.duration)
            return try await write(plan, from: zero, savedVersions: [:], keys: keys, to: path, client: client, progress: progress)
        }
    }

    /// Writes `plan`'s pieces after `start` into `path.part`, recording each point, and gives the file its name.
    private func write(
        _ plan: HLSDownloadPlan, from start: Progress, savedVersions: [String: ResourceIdentity], keys: [URL: [UInt8]], to path: String,
        client: some HLSFetching, progress: @Sendable (Progress) -> Void
    ) async throws -> (bytes: Int64, resumedPieces: Int) {
        let partPath = path + ".part"
        let writer = try HLSPieceWriter(partPath: partPath, keeping: start.bytesWritten)
        progress(start)
        let fingerprint = plan.fingerprint
        let url = self.url.absoluteString
        var fetcher = HLSSegmentFetcher(plan: plan, keys: keys, headers: options.headers, segmentsAtOnce: options.segmentsAtOnce)
        fetcher.savedVersions = savedVersions
        do {
            try await fetcher.run(client: client, writer: writer, from: start) { written, versions in
                let point = DownloadStore.HLSStreamPoint(
                    url: url, fingerprint: fingerprint, piecesWritten: written.piecesWritten, bytesWritten: written.bytesWritten,
                    resourceVersions: versions)
                try await client.onStoreQueue { try client.store.saveHLSStreamPoint(point, partPath: partPath) }
                progress(written)
            }
            try writer.finish(as: path)
            try await client.onStoreQueue { try client.store.forgetHLSStream(partPath: partPath) }
        } catch {
            writer.abandon()
            throw error
        }
        return (writer.bytesWritten, start.piecesWritten)
    }

    /// The variants of a master playlist, fetched through `client` (`variants(client:)`, in Engine/).
    func variants(through client: some HLSFetching) async throws -> (master: HLSMasterPlaylist?, url: URL) {
        let (playlist, finalURL) = try await fetchPlaylist(url, client: client)
        if case .master(let master) = playlist { return (master, finalURL) }
        return (nil, finalURL)
    }

    /// The media playlist: `url`'s, or its chosen variant's, with the variant's separate audio playlist, if any.
    private func mediaPlaylist(client: some HLSFetching) async throws -> (media: HLSMediaPlaylist, url: URL, variant: HLSVariant?, audioURL: URL?) {
        let (playlist, finalURL) = try await fetchPlaylist(url, client: client)
        switch playlist {
        case .media(let media):
            return (media, finalURL, nil, nil)
        case .master(let master):
            guard let variant = options.variant.choose(from: master.variants) else {
                throw HaulError(.protocolViolation, "\(finalURL.absoluteString): the master playlist names no variant")
            }
            let (inner, innerURL) = try await fetchPlaylist(variant.url, client: client)
            guard case .media(let media) = inner else {
                throw HaulError(.protocolViolation, "\(innerURL.absoluteString): a variant of the master playlist is itself a master playlist; haul follows one level")
            }
            let renditions = master.audioRenditions(of: variant)
            if let language = options.audioLanguage, !renditions.isEmpty,
                !renditions.contains(where: { $0.language?.lowercased() == language.lowercased() }) {
                let offered = renditions.map { $0.language ?? $0.name }.joined(separator: ", ")
                throw HaulError(.usage, "\(finalURL.absoluteString): no audio in '\(language)' for this variant; it offers \(offered)")
            }
            let audio = master.audioRendition(of: variant, language: options.audioLanguage)?.url
            return (media, innerURL, variant, audio == variant.url ? nil : audio)
        }
    }

    func fetchMediaPlaylist(_ url: URL, client: some HLSFetching) async throws -> (HLSMediaPlaylist, URL) {
        let (playlist, finalURL) = try await fetchPlaylist(url, client: client)
        guard case .media(let media) = playlist else {
            throw HaulError(.protocolViolation, "\(finalURL.absoluteString): an audio rendition is a master playlist; haul follows one level")
        }
        return (media, finalURL)
    }

    private func fetchPlaylist(_ url: URL, client: some HLSFetching) async throws -> (HLSPlaylist, URL) {
        let (bytes, finalURL) = try await client.fetchAnswer(url, maximumBytes: Self.playlistBytes, headers: options.headers)
        do {
            return (try HLSPlaylistParser.parse(bytes, url: finalURL), finalURL)
        } catch {
            throw Self.refused(error, url: finalURL)
        }
    }

    static func refused(_ failure: HLSPlaylist.Failure, url: URL) -> HaulError {
        HaulError(.protocolViolation, "\(url.absoluteString): \(failure.reason)")
    }

    /// Each key fetched once; a key is 16 bytes.
    func fetchKeys(_ urls: [URL], client: some HLSFetching) async throws -> [URL: [UInt8]] {
        var keys: [URL: [UInt8]] = [:]
        for url in urls {
            let (bytes, _) = try await client.fetchAnswer(url, maximumBytes: 1024, headers: options.headers)
            guard bytes.count == 16 else {
                throw HaulError(.protocolViolation, "the AES-128 key at \(url.absoluteString) is \(bytes.count) bytes, not 16")
            }
            keys[url] = bytes
        }
        return keys
    }

    /// Where an earlier run of the same stream stopped, with the versions of the byte-range resources its saved
    /// pieces came from: its saved point when the `.part` file still holds the bytes it counts, the playlist names
    /// the same pieces and, for byte ranges, each resource's version was recorded with a strong validator
    /// (`HLSByteRangeResume`); otherwise the start (with a notice when the playlist changed or a version cannot
    /// be proven).
    private func resumePoint(
        partPath: String, plan: HLSDownloadPlan, client: some HLSFetching, notice: (String) -> Void
    ) async throws -> (Progress, [String: ResourceIdentity]) {
        var start = Progress(piecesWritten: 0, piecesTotal: plan.pieces.count, bytesWritten: 0, secondsWritten: 0, secondsTotal: plan.duration)
        guard let point = try await client.onStoreQueue({ try client.store.hlsStreamPoint(partPath: partPath) }) else { return (start, [:]) }
        guard point.fingerprint == plan.fingerprint, point.piecesWritten <= plan.pieces.count else {
            notice("the playlist changed since the last run (different segments); starting \(Self.streamName(partPath)) over")
            return (start, [:])
        }
        guard let length = HLSPieceWriter.length(ofFile: partPath), length >= point.bytesWritten else { return (start, [:]) }
        let saved = plan.pieces.prefix(point.piecesWritten).compactMap { $0.byteRange == nil ? nil : $0.url.absoluteString }
        if case .startOver(let reason) = HLSByteRangeResume.judge(savedResources: saved, recorded: point.resourceVersions) {
            notice("\(reason); starting \(Self.streamName(partPath)) over")
            return (start, [:])
        }
        start.piecesWritten = point.piecesWritten
        start.bytesWritten = point.bytesWritten
        start.secondsWritten = plan.pieces.prefix(point.piecesWritten).reduce(0) { $0 + $1.duration }
        notice("resuming: \(point.piecesWritten) of \(plan.pieces.count) pieces already saved in \((partPath as NSString).lastPathComponent)")
        let savedURLs = Set(saved)
        return (start, point.resourceVersions.filter { savedURLs.contains($0.key) })
    }

    /// The file's name without `.part`, as notices say it.
    private static func streamName(_ partPath: String) -> String {
        ((partPath as NSString).lastPathComponent as NSString).deletingPathExtension
    }

    /// The file's path, with the conflict policy applied; told to `pathChosen`.
    func finalPath(for plan: HLSDownloadPlan) throws -> String {
        let path = try conflictFreePath(for: plan)
        pathChosen(path)
        return path
    }

    private func conflictFreePath(for plan: HLSDownloadPlan) throws -> String {
        var path: String
        switch destination {
        case .file(let file): path = file
        case .directory(let directory): path = directory + "/" + HLSDownloadPlan.fileName(forPlaylist: url, container: plan.container)
        case .stem(let stem): path = stem + "." + plan.container.fileExtension
        }
        if let placement = options.folderPlacement {
            let name = (path as NSString).lastPathComponent
            path = placement.directory(forName: name, contentType: plan.container.mediaType) + "/" + name
        }
        let files = FileManager.default
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty, !files.fileExists(atPath: directory) {
            // As `HaulClient.prepare` makes a download's directory (a folder rule's, `-d`'s) when it is missing.
            do { try files.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch {
                throw HaulError(.io, "cannot create \(directory): \(error.localizedDescription)")
            }
        }
        guard files.fileExists(atPath: path) else { return path }
        switch options.onConflict {
        case .overwrite:
            return path
        case .rename:
            let name = path as NSString
            for number in 1...DestinationPlanner.maxNumber {
                let candidate = "\(name.deletingPathExtension).\(number).\(name.pathExtension)"
                if !files.fileExists(atPath: candidate) { return candidate }
            }
            throw HaulError(.fileExists, "\(path) and its numbered names are all taken")
        case .fail:
            throw HaulError(.fileExists, "\(path) already exists", remedy: .allowOverwrite)
        }
    }
}
