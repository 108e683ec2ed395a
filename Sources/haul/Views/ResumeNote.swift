import Foundation
import HaulCore
import HaulKit

/// What a download holds from an earlier run, for the "resuming at 464 MiB of 1.00 GiB (validator: ETag ...)"
/// line: people who run the same command again should see that it went on rather than started over.
struct ResumeNote: Sendable {
    var name: String
    /// Bytes held according to the record (the durable bytes; rule 17 may still cut them if the `.part` is short).
    var bytes: Int64
    var total: Int64?
    /// `ETag "abc"` or `Last-Modified ...`: what the server must still say for the bytes to be used.
    var validator: String?

    /// The note for the unfinished download of `url` writing `destination`, or `nil` when none holds a byte. One of
    /// another URL there is another download, which this one never takes up (`DestinationPlanner`).
    ///
    /// Without a `.part` file there is nothing to resume (rule 17: recorded bytes the file does not back are
    /// fetched again), so the store is not even asked: for a list of new files that is one read transaction
    /// fewer per file.
    ///
    /// When a file holds `destination` and no `.part` is beside it, the same URL's unfinished download in that
    /// directory is the one taken up: an earlier run found the name taken and saved under a numbered name
    /// (`f.1.bin`), and the same command goes on there (`DestinationPlanner`). Looked up only then, so a list of
    /// new files asks nothing more.
    init?(client: HaulClient, destination: String, url: URL) {
        let download: StoredDownload?
        if FileManager.default.fileExists(atPath: destination + ".part") {
            download = try? client.unfinishedDownloadBlocking(writing: URL(fileURLWithPath: destination))
        } else if FileManager.default.fileExists(atPath: destination) {
            let directory = URL(fileURLWithPath: destination).deletingLastPathComponent()
            download = try? client.unfinishedDownload(of: url, in: directory)
        } else {
            return nil
        }
        guard let download, download.url.absoluteString == url.absoluteString else { return nil }
        self.init(download)
    }

    /// The note for the stored download `id`, or `nil` when it holds no byte.
    init?(client: HaulClient, id: Int64) {
        guard let download = try? client.storedDownloadBlocking(id: id) else { return nil }
        self.init(download)
    }

    private init?(_ download: StoredDownload) {
        guard download.bytesDone > 0, download.state != .completed, !download.isRunning else { return nil }
        bytes = download.bytesDone
        name = download.destination.lastPathComponent
        total = download.totalBytes
        if let etag = download.etag {
            validator = "ETag \(etag)"
        } else if let lastModified = download.lastModified {
            validator = "Last-Modified \(lastModified)"
        } else {
            validator = nil
        }
    }

    /// `resuming at 464 MiB of 1.00 GiB (validator: ETag "abc")`.
    var text: String {
        let of = total.map { " of \(ByteCount.format($0))" } ?? ""
        return "resuming at \(ByteCount.format(bytes))\(of) (validator: \(validator ?? "none"))"
    }
}
