import Foundation
import HaulCore
import HaulKit

/// Recognising an HLS playlist that was not named `.m3u8` (docs/hls.md, "Recognising a playlist").
extension DownloadOptions {
    /// After the downloads: a URL argument of another ending whose saved file begins with `#EXTM3U` (what every
    /// playlist begins with, whatever its content type) was a playlist: the saved text is removed and the URL is
    /// returned, to be downloaded as a stream into the same place. Costs no request for any other download.
    func playlistsSavedAsFiles(_ requests: [DownloadRequest]) -> [DownloadRequest] {
        let arguments = Set(urls.compactMap { URL(string: $0)?.absoluteString })
        var found: [DownloadRequest] = []
        for request in requests where arguments.contains(request.url.absoluteString) && !HLSPlaylist.hasPlaylistExtension(request.url) {
            guard let handle = FileHandle(forReadingAtPath: request.destinationPath) else { continue }
            let start = (try? handle.read(upToCount: 64)) ?? Data()
            try? handle.close()
            guard HLSPlaylist.looksLikePlaylist([UInt8](start)) else { continue }
            try? FileManager.default.removeItem(atPath: request.destinationPath)
            found.append(request)
        }
        return found
    }
}
