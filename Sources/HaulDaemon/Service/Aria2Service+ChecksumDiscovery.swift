import Foundation
import HaulCore
import HaulKit

extension Aria2Service {
    /// `checksum: auto` of an agent's `add_downloads` (`haul get --checksum auto`'s rule, `ChecksumDiscovery`): the
    /// checksum the site publishes beside `url`'s file (`URL.sha256`, ..., `SHA256SUMS` in its directory), from the
    /// first place that lists the file by its URL's name or `savedName`, and where it was found; `nil` when none
    /// does (the download is then not verified, as `--checksum auto` without `--require-checksum`). Each place is
    /// fetched as a checksum list is (at most 1 MiB; the download's headers only to its own origin).
    func publishedChecksum(for url: URL, savedName: String?, headers: [DownloadRequest.Header]) async -> (checksum: String, source: String)? {
        let names = [FileName.fromURL(url)] + (savedName.map { [$0] } ?? [])
        for place in ChecksumDiscovery.places(for: url.absoluteString) {
            guard let list = URL(string: place.url) else { continue }
            let sameOrigin = list.scheme?.lowercased() == url.scheme?.lowercased()
                && list.host?.lowercased() == url.host?.lowercased() && list.port == url.port
            guard let data = try? await manager.client.fetch(list, maximumBytes: Self.maximumChecksumListBytes, headers: sameOrigin ? headers : []),
                let entry = ChecksumDiscovery.checksum(in: String(decoding: data, as: UTF8.self), from: place, fileNames: names),
                (try? Checksum(parsing: entry.checksum)) != nil
            else { continue }
            return (entry.checksum, place.url)
        }
        return nil
    }
}
