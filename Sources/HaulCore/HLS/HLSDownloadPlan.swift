import Foundation

/// What downloading a media playlist to one file means: the pieces to fetch, in the order their bytes go into the
/// file, and the file's container.
///
/// Every segment is a piece; an `EXT-X-MAP` initialization section is a piece placed before the first segment that
/// uses it, and again wherever the map changes (after a discontinuity). The file is the pieces' bytes (decrypted when
/// a key applies) concatenated in this order, nothing added or dropped (docs/hls.md).
public struct HLSDownloadPlan: Sendable, Equatable {
    /// The container of the file: MPEG-TS segments give `.ts`, fMP4/CMAF segments (with an init section) `.mp4`.
    public enum Container: String, Sendable, Equatable {
        case mpegTS = "ts"
        case fragmentedMP4 = "mp4"

        /// The file extension, without the dot.
        public var fileExtension: String { rawValue }

        /// The media type such a file is served as (what a folder rule by Content-Type matches).
        public var mediaType: String {
            switch self {
            case .mpegTS: "video/mp2t"
            case .fragmentedMP4: "video/mp4"
            }
        }
    }

    /// One thing to fetch.
    public struct Piece: Sendable, Equatable {
        /// Its place in the file, from 0.
        public var index: Int
        /// Whether it is an initialization section rather than a media segment.
        public var isInitSection: Bool
        /// The segment's media sequence number (of the segment it precedes, for an init section).
        public var sequence: Int64
        /// Where to fetch it.
        public var url: URL
        /// The part of the resource to fetch, when not all of it (an HTTP `Range`, whose answer must be exactly
        /// this long).
        public var byteRange: HLSByteRange?
        /// The key and IV that decrypt it, when it is encrypted.
        public var decryption: Decryption?
        /// Its playing time in seconds (0 for an init section).
        public var duration: Double
    }

    /// AES-128-CBC under the key at `keyURL` with this IV.
    public struct Decryption: Sendable, Equatable, Hashable {
        public var keyURL: URL
        public var iv: [UInt8]
    }

    public var pieces: [Piece]
    public var container: Container

    /// The stream's playing time in seconds.
    public var duration: Double { pieces.reduce(0) { $0 + $1.duration } }
    /// How many media segments (not init sections) there are.
    public var segmentCount: Int { pieces.count { !$0.isInitSection } }
    /// The distinct key URLs, in order of first use: each is fetched once.
    public var keyURLs: [URL] {
        var seen = Set<URL>()
        return pieces.compactMap(\.decryption?.keyURL).filter { seen.insert($0).inserted }
    }

    /// Plans the download of `playlist`.
    ///
    /// - Throws: when the playlist has no segment.
    public init(playlist: HLSMediaPlaylist) throws(HLSPlaylist.Failure) {
        try self.init(segments: playlist.segments, after: nil)
    }

    /// Plans the download of `segments`, appended to a file whose last initialization section is `map` (a live
    /// recording's next reload): an `EXT-X-MAP` equal to it is not fetched again.
    ///
    /// - Throws: when there is no segment.
    public init(segments: [HLSSegment], after map: HLSInitSection?) throws(HLSPlaylist.Failure) {
        guard !segments.isEmpty else { throw HLSPlaylist.Failure("The playlist has no segments.") }
        var pieces: [Piece] = []
        var currentMap = map
        for segment in segments {
            if let map = segment.initSection, map != currentMap {
                currentMap = map
                pieces.append(Piece(index: pieces.count, isInitSection: true, sequence: segment.sequence, url: map.url,
                                    byteRange: map.byteRange,
                                    decryption: map.key.map { Decryption(keyURL: $0.url, iv: $0.iv(forSequence: segment.sequence)) },
                                    duration: 0))
            }
            pieces.append(Piece(index: pieces.count, isInitSection: false, sequence: segment.sequence, url: segment.url,
                                byteRange: segment.byteRange,
                                decryption: segment.key.map { Decryption(keyURL: $0.url, iv: $0.iv(forSequence: segment.sequence)) },
                                duration: segment.duration))
        }
        self.pieces = pieces
        let firstMap = map?.url ?? (pieces.first?.isInitSection == true ? pieces[0].url : nil)
        self.container = firstMap.map(Self.container(ofInit:)) ?? .mpegTS
        self.lastMap = currentMap
    }

    /// The initialization section in force after the last piece (what the next part of a live recording follows).
    public var lastMap: HLSInitSection?

    /// An init section is fMP4 unless its name says `.ts` (MPEG-TS may carry a map with its PAT/PMT).
    private static func container(ofInit url: URL) -> Container {
        url.path(percentEncoded: true).lowercased().hasSuffix(".ts") ? .mpegTS : .fragmentedMP4
    }

    /// The file name for a stream whose playlist is at `url`: its last path segment without `.m3u8` (or the whole
    /// name when it has another extension), then `.ts` or `.mp4`; `stream` when the URL names nothing.
    public static func fileName(forPlaylist url: URL, container: Container) -> String {
        var name = FileName.fromURL(url)
        if name == FileName.fallback { name = "stream" }
        for suffix in [".m3u8", ".m3u"] where name.lowercased().hasSuffix(suffix) && name.count > suffix.count {
            name = String(name.dropLast(suffix.count))
            break
        }
        return name + "." + container.fileExtension
    }

    /// A fingerprint of what the pieces are (URLs, ranges, keys, order): equal between two runs exactly when the
    /// playlist names the same pieces, so a resume knows whether the pieces it kept still belong (FNV-1a, 64 bits,
    /// lowercase hex; a change check, not a security measure).
    public var fingerprint: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ text: String) {
            for byte in text.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x100_0000_01b3
            }
            hash ^= 0xff
            hash = hash &* 0x100_0000_01b3
        }
        for piece in pieces {
            mix(piece.url.absoluteString)
            mix(piece.byteRange.map { "\($0.offset)@\($0.length)" } ?? "-")
            mix(piece.decryption.map { $0.keyURL.absoluteString + ":" + $0.iv.map { String($0) }.joined(separator: ",") } ?? "-")
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
