import Foundation
import HaulCore

/// A record's `optionsJSON` (a `DownloadRequest` as `encode(to:)` stores it), written directly into bytes.
///
/// Why: every add stores its request, and Foundation's `JSONEncoder` (a boxed container per value, a dictionary per
/// object, then a second pass that serializes it) was about 10 % of the daemon's samples in a release profile of a
/// fill of 20,000 paused adds (2026-11-30). The text is the same JSON value `JSONEncoder` makes: the same keys with the
/// same values, each string in the same bytes (slashes and control characters escaped as it escapes them), integers
/// as integers; `DownloadRequest.init(from:)` reads both. Only the order of the keys differs: `encode(to:)`'s order
/// here, a dictionary's order (another in each run) in `JSONEncoder`'s.
///
/// The nested types a plain add never carries (cookies, piece hashes, folder rules) are left to `JSONEncoder`:
/// `text(of:)` is `nil` for a request that holds any of them.
///
/// This is a second copy of `DownloadRequest.encode(to:)`: a stored property added to `DownloadRequest` (or to
/// `DownloadRequest.Header`) must be added here too, to `text(of:)` and to the lists below.
/// `StoredOptionsTextCoverageTests` fails until it is: it checks the lists against `Mirror`, and a request with every
/// property set against `JSONEncoder`.
enum StoredOptionsText {
    /// `DownloadRequest`'s stored properties, as `Mirror` names them, that `text(of:)` writes (`connectionCount` as
    /// `connections` and `autoConnections`, `destination` as its path, `checksum` and `hlsVariant` as their text).
    static let writtenProperties: Set<String> = [
        "url", "destination", "headers", "onConflict", "nameFromContentDisposition", "connectionCount", "minimumSplitSize",
        "checksum", "maxBytesPerSecond", "proxy", "mirrors", "expectedLength", "inOrder", "folderRuleFallback",
        "savesPlaylistAsStream", "hlsVariant", "hlsAudioLanguage", "isRecognisedStream",
    ]
    /// Those left to `JSONEncoder`: `text(of:)` is `nil` when one is set (`cookies` is written only as `[]`).
    static let leftToJSONEncoder: Set<String> = ["cookies", "pieceHashes", "folderRules"]
    /// Those `encode(to:)` does not store.
    static let notStored: Set<String> = ["takesUpSameDownload"]
    /// `DownloadRequest.Header`'s stored properties, written for each header.
    static let headerProperties: Set<String> = ["name", "value"]

    /// The JSON of `request` as `DownloadRequest.encode(to:)` stores it, or `nil` when it holds cookies, piece hashes
    /// or folder rules.
    static func text(of request: DownloadRequest) -> String? {
        guard request.cookies.isEmpty, request.pieceHashes == nil, request.folderRules?.rules.isEmpty ?? true else {
            return nil
        }
        var writer = Writer()
        writer.bytes.reserveCapacity(256 + request.url.absoluteString.utf8.count + request.destinationPath.utf8.count)
        writer.key("url", first: true)
        writer.string(request.url.absoluteString)
        writer.key("destination")
        writer.string(request.destinationPath)
        writer.key("headers")
        writer.bytes.append(UInt8(ascii: "["))
        for (index, header) in request.headers.enumerated() {
            if index > 0 { writer.bytes.append(UInt8(ascii: ",")) }
            writer.key("name", first: true)
            writer.string(header.name)
            writer.key("value")
            writer.string(header.value)
            writer.bytes.append(UInt8(ascii: "}"))
        }
        writer.bytes.append(UInt8(ascii: "]"))
        writer.key("onConflict")
        writer.string(request.onConflict.rawValue)
        writer.key("nameFromContentDisposition")
        writer.bool(request.nameFromContentDisposition)
        writer.key("connections")
        writer.integer(Int64(request.connections))
        writer.key("minimumSplitSize")
        writer.integer(request.minimumSplitSize)
        if let checksum = request.checksum {
            writer.key("checksum")
            writer.string(checksum.description)
        }
        if let limit = request.maxBytesPerSecond {
            writer.key("maxBytesPerSecond")
            writer.integer(limit)
        }
        writer.key("cookies")
        writer.bytes.append(contentsOf: "[]".utf8)
        if let proxy = request.proxy {
            writer.key("proxy")
            writer.string(proxy)
        }
        writer.key("mirrors")
        writer.bytes.append(UInt8(ascii: "["))
        for (index, mirror) in request.mirrors.enumerated() {
            if index > 0 { writer.bytes.append(UInt8(ascii: ",")) }
            writer.string(mirror.absoluteString)
        }
        writer.bytes.append(UInt8(ascii: "]"))
        if let length = request.expectedLength {
            writer.key("expectedLength")
            writer.integer(length)
        }
        if request.inOrder {
            writer.key("inOrder")
            writer.bool(true)
        }
        if request.autoConnections {
            writer.key("autoConnections")
            writer.bool(true)
        }
        if let fallback = request.folderRuleFallback {
            writer.key("folderRuleFallback")
            writer.string(fallback)
        }
        if !request.savesPlaylistAsStream {
            writer.key("savesPlaylistAsStream")
            writer.bool(false)
        }
        if request.hlsVariant != .best {
            writer.key("hlsVariant")
            writer.string(request.hlsVariant.description)
        }
        if let language = request.hlsAudioLanguage {
            writer.key("hlsAudioLanguage")
            writer.string(language)
        }
        if request.isRecognisedStream {
            writer.key("recognisedStream")
            writer.bool(true)
        }
        writer.bytes.append(UInt8(ascii: "}"))
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// `value` as a JSON string, escaped as `JSONEncoder` escapes it (`StoredOptionsTextTests` compares the bytes).
    static func quoted(_ value: String) -> String {
        var writer = Writer()
        writer.string(value)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// The bytes of one JSON text, appended to as it is written.
    private struct Writer {
        var bytes: [UInt8] = []

        /// `{"name":` for an object's first key, `,"name":` for the next ones (names are plain ASCII here).
        mutating func key(_ name: StaticString, first: Bool = false) {
            bytes.append(first ? UInt8(ascii: "{") : UInt8(ascii: ","))
            bytes.append(UInt8(ascii: "\""))
            name.withUTF8Buffer { bytes.append(contentsOf: $0) }
            bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
        }

        mutating func bool(_ value: Bool) {
            bytes.append(contentsOf: value ? Array("true".utf8) : Array("false".utf8))
        }

        mutating func integer(_ value: Int64) {
            bytes.append(contentsOf: String(value).utf8)
        }

        /// A JSON string, escaped as `JSONEncoder` escapes it (`JSONStringText`).
        mutating func string(_ value: String) {
            JSONStringText.append(value, to: &bytes)
        }
    }
}
