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

    /// The note for the unfinished download writing `partPath`, or `nil` when none holds a byte.
    init?(store: DownloadStore, partPath: String) {
        guard let record = try? store.unfinished(partPath: partPath), let id = record.id else { return nil }
        self.init(record: record, store: store, id: id)
    }

    /// The note for the stored download `id`, or `nil` when it holds no byte.
    init?(store: DownloadStore, id: Int64) {
        guard let record = try? store.record(id: id) else { return nil }
        self.init(record: record, store: store, id: id)
    }

    private init?(record: DownloadRecord, store: DownloadStore, id: Int64) {
        let segments = (try? store.segments(of: id)) ?? []
        bytes = segments.reduce(0) { $0 + max(0, $1.next - $1.start) }
        guard bytes > 0, record.downloadState != .completed else { return nil }
        name = ((record.destination ?? String(record.partPath.dropLast(".part".count))) as NSString).lastPathComponent
        total = record.totalBytes
        if let etag = record.etag {
            validator = "ETag \(etag)"
        } else if let lastModified = record.lastModified {
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
