import Foundation
import HaulCore
import HaulKit

extension Aria2Service {
    /// The largest checksum list read for `checksum-file` (as `haul --checksum-file`: real lists are a few KiB).
    static let maximumChecksumListBytes = 1 << 20

    /// `all-proxy` under the daemon's proxy rules: the daemon's downloads go through the proxy it was started with
    /// (`--proxy`, `--noproxy`, the `*_proxy` environment), one for all, because a proxy per download is not in the
    /// engine. A client naming that same proxy (or none) is fine; one naming another is refused rather than
    /// silently sent direct or through the wrong proxy, which a person using a proxy to hide their address would not
    /// notice. The error names no credentials.
    func checkProxy(_ requested: String?, for url: URL) throws(RPCError) {
        guard let requested else { return }
        let asked: ProxyEndpoint
        do {
            asked = try ProxyEndpoint(parsing: requested)
        } catch {
            throw .aria2("all-proxy is not a proxy URL Haul can use (http://HOST:PORT, socks5://HOST:PORT)")
        }
        let used = manager.client.configuration.proxies.proxy(for: url)
        guard used?.kind == asked.kind, used?.host.lowercased() == asked.host.lowercased(), used?.port == asked.port else {
            let current = used.map { "\($0.kind.rawValue)://\($0.host):\($0.port)" } ?? "none"
            throw .aria2("all-proxy: haul daemon sends downloads through the proxy it was started with (--proxy or the *_proxy environment; for this URL: \(current)); a proxy per download is not supported")
        }
    }

    /// The digest for `fileName` from the checksum list at `list` (`checksum-file`), read with the CLI's parser
    /// (`ChecksumList`). The download's headers (cookies, credentials) go with the list's request only when it is on
    /// the download's own origin.
    func checksum(from list: URL, fileName: String, downloadURL: URL, headers: [DownloadRequest.Header]) async throws(RPCError) -> String {
        let sameOrigin = list.scheme?.lowercased() == downloadURL.scheme?.lowercased()
            && list.host?.lowercased() == downloadURL.host?.lowercased() && list.port == downloadURL.port
        let data: Data
        do {
            data = try await manager.client.fetch(list, maximumBytes: Self.maximumChecksumListBytes, headers: sameOrigin ? headers : [])
        } catch let error as HaulError {
            throw .aria2("checksum-file \(list.absoluteString): \(error.message)")
        } catch {
            throw .aria2("checksum-file \(list.absoluteString) cannot be fetched")
        }
        do {
            let parsed = try ChecksumList.parse(String(decoding: data, as: UTF8.self), listName: list.lastPathComponent)
            return try parsed.entry(for: fileName).checksum
        } catch {
            throw .aria2("checksum-file \(list.absoluteString): \(error)")
        }
    }
}
