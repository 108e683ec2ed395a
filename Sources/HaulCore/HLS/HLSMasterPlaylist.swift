import Foundation

/// A master (multivariant) playlist: the same stream at several bandwidths and resolutions, and the renditions
/// (separate audio, subtitles) its variants refer to by group.
public struct HLSMasterPlaylist: Sendable, Equatable {
    /// `EXT-X-STREAM-INF` entries, in playlist order.
    public var variants: [HLSVariant]
    /// `EXT-X-MEDIA` entries, in playlist order.
    public var renditions: [HLSRendition]

    /// The audio renditions of `variant`'s `AUDIO` group that have their own URI.
    public func audioRenditions(of variant: HLSVariant) -> [HLSRendition] {
        guard let group = variant.audioGroup else { return [] }
        return renditions.filter { $0.type == "AUDIO" && $0.groupID == group && $0.url != nil }
    }

    /// The audio rendition to fetch with `variant`: the one in `language` when asked and present, else the
    /// group's `DEFAULT=YES`, else its first; `nil` when the variant's audio is muxed into its segments.
    public func audioRendition(of variant: HLSVariant, language: String? = nil) -> HLSRendition? {
        let candidates = audioRenditions(of: variant)
        if let language, let match = candidates.first(where: { $0.language?.lowercased() == language.lowercased() }) {
            return match
        }
        return candidates.first(where: \.isDefault) ?? candidates.first
    }
}

/// One variant stream of a master playlist.
public struct HLSVariant: Sendable, Equatable {
    /// The media playlist's URL.
    public var url: URL
    /// `BANDWIDTH`, in bits per second.
    public var bandwidth: Int
    /// `AVERAGE-BANDWIDTH`, when given.
    public var averageBandwidth: Int?
    /// `RESOLUTION=WxH`, when given.
    public var resolution: Resolution?
    /// `CODECS`, when given.
    public var codecs: String?
    /// `AUDIO`: the group of its separate audio renditions, when it has one.
    public var audioGroup: String?

    public init(url: URL, bandwidth: Int, averageBandwidth: Int?, resolution: Resolution?, codecs: String?, audioGroup: String?) {
        self.url = url
        self.bandwidth = bandwidth
        self.averageBandwidth = averageBandwidth
        self.resolution = resolution
        self.codecs = codecs
        self.audioGroup = audioGroup
    }

    public struct Resolution: Sendable, Equatable, CustomStringConvertible {
        public var width: Int
        public var height: Int
        public init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }
        public var description: String { "\(width)x\(height)" }
    }
}

/// `EXT-X-MEDIA`: an alternative rendition (audio, subtitles, video angle).
public struct HLSRendition: Sendable, Equatable {
    /// `TYPE`: AUDIO, VIDEO, SUBTITLES or CLOSED-CAPTIONS.
    public var type: String
    public var groupID: String
    public var name: String
    public var language: String?
    public var isDefault: Bool
    /// Its media playlist, or `nil` when its media is in the variant's own segments.
    public var url: URL?
}

/// Which variant of a master playlist to download (`--hls-variant`).
public enum HLSVariantChoice: Sendable, Hashable, CustomStringConvertible {
    /// The highest bandwidth (the default).
    case best
    /// The lowest bandwidth.
    case worst
    /// The variant whose height is this (`720p`); the closest height at or below it when none has it exactly,
    /// the lowest above it when none is below.
    case height(Int)
    /// The variant with the highest bandwidth at or below this many bits per second; the lowest when none is.
    case bandwidth(Int)

    /// Reads `best`, `worst`, `720p` or a bandwidth in bits per second; `nil` for anything else.
    public init?(_ text: String) {
        let lower = text.lowercased()
        switch lower {
        case "best": self = .best
        case "worst": self = .worst
        default:
            if lower.hasSuffix("p"), let height = Int(lower.dropLast()), height > 0 {
                self = .height(height)
            } else if let bandwidth = Int(lower), bandwidth > 0 {
                self = .bandwidth(bandwidth)
            } else {
                return nil
            }
        }
    }

    /// The sentence that refuses `text` given as `option` (`--hls-variant` on the command line, `haul-hls-variant`
    /// over the daemon's RPC): every front door says it in the same words.
    public static func refusal(of text: String, option: String) -> String {
        "\(option) must be best, worst, a height such as 720p, or a bandwidth in bit/s; '\(text)' is none of these"
    }

    public var description: String {
        switch self {
        case .best: "best"
        case .worst: "worst"
        case .height(let height): "\(height)p"
        case .bandwidth(let bandwidth): "\(bandwidth)"
        }
    }

    /// The chosen variant; `nil` only when there are none. Ties go to the first in playlist order.
    public func choose(from variants: [HLSVariant]) -> HLSVariant? {
        guard !variants.isEmpty else { return nil }
        let byBandwidth = variants.enumerated().sorted { ($0.element.bandwidth, -$0.offset) < ($1.element.bandwidth, -$1.offset) }.map(\.element)
        switch self {
        case .best:
            return byBandwidth.last
        case .worst:
            return variants.enumerated().min { ($0.element.bandwidth, $0.offset) < ($1.element.bandwidth, $1.offset) }?.element
        case .bandwidth(let limit):
            return byBandwidth.last { $0.bandwidth <= limit } ?? variants.min { $0.bandwidth < $1.bandwidth }
        case .height(let wanted):
            let sized = byBandwidth.filter { $0.resolution != nil }
            if let exact = sized.last(where: { $0.resolution!.height == wanted }) { return exact }
            let below = sized.filter { $0.resolution!.height < wanted }
            if let best = below.max(by: { ($0.resolution!.height, $0.bandwidth) < ($1.resolution!.height, $1.bandwidth) }) {
                return best
            }
            return sized.min { ($0.resolution!.height, $0.bandwidth) < ($1.resolution!.height, $1.bandwidth) } ?? byBandwidth.last
        }
    }
}
