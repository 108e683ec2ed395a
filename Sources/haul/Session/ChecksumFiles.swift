import Foundation
import HaulCore
import HaulKit

/// `--checksum-file PATH|URL` and `checksum-file=` in `-i` lists: the digest for each download is taken from the
/// list a site publishes beside its files, before any download starts, so that a list without an entry for the
/// file stops the run before a byte of the file is fetched (exit 2, like any other command that cannot be carried
/// out as given; 8 stays "the bytes did not match").
///
/// Each list is read once per run however many downloads use it. A URL is fetched into memory with
/// ``HaulClient/fetch(_:maximumBytes:headers:)`` (redirects and retries apply), capped at ``maximumBytes``: real lists
/// are a few KiB (Debian's largest is under 10 KiB), so a bigger answer is the wrong URL.
struct ChecksumFiles {
    /// The largest list read, from a file or a URL.
    static let maximumBytes = 1 << 20

    private let client: HaulClient
    private var lists: [String: ChecksumList] = [:]
    /// `--checksum auto`'s answers by URL (`nil`: nothing there), so a directory's SHA256SUMS is fetched once.
    private var found: [String: String?] = [:]

    init(client: HaulClient) {
        self.client = client
    }

    /// The `ALGORITHM=HEX` for `request` from the list at `source`.
    ///
    /// The entry is looked up by the name the file is saved as (the last component of `request.destination`: the
    /// `-o`/`out=` name, else the URL's), with the rule of ``ChecksumList/entry(for:)``.
    /// - Throws: `HaulError(.usage)` when the list cannot be read or has no (single) entry; the fetch's own error
    ///   (network, HTTP) for a URL that cannot be fetched.
    mutating func checksum(for request: DownloadRequest, source: String) async throws -> Checksum {
        let list = try await self.list(at: source, headers: Self.sameOrigin(source, request.url) ? request.headers : [])
        // The list names the server's files: the URL's name first, then the name it is saved as (`-o`).
        let savedName = request.destination.lastPathComponent
        do {
            return try Checksum(parsing: list.entry(forFirstOf: [FileName.fromURL(request.url), savedName]).checksum)
        } catch {
            throw HaulError(.usage, "checksum file \(source): \(error)")
        }
    }

    private mutating func list(at source: String, headers: [DownloadRequest.Header]) async throws -> ChecksumList {
        if let known = lists[source] { return known }
        let data: Data
        let listName: String
        if let url = Self.httpURL(source) {
            data = try await client.fetch(url, maximumBytes: Self.maximumBytes, headers: headers)
            listName = url.lastPathComponent
        } else {
            data = try Self.readFile(source)
            listName = (source as NSString).lastPathComponent
        }
        let list: ChecksumList
        do {
            list = try ChecksumList.parse(String(decoding: data, as: UTF8.self), listName: listName)
        } catch {
            throw HaulError(.usage, "checksum file \(source): \(error)")
        }
        lists[source] = list
        return list
    }

    /// `source` as an http(s) URL, or `nil` for a path. Other schemes are refused rather than read as a path.
    static func httpURL(_ source: String) -> URL? {
        let lower = source.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else { return nil }
        return URL(string: source)
    }

    /// Why `source` names neither a path nor a URL Haul downloads, or `nil`; what `validate()` (and an `-i` line's
    /// `checksum-file=`) checks before anything runs.
    static func problem(with source: String) -> String? {
        if source.isEmpty { return "--checksum-file needs a path or an http(s) URL" }
        // A text with `://` is meant as a URL: one Haul downloads (`DownloadURLRule`), refused in its sentence.
        if source.contains("://"), let refusal = DownloadURLRule.refusal(of: source) { return "--checksum-file " + refusal }
        return nil
    }

    /// `--checksum auto`: the checksum the site publishes beside `request`'s file, from the first of
    /// ``ChecksumDiscovery/places(for:)`` that lists it, said on standard error with where it came from; `nil`
    /// (with a note) when none does, unless `required`.
    /// - Throws: `HaulError(.usage)` when `required` and nothing was found: exit 2 before the file is fetched.
    mutating func discover(for request: DownloadRequest, required: Bool) async throws -> Checksum? {
        let savedName = request.destination.lastPathComponent
        let names = [FileName.fromURL(request.url), savedName]
        let places = ChecksumDiscovery.places(for: request.url.absoluteString)
        for place in places {
            guard let text = await answer(at: place.url, for: request),
                let entry = ChecksumDiscovery.checksum(in: text, from: place, fileNames: names),
                let checksum = try? Checksum(parsing: entry.checksum)
            else { continue }
            Terminal.writeError("haul: \(savedName): checksum \(entry.algorithm) from \(place.url)\n")
            return checksum
        }
        let tried = places.map(\.listName).joined(separator: ", ")
        if required {
            throw HaulError(.usage, "\(savedName): no published checksum found (tried \(tried)) and --require-checksum is set")
        }
        Terminal.writeError("haul: note: \(savedName): no published checksum found (tried \(tried)); not verified\n")
        return nil
    }

    /// The text at `url`, or `nil` when it cannot be fetched (404, refused, too big): a missing place is skipped.
    private mutating func answer(at url: String, for request: DownloadRequest) async -> String? {
        if let known = found[url] { return known }
        var text: String?
        if let parsed = URL(string: url) {
            let headers = Self.sameOrigin(url, request.url) ? request.headers : []
            if let data = try? await client.fetch(parsed, maximumBytes: Self.maximumBytes, headers: headers) {
                text = String(decoding: data, as: UTF8.self)
            }
        }
        found[url] = text
        return text
    }

    /// Credentials given for the download (`-H Authorization: ...`) go with the list's request only to the same
    /// scheme, host and port: a list on another site never sees them.
    private static func sameOrigin(_ source: String, _ url: URL) -> Bool {
        guard let list = httpURL(source) else { return false }
        return list.scheme?.lowercased() == url.scheme?.lowercased() && list.host?.lowercased() == url.host?.lowercased()
            && list.port == url.port
    }

    private static func readFile(_ path: String) throws -> Data {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        if let size = attributes?[.size] as? Int, size > maximumBytes {
            throw HaulError(.usage, "checksum file \(path) is \(size) bytes, more than the \(maximumBytes) a checksum list may have")
        }
        guard attributes?[.type] as? FileAttributeType != .typeDirectory, let data = FileManager.default.contents(atPath: path) else {
            throw HaulError(.usage, "cannot read the checksum file \(path)")
        }
        return data
    }
}
