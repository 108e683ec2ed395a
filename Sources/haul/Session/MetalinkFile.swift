import Foundation
import HaulCore
import HaulKit

/// `--metalink FILE`: reads a Metalink v4 document (`Metalink`: safe XML, names that stay inside the download
/// directory) for `haul get`. Each of its files becomes one download: saved under its name below `-d`, its
/// sources by priority as the URL and mirrors, its strongest whole-file hash as the checksum (a mismatch exits 8
/// and keeps nothing). Piece hashes are read but not yet checked piece by piece (see docs/cli.md).
enum MetalinkFile {
    /// The largest document read: far above any real Metalink, small enough to refuse a runaway file at once.
    static let maximumBytes = XMLScanner.Limits.standard.bytes

    /// The media type of a Metalink v4 document (RFC 5854 §7).
    static let mediaType = "application/metalink4+xml"

    /// Whether `url` may name a Metalink document worth asking about first: its path ends in `.meta4` or
    /// `.metalink`. Other URLs are downloaded straight away (no extra request for the common case).
    static func mayBeDocument(_ url: URL) -> Bool {
        ["meta4", "metalink"].contains(url.pathExtension.lowercased())
    }

    /// Follows a URL that may name a Metalink document: fetched into memory (the same cap as a file) and parsed
    /// when it is answered with `application/metalink4+xml`; nil when it is answered as any other file.
    /// `anyName`: ask whatever the URL's ending (a file already saved looked like XML).
    static func follow(_ url: URL, client: HaulClient, headers: [DownloadRequest.Header], anyName: Bool = false) async throws -> Metalink? {
        guard anyName || mayBeDocument(url) else { return nil }
        guard let data = try await client.fetch(url, maximumBytes: maximumBytes, headers: headers, whenMediaType: { $0 == mediaType }) else {
            return nil
        }
        return try parse(data, from: url.absoluteString)
    }

    /// Whether the file at `path` is small enough to be a Metalink and begins like XML (`<?xml` or `<metalink`,
    /// after an optional byte-order mark and white space).
    static func looksLikeXML(atPath path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard let size = try? handle.seekToEnd(), size <= UInt64(maximumBytes), (try? handle.seek(toOffset: 0)) != nil,
            let head = try? handle.read(upToCount: 256)
        else { return false }
        var text = Substring(String(decoding: head, as: UTF8.self))
        if text.first == "\u{FEFF}" { text = text.dropFirst() }
        text = text.drop { $0.isWhitespace }
        return text.hasPrefix("<?xml") || text.hasPrefix("<metalink")
    }

    /// The parsed document at `path`; a file that cannot be read or is no valid Metalink 4 is a usage error.
    static func read(_ path: String) throws -> Metalink {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw HaulError(.usage, "cannot read the Metalink \(path)") }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: maximumBytes + 1)) ?? Data()
        guard data.count <= maximumBytes else {
            throw HaulError(.usage, "\(path): a Metalink larger than \(maximumBytes >> 20) MiB is refused")
        }
        return try parse(data, from: path)
    }

    /// Parses a document read from `path` (a file or a URL); no valid Metalink 4 is a usage error.
    private static func parse(_ data: Data, from path: String) throws -> Metalink {
        let metalink: Metalink
        do {
            metalink = try Metalink.parse([UInt8](data))
        } catch {
            throw HaulError(.usage, "\(path): \(error)")
        }
        for file in metalink.files where file.skippedSources > 0 {
            Terminal.writeError("haul: \(path): \(file.name): \(file.skippedSources) source\(file.skippedSources == 1 ? "" : "s") other than http or https skipped\n")
        }
        return metalink
    }
}
