import Foundation

/// An HLS playlist (RFC 8216): a media playlist (the segments whose concatenation is the stream) or a master
/// playlist (the variants of one stream at different bandwidths, and their separate renditions).
///
/// Read by ``HLSPlaylistParser``; the rules it applies and what it refuses are in docs/hls.md.
public enum HLSPlaylist: Sendable, Equatable {
    case media(HLSMediaPlaylist)
    case master(HLSMasterPlaylist)

    /// Why a playlist was refused: one sentence a user can act on.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public let reason: String
        public init(_ reason: String) { self.reason = reason }
        public var description: String { reason }
    }

    /// Bounds on what a playlist may hold, so that a hostile one costs bounded memory.
    public struct Limits: Sendable, Equatable {
        /// The longest line, in bytes (a URI with its query fits many times over).
        public var lineLength: Int
        /// The most segments in one media playlist (100,000 segments of 2 s are 55 hours).
        public var segments: Int
        /// The most variants plus renditions in one master playlist.
        public var variants: Int
        /// The largest playlist, in bytes.
        public var bytes: Int

        public init(lineLength: Int, segments: Int, variants: Int, bytes: Int) {
            self.lineLength = lineLength
            self.segments = segments
            self.variants = variants
            self.bytes = bytes
        }

        public static let standard = Limits(lineLength: 64 * 1024, segments: 100_000, variants: 1_000, bytes: 16 * 1024 * 1024)
    }

    /// Whether `bytes` begin like a playlist (`#EXTM3U` after an optional UTF-8 byte order mark and blank space):
    /// how a download is recognised as HLS when neither its name nor its content type says so.
    public static func looksLikePlaylist<Bytes: Collection>(_ bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
        var rest = ArraySlice(bytes.prefix(64))
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        rest = rest.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\n") }
        return rest.starts(with: "#EXTM3U".utf8)
    }

    /// The content types that name an HLS playlist (RFC 8216 §4, and the older names servers still send).
    public static let contentTypes: Set<String> = [
        "application/vnd.apple.mpegurl", "application/x-mpegurl", "audio/mpegurl", "audio/x-mpegurl",
    ]

    /// Whether a `Content-Type` header value (parameters ignored, any case) names an HLS playlist.
    public static func isPlaylistContentType(_ value: String) -> Bool {
        let type = value.split(separator: ";", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        return contentTypes.contains(type)
    }

    /// Whether a URL's path ends in `.m3u8` (any case).
    public static func hasPlaylistExtension(_ url: URL) -> Bool {
        url.path(percentEncoded: true).lowercased().hasSuffix(".m3u8")
    }
}

/// A media playlist: its segments in order.
public struct HLSMediaPlaylist: Sendable, Equatable {
    /// `EXT-X-TARGETDURATION`, in seconds (the reload interval of a live playlist).
    public var targetDuration: Int
    /// `EXT-X-MEDIA-SEQUENCE`: the sequence number of the first segment.
    public var mediaSequence: Int64
    /// Whether `EXT-X-ENDLIST` was seen: no segment will be added (a video on demand, or a finished live stream).
    public var hasEnded: Bool
    /// The segments, in playlist order.
    public var segments: [HLSSegment]

    /// The sum of the segments' durations, in seconds.
    public var duration: Double { segments.reduce(0) { $0 + $1.duration } }
}

/// One segment of a media playlist.
public struct HLSSegment: Sendable, Equatable {
    /// Its media sequence number.
    public var sequence: Int64
    /// `EXTINF`'s duration, in seconds.
    public var duration: Double
    /// Where it is, resolved against the playlist's URL (http or https).
    public var url: URL
    /// `EXT-X-BYTERANGE`: the part of the resource that is the segment, when not all of it.
    public var byteRange: HLSByteRange?
    /// The key it is encrypted with, or `nil` when it is not.
    public var key: HLSKey?
    /// `EXT-X-MAP`: the initialization section that must precede it (fMP4), when there is one.
    public var initSection: HLSInitSection?
    /// `EXT-X-DISCONTINUITY` before it: encoding parameters or timestamps may change here.
    public var discontinuity: Bool
}

/// `LENGTH@OFFSET`: `length` bytes starting at `offset` of a resource.
public struct HLSByteRange: Sendable, Equatable, Hashable {
    public var offset: Int64
    public var length: Int64
    public init(offset: Int64, length: Int64) {
        self.offset = offset
        self.length = length
    }
    /// The HTTP `Range` header value for it.
    public var rangeHeader: String { "bytes=\(offset)-\(offset + length - 1)" }
}

/// `EXT-X-MAP`: a media initialization section (an fMP4 `ftyp`+`moov`).
public struct HLSInitSection: Sendable, Equatable, Hashable {
    public var url: URL
    public var byteRange: HLSByteRange?
    /// The key it is encrypted with (the `EXT-X-KEY` in force where the map appears), or `nil`.
    public var key: HLSKey?
}

/// `EXT-X-KEY METHOD=AES-128`: the whole segment is AES-128-CBC with PKCS#7 padding, under the 16-byte key at
/// `url`, with the IV given, or else the segment's media sequence number as a 128-bit big-endian integer.
public struct HLSKey: Sendable, Equatable, Hashable {
    public var url: URL
    /// `IV=0x...` (16 bytes), when given.
    public var iv: [UInt8]?

    /// The IV for the segment with media sequence number `sequence` (RFC 8216 §5.2).
    public func iv(forSequence sequence: Int64) -> [UInt8] {
        if let iv { return iv }
        let value = UInt64(bitPattern: sequence)
        return [UInt8](repeating: 0, count: 8) + (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * $0)) }
    }
}
