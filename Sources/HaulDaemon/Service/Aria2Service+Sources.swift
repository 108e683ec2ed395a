import Foundation
import HaulCore
import HaulKit

extension Aria2Service {
    /// The largest checksum list read for `checksum-file` (as `haul --checksum-file`: real lists are a few KiB).
    static let maximumChecksumListBytes = 1 << 20

    /// `all-proxy`: this download's own proxy (`DownloadRequest.proxy`), as aria2 takes it per download. The
    /// daemon's bypass list (`--noproxy`, `no_proxy`) still applies: a host the daemon reaches directly is reached
    /// directly whatever the client asks. `""` means the daemon's own proxy rules. The error names no credentials.
    func checkProxy(_ requested: String?) throws(CommandRefusal) {
        guard let requested, !requested.isEmpty else { return }
        do {
            _ = try ProxyEndpoint(parsing: requested)
        } catch {
            throw CommandRefusal("all-proxy is not a proxy URL Haul can use (http://HOST:PORT, socks5://HOST:PORT)")
        }
    }

    /// The digest for `fileName` from the checksum list at `list` (`checksum-file`), read with the CLI's parser
    /// (`ChecksumList`). The download's headers (cookies, credentials) go with the list's request only when it is on
    /// the download's own origin.
    func checksum(from list: URL, fileName: String, downloadURL: URL, headers: [DownloadRequest.Header]) async throws(CommandRefusal) -> String {
        let sameOrigin = list.scheme?.lowercased() == downloadURL.scheme?.lowercased()
            && list.host?.lowercased() == downloadURL.host?.lowercased() && list.port == downloadURL.port
        let data: Data
        do {
            data = try await manager.client.fetch(list, maximumBytes: Self.maximumChecksumListBytes, headers: sameOrigin ? headers : [])
        } catch let error as HaulError {
            throw CommandRefusal("checksum-file \(list.absoluteString): \(error.message)")
        } catch {
            throw CommandRefusal("checksum-file \(list.absoluteString) cannot be fetched")
        }
        do {
            let parsed = try ChecksumList.parse(String(decoding: data, as: UTF8.self), listName: list.lastPathComponent)
            // The list names the server's files: the URL's name first, then the name it is saved as (`out`).
            return try parsed.entry(forFirstOf: [FileName.fromURL(downloadURL), fileName]).checksum
        } catch {
            throw CommandRefusal("checksum-file \(list.absoluteString): \(error)")
        }
    }
}
