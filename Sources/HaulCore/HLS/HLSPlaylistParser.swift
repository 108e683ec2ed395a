import Foundation

/// Reads an HLS playlist (RFC 8216) from its bytes, resolving URIs against the playlist's final URL.
///
/// Rules (docs/hls.md): the first non-blank line is `#EXTM3U` (an HTML page or any other text is refused);
/// lines longer than `limits.lineLength`, more than `limits.segments` segments or `limits.variants` variants, or
/// more than `limits.bytes` bytes are refused before anything else is kept; segment, key and map URIs must resolve
/// to http or https; `EXT-X-KEY` is `NONE` or `AES-128` with the identity key format (SAMPLE-AES and DRM key
/// formats are refused); unknown tags and comments are ignored.
public enum HLSPlaylistParser {
    /// Parses `bytes`, fetched from `url` (after redirects).
    public static func parse(_ bytes: [UInt8], url: URL, limits: HLSPlaylist.Limits = .standard) throws(HLSPlaylist.Failure) -> HLSPlaylist {
        guard bytes.count <= limits.bytes else {
            throw HLSPlaylist.Failure("The playlist is \(bytes.count) bytes, more than the \(limits.bytes) a playlist may have.")
        }
        var reader = HLSLineReader(bytes: bytes, base: url, limits: limits)
        try reader.readHeader()
        while let line = try reader.nextLine() {
            try reader.take(line)
        }
        return try reader.finish()
    }
}

/// The state of one parse: what the tags seen so far say about the next segment or variant.
struct HLSLineReader {
    let bytes: [UInt8]
    let base: URL
    let limits: HLSPlaylist.Limits
    private var position = 0
    private var lineNumber = 0

    private var targetDuration = 0
    private var mediaSequence: Int64 = 0
    private var hasEnded = false
    private var segments: [HLSSegment] = []
    private var pendingDuration: Double?
    private var pendingRange: (length: Int64, offset: Int64?)?
    private var pendingDiscontinuity = false
    private var key: HLSKey?
    private var initSection: HLSInitSection?

    private var variants: [HLSVariant] = []
    private var renditions: [HLSRendition] = []
    private var pendingVariant: HLSAttributeList?

    init(bytes: [UInt8], base: URL, limits: HLSPlaylist.Limits) {
        self.bytes = bytes
        self.base = base
        self.limits = limits
    }

    /// The next line without its line break, or `nil` at the end; a line over the limit is refused before it is
    /// turned into a string.
    mutating func nextLine() throws(HLSPlaylist.Failure) -> Substring? {
        guard position < bytes.count else { return nil }
        let end = bytes[position...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
        var lineEnd = end
        if lineEnd > position, bytes[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
        lineNumber += 1
        guard lineEnd - position <= limits.lineLength else {
            throw HLSPlaylist.Failure("Line \(lineNumber) of the playlist is \(lineEnd - position) bytes long, more than the \(limits.lineLength) a line may have.")
        }
        let line = String(decoding: bytes[position..<lineEnd], as: UTF8.self)
        position = end + 1
        return line[...]
    }

    /// Checks that the playlist begins with `#EXTM3U`.
    mutating func readHeader() throws(HLSPlaylist.Failure) {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        while let line = try nextLine() {
            let text = line.hlsTrimmed
            if text.isEmpty { continue }
            if text == "#EXTM3U" { return }
            if text.first == "<" {
                throw HLSPlaylist.Failure("The address gave an HTML page, not an HLS playlist (it does not begin with #EXTM3U).")
            }
            throw HLSPlaylist.Failure("This is not an HLS playlist: it does not begin with #EXTM3U.")
        }
        throw HLSPlaylist.Failure("The playlist is empty: an HLS playlist begins with #EXTM3U.")
    }

    /// Applies one line after the header.
    mutating func take(_ raw: Substring) throws(HLSPlaylist.Failure) {
        let line = raw.hlsTrimmed
        if line.isEmpty { return }
        guard line.first == "#" else { return try takeURI(line) }
        guard line.hasPrefix("#EXT") else { return }  // a comment
        let colon = line.firstIndex(of: ":")
        let tag = colon.map { line[..<$0] } ?? line
        let value = colon.map { line[line.index(after: $0)...] } ?? ""
        switch tag {
        case "#EXTINF": pendingDuration = try duration(value)
        case "#EXT-X-BYTERANGE": pendingRange = try byteRange(value, tag: "EXT-X-BYTERANGE")
        case "#EXT-X-TARGETDURATION": targetDuration = try number(value, tag: "EXT-X-TARGETDURATION").clampedToInt
        case "#EXT-X-MEDIA-SEQUENCE":
            guard segments.isEmpty else {
                throw HLSPlaylist.Failure("Line \(lineNumber): #EXT-X-MEDIA-SEQUENCE comes after the first segment; it must come before.")
            }
            mediaSequence = try number(value, tag: "EXT-X-MEDIA-SEQUENCE")
        case "#EXT-X-DISCONTINUITY": pendingDiscontinuity = true
        case "#EXT-X-ENDLIST": hasEnded = true
        case "#EXT-X-KEY": key = try HLSKeyRule.key(try attributes(value, tag: "EXT-X-KEY"), resolve: resolve)
        case "#EXT-X-MAP": initSection = try map(try attributes(value, tag: "EXT-X-MAP"))
        case "#EXT-X-STREAM-INF":
            try checkNotMixed(master: true)
            pendingVariant = try attributes(value, tag: "EXT-X-STREAM-INF")
        case "#EXT-X-MEDIA":
            try checkNotMixed(master: true)
            try addRendition(try attributes(value, tag: "EXT-X-MEDIA"))
        default: return
        }
    }

    /// The playlist the lines gave.
    func finish() throws(HLSPlaylist.Failure) -> HLSPlaylist {
        if pendingVariant != nil {
            throw HLSPlaylist.Failure("The playlist ends with an #EXT-X-STREAM-INF that has no URI after it.")
        }
        if !variants.isEmpty || !renditions.isEmpty {
            guard !variants.isEmpty else { throw HLSPlaylist.Failure("The master playlist names no variant stream (#EXT-X-STREAM-INF).") }
            return .master(HLSMasterPlaylist(variants: variants, renditions: renditions))
        }
        return .media(HLSMediaPlaylist(targetDuration: targetDuration, mediaSequence: mediaSequence, hasEnded: hasEnded, segments: segments))
    }

    private mutating func takeURI(_ text: Substring) throws(HLSPlaylist.Failure) {
        let url = try resolve(text, what: "URI")
        if let attributes = pendingVariant {
            pendingVariant = nil
            guard variants.count + renditions.count < limits.variants else {
                throw HLSPlaylist.Failure("The master playlist has more than \(limits.variants) variants and renditions.")
            }
            variants.append(HLSVariant(
                url: url,
                bandwidth: attributes["BANDWIDTH"].flatMap { Int($0) } ?? 0,
                averageBandwidth: attributes["AVERAGE-BANDWIDTH"].flatMap { Int($0) },
                resolution: attributes["RESOLUTION"].flatMap(Self.resolution),
                codecs: attributes["CODECS"],
                audioGroup: attributes["AUDIO"]))
            return
        }
        guard let duration = pendingDuration else {
            throw HLSPlaylist.Failure("Line \(lineNumber) of the playlist is a URI with no #EXTINF before it.")
        }
        try checkNotMixed(master: false)
        guard segments.count < limits.segments else {
            throw HLSPlaylist.Failure("The playlist has more than \(limits.segments) segments.")
        }
        var range: HLSByteRange?
        if let pending = pendingRange {
            if let offset = pending.offset {
                range = HLSByteRange(offset: offset, length: pending.length)
            } else if let previous = segments.last, previous.url == url, let previousRange = previous.byteRange {
                range = HLSByteRange(offset: previousRange.offset + previousRange.length, length: pending.length)
            } else {
                throw HLSPlaylist.Failure("Line \(lineNumber): #EXT-X-BYTERANGE has no offset and does not follow a sub-range of the same resource.")
            }
        }
        let (sequence, overflow) = mediaSequence.addingReportingOverflow(Int64(segments.count))
        guard !overflow else { throw HLSPlaylist.Failure("#EXT-X-MEDIA-SEQUENCE is too large.") }
        segments.append(HLSSegment(sequence: sequence, duration: duration, url: url, byteRange: range, key: key,
                                   initSection: initSection, discontinuity: pendingDiscontinuity))
        pendingDuration = nil
        pendingRange = nil
        pendingDiscontinuity = false
    }

    private func checkNotMixed(master: Bool) throws(HLSPlaylist.Failure) {
        if master ? !segments.isEmpty : (!variants.isEmpty || !renditions.isEmpty) {
            throw HLSPlaylist.Failure("The playlist mixes variant streams and media segments; it is neither a master nor a media playlist.")
        }
    }

    private mutating func addRendition(_ attributes: HLSAttributeList) throws(HLSPlaylist.Failure) {
        guard variants.count + renditions.count < limits.variants else {
            throw HLSPlaylist.Failure("The master playlist has more than \(limits.variants) variants and renditions.")
        }
        guard let type = attributes["TYPE"], let group = attributes["GROUP-ID"] else {
            throw HLSPlaylist.Failure("Line \(lineNumber): #EXT-X-MEDIA needs TYPE and GROUP-ID.")
        }
        let url = try attributes["URI"].map { (uri) throws(HLSPlaylist.Failure) in try resolve(uri[...], what: "rendition URI") }
        renditions.append(HLSRendition(type: type, groupID: group, name: attributes["NAME"] ?? "", language: attributes["LANGUAGE"],
                                       isDefault: attributes["DEFAULT"] == "YES", url: url))
    }

    private func map(_ attributes: HLSAttributeList) throws(HLSPlaylist.Failure) -> HLSInitSection {
        guard let uri = attributes["URI"] else { throw HLSPlaylist.Failure("Line \(lineNumber): #EXT-X-MAP has no URI.") }
        let range = try attributes["BYTERANGE"].map { (text) throws(HLSPlaylist.Failure) in
            let parsed = try byteRange(text[...], tag: "EXT-X-MAP BYTERANGE")
            return HLSByteRange(offset: parsed.offset ?? 0, length: parsed.length)
        }
        if let key, key.iv == nil {
            throw HLSPlaylist.Failure("Line \(lineNumber): an encrypted #EXT-X-MAP needs the IV attribute on its #EXT-X-KEY.")
        }
        return HLSInitSection(url: try resolve(uri[...], what: "EXT-X-MAP URI"), byteRange: range, key: key)
    }

    private func attributes(_ text: Substring, tag: String) throws(HLSPlaylist.Failure) -> HLSAttributeList {
        guard let list = HLSAttributeList(text) else {
            throw HLSPlaylist.Failure("Line \(lineNumber): the attributes of #\(tag) are malformed.")
        }
        return list
    }

    private func duration(_ text: Substring) throws(HLSPlaylist.Failure) -> Double {
        let number = text.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false).first?.hlsTrimmed ?? ""
        guard let value = Double(number), value.isFinite, value >= 0 else {
            throw HLSPlaylist.Failure("Line \(lineNumber): #EXTINF has no valid duration.")
        }
        return value
    }

    private func number(_ text: Substring, tag: String) throws(HLSPlaylist.Failure) -> Int64 {
        guard let value = Int64(text.hlsTrimmed), value >= 0 else {
            throw HLSPlaylist.Failure("Line \(lineNumber): #\(tag) is not a decimal number.")
        }
        return value
    }

    private func byteRange(_ text: Substring, tag: String) throws(HLSPlaylist.Failure) -> (length: Int64, offset: Int64?) {
        let parts = text.hlsTrimmed.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        guard let length = Int64(parts[0]), length > 0,
              parts.count == 1 || Int64(parts[1]).map({ $0 >= 0 && $0 <= Int64.max - length }) == true
        else { throw HLSPlaylist.Failure("Line \(lineNumber): #\(tag) is not LENGTH[@OFFSET].") }
        return (length, parts.count == 2 ? Int64(parts[1]) : nil)
    }

    /// `text` resolved against the playlist's URL; refused unless it is http or https.
    func resolve(_ text: Substring, what: String) throws(HLSPlaylist.Failure) -> URL {
        let shown = text.count > 80 ? text.prefix(80) + "…" : text
        guard let url = URL(string: String(text), relativeTo: base)?.absoluteURL else {
            throw HLSPlaylist.Failure("Line \(lineNumber): the \(what) \(shown) is not a valid address.")
        }
        let scheme = url.scheme?.lowercased() ?? ""
        guard scheme == "http" || scheme == "https" else {
            throw HLSPlaylist.Failure("Line \(lineNumber): the \(what) \(shown) uses the scheme \(scheme.isEmpty ? "(none)" : scheme + ":"); only http and https are fetched.")
        }
        guard let host = url.host, !host.isEmpty else {
            throw HLSPlaylist.Failure("Line \(lineNumber): the \(what) \(shown) has no host.")
        }
        return url
    }

    private static func resolution(_ text: String) -> HLSVariant.Resolution? {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]), width > 0, height > 0 else { return nil }
        return HLSVariant.Resolution(width: width, height: height)
    }
}

extension Int64 {
    var clampedToInt: Int { Int(clamping: self) }
}
