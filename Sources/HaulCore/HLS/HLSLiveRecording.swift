/// What recording a live media playlist (one without `EXT-X-ENDLIST`) means: which segments of each reload are new,
/// how long to wait before the next reload, and when the recording ends. Pure; `HLSDownload` does the fetching
/// (docs/hls.md, "Live playlists").
///
/// The rules:
/// - **Where it starts:** at the third segment from the end of the first playlist, as ffmpeg does
///   (`live_start_index -3`) and RFC 8216 §6.3.3 asks of a client that joins a live stream: a sliding window of
///   hours is not fetched from its start.
/// - **What is new:** the segments whose media sequence number is above the newest one taken. Segments that left
///   the playlist before a reload saw them (a window that slid past a slow reload) are counted as lost.
/// - **When to reload** (RFC 8216 §6.3.4): one target duration after a reload that brought new segments, half of
///   one after a reload that did not.
/// - **When it ends:** at `EXT-X-ENDLIST` (every segment up to it is taken), once the segments taken play for
///   `limitSeconds` (`--hls-duration`), or when the playlist has not grown for `stalledReloads` reloads in a row.
public struct HLSLiveRecording: Sendable, Equatable {
    /// How many segments before the live edge a recording starts.
    public static let segmentsBeforeTheEdge = 3
    /// Reloads in a row that bring nothing before the stream is taken as stopped (about ten target durations).
    public static let stalledReloads = 20

    /// Why a recording ended.
    public enum End: Sendable, Equatable {
        /// `EXT-X-ENDLIST`: the stream ended.
        case streamEnded
        /// The segments taken reached the playing time asked for.
        case durationReached
        /// The playlist stopped growing.
        case stalled
    }

    /// The segments of one reload to fetch and append, in order.
    public struct Take: Sendable, Equatable {
        public var segments: [HLSSegment]
        /// Segments that left the playlist before any reload saw them.
        public var lost: Int64
    }

    /// The playing time to record, in seconds (`nil`: until the stream ends or the recording is stopped).
    public let limitSeconds: Double?
    /// The media sequence number of the newest segment taken.
    public private(set) var newest: Int64?
    /// The playing time of the segments taken, in seconds.
    public private(set) var secondsTaken: Double = 0
    /// Why it ended, once it has.
    public private(set) var end: End?
    /// Reloads in a row that brought no new segment.
    public private(set) var fruitlessReloads = 0

    public init(limitSeconds: Double? = nil) {
        self.limitSeconds = limitSeconds
    }

    /// The new segments of `playlist` (the first one read, or a reload), at most up to the time limit.
    public mutating func take(_ playlist: HLSMediaPlaylist) -> Take {
        guard end == nil else { return Take(segments: [], lost: 0) }
        var fresh: [HLSSegment]
        var lost: Int64 = 0
        if let newest {
            fresh = playlist.segments.filter { $0.sequence > newest }
            if let first = fresh.first { lost = max(0, first.sequence - newest - 1) }
        } else {
            fresh = playlist.hasEnded ? playlist.segments : Array(playlist.segments.suffix(Self.segmentsBeforeTheEdge))
        }
        if let limitSeconds {
            var kept: [HLSSegment] = []
            for segment in fresh where secondsTaken < limitSeconds {
                kept.append(segment)
                secondsTaken += segment.duration
            }
            fresh = kept
            if secondsTaken >= limitSeconds { end = .durationReached }
        } else {
            secondsTaken += fresh.reduce(0) { $0 + $1.duration }
        }
        if let last = fresh.last { newest = last.sequence }
        fruitlessReloads = fresh.isEmpty ? fruitlessReloads + 1 : 0
        if end == nil, playlist.hasEnded { end = .streamEnded }
        if end == nil, fruitlessReloads >= Self.stalledReloads { end = .stalled }
        return Take(segments: fresh, lost: lost)
    }

    /// Seconds to wait before reloading a playlist of `targetDuration` whose last reload brought new segments
    /// (`grew`) or not (RFC 8216 §6.3.4); at least half a second, whatever the playlist says.
    public static func reloadDelay(targetDuration: Int, grew: Bool) -> Double {
        let target = Double(max(1, targetDuration))
        return grew ? target : max(0.5, target / 2)
    }
}
